import { hash } from 'node:crypto';
import { Logger } from 'pino';
import { RateLimiterAbstract, RateLimiterMemory, RateLimiterPostgres, RateLimiterRes } from 'rate-limiter-flexible';
import { DataSource } from 'typeorm';
import { ConfigCache } from '../cache/config-cache';
import { preparedRows } from '../database/sql';
import { HttpProblem } from '../http/problem';

/**
 * One limit: at most `points` counted attempts per key in `windowSeconds`;
 * past it the key is refused for `blockSeconds` (the window's rest when 0).
 */
export interface RateRule {
  /** Stable: it prefixes the stored keys. */
  readonly name: string;
  readonly points: number;
  readonly windowSeconds: number;
  readonly blockSeconds: number;
  /** What the refusal says is limited, in plain words. */
  readonly what: string;
}

/** A rule and the key it counts (an account, a client IP, a checkout...); the key is hashed before it is stored. */
export interface RateCheck {
  readonly rule: RateRule;
  readonly key: string;
  /** The vendor whose own values of the rule apply (`vendors.rate_limits`), when it has any. */
  readonly vendorId?: string;
}

/** A vendor's own values, by rule name. */
export type VendorRateValues = Record<string, Partial<Pick<RateRule, 'points' | 'windowSeconds' | 'blockSeconds'>>>;

/** How long a process keeps a vendor's values before reading them again. */
const VENDOR_VALUES_TTL_MS = 10_000;

export class RateLimited extends HttpProblem {
  constructor(
    readonly rule: RateRule,
    retryAfterSeconds: number,
  ) {
    super(
      429,
      'RATE_LIMITED',
      `too many ${rule.what}; try again in ${retryAfterSeconds} seconds`,
      { retryAfter: retryAfterSeconds },
      { 'Retry-After': String(retryAfterSeconds) },
    );
  }
}

/**
 * The configuration cache's region of stored counts (a key's row, or none),
 * by stored key. Every count and every reset goes through this class and
 * announces its key, so a cached answer lives until the key changes: a check
 * of a key nobody failed with (every good token exchange) costs no round trip.
 */
export const RATE_LIMIT_CACHE = 'rate-limits';
const CACHED_KEYS = 50_000;

/** A key's stored count as `rate_limits` holds it: points, and when they lapse (ms since the epoch; null: never). */
interface StoredCount {
  readonly points: number;
  readonly expire: number | null;
}

/** The count as the store's own `get` would answer it at `now`: null once it has lapsed. */
function stateAt(stored: StoredCount | null, now: number): RateLimiterRes | null {
  if (!stored || (stored.expire !== null && stored.expire <= now)) return null;
  return new RateLimiterRes(0, stored.expire === null ? -1 : stored.expire - now, stored.points);
}

const retryAfterOf = (res: RateLimiterRes | Error): number =>
  res instanceof RateLimiterRes ? Math.max(1, Math.ceil(res.msBeforeNext / 1000)) : 1;

/**
 * Rate limits decided in PostgreSQL (`rate_limits`, through
 * `rate-limiter-flexible`'s PostgreSQL store), so every process of a
 * deployment counts into the same rows; each rule has an in-memory
 * "insurance" limiter that takes over while the database is away, so a
 * limit still holds per process then. Counting and checking are separate:
 * sign-in counts only failures, and a success forgets the account's count.
 */
/**
 * The pool the PostgreSQL store queries, with every statement unnamed: the
 * store names its statements, and the embedded database is one session that
 * every connection shares, where a second connection preparing the same
 * name fails. Rate-limit statements are few (failures, sign-ins), so
 * preparing them each time costs nothing that matters.
 */
function unnamedStatements(db: DataSource) {
  const pool = (db.driver as unknown as { master: { query(q: { text: string; values?: unknown[] }): Promise<unknown> } }).master;
  return { query: (q: { text: string; values?: unknown[] }) => pool.query({ text: q.text, values: q.values }) };
}

export class RateLimits {
  private readonly limiters = new Map<string, RateLimiterAbstract>();
  /** Per rule, the in-memory limiter that counts while the database is away. */
  private readonly insurance = new Map<string, RateLimiterMemory>();

  constructor(
    private readonly db: DataSource | null,
    private readonly logger: Logger,
    private readonly cache: ConfigCache | null = null,
  ) {}

  private readonly vendorValues = new Map<string, { values: VendorRateValues; until: number }>();

  /** The rule with the vendor's own values when it set any (read from `vendors.rate_limits`, kept 10 s). */
  private async ruleOf(check: RateCheck): Promise<RateRule> {
    if (!check.vendorId || !this.db) return check.rule;
    let cached = this.vendorValues.get(check.vendorId);
    if (!cached || cached.until < Date.now()) {
      const rows = (await this.db
        .query('SELECT rate_limits FROM vendors WHERE id = $1', [check.vendorId])
        .catch(() => [])) as { rate_limits: VendorRateValues | null }[];
      cached = { values: rows[0]?.rate_limits ?? {}, until: Date.now() + VENDOR_VALUES_TTL_MS };
      this.vendorValues.set(check.vendorId, cached);
    }
    const own = cached.values[check.rule.name];
    if (!own) return check.rule;
    const whole = (n: unknown, fallback: number) => (Number.isSafeInteger(n) && (n as number) >= 0 ? (n as number) : fallback);
    return {
      ...check.rule,
      points: Math.max(1, whole(own.points, check.rule.points)),
      windowSeconds: Math.max(1, whole(own.windowSeconds, check.rule.windowSeconds)),
      blockSeconds: whole(own.blockSeconds, check.rule.blockSeconds),
    };
  }

