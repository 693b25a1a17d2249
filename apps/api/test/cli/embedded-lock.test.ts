import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer, Server } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pino from 'pino';
import { loadConfig } from '../../src/config';
import { EMBEDDED_LOCK_FILE, EmbeddedDatabaseInUse, lockDataDir } from '../../src/platform/database/embedded-postgres';
import { openDatabase } from '../../src/platform/database/open-database';
import { onRealPostgres, testDatabaseUrl } from '../support/harness';

/**
 * The command line shares a running service's embedded database through its
 * port and never opens DATA_DIR a second time (that corrupts PGlite). Another
 * live process holding DATA_DIR is played by the jest parent process.
 */
const silent = pino({ level: 'silent' });
let dir: string;
// The test database's port stands for the running service's (PGlite starts only in jest's global setup).
const servedPort = Number(new URL(testDatabaseUrl()).port);
const onPGlite = onRealPostgres() ? it.skip : it;

const freePort = () =>
  new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
const configFor = async (env: Record<string, string> = {}) =>
  loadConfig({ NODE_ENV: 'test', DATA_DIR: dir, EMBEDDED_DB_PORT: String(await freePort()), ...env });
const lockPath = () => join(dir, EMBEDDED_LOCK_FILE);
const holdLock = (pid: number, port: number) =>
  writeFileSync(lockPath(), JSON.stringify({ pid, port, startedAt: new Date().toISOString() }));
const gonePid = () => spawnSync(process.execPath, ['-e', '0']).pid!;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'kiosk-data-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('opening the embedded database of DATA_DIR', () => {
  onPGlite("the command line shares a running service's database through the port its lock names, and leaves it running", async () => {
    holdLock(process.ppid, servedPort);
    const database = await openDatabase(await configFor(), silent, { shareRunningEmbedded: true });
    expect(await database.db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]);
    await database.close();
    expect(readdirSync(dir)).toEqual([EMBEDDED_LOCK_FILE]); // DATA_DIR itself was never opened
    const again = await openDatabase(await configFor(), silent, { shareRunningEmbedded: true });
    expect(await again.db.query('SELECT 1 AS one')).toEqual([{ one: 1 }]); // still served
    await again.close();
  });

  it('a second service on the same DATA_DIR is refused with a clear message', async () => {
    holdLock(process.ppid, servedPort);
    const opening = openDatabase(await configFor(), silent);
    await expect(opening).rejects.toBeInstanceOf(EmbeddedDatabaseInUse);
    await expect(opening).rejects.toThrow(
      `the embedded database in ${dir} is open in process ${process.ppid} (serving it on 127.0.0.1:${servedPort}); ` +
        'opening it a second time would corrupt it. Stop that process, or run this where it can reach that port ' +
        '(a running Kiosk is shared through its port).',
    );
  });

  it('the command line is refused when the holder is alive but its port does not answer', async () => {
    holdLock(process.ppid, await freePort());
    await expect(openDatabase(await configFor(), silent, { shareRunningEmbedded: true })).rejects.toThrow(
      / is open in process \d+ \(serving it on 127\.0\.0\.1:\d+\) but that port does not answer; opening it a second time would corrupt it/,
    );
  });

  it('a port that answers for no lock of DATA_DIR is refused rather than written into', async () => {
    const busy: Server = await new Promise((resolve) => {
      const s = createServer((socket) => socket.destroy()).listen(0, '127.0.0.1', () => resolve(s));
    });
    const port = (busy.address() as { port: number }).port;
    try {
      await expect(
        openDatabase(await configFor({ EMBEDDED_DB_PORT: String(port) }), silent, { shareRunningEmbedded: true }),
      ).rejects.toThrow(`EMBEDDED_DB_PORT ${port} is taken, but no running Kiosk has the embedded database in ${dir} open`);
    } finally {
      busy.close();
    }
  });

});

describe("DATA_DIR's lock", () => {
  it('names the process and its port, is refused to a second holder, and is removed on release', () => {
    const lock = lockDataDir(dir);
    lock.serving(5600);
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toEqual({ pid: process.pid, port: 5600, startedAt: expect.any(String) });
    // The same lock file as another live process would find it:
    const mine = readFileSync(lockPath(), 'utf8');
    holdLock(process.ppid, 5600);
    expect(() => lockDataDir(dir)).toThrow(EmbeddedDatabaseInUse);
    writeFileSync(lockPath(), mine);
    lock.release();
    expect(existsSync(lockPath())).toBe(false);
  });

  it('is taken over from a process that is gone', () => {
    holdLock(gonePid(), 5499);
    const lock = lockDataDir(dir);
    expect(JSON.parse(readFileSync(lockPath(), 'utf8'))).toEqual({ pid: process.pid, port: 0, startedAt: expect.any(String) });
    lock.release();
  });

  it('never removes a lock another process took meanwhile', () => {
    const lock = lockDataDir(dir);
    holdLock(process.ppid, 5600);
    lock.release();
    expect(JSON.parse(readFileSync(lockPath(), 'utf8')).pid).toBe(process.ppid);
  });
});
