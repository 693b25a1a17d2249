import { createConnection } from 'node:net';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { Config } from '../../config';
import { createDataSource } from './data-source';
import {
  EmbeddedDatabaseInUse,
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

// Any constant shared by every process of the deployment; names the migration lock.
const MIGRATION_LOCK = 7_297_305;

function portAnswers(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = createConnection({ host: '127.0.0.1', port }, () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
    socket.setTimeout(500, () => {
      socket.destroy();
      resolve(false);
    });
  });
}

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
    await lock.query('SELECT pg_advisory_unlock($1)', [MIGRATION_LOCK]).catch(() => undefined);
    await lock.release();
  }
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
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  options: { shareRunningEmbedded?: boolean } = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const db = await createDataSource(config.databaseUrl, {
      embedded: false,
      connectTimeoutMs: config.databaseConnectTimeoutMs,
    }).initialize();
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
    if (await portAnswers(config.embeddedDbPort)) {
      throw new EmbeddedDatabaseInUse(
        `EMBEDDED_DB_PORT ${config.embeddedDbPort} is taken, but no running Kiosk has the embedded database in ` +
          `${config.dataDir} open: set EMBEDDED_DB_PORT to a free port, or DATA_DIR to the data of the Kiosk serving that port.`,
      );
    }
    server = await startEmbeddedPostgres(config.dataDir, config.embeddedDbPort);
    url = server.url;
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL (PGlite) started');
  }
  const db = await createDataSource(url, { embedded: true, connectTimeoutMs: config.databaseConnectTimeoutMs }).initialize();
  return {
    db,
    embedded: true,
    async close() {
      await db.destroy();
      await server?.stop();
    },
  };
}
