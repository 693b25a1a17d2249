import { Client } from 'pg';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions';
import { ENTITLEMENT_GRANTED_CHANNEL } from './typeorm-entitlements.repository';
import { sqlRows } from '../platform/database/sql';

export interface EntitlementWaitSettings {
  /** Re-check interval on PGlite, where a notification reaches only its sender. */
  readonly pollMs: number;
  /** Re-check interval while listening, in case a notification was lost with a connection. */
  readonly safetyPollMs: number;
  /** Waiting requests one process holds at most; beyond it a request answers at once. */
  readonly maxWaiters: number;
}

/** How long the LISTEN connection stays open after the last waiter left. */
const LINGER_MS = 30_000;

/** First wait before a lost LISTEN connection is opened again while requests wait; doubled after each failure up to the last. */
const REOPEN_FIRST_MS = 250;
const REOPEN_MAX_MS = 10_000;

interface Signal {
  readonly promise: Promise<void>;
  cancel(): void;
}

/**
 * Holds `GET /entitlements?wait-for-entitlement-after=` until the awaited
 * entitlement exists. On PostgreSQL a dedicated connection LISTENs on the
 * channel every grant notifies (`pg_notify` in the grant's transaction), so
 * a grant made by any process wakes the waiting request at once. On PGlite
 * (one session: a notification goes back to its sender) the request
 * re-checks every `pollMs`. Either way the check is the database query; a
 * notification only says when to look again.
 */
export class EntitlementWaiter {
  private mode: Promise<'listen' | 'poll'> | null = null;
  private client: Client | null = null;
  private readonly waiters = new Map<string, Set<() => void>>();
  private active = 0;
  private lingerTimer: NodeJS.Timeout | null = null;
  private reopenTimer: NodeJS.Timeout | null = null;
  private reopenMs = REOPEN_FIRST_MS;

  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
    private readonly settings: EntitlementWaitSettings,
  ) {}

  /**
   * Resolves when `found()` answers true, or when `maxMs` has passed. A
   * notification for `<vendorId>:<userId>` makes it check again at once.
   */
  async waitFor(vendorId: string, userId: string, maxMs: number, found: () => Promise<boolean>): Promise<void> {
    if (this.active >= this.settings.maxWaiters) return;
    this.active += 1;
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    try {
      if ((await this.ensureMode()) === 'listen') await this.listen();
      const key = `${vendorId}:${userId}`;
      const deadline = Date.now() + maxMs;
      for (;;) {
        // Subscribed before the check, so a grant that lands during the check is not missed.
        const signal = this.subscribe(key);
        try {
          if (await found()) return;
          const remaining = deadline - Date.now();
          if (remaining <= 0) return;
          // Polled often while the LISTEN connection is down (it is being reopened), seldom while it is up.
          const interval = this.client ? this.settings.safetyPollMs : this.settings.pollMs;
          await Promise.race([signal.promise, delay(Math.min(remaining, interval))]);
        } finally {
          signal.cancel();
        }
      }
    } finally {
      this.active -= 1;
      if (this.active === 0) this.scheduleClose();
    }
  }

  /** Closes the LISTEN connection (process shutdown, tests). */
  async close(): Promise<void> {
    if (this.lingerTimer) clearTimeout(this.lingerTimer);
    this.lingerTimer = null;
    if (this.reopenTimer) clearTimeout(this.reopenTimer);
    this.reopenTimer = null;
    const client = this.client;
    this.client = null;
    await client?.end().catch(() => undefined);
  }

  private ensureMode(): Promise<'listen' | 'poll'> {
    this.mode ??= sqlRows<{ version: string }>(this.db, 'SELECT version() AS version').then(
      ([row]) => (/PGlite|emscripten/i.test(row?.version ?? '') ? 'poll' : 'listen'),
      () => 'poll' as const,
    );
    return this.mode;
  }

  private subscribe(key: string): Signal {
    let wake!: () => void;
    const promise = new Promise<void>((resolve) => (wake = resolve));
    const set = this.waiters.get(key) ?? new Set();
    set.add(wake);
    this.waiters.set(key, set);
    return {
      promise,
      cancel: () => {
        set.delete(wake);
        if (set.size === 0) this.waiters.delete(key);
      },
    };
  }

  private wake(key: string): void {
    for (const wake of this.waiters.get(key) ?? []) wake();
  }

  /** Opens the LISTEN connection if needed; false (and polling) when it cannot be opened. */
  private async listen(): Promise<boolean> {
    if (this.client) return true;
    const url = (this.db.options as PostgresDataSourceOptions).url;
    if (!url) return false;
    const client = new Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel === ENTITLEMENT_GRANTED_CHANNEL && message.payload) this.wake(message.payload);
    });
    client.on('error', (error) => {
      if (this.client !== client) return;
      this.logger.warn({ err: error }, 'entitlement LISTEN connection failed; waiting requests poll until it reopens');
      this.client = null;
      void client.end().catch(() => undefined);
      this.reopenWhileWaited();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${ENTITLEMENT_GRANTED_CHANNEL}`);
    } catch (error) {
      this.logger.warn({ err: error }, 'could not LISTEN for entitlement grants; polling');
      await client.end().catch(() => undefined);
      this.reopenWhileWaited();
      return false;
    }
    // The connection never keeps the process alive on its own.
    (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    if (this.client) {
      await client.end().catch(() => undefined);
      return true;
    }
    this.client = client;
    this.reopenMs = REOPEN_FIRST_MS;
    return true;
  }

  /** While requests wait, the lost LISTEN connection is opened again with backoff (it re-LISTENs); else the next waiter opens it. */
  private reopenWhileWaited(): void {
    if (this.reopenTimer || this.active === 0) return;
    const wait = this.reopenMs;
    this.reopenMs = Math.min(this.reopenMs * 2, REOPEN_MAX_MS);
    this.reopenTimer = setTimeout(() => {
      this.reopenTimer = null;
      if (this.active > 0 && !this.client) void this.listen().catch(() => undefined);
    }, wait);
    this.reopenTimer.unref();
  }

  private scheduleClose(): void {
    if (!this.client) return;
    this.lingerTimer = setTimeout(() => void this.close(), LINGER_MS);
    this.lingerTimer.unref();
  }
}

function delay(ms: number): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    timer.unref();
  });
}
