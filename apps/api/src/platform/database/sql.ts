import { createHash } from 'node:crypto';
import type { Pool, PoolClient, QueryResult } from 'pg';
import { DataSource, EntityManager, QueryFailedError } from 'typeorm';
import type { PostgresDriver } from 'typeorm/driver/postgres/PostgresDriver';
import type { ColumnMetadata } from 'typeorm/metadata/ColumnMetadata';
import { assertNothingHeldInStep, flushHeldWrites, hold, HeldWrite, holdInStep, mergedStatement, mergeHeldWrites, openHold, takeStepWrites } from './held-writes';
import { inOpenTransaction, managerOf } from './transaction';

/**
 * Runs one SQL statement and answers its rows, whatever the command
 * (TypeORM's plain `query` wraps UPDATE/DELETE results in a pair).
 */
export async function sqlRows<T>(
  db: DataSource | EntityManager,
  text: string,
  parameters: unknown[] = [],
): Promise<T[]> {
  const manager = db instanceof DataSource ? managerOf(db) : db;
  const runner = manager.queryRunner ?? manager.connection.createQueryRunner();
  try {
    const result = await runner.query(text, parameters, true);
    return result.records as T[];
  } finally {
    if (!manager.queryRunner) await runner.release();
  }
}

/** Upper bound of rows one reader listing reads: a reader with more sees the newest ones. */
export const READER_LIST_LIMIT = 500;

/**
 * Databases whose connections all share one server session: the embedded
 * PGlite serves every socket (this process's pool, the command line, test
 * workers) from its single session, where a statement prepared by one
 * client exists, unknown, for the others. There `preparedRows` runs unnamed.
 */
const sharedSessions = new WeakSet<DataSource>();

export function markSharedSession(db: DataSource): DataSource {
  sharedSessions.add(db);
  return db;
}

/** Statement names by SQL text: the name is a hash of the text, so one text always has one name on every connection. */
const statementNames = new Map<string, string>();
const statementNameOf = (text: string): string => {
  let name = statementNames.get(text);
  if (!name) statementNames.set(text, (name = `k_${createHash('sha256').update(text).digest('hex').slice(0, 24)}`));
  return name;
};

/**
 * `sqlRows` for the statements of hot requests (issue 17): a named prepared
 * statement, so each connection parses and plans the text once and later
 * calls send only the parameters. Planning was most of PostgreSQL's work for
 * them (the reader's entitlements: 0.53 ms a call planned each time, 0.12 ms
 * prepared). It bypasses TypeORM's query runner (no runner per call) but
 * keeps its transaction: inside `inTransaction` it runs on the transaction's
 * connection; errors come wrapped in TypeORM's `QueryFailedError` as they
 * would through TypeORM. Only for a fixed SQL text: every distinct text stays
 * prepared on each pooled connection (behind a transaction-mode pooler, use
 * one that keeps prepared statements, such as PgBouncer 1.21+ with
 * `max_prepared_statements`).
 */
export async function preparedRows<T>(db: DataSource, text: string, parameters: unknown[] = []): Promise<T[]> {
  assertNothingHeldInStep();
  const manager = managerOf(db);
  if (sharedSessions.has(db)) return sqlRows<T>(manager, text, parameters);
  // Past TypeORM's query runner, whose subscriber would run them: writes held in this transaction go first.
  await flushHeldWrites(manager);
  const config = { name: statementNameOf(text), text, values: parameters };
  let result: QueryResult;
  try {
    if (manager.queryRunner) {
      const client = (await manager.queryRunner.connect()) as PoolClient;
      result = await client.query(config);
    } else {
      result = await ((db.driver as PostgresDriver).master as Pool).query(config);
    }
  } catch (error) {
    throw new QueryFailedError(text, parameters, error as Error);
  }
  return result.rows as T[];
}

/**
 * For a statement that writes only counters of reads (the paywall's counted
 * read and its daily views): its text, and the same text with a function
 * call added to its FROM list that lets its commit return without waiting
 * for the WAL flush, used when the statement is its own transaction
 * (decision 27). A crash of PostgreSQL may then forget the last fraction of
 * a second of counted reads; nothing is ever half-written, locks and
 * visibility are unchanged. Inside a larger transaction the plain text runs:
 * that transaction's other writes keep their synchronous commit. Both texts
 * are built once (a prepared statement is named by its text).
 */
