import { createHash, randomUUID } from 'node:crypto';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { isDatabaseUnavailable } from '../database/errors';
import { sqlRows } from '../database/sql';

export type IdempotencyOutcome =
  | { kind: 'first'; attempt: string }
  | { kind: 'replay'; status: number; headers: Record<string, string>; body: string }
  | { kind: 'in_progress'; retryAfterSeconds: number }
  /** An attempt committed its write but no answer was stored: the work is not done again. */
  | { kind: 'written' }
  | { kind: 'different_request' };

/** Keys are kept this long; a retry after that is a new request. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** How long a claim holds unless configured (`IDEMPOTENCY_LEASE_SECONDS`). */
export const DEFAULT_IDEMPOTENCY_LEASE_SECONDS = 30;

export const requestHash = (method: string, path: string, body: unknown) =>
  createHash('sha256').update(`${method} ${path}\n${JSON.stringify(body ?? null)}`).digest('base64url');

export interface IdempotencyStoreOptions {
  /** How long a claim holds; a retry after that takes the key over (its first attempt is presumed dead). */
  leaseSeconds?: number;
  /** How often a finish or release that failed (database away) is tried again, in the background. */
  retryMs?: number;
  /** How long such a finish or release keeps being tried before it is given up (the lease covers the rest). */
  giveUpMs?: number;
  logger?: Pick<Logger, 'warn'>;
}

/**
 * A scope is `<vendorId>:<caller>`: keys are per caller of a vendor. Its
 * vendor part is kept in `vendor_id` too, so the table keys by vendor first
 * like every vendor table (docs/operations.md, growing past one database).
 */
export function vendorOfScope(scope: string): string {
  const vendorId = scope.split(':', 1)[0];
  if (!vendorId || vendorId === scope) throw new Error(`an idempotency scope starts with its vendor: "<vendorId>:<caller>", got "${scope}"`);
  return vendorId;
}

/**
 * The first answer to a request made with an `Idempotency-Key`, per caller.
 *
 * The claim is one INSERT ... ON CONFLICT, so of two identical requests
 * racing, one does the work and the other is told it is in progress. A claim
 * is a lease (`locked_until`): an attempt that died with its process or its
 * database cannot hold the key for a day; once the lease lapses the same
 * request takes the key over and does the work. Each claim is named
 * (`attempt`), so only the attempt holding the key finishes or releases it.
 *
 * Finishing (storing the answer) and releasing (forgetting a failed attempt)
 * are tried at once and, when the database is away, again in the background
 * until it answers: a key whose attempt failed with the database is free as
 * soon as the database is back, not only when the lease lapses.
 */
export class IdempotencyStore {
  private readonly leaseMs: number;
  private readonly retryMs: number;
  private readonly giveUpMs: number;
  private readonly retrying = new Set<NodeJS.Timeout>();
  private unsettled = 0;
  private closed = false;

  constructor(
    private readonly db: DataSource,
    options: IdempotencyStoreOptions = {},
  ) {
    this.leaseMs = (options.leaseSeconds ?? DEFAULT_IDEMPOTENCY_LEASE_SECONDS) * 1000;
    this.retryMs = options.retryMs ?? 500;
    this.giveUpMs = options.giveUpMs ?? 10 * 60_000;
    this.logger = options.logger;
  }

  private readonly logger: Pick<Logger, 'warn'> | undefined;

