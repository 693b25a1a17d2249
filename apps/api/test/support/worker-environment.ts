import { TestEnvironment } from 'jest-environment-node';
import { Client } from 'pg';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';

type Embedded = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

const WORKER_DATABASE = Symbol.for('kiosk.test.workerPostgresDatabase');
type WorkerDatabase = { [WORKER_DATABASE]?: Promise<string> };

/** The name of worker `n`'s database on PostgreSQL: the run's database name with `_w<n>`. */
export function workerDatabaseUrl(runUrl: string, worker: string | number): URL {
  const url = new URL(runUrl);
  url.pathname = `${url.pathname}_w${worker}`;
  return url;
}

/** Runs statements on the server of `runUrl`, from its own database (where CREATE and DROP DATABASE are allowed). */
export async function onRunDatabase<T>(runUrl: string, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client({ connectionString: runUrl });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Where the process keeps its embedded database: this module's own state may be loaded once per test file. */
const HELD = Symbol.for('kiosk.test.workerEmbeddedPostgres');
type Holder = { [HELD]?: Promise<Embedded> };

/**
 * The api project's test environment: Node's, plus ONE embedded database per
 * jest worker process (docs/testing.md). PGlite is one session, so two
 * workers must never share one; each worker starts its own in-memory PGlite
 * the first time it runs a file and keeps it for every later file (the first
 * file migrates it, the later ones find it migrated). Files in one worker run
 * one after another, as they ran on the single database before, so every
 * file's isolation (its own vendors) holds as before; files in different
 * workers do not even share a database. On PostgreSQL (global setup's
 * KIOSK_TEST_EMBEDDED=0) nothing is started here.
 */
export default class KioskTestEnvironment extends TestEnvironment {
  override async setup(): Promise<void> {
    await super.setup();
    if (process.env.KIOSK_TEST_EMBEDDED === '0') {
      this.global.process.env.KIOSK_TEST_DATABASE_URL = await postgresDatabaseOfThisWorker();
      return;
    }
    const holder = globalThis as Holder;
    if (!holder[HELD]) {
      holder[HELD] = startEmbeddedPostgres(null, 0);
      stopWhenWorkerEnds();
    }
    const { url } = await holder[HELD];
    // The test file's `process` is its own copy: harness.ts reads the URL from it.
    this.global.process.env.KIOSK_TEST_DATABASE_URL = url;
  }
}

/**
 * On PostgreSQL each worker gets a database of its own on the run's server,
 * `<run database>_w<JEST_WORKER_ID>`, made fresh (the first file migrates it)
 * and dropped by the global teardown: files in one worker share it and keep
 * apart by vendor, as every file shared the run's database before.
 */
function postgresDatabaseOfThisWorker(): Promise<string> {
  const holder = globalThis as WorkerDatabase;
  holder[WORKER_DATABASE] ??= (async () => {
    const runUrl = process.env.KIOSK_TEST_RUN_DATABASE_URL!;
    const url = workerDatabaseUrl(runUrl, process.env.JEST_WORKER_ID ?? '1');
    const name = decodeURIComponent(url.pathname.slice(1));
    await onRunDatabase(runUrl, async (client) => {
      await client.query(`DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`); // left by a run that was killed
      await client.query(`CREATE DATABASE "${name}"`);
    });
    return url.toString();
  })();
  return holder[WORKER_DATABASE];
}

/**
 * A jest worker process ends by dropping its IPC 'message' listener and
 * waiting for its event loop to empty; the database's thread would keep it
 * alive until jest kills it ("failed to exit gracefully"). So the database
 * stops when that listener goes. In band there is no such listener: the
 * global teardown stops it.
 */
function stopWhenWorkerEnds(): void {
  if (!process.send) return;
  const onRemoved = (event: string | symbol) => {
    if (event !== 'message' || process.listenerCount('message') > 0) return;
    process.off('removeListener', onRemoved);
    void stopWorkerEmbeddedPostgres();
  };
  process.on('removeListener', onRemoved);
}

/** Stops this process's embedded database, if it started one (global teardown; a worker process just exits). */
export async function stopWorkerEmbeddedPostgres(): Promise<void> {
  const held = (globalThis as Holder)[HELD];
  delete (globalThis as Holder)[HELD];
  await (await held)?.stop();
}
