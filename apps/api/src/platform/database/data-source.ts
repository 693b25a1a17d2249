import { DataSource } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';
import { markSharedSession } from './sql';

/** How long a query waits for a pooled connection (or a new one to open) before it fails, unless configured. */
export const DEFAULT_CONNECT_TIMEOUT_MS = 5_000;

/**
 * One TypeORM data source for both databases. On PGlite the pool holds one
 * connection (it is a single session); on PostgreSQL a normal pool.
 *
 * When the database goes away, a request fails within `connectTimeoutMs`
 * instead of hanging (it then answers 503), and the pool recovers by itself:
 * `pg-pool` drops a client whose link broke (TypeORM releases it with the
 * error, and the pool checks that it is still queryable) and opens a new one
 * for the next query once the database answers again.
 */
export function createDataSource(
  url: string,
  options: { embedded: boolean; poolSize?: number; connectTimeoutMs?: number },
): DataSource {
  const db = new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    migrationsTableName: 'schema_migrations',
    synchronize: false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: {
      max: options.embedded ? 1 : (options.poolSize ?? 10),
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // TCP keep-alive notices a peer that vanished without closing the link.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
    },
  });
  return options.embedded ? markSharedSession(db) : db;
}
