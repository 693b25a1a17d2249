import { randomUUID } from 'node:crypto';
import { QueryFailedError } from 'typeorm';
import { inOneStatement, mergedStatement } from '../../src/platform/database/held-writes';
import { Database } from '../../src/platform/database/open-database';
import { heldWrite, holdWritesUntilLastStatement, preparedRows, preparedWriteWithHeld, sqlRows } from '../../src/platform/database/sql';
import { inTransaction, managerOf } from '../../src/platform/database/transaction';
import { onRealPostgres, openTestDatabase } from '../support/harness';
import { statementsOf } from '../support/statements';

/**
 * Writes held until a transaction's last statement (held-writes.ts): the
 * invoice-number lock is held for two round trips instead of one per write.
 * Whatever runs in the transaction meanwhile sees them, in order, and they
 * are all or nothing with it.
 */

let database: Database;
const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
const parents = `held_parent_${suffix}`;
const children = `held_child_${suffix}`;

beforeAll(async () => {
  database = await openTestDatabase(4);
  await sqlRows(database.db, `CREATE TABLE ${parents} (id text PRIMARY KEY, n integer NOT NULL)`);
  await sqlRows(database.db, `CREATE TABLE ${children} (id text PRIMARY KEY, parent_id text NOT NULL REFERENCES ${parents} (id))`);
});
afterAll(async () => {
  await sqlRows(database.db, `DROP TABLE IF EXISTS ${children}`);
  await sqlRows(database.db, `DROP TABLE IF EXISTS ${parents}`);
  await database.close();
});

const parent = (id: string, n = 1) => ({ text: `INSERT INTO ${parents} (id, n) VALUES ($1, $2)`, parameters: [id, n] });
const idsOf = async (table: string, prefix: string) =>
  (await sqlRows<{ id: string }>(database.db, `SELECT id FROM ${table} WHERE id LIKE $1 ORDER BY id`, [`${prefix}%`])).map((r) => r.id);

describe('writes held until the last statement', () => {
  it('merges held writes into the last statement as WITH parts, its own parameters keeping their numbers', () => {
    const merged = mergedStatement(
      [
        { text: 'INSERT INTO a (x, y) VALUES ($1, $2)', parameters: [1, 2] },
        { text: 'INSERT INTO b (x) VALUES ($1)', parameters: [3] },
      ],
      { text: 'WITH change AS (UPDATE c SET x = $1 WHERE id = $2) INSERT INTO d (x) VALUES ($2)', parameters: ['x', 'y'] },
    );
    expect(merged).toEqual({
      text:
        'WITH held_1 AS (INSERT INTO a (x, y) VALUES ($3, $4)), held_2 AS (INSERT INTO b (x) VALUES ($5)), ' +
        'change AS (UPDATE c SET x = $1 WHERE id = $2) INSERT INTO d (x) VALUES ($2)',
      parameters: ['x', 'y', 1, 2, 3],
    });
    expect(mergedStatement([], { text: 'UPDATE c SET x = $1', parameters: [1] })).toEqual({ text: 'UPDATE c SET x = $1', parameters: [1] });
  });

  it('holds nothing outside a transaction, nor before a hold is opened, nor a statement with a WITH of its own', async () => {
    expect(heldWrite(database.db, parent('none-outside'))).toBe(false);
    await inTransaction(database.db, async () => {
      expect(heldWrite(database.db, parent('none-before'))).toBe(false);
      holdWritesUntilLastStatement(database.db);
      expect(heldWrite(database.db, { text: `WITH x AS (SELECT 1) INSERT INTO ${parents} (id, n) SELECT 'w', 1 FROM x`, parameters: [] })).toBe(false);
    });
  });

  it('runs the held writes in the last statement, which answers its own rows; all of them are there after COMMIT', async () => {
    const answer = await inTransaction(database.db, async () => {
      holdWritesUntilLastStatement(database.db);
      expect(heldWrite(database.db, parent('last-a', 1))).toBe(true);
      expect(heldWrite(database.db, parent('last-b', 2))).toBe(true);
      if (onRealPostgres()) {
        // Another connection sees none of them yet (PGlite has one session, which this transaction holds).
        const other = database.db.createQueryRunner();
        try {
          expect(await other.query(`SELECT count(*)::int AS n FROM ${parents} WHERE id LIKE 'last-%'`)).toEqual([{ n: 0 }]);
        } finally {
          await other.release();
        }
      }
      return preparedWriteWithHeld<{ id: string }>(database.db, `INSERT INTO ${parents} (id, n) VALUES ($1, $2) RETURNING id`, ['last-c', 3]);
    });
    expect(answer).toEqual([{ id: 'last-c' }]);
    expect(await idsOf(parents, 'last-')).toEqual(['last-a', 'last-b', 'last-c']);
  });

  it('runs them first when anything else runs in the transaction: a read sees them, a write that needs them finds them', async () => {
    await inTransaction(database.db, async (manager) => {
      holdWritesUntilLastStatement(database.db);
      heldWrite(database.db, parent('read-a'));
      expect(await preparedRows(database.db, `SELECT id FROM ${parents} WHERE id = $1`, ['read-a'])).toEqual([{ id: 'read-a' }]);
      heldWrite(database.db, parent('read-b'));
      expect(await sqlRows(manager, `SELECT id FROM ${parents} WHERE id = $1`, ['read-b'])).toEqual([{ id: 'read-b' }]);
      heldWrite(database.db, parent('read-c'));
      // TypeORM's own statements too.
      expect(await managerOf(database.db).query(`SELECT id FROM ${parents} WHERE id = $1`, ['read-c'])).toEqual([{ id: 'read-c' }]);
      heldWrite(database.db, parent('read-d'));
      // A child row's foreign key finds its held parent.
      await sqlRows(manager, `INSERT INTO ${children} (id, parent_id) VALUES ($1, $2)`, ['read-child', 'read-d']);
    });
    expect(await idsOf(parents, 'read-')).toEqual(['read-a', 'read-b', 'read-c', 'read-d']);
    expect(await idsOf(children, 'read-')).toEqual(['read-child']);
  });

  it('runs what is still held before COMMIT when no last statement took it', async () => {
    await inTransaction(database.db, async () => {
      holdWritesUntilLastStatement(database.db);
      heldWrite(database.db, parent('end-a'));
      heldWrite(database.db, parent('end-b'));
    });
    expect(await idsOf(parents, 'end-')).toEqual(['end-a', 'end-b']);
  });

  it('a held write that fails undoes the whole transaction, and its error reaches the caller', async () => {
    await sqlRows(database.db, `INSERT INTO ${parents} (id, n) VALUES ('fail-taken', 1)`);
    const failed = inTransaction(database.db, async () => {
      await sqlRows(managerOf(database.db), `INSERT INTO ${parents} (id, n) VALUES ('fail-before', 1)`);
      holdWritesUntilLastStatement(database.db);
      heldWrite(database.db, parent('fail-held'));
      heldWrite(database.db, parent('fail-taken')); // a duplicate key
      await preparedWriteWithHeld(database.db, `INSERT INTO ${parents} (id, n) VALUES ($1, $2)`, ['fail-last', 1]);
    });
    await expect(failed).rejects.toBeInstanceOf(QueryFailedError);
    await expect(failed).rejects.toMatchObject({ driverError: { code: '23505' } });
    expect(await idsOf(parents, 'fail-')).toEqual(['fail-taken']);
  });

  it('a transaction undone before its last statement sends none of what it held', async () => {
    const sent = await statementsOf(() =>
      expect(
        inTransaction(database.db, async () => {
          holdWritesUntilLastStatement(database.db);
          heldWrite(database.db, parent('undone-a'));
          throw new Error('the step failed');
        }),
      ).rejects.toThrow('the step failed'),
    );
    expect(sent.filter((s) => s.includes(parents))).toEqual([]);
    expect(sent).toContain('ROLLBACK');
    expect(await idsOf(parents, 'undone-')).toEqual([]);
  });
});

