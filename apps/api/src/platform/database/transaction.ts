import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntityManager } from 'typeorm';
import { inOneStatementStep } from './held-writes';

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

/** Per transaction (its entity manager): what runs once it is committed. */
const afterCommitOf = new WeakMap<EntityManager, (() => Promise<void>)[]>();

/**
 * Runs `work` in a transaction, or joins the one already running. Work
 * registered with `afterCommit` runs once the transaction commits, before
 * this answers; nothing of it runs when the transaction is rolled back.
 */
export async function inTransaction<T>(db: DataSource, work: (manager: EntityManager) => Promise<T>): Promise<T> {
  const outer = current.getStore();
  if (outer) return work(outer);
  // Its writes would commit apart from the step's one statement.
  if (inOneStatementStep()) throw new Error('a one-statement step opens no transaction');
  const then: (() => Promise<void>)[] = [];
  const result = await db.transaction((manager) => {
    afterCommitOf.set(manager, then);
    return current.run(manager, () => work(manager));
  });
  // Outside the committed transaction's context: what runs here opens transactions of its own.
  for (const next of then) await next();
  return result;
}

/**
 * Runs `next` once the transaction running now commits (the outermost one
 * `inTransaction` opened), or at once outside a transaction. A step that must
 * not hold the transaction's locks, or lengthen them, goes here (issue 28: an
 * invoice's number is drawn after the contract's step). `next` handles its
 * own failures: the transaction is committed already.
 */
export async function afterCommit(next: () => Promise<void>): Promise<void> {
  const manager = current.getStore();
  const then = manager ? afterCommitOf.get(manager) : undefined;
  if (then) then.push(next);
  else if (!manager) await next();
  else throw new Error('afterCommit inside a transaction inTransaction did not open');
}
