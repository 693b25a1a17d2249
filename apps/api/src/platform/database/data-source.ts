import { DataSource } from 'typeorm';
import { ENTITIES } from './entities';
import { MIGRATIONS } from './migrations';

/**
 * One TypeORM data source for both databases. On PGlite the pool holds one
 * connection (it is a single session); on PostgreSQL a normal pool.
 */
export function createDataSource(url: string, options: { embedded: boolean; poolSize?: number }): DataSource {
  return new DataSource({
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
      connectionTimeoutMillis: 10_000,
    },
  });
}
