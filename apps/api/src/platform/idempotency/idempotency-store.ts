import { createHash } from 'node:crypto';
import { DataSource } from 'typeorm';
import { sqlRows } from '../database/sql';

export type IdempotencyOutcome =
  | { kind: 'first' }
  | { kind: 'replay'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'in_progress' }
  | { kind: 'different_request' };

/** Keys are kept this long; a retry after that is a new request. */
export const IDEMPOTENCY_TTL_HOURS = 24;

export const requestHash = (method: string, path: string, body: unknown) =>
  createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest('base64url');

/**
 * The first answer to a request made with an `Idempotency-Key`, per caller.
 * The claim is one INSERT ... ON CONFLICT DO NOTHING, so of two identical
 * requests racing, one does the work and the other is told it is in progress.
 */
export class IdempotencyStore {
  constructor(private readonly db: DataSource) {}

  async begin(scope: string, key: string, hash: string, now: Date): Promise<IdempotencyOutcome> {
    const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3_600_000);
    await sqlRows(this.db, `DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2 AND created_at < $3`, [
      scope,
      key,
      expired,
    ]);
    const claimed = await sqlRows(
      this.db,
      `INSERT INTO idempotency_keys (scope, key, request_hash, created_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (scope, key) DO NOTHING RETURNING key`,
      [scope, key, hash, now],
    );
    if (claimed.length === 1) return { kind: 'first' };
    const [row] = await sqlRows<{ request_hash: string; status: number | null; headers: Record<string, string>; body: string }>(
      this.db,
      `SELECT request_hash, status, headers, body FROM idempotency_keys WHERE scope = $1 AND key = $2`,
      [scope, key],
    );
    if (!row) return this.begin(scope, key, hash, now); // finished and removed meanwhile
    if (row.request_hash !== hash) return { kind: 'different_request' };
    if (row.status === null) return { kind: 'in_progress' };
    return { kind: 'replay', status: row.status, headers: row.headers ?? {}, body: row.body };
  }

  async complete(scope: string, key: string, status: number, headers: Record<string, string>, body: string) {
    await sqlRows(this.db, `UPDATE idempotency_keys SET status = $3, headers = $4, body = $5 WHERE scope = $1 AND key = $2`, [
      scope,
      key,
      status,
      JSON.stringify(headers),
      body,
    ]);
  }

  /** Forgets a request that failed on our side, so that its retry does the work. */
  async abandon(scope: string, key: string) {
    await sqlRows(this.db, `DELETE FROM idempotency_keys WHERE scope = $1 AND key = $2`, [scope, key]);
  }
}
