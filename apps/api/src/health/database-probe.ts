import { ClientBase, Pool } from 'pg';

/**
 * Asks the database whether it answers, on a connection of its own.
 *
 * Not through the service's pool: under load every pooled connection can be
 * busy, and a check queued behind the requests would fail although the
 * database answers. On PGlite the pool holds one connection, so a burst of
 * requests was enough (the outage test saw it); on PostgreSQL a load spike
 * would have taken every process out of the load balancer at once, a 503
 * for everybody instead of slower answers.
 *
 * The connection stays open while checks keep coming (a load balancer asks
 * every half second) and closes itself after `IDLE_CLOSE_MS` without one; an
 * idle connection does not keep the process alive. Checks asked while one is
 * on its way share its answer, so a flood of `/readyz` costs one query.
 */
export class DatabaseProbe {
  private static readonly IDLE_CLOSE_MS = 5_000;
  private readonly pool: Pool;
  private pending: Promise<void> | undefined;

  constructor(
    url: string,
    private readonly timeoutMs: number,
  ) {
    this.pool = new Pool({
      connectionString: url,
      max: 1,
      connectionTimeoutMillis: timeoutMs,
      // A query the database never answers (a link cut without a reset) ends its client, so the next check connects anew.
      query_timeout: timeoutMs,
      idleTimeoutMillis: DatabaseProbe.IDLE_CLOSE_MS,
      allowExitOnIdle: true,
      keepAlive: true,
      application_name: 'kiosk-readiness',
      // A client the database ends while idle reports here; the next check finds out for itself.
      onConnect: (client: ClientBase) => void client.on('error', () => undefined),
    });
    this.pool.on('error', () => undefined);
  }

  /** Resolves when the database answered `SELECT 1` within the timeout, rejects with why not. */
  check(): Promise<void> {
    this.pending ??= this.ask().finally(() => {
      this.pending = undefined;
    });
    return this.pending;
  }

  async close(): Promise<void> {
    await this.pool.end();
  }

  private async ask(): Promise<void> {
    let timer: NodeJS.Timeout | undefined;
    // Connecting and asking together stay within the timeout (each alone has it as its own bound).
    const late = new Promise<never>((_resolve, reject) => {
      timer = setTimeout(() => reject(new Error(`the database did not answer within ${this.timeoutMs} ms`)), this.timeoutMs);
    });
    try {
      await Promise.race([this.pool.query('SELECT 1'), late]);
    } finally {
      clearTimeout(timer);
    }
  }
}