export function countedReadStatement(text: string): () => string {
  const ownTransaction = `${text}, set_config('synchronous_commit', 'off', true) AS commit_mode`;
  return () => (inOpenTransaction() ? text : ownTransaction);
}

/** `entityColumns` answers, by entity class. */
const entityColumnLists = new Map<unknown, string>();

/**
 * The columns of a TypeORM entity as `column AS "property"`, so a prepared
 * statement (`preparedRows`) answers rows shaped like the entity that a
 * repository's mapping already reads: a hot lookup without the query
 * builder's work on every call (issue 28). Only for entities without value
 * transformers, which this would skip (checked).
 */
export function entityColumns(db: DataSource, entity: abstract new () => object): string {
  let list = entityColumnLists.get(entity);
  if (list === undefined) {
    const columns = db.getMetadata(entity).columns;
    const transformed = columns.filter((c) => c.transformer !== undefined).map((c) => c.propertyName);
    if (transformed.length > 0) throw new Error(`entityColumns: ${entity.name} transforms ${transformed.join(', ')}`);
    list = columns.map((c) => `${c.databaseName} AS "${c.propertyName}"`).join(', ');
    entityColumnLists.set(entity, list);
  }
  return list;
}

/** `insertEntityRow` statements, by entity and by the properties a row gives. */
const entityInserts = new Map<unknown, Map<string, { text: string; columns: ColumnMetadata[] }>>();

/**
 * Inserts one entity row with a prepared statement (`preparedRows`): the
 * statement TypeORM's `insert` sends, without its query builder on every
 * call (issue 28). Each value goes through the driver's own conversion
 * (jsonb, dates) as it would through TypeORM; a property left undefined is
 * left out, so its column's default applies. Refuses entities with value
 * transformers, as `entityColumns` does.
 */
export async function insertEntityRow<T extends object>(db: DataSource, entity: abstract new () => T, row: T): Promise<void> {
  let byShape = entityInserts.get(entity);
  if (!byShape) entityInserts.set(entity, (byShape = new Map()));
  const given = Object.keys(row).filter((key) => (row as Record<string, unknown>)[key] !== undefined);
  const shape = given.join(',');
  let insert = byShape.get(shape);
  if (!insert) {
    const metadata = db.getMetadata(entity);
    const columns = given.map((property) => {
      const column = metadata.findColumnWithPropertyName(property);
      if (!column) throw new Error(`insertEntityRow: ${metadata.name} has no column for ${property}`);
      if (column.transformer !== undefined) throw new Error(`insertEntityRow: ${metadata.name} transforms ${property}`);
      return column;
    });
    const names = columns.map((c) => `"${c.databaseName}"`).join(', ');
    const placeholders = columns.map((_c, i) => `$${i + 1}`).join(', ');
    byShape.set(shape, (insert = { text: `INSERT INTO "${metadata.tableName}" (${names}) VALUES (${placeholders})`, columns }));
  }
  const driver = db.driver;
  const values = insert.columns.map((c) => driver.preparePersistentValue((row as Record<string, unknown>)[c.propertyName], c));
  if (!heldWrite(db, { text: insert.text, parameters: values })) await preparedRows(db, insert.text, values);
}

/**
 * From now until its last statement, the running transaction holds its
 * writes back (`heldWrite`), so a lock it has just taken is held for fewer
 * round trips (held-writes.ts). Outside a transaction nothing is held.
 */
export function holdWritesUntilLastStatement(db: DataSource): void {
  if (inOpenTransaction()) openHold(managerOf(db));
}

/** Whether `write` was held for the transaction's last statement; when not, the caller runs it as it would. */
export function heldWrite(db: DataSource, write: HeldWrite): boolean {
  return inOpenTransaction() ? hold(managerOf(db), write) : holdInStep(write);
}

/** `preparedRows` for a write independent of the held ones, which run in the same statement (and are no longer held). */
export function preparedWriteWithHeld<T>(db: DataSource, text: string, parameters: unknown[]): Promise<T[]> {
  if (!inOpenTransaction()) {
    // In a one-statement step, this is its last statement: every write it held runs in it.
    const merged = mergedStatement(takeStepWrites(), { text, parameters });
    return preparedRows<T>(db, merged.text, [...merged.parameters]);
  }
  const merged = mergeHeldWrites(managerOf(db), { text, parameters });
  return preparedRows<T>(db, merged.text, [...merged.parameters]);
}
