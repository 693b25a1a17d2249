import { Logger } from 'pino';
import type { DataSource } from 'typeorm';
import { Config } from '../../config';
import { isDatabaseUnavailable } from './errors';
import {
  embeddedLockHolder,
  EmbeddedPostgres,
  inUse,
  startEmbeddedPostgres,
} from './embedded-postgres';

export interface Database {
  readonly db: DataSource;
  /** True on PGlite: one session, so no locks and no parallel transactions. */
  readonly embedded: boolean;
  close(): Promise<void>;
}

/** The same check as the embedded database's thread makes (a plain CommonJS file both use). */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { portAnswers } = require('../../../threads/port-answers.cjs') as { portAnswers(port: number): Promise<boolean> };

/** TypeORM and the entities, loaded when first needed: after the embedded database's thread has started. */
// eslint-disable-next-line @typescript-eslint/no-require-imports
const dataSourceModule = () => require('./data-source') as typeof import('./data-source');

// Any constant shared by every process of the deployment; names the migration lock.
const MIGRATION_LOCK = 7_297_305;

/** Runs pending migrations; on PostgreSQL under an advisory lock so parallel starts migrate once. */
export async function migrate(database: Database): Promise<void> {
  const { db } = database;
  if (database.embedded) {
    await db.runMigrations({ transaction: 'all' });
    return;
  }
  const lock = db.createQueryRunner();
  await lock.connect();
  try {
    await lock.query('SELECT pg_advisory_lock($1)', [MIGRATION_LOCK]);
    await db.runMigrations({ transaction: 'all' });
  } finally {
    // Neither may hide the migrations' own error: on a lost connection both fail too.
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release().catch(() => undefined);
  }
}

/**
 * `migrate`, waiting for the database as the open does (`untilReachable`):
 * a process that starts while PostgreSQL stops, after its connection was
 * made, saw its migrations' transaction undone and exited; it now tries
 * them again until the database is back or DB_STARTUP_TIMEOUT_MS runs out.
 */
export function migrateWhenReachable(
  database: Database,
  timeoutMs: number,
  logger: Pick<Logger, 'warn'>,
  sleep?: (ms: number) => Promise<void>,
): Promise<void> {
  return untilReachable(timeoutMs, logger, () => migrate(database), sleep);
}

/**
 * Opens the configured database: DATABASE_URL, or the embedded PGlite under
 * DATA_DIR. The embedded database is never opened twice (that corrupts it):
 * DATA_DIR's lock file names the process that has it open and its port.
 * With `shareRunningEmbedded` (the command line) a database a running Kiosk
 * has open is used through that port; otherwise, or when the port does not
 * answer, the open is refused with `EmbeddedDatabaseInUse`. A port that
 * answers for a database that is not DATA_DIR's is refused too, rather than
 * writing into another database.
 *
 * The embedded database's thread is started before this function first
 * awaits: a caller may load the service's modules before awaiting the
 * answer, and the two overlap (`main.ts` does).
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  options: { shareRunningEmbedded?: boolean } = {},
): Promise<Database> {
  const onConnectionError = connectionLossLog(logger);
  if (config.databaseUrl) {
    const { createDataSource } = dataSourceModule();
    const url = config.databaseUrl;
    const db = await untilReachable(config.databaseStartupTimeoutMs, logger, () =>
      createDataSource(url, { embedded: false, connectTimeoutMs: config.databaseConnectTimeoutMs, onConnectionError }).initialize(),
    );
    return { db, embedded: false, close: () => db.destroy() };
  }
  let server: EmbeddedPostgres | null = null;
  let url: string;
  const holder = embeddedLockHolder(config.dataDir);
  if (holder) {
    if (!options.shareRunningEmbedded) throw inUse(config.dataDir, holder);
    if (!holder.port || !(await portAnswers(holder.port))) throw inUse(config.dataDir, holder, ' but that port does not answer');
    url = `postgres://postgres@127.0.0.1:${holder.port}/postgres`;
  } else {
    server = await startEmbeddedPostgres(config.dataDir, config.embeddedDbPort, {
      lost: (error, restartInMs) =>
        logger.error({ err: error, restartInMs }, 'the embedded database stopped; requests answer 503 until it is started again'),
      restartFailed: (error, restartInMs) =>
        logger.error({ err: error, restartInMs }, 'the embedded database could not be started again; trying again'),
      back: () => logger.info('the embedded database was started again and serves'),
    });
    url = server.url;
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL (PGlite) started');
  }
  // TypeORM and the entities load here, after the embedded database's thread was started.
  const { createDataSource } = dataSourceModule();
  const db = await createDataSource(url, {
    embedded: true,
    connectTimeoutMs: config.databaseConnectTimeoutMs,
    onConnectionError,
  }).initialize();
  return {
    db,
    embedded: true,
    async close() {
      await db.destroy();
      await server?.stop();
    },
  };
}

/** First wait between start-up tries, doubled after each up to the last. */
const STARTUP_RETRY_FIRST_MS = 1_000;
const STARTUP_RETRY_MAX_MS = 15_000;

/**
 * Runs `open` until it succeeds, retrying while the database cannot be
 * reached (refused, not answering in time, starting up or shutting down)
 * with a growing pause, each failure logged, for `timeoutMs` in all. Any
 * other error (a wrong password, a database that does not exist) fails at
 * once: waiting would not mend it.
 */
export async function untilReachable<T>(
  timeoutMs: number,
  logger: Pick<Logger, 'warn'>,
  open: () => Promise<T>,
  sleep: (ms: number) => Promise<void> = (ms) => new Promise((resolve) => setTimeout(resolve, ms)),
): Promise<T> {
  const giveUpAt = Date.now() + timeoutMs;
  let pause = STARTUP_RETRY_FIRST_MS;
  for (let attempt = 1; ; attempt += 1) {
    try {
      return await open();
    } catch (error) {
      const left = giveUpAt - Date.now();
      if (!isDatabaseUnavailable(error) || left <= 0) throw error;
      const wait = Math.min(pause, left);
      logger.warn(
        { err: error, attempt, retryInMs: wait, givesUpInMs: left },
        'the database cannot be reached yet; retrying (DB_STARTUP_TIMEOUT_MS bounds the wait)',
      );
      await sleep(wait);
      pause = Math.min(pause * 2, STARTUP_RETRY_MAX_MS);
    }
  }
}

/** Logs a lost database connection, at most once a few seconds (a stopped server ends every pooled connection at once). */
function connectionLossLog(logger: Logger): (error: Error) => void {
  let last = 0;
  let unlogged = 0;
  return (error) => {
    const now = Date.now();
    if (now - last < 5_000) {
      unlogged += 1;
      return;
    }
    logger.warn({ err: error, alsoLost: unlogged }, 'a database connection was lost; requests answer 503 until it is back');
    last = now;
    unlogged = 0;
  };
}
