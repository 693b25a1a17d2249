import type { Client } from 'pg';
import { DataSource } from 'typeorm';
import { IdempotencyWrittenMarker } from '../idempotency/written-marker';
import { ENTITIES } from './entities';
import { HeldWritesFlusher } from './held-writes';
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
 *
 * Every pooled client gets an error listener of its own when it connects
 * (`onConnect`), and the pool one too: a client that the server ends
 * (`57P01` when PostgreSQL stops, `pg_terminate_backend`, a cut link) while
 * it is out of the pool and idle -- between pg-pool's listener and TypeORM's
 * -- would otherwise emit an `error` event nobody hears, which ends the
 * process. Losing the database is a 503, never an exit (DESIGN section 6).
 */
export function createDataSource(
  url: string,
  options: {
    embedded: boolean;
    poolSize?: number;
    connectTimeoutMs?: number;
    /** Told of a connection the database ended or lost (the requests on it answer 503 by themselves). */
    onConnectionError?: (error: Error) => void;
  },
): DataSource {
  const heard = options.onConnectionError ?? (() => undefined);
  const db = new DataSource({
    type: 'postgres',
    url,
    entities: ENTITIES,
    migrations: MIGRATIONS,
    // Marks an Idempotency-Key written inside the transaction that writes (issue 29); runs writes held until a
    // transaction's last statement before any other of its statements (held-writes.ts).
    subscribers: [IdempotencyWrittenMarker, HeldWritesFlusher],
    migrationsTableName: 'schema_migrations',
    // The pool passes on an idle client's error, which that client's own listener (below) has heard already.
    poolErrorHandler: () => undefined,
    synchronize: false,
    uuidExtension: 'pgcrypto',
    installExtensions: false,
    extra: {
      max: options.embedded ? 1 : (options.poolSize ?? 10),
      connectionTimeoutMillis: options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT_MS,
      // TCP keep-alive notices a peer that vanished without closing the link.
      keepAlive: true,
      keepAliveInitialDelayMillis: 10_000,
      // pg-pool calls this for each new client before anyone uses it.
      onConnect: (client: Client) => {
        client.on('error', heard);
      },
    },
  });
  return options.embedded ? markSharedSession(db) : db;
}
