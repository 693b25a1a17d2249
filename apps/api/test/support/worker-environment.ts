import { TestEnvironment } from 'jest-environment-node';
import { startEmbeddedPostgres } from '../../src/platform/database/embedded-postgres';

type Embedded = Awaited<ReturnType<typeof startEmbeddedPostgres>>;

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
    if (process.env.KIOSK_TEST_EMBEDDED !== '1') return;
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