  private limiter(rule: RateRule): RateLimiterAbstract {
    // One limiter per rule and values: a vendor's own values count into the same stored rows (the key prefix is the rule's name).
    const id = RateLimits.idOf(rule);
    let found = this.limiters.get(id);
    if (!found) {
      const options = { keyPrefix: rule.name, points: rule.points, duration: rule.windowSeconds, blockDuration: rule.blockSeconds };
      const insurance = new RateLimiterMemory(options);
      this.insurance.set(id, insurance);
      found = this.db
        ? new RateLimiterPostgres({
            ...options,
            storeClient: unnamedStatements(this.db),
            storeType: 'pool',
            tableName: 'rate_limits',
            tableCreated: true,
            clearExpiredByTimeout: false,
            insuranceLimiter: insurance,
          })
        : insurance;
      this.limiters.set(id, found);
    }
    return found;
  }

  private static idOf(rule: RateRule): string {
    return `${rule.name}/${rule.points}/${rule.windowSeconds}/${rule.blockSeconds}`;
  }

  private static keyOf(check: RateCheck): string {
    // The one-shot hash: a token exchange hashes two keys, and a Hash object for each cost more than the digest.
    return hash('sha256', check.key, 'base64url');
  }

  /** Refuses (429) when any of the keys has used up its rule; counts nothing. The keys are read together. */
  async check(checks: readonly RateCheck[]): Promise<void> {
    const asked = await Promise.all(
      checks.map(async (c) => {
        const rule = await this.ruleOf(c);
        const key = RateLimits.keyOf(c);
        return { rule, key, state: await this.stateOf(rule, key) };
      }),
    );
    for (const { rule, state } of asked) {
      if (state && state.consumedPoints >= rule.points && state.msBeforeNext > 0) throw new RateLimited(rule, retryAfterOf(state));
    }
  }

  /** A key's count now: from the cache when this process has heard of no change since it read it, else from the store. */
  private async stateOf(rule: RateRule, key: string): Promise<RateLimiterRes | null> {
    const limiter = this.limiter(rule);
    const stored = limiter.getKey(key);
    try {
      const count = this.cache && this.db
        ? await this.cache.region<StoredCount | null>(RATE_LIMIT_CACHE, CACHED_KEYS).get(stored, () => this.read(stored))
        : undefined;
      return count === undefined ? await limiter.get(key) : stateAt(count, Date.now());
    } catch (error) {
      // The database is away: what this process counted meanwhile still holds.
      this.logger.warn({ err: error, rule: rule.name }, 'rate limit could not be read; using this process\'s count');
      return (await this.insurance.get(RateLimits.idOf(rule))?.get(key)) ?? null;
    }
  }

  /** The stored row of a key, lapsed or not (whether it has lapsed is decided when it is used). */
  private async read(stored: string): Promise<StoredCount | null> {
    const [row] = await preparedRows<{ points: number; expire: string | null }>(
      this.db!,
      'SELECT points, expire FROM rate_limits WHERE key = $1',
      [stored],
    );
    return row ? { points: row.points, expire: row.expire === null ? null : Number(row.expire) } : null;
  }

  /** Tells every process (and this one at once) that a key's count changed. */
  private async announce(rule: RateRule, key: string): Promise<void> {
    if (!this.cache) return;
    await this.cache
      .changed(RATE_LIMIT_CACHE, this.limiter(rule).getKey(key))
      .catch((error: unknown) => this.logger.warn({ err: error, rule: rule.name }, 'rate limit change could not be announced'));
  }

  /**
   * Counts one attempt against every key; refuses (429) when this one went
   * over a rule. Answers the rules this attempt used up (it was the last the
   * rule allows: the next is refused), so a caller can act once as a limit is reached.
   */
  async count(checks: readonly RateCheck[]): Promise<RateRule[]> {
    let refused: RateLimited | null = null;
    const usedUp: RateRule[] = [];
    for (const c of checks) {
      const rule = await this.ruleOf(c);
      const key = RateLimits.keyOf(c);
      try {
        const res = await this.limiter(rule).consume(key);
        if (res.remainingPoints === 0) usedUp.push(rule);
      } catch (outcome) {
        if (outcome instanceof RateLimiterRes) refused ??= new RateLimited(rule, retryAfterOf(outcome));
        else this.logger.warn({ err: outcome, rule: rule.name }, 'rate limit could not be counted');
      }
      await this.announce(rule, key);
    }
    if (refused) throw refused;
    return usedUp;
  }

  /** Forgets a key's count (a successful sign-in clears its failures). */
  async forget(check: RateCheck): Promise<void> {
    const rule = await this.ruleOf(check);
    const key = RateLimits.keyOf(check);
    await this.limiter(rule)
      .delete(key)
      .catch((error: unknown) => this.logger.warn({ err: error, rule: check.rule.name }, 'rate limit could not be reset'));
    await this.announce(rule, key);
  }
}
