import { mkdirSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

export interface EmbeddedPostgres {
  readonly url: string;
  stop(): Promise<void>;
}

/**
 * PGlite behind its socket server, so the normal `pg` driver (and TypeORM)
 * reaches it like any PostgreSQL. It is ONE session: callers use a pool of
 * one connection and never rely on locks for correctness here.
 *
 * `dataDir` null keeps the database in memory (tests).
 */
export async function startEmbeddedPostgres(dataDir: string | null, port: number): Promise<EmbeddedPostgres> {
  if (dataDir) mkdirSync(dataDir, { recursive: true });
  const db = await PGlite.create(dataDir ?? undefined);
  const server = new PGLiteSocketServer({ db, port, host: '127.0.0.1', maxConnections: 32 });
  await server.start();
  const address = server.getServerConn(); // "127.0.0.1:<port>"
  return {
    url: `postgres://postgres@${address}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