describe('a one-statement step (inOneStatement)', () => {
  it('runs its held writes with its last statement, as one statement and no transaction', async () => {
    const statements = await statementsOf(() =>
      inOneStatement(async () => {
        expect(heldWrite(database.db, parent('one-a'))).toBe(true);
        expect(heldWrite(database.db, { text: `INSERT INTO ${children} (id, parent_id) VALUES ($1, $2)`, parameters: ['one-a-child', 'one-a'] })).toBe(true);
        await preparedWriteWithHeld(database.db, `INSERT INTO ${parents} (id, n) VALUES ($1, $2)`, ['one-b', 2]);
      }),
    );
    expect(statements).toEqual([expect.stringMatching(/^WITH held_1 AS \(INSERT INTO held_parent_\w+ .*\), held_2 AS \(INSERT INTO held_child_\w+ .*\) INSERT INTO held_parent_/)]);
    expect(await idsOf(parents, 'one-')).toEqual(['one-a', 'one-b']);
    expect(await idsOf(children, 'one-')).toEqual(['one-a-child']);
  });

  it('is undone whole when its statement fails: none of its held writes is kept', async () => {
    await expect(
      inOneStatement(async () => {
        heldWrite(database.db, parent('undone-a'));
        // The last statement fails (a duplicate key): the held insert goes with it.
        await preparedWriteWithHeld(database.db, `INSERT INTO ${parents} (id, n) VALUES ($1, $2), ($1, $2)`, ['undone-b', 1]);
      }),
    ).rejects.toBeInstanceOf(QueryFailedError);
    expect(await idsOf(parents, 'undone-')).toEqual([]);
  });

  it('refuses what would split it: a statement while writes are held, a transaction, a write with a WITH, writes left at its end', async () => {
    await expect(
      inOneStatement(async () => {
        heldWrite(database.db, parent('split-a'));
        await preparedRows(database.db, `SELECT 1 AS one`);
      }),
    ).rejects.toThrow('before its last');
    await expect(
      inOneStatement(async () => {
        heldWrite(database.db, parent('split-b'));
        await sqlRows(database.db, `SELECT 1 AS one`);
      }),
    ).rejects.toThrow('before its last');
    await expect(inOneStatement(() => inTransaction(database.db, async () => undefined))).rejects.toThrow('opens no transaction');
    await expect(
      inOneStatement(async () => {
        heldWrite(database.db, { text: `WITH x AS (SELECT 1) INSERT INTO ${parents} (id, n) SELECT 'split-c', 1 FROM x`, parameters: [] });
      }),
    ).rejects.toThrow('WITH of its own');
    await expect(
      inOneStatement(async () => {
        heldWrite(database.db, parent('split-d'));
      }),
    ).rejects.toThrow('no statement ran');
    expect(await idsOf(parents, 'split-')).toEqual([]);
  });

  it('reads before it holds anything run as usual', async () => {
    const rows = await inOneStatement(async () => {
      const [row] = await preparedRows<{ one: number }>(database.db, `SELECT 1 AS one`);
      heldWrite(database.db, parent('read-first'));
      await preparedWriteWithHeld(database.db, `UPDATE ${parents} SET n = n WHERE id = $1`, ['nothing']);
      return row;
    });
    expect(rows).toEqual({ one: 1 });
    expect(await idsOf(parents, 'read-first')).toEqual(['read-first']);
  });
});
