import { AsyncLocalStorage } from 'node:async_hooks';
import { Clock } from '@kiosk/domain';
import { DataSource } from 'typeorm';
import { CacheRegion, ConfigCache } from './cache/config-cache';
import { sqlRows } from './database/sql';
import { managerOf } from './database/transaction';

/**
 * Whose time the current work runs in. Set by the HTTP layer for the vendor
 * a request is for, and by the worker for the vendor of the job it handles;
 * `testNow` is that vendor's test-clock instant, null for a production vendor.
 */
interface VendorTime {
  readonly vendorId: string;
  readonly testNow: Date | null;
}

const current = new AsyncLocalStorage<VendorTime>();

/** Runs `work` in a vendor's time; `testNow` is its test clock's instant (null: the system clock). */
export function runInVendorTime<T>(vendorId: string, testNow: Date | null, work: () => T): T {
  return current.run({ vendorId, testNow: testNow ? new Date(testNow) : null }, work);
}

/**
 * The underlying (process) time, even inside a vendor's time: leases, lock
 * expiries and retry back-offs are about processes, not a vendor's business.
 */
export const processNow = (clock: Clock): Date =>
  // The container's clock answers its underlying clock directly: leaving the store (`exit`) switches Node 20's
  // async hooks off and on again when it is the only store in use, on every bearer-verified request.
  clock instanceof VendorTimeClock ? clock.underlying.now() : current.exit(() => clock.now());

/** The vendor the current work runs for, if any. */
export const currentVendorOfTime = (): string | undefined => current.getStore()?.vendorId;

/**
 * The one `Clock` the container binds: inside a test vendor's time it answers
 * that vendor's frozen test-clock instant, everywhere else the underlying
 * clock (the system clock, or the fake clock tests put in its place). Its
 * `now()` stays synchronous because the instant was loaded when the vendor's
 * time was entered.
 */
export class VendorTimeClock implements Clock {
  constructor(readonly underlying: Clock) {}

  now(): Date {
    const testNow = current.getStore()?.testNow;
    return testNow ? new Date(testNow) : this.underlying.now();
  }
}

/**
 * SQL for "the vendor's now": joined as `LEFT JOIN vendor_test_clocks <alias>`,
 * a due-job query compares with `COALESCE(<alias>.frozen_time, $now)`, so a
 * test vendor's job falls due when its clock passes the due time.
 */
export const vendorNowSql = (alias: string, nowParameter: string) => `COALESCE(${alias}.frozen_time, ${nowParameter})`;

/** Routes of the identity part (sign-in, tokens, sessions) keep the system clock: tokens are verified before a vendor's time is known. */
const SYSTEM_TIME_PATHS = /^\/(auth|oidc|t|oauth|\.well-known)(\/|$)/;
const VENDOR_ID = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;

/**
 * The vendor whose time a request runs in: the caller's vendor, else the
 * `{vendorId}` of the path (capsule unlock, hosted checkout); none for
 * identity routes.
 */
export function vendorOfRequest(path: string, principal: { vendorId: string } | undefined, params: Record<string, string>): string | undefined {
  if (SYSTEM_TIME_PATHS.test(path)) return undefined;
  const vendorId = principal?.vendorId ?? params.vendorId;
  return typeof vendorId === 'string' && VENDOR_ID.test(vendorId) ? vendorId : undefined;
}

/** The cache region of test-clock instants; the catalog announces every move of a clock on it. */
export const TEST_CLOCK_CACHE_REGION = 'test-clocks';

/**
 * Loads a vendor's test-clock instant (cached per process, invalidated with
 * the configuration cache's LISTEN/NOTIFY when a clock moves) and runs work
 * in that vendor's time.
 */
export class VendorTimeScope {
  private readonly instants: CacheRegion<Date | null>;

  constructor(
    private readonly db: DataSource,
    cache: ConfigCache,
  ) {
    this.instants = cache.region<Date | null>(TEST_CLOCK_CACHE_REGION);
  }

  /** The vendor's test-clock instant, null for a production (or unknown) vendor. */
  instantOf(vendorId: string): Promise<Date | null> {
    return this.instants.get(vendorId, async () => {
      const [row] = await sqlRows<{ frozen_time: Date }>(managerOf(this.db), `SELECT frozen_time FROM vendor_test_clocks WHERE vendor_id = $1`, [vendorId]);
      return row ? new Date(row.frozen_time) : null;
    });
  }

  async enter<T>(vendorId: string, work: () => Promise<T>): Promise<T> {
    return runInVendorTime(vendorId, await this.instantOf(vendorId), work);
  }
}

/**
 * Time-driven work of one vendor, multi-bound as `TOKENS.VendorTimedWork`
 * (the contracts' timed moves, the outbox): what advancing a test clock runs
 * at each instant something fell due.
 */
export interface VendorTimedWork {
  readonly name: string;
  /** The earliest instant after `after` (any, when null) and not after `until` at which the vendor has work due. */
  nextDueAt(vendorId: string, after: Date | null, until: Date): Promise<Date | null>;
  /** Runs the vendor's work due now (the caller has entered the vendor's time); answers how much it did. */
  runDue(vendorId: string): Promise<number>;
}
