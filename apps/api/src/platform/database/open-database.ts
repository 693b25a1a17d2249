import { createConnection } from 'node:net';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { Config } from '../../config';
import { createDataSource } from './data-source';
import { EmbeddedPostgres, startEmbeddedPostgres } from './embedded-postgres';

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
 * DATA_DIR. With `shareRunningEmbedded` (the command line) an embedded
 * database already served by a running Kiosk is used through its socket
 * rather than opened a second time.
 */
export async function openDatabase(
  config: Config,
  logger: Logger,
  options: { shareRunningEmbedded?: boolean } = {},
): Promise<Database> {
  if (config.databaseUrl) {
    const db = await createDataSource(config.databaseUrl, { embedded: false }).initialize();
    return { db, embedded: false, close: () => db.destroy() };
  }
  let server: EmbeddedPostgres | null = null;
  let url = `postgres://postgres@127.0.0.1:${config.embeddedDbPort}/postgres`;
  if (!(options.shareRunningEmbedded && (await portAnswers(config.embeddedDbPort)))) {
    server = await startEmbeddedPostgres(config.dataDir, config.embeddedDbPort);
    url = server.url;
    logger.info({ dataDir: config.dataDir }, 'embedded PostgreSQL (PGlite) started');
  }
  const db = await createDataSource(url, { embedded: true }).initialize();
  return {
    db,
    embedded: true,
    async close() {
      await db.destroy();
      await server?.stop();
    },
  };
}
