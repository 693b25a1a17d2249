import { randomUUID } from 'node:crypto';
import { QueryFailedError } from 'typeorm';
import { isUniqueViolation } from '../../src/platform/database/errors';
import { preparedRows, sqlRows } from '../../src/platform/database/sql';
import { inTransaction } from '../../src/platform/database/transaction';
import { Database } from '../../src/platform/database/open-database';
import { onRealPostgres, openTestDatabase } from '../support/harness';

let database: Database;
const table = `prepared_probe_${randomUUID().replace(/-/g, '').slice(0, 12)}`;

beforeAll(async () => {
  database = await openTestDatabase(4);
  await sqlRows(database.db, `CREATE TABLE ${table} (id text PRIMARY KEY, n integer NOT NULL)`);
});
afterAll(async () => {
  await sqlRows(database.db, `DROP TABLE IF EXISTS ${table}`);
  await database.close();
});

describe('preparedRows: hot statements prepared once per connection', () => {
  it('answers the same rows as sqlRows, call after call and from parallel connections', async () => {
    await sqlRows(database.db, `INSERT INTO ${table} (id, n) VALUES ('a', 1), ('b', 2), ('c', 3)`);
    const text = `SELECT id, n FROM ${table} WHERE n >= $1 ORDER BY id`;
    const expected = await sqlRows(database.db, text, [2]);
    expect(expected).toEqual([
      { id: 'b', n: 2 },
      { id: 'c', n: 3 },
    ]);
    // More calls than connections, in parallel: every connection prepares it once and reuses it.
    const answers = await Promise.all(Array.from({ length: 12 }, () => preparedRows(database.db, text, [2])));
    for (const answer of answers) expect(answer).toEqual(expected);
  });

  it('runs inside the caller transaction: a rollback undoes what it wrote', async () => {
    const insert = `INSERT INTO ${table} (id, n) VALUES ($1, $2) RETURNING id`;
    await expect(
      inTransaction(database.db, async () => {
        expect(await preparedRows(database.db, insert, ['rolled-back', 9])).toEqual([{ id: 'rolled-back' }]);
        // Seen inside the transaction, on its connection.
        expect(await preparedRows(database.db, `SELECT n FROM ${table} WHERE id = $1`, ['rolled-back'])).toEqual([{ n: 9 }]);
        throw new Error('undo');
      }),
    ).rejects.toThrow('undo');
    expect(await preparedRows(database.db, `SELECT n FROM ${table} WHERE id = $1`, ['rolled-back'])).toEqual([]);
  });

  it('raises database errors as TypeORM does, so the same checks read them', async () => {
    const insert = `INSERT INTO ${table} (id, n) VALUES ($1, $2) RETURNING id`;
    await preparedRows(database.db, insert, ['once', 1]);
    const error = await preparedRows(database.db, insert, ['once', 2]).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(QueryFailedError);
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('is named on PostgreSQL and unnamed on the embedded database, whose one session every socket shares', async () => {
    const text = `SELECT count(*)::int AS n FROM ${table} WHERE n > $1`;
    // One transaction: both statements run on its one connection, whose prepared statements the view lists.
    const prepared = await inTransaction(database.db, async (m) => {
      await preparedRows(database.db, text, [0]);
      const [row] = await sqlRows<{ prepared: number }>(m, `SELECT count(*)::int AS prepared FROM pg_prepared_statements WHERE statement = $1`, [text]);
      return row.prepared;
    });
    expect(prepared).toBe(onRealPostgres() ? 1 : 0);
  });
});
