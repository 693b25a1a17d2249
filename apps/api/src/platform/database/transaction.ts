import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';

const current = new AsyncLocalStorage<EntityManager>();

/**
 * The entity manager of the transaction this call runs in, or the data
 * source's own manager outside one. Repositories always go through this, so
 * a use case that runs inside `inTransaction` (a locked contract update, for
 * instance) has every adapter it calls write in that one transaction: all or
 * nothing, and on PGlite no second connection is ever awaited inside a
 * transaction (which would deadlock its single session).
 */
export function managerOf(db: DataSource): EntityManager {
  return current.getStore() ?? db.manager;
}

/** Whether a statement run through `managerOf(db)` now joins a transaction of `inTransaction`, rather than being its own. */
export function inOpenTransaction(): boolean {
  return current.getStore() !== undefined;
}

/** Runs `work` in a transaction, or joins the one already running. */
export function inTransaction<T>(db: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (outer) return work(outer);
  return db.transaction((manager) => current.run(manager, () => work(manager)));
}