  async begin(scope: string, key: string, hash: string, now: Date): Promise<IdempotencyOutcome> {
    const vendorId = vendorOfScope(scope);
    const expired = new Date(now.getTime() - IDEMPOTENCY_TTL_HOURS * 3_600_000);
    await sqlRows(this.db, `DELETE FROM idempotency_keys WHERE vendor_id = $4 AND scope = $1 AND key = $2 AND created_at < $3`, [
      scope,
      key,
      expired,
      vendorId,
    ]);
    const attempt = randomUUID();
    // A new key is claimed; an unfinished one whose lease lapsed is taken over by the same request.
    const claimed = await sqlRows(
      this.db,
      `INSERT INTO idempotency_keys AS k (scope, key, request_hash, created_at, locked_until, attempt, vendor_id)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (vendor_id, scope, key) DO UPDATE SET locked_until = EXCLUDED.locked_until, attempt = EXCLUDED.attempt
        WHERE k.status IS NULL AND k.written_at IS NULL AND k.request_hash = EXCLUDED.request_hash
          AND (k.locked_until IS NULL OR k.locked_until <= $4)
       RETURNING key`,
      [scope, key, hash, now, new Date(now.getTime() + this.leaseMs), attempt, vendorId],
    );
    if (claimed.length === 1) return { kind: 'first', attempt };
    const [row] = await sqlRows<{
      request_hash: string;
      status: number | null;
      headers: Record<string, string>;
      body: string;
      locked_until: Date | null;
      written_at: Date | null;
    }>(this.db, `SELECT request_hash, status, headers, body, locked_until, written_at FROM idempotency_keys WHERE vendor_id = $3 AND scope = $1 AND key = $2`, [
      scope,
      key,
      vendorId,
    ]);
    if (!row) return this.begin(scope, key, hash, now); // released meanwhile
    if (row.request_hash !== hash) return { kind: 'different_request' };
    if (row.status === null && row.written_at !== null) {
      // Written, unanswered: its attempt may still be answering until its lease lapses; after that it never will.
      const left = row.locked_until ? new Date(row.locked_until).getTime() - now.getTime() : 0;
      return left > 0 ? { kind: 'in_progress', retryAfterSeconds: Math.ceil(left / 1000) } : { kind: 'written' };
    }
    if (row.status === null) {
      const left = row.locked_until ? new Date(row.locked_until).getTime() - now.getTime() : 0;
      return { kind: 'in_progress', retryAfterSeconds: Math.max(1, Math.ceil(left / 1000)) };
    }
    return { kind: 'replay', status: row.status, headers: row.headers ?? {}, body: row.body };
  }

  /** Stores the answer of the attempt holding the key; a retry gets it from now on. Never throws. */
  complete(scope: string, key: string, attempt: string, status: number, headers: Record<string, string>, body: string) {
    return this.settle('store the answer of', key, () =>
      sqlRows(
        this.db,
        `UPDATE idempotency_keys SET status = $4, headers = $5, body = $6, locked_until = NULL
          WHERE vendor_id = $7 AND scope = $1 AND key = $2 AND attempt = $3 AND status IS NULL`,
        [scope, key, attempt, status, JSON.stringify(headers), body, vendorOfScope(scope)],
      ),
    );
  }

  /**
   * Forgets an attempt that failed on our side, so that its retry does the
   * work -- unless the attempt's write committed (`written_at`, set in that
   * write's transaction): that key stays claimed, and a retry is told the
   * work was done instead of doing it twice. Never throws.
   */
  abandon(scope: string, key: string, attempt: string) {
    return this.settle('release', key, () =>
      sqlRows(this.db, `DELETE FROM idempotency_keys WHERE vendor_id = $4 AND scope = $1 AND key = $2 AND attempt = $3 AND status IS NULL AND written_at IS NULL`, [
        scope,
        key,
        attempt,
        vendorOfScope(scope),
      ]),
    );
  }

  /** Finishes and releases still waiting for the database (tests and shutdown read it). */
  get pending(): number {
    return this.unsettled;
  }

  /** Stops the background retries (the leases of their keys lapse by themselves). */
  close(): void {
    this.closed = true;
    for (const timer of this.retrying) clearTimeout(timer);
    this.retrying.clear();
    this.unsettled = 0;
  }

  private async settle(what: string, key: string, write: () => Promise<unknown>): Promise<void> {
    const giveUpAt = Date.now() + this.giveUpMs;
    const attempt = async (): Promise<boolean> => {
      try {
        await write();
        return true;
      } catch (error) {
        if (!isDatabaseUnavailable(error) || Date.now() >= giveUpAt) {
          this.logger?.warn({ err: error, idempotencyKey: key }, `could not ${what} an Idempotency-Key; its lease will lapse`);
          return true;
        }
        return false;
      }
    };
    if (await attempt()) return;
    this.unsettled += 1;
    const again = () => {
      const timer = setTimeout(() => {
        this.retrying.delete(timer);
        void attempt().then((done) => {
          if (!done && !this.closed) again();
          else if (this.unsettled > 0) this.unsettled -= 1;
        });
      }, this.retryMs);
      timer.unref();
      this.retrying.add(timer);
    };
    again();
  }
}
