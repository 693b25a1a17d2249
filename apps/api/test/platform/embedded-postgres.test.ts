import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { EMBEDDED_LOCK_FILE, startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';

/**
 * The embedded database on its own thread (decision 29): it initialises an
 * empty folder, serves it through its port, stops cleanly on request and
 * opens the same folder again with what was written.
 */
jest.setTimeout(60_000);

async function query<T>(url: string, sql: string): Promise<T[]> {
  const client = new Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(sql)).rows as T[];
  } finally {
    await client.end();
  }
}

describe('the embedded database thread', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kiosk-embedded-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('initialises an empty folder, serves it, stops on request and keeps what was written', async () => {
    const lost: Error[] = [];
    const first = await startEmbeddedPostgres(dir, 0, (error) => lost.push(error));
    expect(existsSync(join(dir, 'PG_VERSION'))).toBe(true);
    expect(existsSync(join(dir, EMBEDDED_LOCK_FILE))).toBe(true);
    await query(first.url, 'CREATE TABLE kept (note text)');
    await query(first.url, "INSERT INTO kept VALUES ('written before the stop')");
    await Promise.all([first.stop(), first.stop()]); // asked twice, stopped once
    expect(existsSync(join(dir, EMBEDDED_LOCK_FILE))).toBe(false);
    await expect(query(first.url, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);

    const second = await startEmbeddedPostgres(dir, 0, (error) => lost.push(error));
    try {
      expect(await query(second.url, 'SELECT note FROM kept')).toEqual([{ note: 'written before the stop' }]);
    } finally {
      await second.stop();
    }
    expect(lost).toEqual([]); // a requested stop is not a lost database
  });
});

describe('the embedded database thread, ended while open', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'kiosk-embedded-restart-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  it('is started again on the same folder and port, with what was written, and reported', async () => {
    const heard: string[] = [];
    let back!: () => void;
    const restarted = new Promise<void>((resolve) => (back = resolve));
    const db = await startEmbeddedPostgres(dir, 0, {
      lost: (error, restartInMs) => heard.push(`lost: ${error.message}; again in ${restartInMs} ms`),
      restartFailed: (error) => heard.push(`failed: ${error.message}`),
      back: () => {
        heard.push('back');
        back();
      },
    });
    try {
      await query(db.url, 'CREATE TABLE kept (note text)');
      await query(db.url, "INSERT INTO kept VALUES ('written before the crash')");
      await db.endThreadAbruptly();
      await expect(query(db.url, 'SELECT 1')).rejects.toThrow(/ECONNREFUSED/);
      await restarted;
      expect(await query(db.url, 'SELECT note FROM kept')).toEqual([{ note: 'written before the crash' }]);
      expect(heard).toEqual([expect.stringMatching(/^lost: the embedded database's thread ended \(code \d+\); again in 500 ms$/), 'back']);
      expect(existsSync(join(dir, EMBEDDED_LOCK_FILE))).toBe(true);
    } finally {
      await db.stop();
    }
    expect(existsSync(join(dir, EMBEDDED_LOCK_FILE))).toBe(false);
  });
});
