import { execFile } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  readonly url: string;
  stop(): Promise<void>;
}

/** The file in DATA_DIR that says which process has the embedded database open, and where it serves it. */
export const EMBEDDED_LOCK_FILE = 'kiosk-embedded.lock';

export interface EmbeddedLock {
  pid: number;
  /** The loopback port the holder serves the database on (its EMBEDDED_DB_PORT). */
  port: number;
  startedAt: string;
}

/**
 * The embedded database of DATA_DIR is open in another process. PGlite is
 * not made to be opened twice: a second copy on the same files corrupts
 * them, so this is refused instead.
 */
export class EmbeddedDatabaseInUse extends Error {}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM'; // exists, owned by someone else
  }
}

/** The live holder of DATA_DIR's embedded database, or null (no lock, or one left by a process that is gone). */
export function embeddedLockHolder(dataDir: string): EmbeddedLock | null {
  let lock: EmbeddedLock;
  try {
    lock = JSON.parse(readFileSync(join(dataDir, EMBEDDED_LOCK_FILE), 'utf8')) as EmbeddedLock;
  } catch {
    return null;
  }
  if (!Number.isSafeInteger(lock.pid) || lock.pid === process.pid || !alive(lock.pid)) return null;
  return lock;
}

/** Takes DATA_DIR's lock (taking over a stale one); answers the function that writes the port and the one that releases. */
export function lockDataDir(dataDir: string): { serving(port: number): void; release(): void } {
  const path = join(dataDir, EMBEDDED_LOCK_FILE);
  const write = (port: number, flag: 'wx' | 'w') =>
    writeFileSync(path, JSON.stringify({ pid: process.pid, port, startedAt: new Date().toISOString() } satisfies EmbeddedLock), {
      flag,
    });
  for (let tries = 0; ; tries += 1) {
    try {
      write(0, 'wx');
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || tries > 0) throw error;
      const holder = embeddedLockHolder(dataDir);
      if (holder) throw inUse(dataDir, holder);
      unlinkSync(path); // left by a process that is gone
    }
  }
  return {
    serving: (port) => write(port, 'w'),
    release: () => {
      try {
        if ((JSON.parse(readFileSync(path, 'utf8')) as EmbeddedLock).pid === process.pid) unlinkSync(path);
      } catch {
        // already gone
      }
    },
  };
}

export function inUse(dataDir: string, holder: EmbeddedLock, why = ''): EmbeddedDatabaseInUse {
  return new EmbeddedDatabaseInUse(
    `the embedded database in ${dataDir} is open in process ${holder.pid} (serving it on 127.0.0.1:${holder.port})` +
      `${why}; opening it a second time would corrupt it. Stop that process, or run this where it can reach that port ` +
      `(a running Kiosk is shared through its port).`,
  );
}

/**
 * PostgreSQL settings of the embedded database. Its shared buffers live in
 * this process's WebAssembly memory, which never shrinks: PostgreSQL's
 * default 128 MB would be most of the process's memory for a database that
 * holds one developer's or one small test's data (docs/operations.md).
 */
export const EMBEDDED_SETTINGS = ['-c', 'shared_buffers=16MB'];

/**
 * PGlite behind its socket server, so the normal `pg` driver (and TypeORM)
 * reaches it like any PostgreSQL. It is ONE session: callers use a pool of
 * one connection and never rely on locks for correctness here.
 *
 * `dataDir` null keeps the database in memory (tests). Otherwise the data
 * directory is locked (`kiosk-embedded.lock`, with this process's id and
 * port) for as long as it is open: a second process is refused with
 * `EmbeddedDatabaseInUse`, and the command line finds the port to share.
 */
export async function startEmbeddedPostgres(dataDir: string | null, port: number): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lock = dataDir ? lockDataDir(dataDir) : null;
  try {
    if (dataDir && !existsSync(join(dataDir, 'PG_VERSION'))) await initialiseInChildProcess(dataDir);
    const db = await PGlite.create(dataDir ?? undefined, { startParams: [...PGlite.defaultStartParams, ...EMBEDDED_SETTINGS] });
    const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 32 });
    try {
      await server.start();
    } catch (error) {
      await db.close();
      throw error;
    }
    const address = server.getServerConn(); // "127.0.0.1:<port>"
    lock?.serving(Number(address.split(':').pop()));
    return {
      url: `postgres://postgres@${address}/postgres`,
      async stop() {
        await server.stop();
        await db.close();
        lock?.release();
      },
    };
  } catch (error) {
    lock?.release();
    throw error;
  }
}

/**
 * Creates the database cluster in an empty folder in a short-lived child
 * process. PGlite's initdb grows the WebAssembly memory to about 800 MB and
 * a process never gets it back; opening an existing folder needs under 300 MB.
 */
async function initialiseInChildProcess(dataDir: string): Promise<void> {
  const pglite = require.resolve('@electric-sql/pglite');
  const script = `require(${JSON.stringify(pglite)}).PGlite.create(${JSON.stringify(dataDir)}).then((db) => db.close())`;
  await promisify(execFile)(process.execPath, ['-e', script]);
}
