import { mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { setFlagsFromString } from 'node:v8';

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
 * PostgreSQL's WebAssembly stays on V8's baseline compiler (Liftoff): V8
 * otherwise recompiles the functions it finds hot with its optimising
 * compiler on background threads, and at start-up (initdb, recovery,
 * migrations) that is most of PostgreSQL. Measured on the 2-core machine:
 * 213 to 227 MB of RSS at ready instead of 257 to 319 MB (the spread being
 * how far that compilation had got), ready sooner, the test suite on PGlite
 * as fast; a CPU-bound catalogue query takes half as long again (3.6
 * instead of 2.4 ms). The embedded database holds one developer's or one
 * test run's data; deployments that need the speed use PostgreSQL
 * (decision 29). V8's flags are the process's: this is set only once the
 * embedded database is wanted, before its module is compiled.
 */
function keepWebAssemblyOnBaselineCompiler(): void {
  // Both: with dynamic tiering on (V8's default) hot functions are recompiled whatever --wasm-tier-up says.
  setFlagsFromString('--no-wasm-dynamic-tiering');
  setFlagsFromString('--no-wasm-tier-up');
}

/** The file the embedded database's thread runs: plain CommonJS, the same from src (tests) and from dist. */
const THREAD_FILE = join(__dirname, '..', '..', '..', 'threads', 'embedded-postgres.cjs');

/** What the embedded database's thread posts once: where it serves, or why it could not. */
type ThreadReport = { address: string } | { error: { message: string; code?: string } };

/** What the service hears of the embedded database's thread while it is open. */
export interface EmbeddedEvents {
  /** The thread ended (or failed) while the database was open; `restartInMs` when it will be started again. */
  lost?(error: Error, restartInMs: number | null): void;
  /** A restarted thread serves again, on the same port. */
  back?(): void;
  /** A restart failed; another follows after `restartInMs`. */
  restartFailed?(error: Error, restartInMs: number): void;
}

/** First wait before an ended thread is started again; doubled after each failed start, up to the last. */
const RESTART_FIRST_MS = 500;
const RESTART_MAX_MS = 30_000;

/**
 * PGlite behind its socket server, so the normal `pg` driver (and TypeORM)
 * reaches it like any PostgreSQL. It is ONE session: callers use a pool of
 * one connection and never rely on locks for correctness here.
 *
 * PGlite runs PostgreSQL (WebAssembly) on the thread that calls it, so it
 * gets a worker thread of its own (`threads/embedded-postgres.cjs`): it
 * boots while this thread loads the service (the thread is started before
 * this function first awaits, so a caller that does not await at once
 * overlaps the two), and it answers queries on another core than the one
 * handling requests. An empty data folder is initialised by that thread in
 * a short-lived child process first.
 *
 * `dataDir` null keeps the database in memory (tests). Otherwise the data
 * directory is locked (`kiosk-embedded.lock`, with this process's id and
 * port) for as long as it is open: a second process is refused with
 * `EmbeddedDatabaseInUse`, and the command line finds the port to share. A
 * `port` something else answers on is refused with `EmbeddedDatabaseInUse`
 * too, rather than writing into another database.
 *
 * A thread that ends while the database is open (not asked to stop) is
 * started again on the same folder and port, after 0.5 s, doubling up to
 * 30 s while starts fail (issue 29); the pool's connections reconnect by
 * themselves, and requests answer 503 meanwhile. An in-memory database is
 * not restarted: what it held went with its thread. `events` hears of each.
 */
export async function startEmbeddedPostgres(
  dataDir: string | null,
  port: number,
  onLost: ((error: Error) => void) | EmbeddedEvents = {},
): Promise<EmbeddedPostgres & { endThreadAbruptly(): Promise<void> }> {
  const events: EmbeddedEvents = typeof onLost === 'function' ? { lost: (error) => onLost(error) } : onLost;
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const lock = dataDir ? lockDataDir(dataDir) : null;
  keepWebAssemblyOnBaselineCompiler();
  let thread: Worker;
  let address: string;
  try {
    ({ thread, address } = await launch(dataDir, port));
  } catch (error) {
    lock?.release();
    throw error;
  }
  const boundPort = Number(address.split(':').pop());
  lock?.serving(boundPort);

  let stopping = false;
  let exited: Promise<void> = Promise.resolve();
  let ended = false;
  let restartTimer: NodeJS.Timeout | null = null;
  let restartMs = RESTART_FIRST_MS;

  const restart = () => {
    restartTimer = null;
    if (stopping) return;
    launch(dataDir, boundPort).then(
      (started) => {
        if (stopping) {
          started.thread.postMessage('stop');
          return;
        }
        watch(started.thread);
        restartMs = RESTART_FIRST_MS;
        events.back?.();
      },
      (error: unknown) => {
        if (stopping) return;
        const wait = restartMs;
        restartMs = Math.min(restartMs * 2, RESTART_MAX_MS);
        events.restartFailed?.(error instanceof Error ? error : new Error(String(error)), wait);
        restartTimer = setTimeout(restart, wait);
      },
    );
  };

  const watch = (current: Worker) => {
    thread = current;
    ended = false;
    // Heard once: a thread that fails reports an error and then ends.
    let lost = false;
    const lose = (error: Error) => {
      if (stopping || lost) return;
      lost = true;
      const wait = dataDir ? restartMs : null;
      events.lost?.(error, wait);
      if (wait !== null) restartTimer = setTimeout(restart, wait);
    };
    exited = new Promise<void>((resolve) =>
      current.once('exit', (code) => {
        ended = true;
        lose(new Error(`the embedded database's thread ended (code ${code})`));
        resolve();
      }),
    );
    current.on('error', lose);
  };
  watch(thread);

  let stopped: Promise<void> | undefined;
  return {
    url: `postgres://postgres@${address}/postgres`,
    stop() {
      stopped ??= (async () => {
        stopping = true;
        if (restartTimer) clearTimeout(restartTimer);
        if (!ended) {
          thread.postMessage('stop');
          // A thread that does not finish closing is ended: the files were written at each commit.
          const timer = setTimeout(() => void thread.terminate(), STOP_TIMEOUT_MS);
          await exited;
          clearTimeout(timer);
        }
        lock?.release();
      })();
      return stopped;
    },
    /** Ends the thread as a crash would, without closing the database (tests of the restart). */
    async endThreadAbruptly() {
      await thread.terminate();
    },
  };
}

/** Starts the thread and waits until it serves; a thread that could not is ended and its reason thrown. */
async function launch(dataDir: string | null, port: number): Promise<{ thread: Worker; address: string }> {
  const thread = new Worker(THREAD_FILE, { workerData: { dataDir, port, settings: EMBEDDED_SETTINGS, maxConnections: 32 } });
  try {
    const report = await firstReport(thread);
    if ('error' in report) {
      throw report.error.code === 'PORT_TAKEN' ? portTaken(port, dataDir) : new Error(`the embedded database did not start: ${report.error.message}`);
    }
    return { thread, address: report.address }; // "127.0.0.1:<port>"
  } catch (error) {
    await thread.terminate();
    throw error;
  }
}

/** How long a stop waits for the embedded database to close before its thread is ended. */
const STOP_TIMEOUT_MS = 10_000;

/** The thread's first message (where it serves, or why it could not); it ending or failing first is an error. */
function firstReport(thread: Worker): Promise<ThreadReport> {
  return new Promise<ThreadReport>((resolve, reject) => {
    const onMessage = (message: ThreadReport) => settle(() => resolve(message));
    const onError = (error: Error) => settle(() => reject(error));
    const onExit = (code: number) => settle(() => reject(new Error(`the embedded database's thread ended (code ${code}) before it served`)));
    const settle = (then: () => void) => {
      thread.off('message', onMessage).off('error', onError).off('exit', onExit);
      then();
    };
    thread.on('message', onMessage).on('error', onError).on('exit', onExit);
  });
}

/** EMBEDDED_DB_PORT answers, but for no lock of this DATA_DIR: another program's, or another Kiosk's database. */
function portTaken(port: number, dataDir: string | null): EmbeddedDatabaseInUse {
  return new EmbeddedDatabaseInUse(
    `EMBEDDED_DB_PORT ${port} is taken, but no running Kiosk has the embedded database in ${dataDir ?? '(memory)'} open: ` +
      'set EMBEDDED_DB_PORT to a free port, or DATA_DIR to the data of the Kiosk serving that port.',
  );
}
