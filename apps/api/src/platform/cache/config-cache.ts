import { randomUUID } from 'node:crypto';
import { Client } from 'pg';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { PostgresDataSourceOptions } from 'typeorm/driver/postgres/PostgresDataSourceOptions';
import { sqlRows } from '../database/sql';
import { managerOf } from '../database/transaction';

/** The channel every change of cached configuration is announced on (payload `<region>\u001e<key>`, or the region alone). */
export const CONFIG_CHANGED_CHANNEL = 'kiosk_config_changed';

const SEPARATOR = '\u001e';
/** Payloads of `settled()`: heard only by the process that sent them, never a region. */
const BARRIER = '\u001dsettled\u001e';
/** First wait before the LISTEN connection is opened again; doubled after each failed try up to the last. */
const RECONNECT_FIRST_MS = 250;
const RECONNECT_MAX_MS = 10_000;
const SETTLE_TIMEOUT_MS = 5_000;

/** The usual key of an entry: a vendor's thing by its id (`<vendorId>\u001f<id>`; triggers build it with chr(31)). */
export const vendorCacheKey = (vendorId: string, id: string): string => `${vendorId}\u001f${id}`;

export interface ConfigCacheSettings {
  /** Longest life of an entry while listening (a safety net; changes are announced). */
  readonly ttlMs: number;
  /**
   * Life of an entry on PGlite, where a notification only reaches its sender:
   * changes made by this process are seen at once, changes made through the
   * embedded database's socket by another process (the command line) after
   * at most this long.
   */
  readonly localTtlMs: number;
}

export const DEFAULT_CONFIG_CACHE_SETTINGS: ConfigCacheSettings = { ttlMs: 10 * 60_000, localTtlMs: 5_000 };

type Mode = 'listening' | 'local' | 'down';

interface Entry<V> {
  readonly value: V;
  readonly expiresAt: number;
}

/** A load under way; `stale` once its key (or the region) was invalidated meanwhile. */
interface Flight<V> {
  promise: Promise<V>;
  stale: boolean;
}

/** A load that throws before it returns a promise still answers a rejected one (lookups never throw). */
function loadSafely<V>(load: () => Promise<V>): Promise<V> {
  try {
    return load();
  } catch (error) {
    return Promise.reject(error);
  }
}

/** How long an entry may live in a mode; 0 means do not cache (the LISTEN connection is down). */
function ttlIn(mode: Mode, settings: ConfigCacheSettings): number {
  if (mode === 'listening') return settings.ttlMs;
  if (mode === 'local') return settings.localTtlMs;
  return 0;
}

/**
 * One kind of cached configuration (browser clients, paywalls, ...), keyed by
 * a string the owner chooses (usually `<vendorId>\u001f<id>`). Lookups that
 * miss run `load` once for all concurrent callers; a load that started
 * before an invalidation of its key (or of the whole region) is answered but
 * not kept, so a value read just before a change never outlives the change's
 * announcement. Changes of other keys leave it alone: announcements about
 * other vendors arrive all the time and must not keep a busy key uncached.
 */
export class CacheRegion<V> {
  private readonly entries = new Map<string, Entry<V>>();
  private readonly loading = new Map<string, Flight<V>>();

  constructor(
    readonly name: string,
    private readonly owner: ConfigCache,
    private readonly maxEntries: number,
  ) {}

  get(key: string, load: () => Promise<V>): Promise<V> {
    // Once the cache's mode is known (every request after the first), a hit answers without a further await:
    // a hot request makes several lookups, and each await is a promise and a turn of the microtask queue.
    const ttl = this.owner.knownEntryTtlMs();
    return ttl === undefined ? this.owner.entryTtlMs().then((decided) => this.lookup(key, load, decided)) : this.lookup(key, load, ttl);
  }

  private lookup(key: string, load: () => Promise<V>, ttl: number): Promise<V> {
    if (ttl === 0) return loadSafely(load);
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt > Date.now()) return Promise.resolve(entry.value);
    const pending = this.loading.get(key);
    if (pending) return pending.promise;
    const flight: Flight<V> = { promise: Promise.resolve(undefined as V), stale: false };
    flight.promise = loadSafely(load).then(
      (value) => {
        if (this.loading.get(key) === flight) this.loading.delete(key);
        if (!flight.stale) this.keep(key, { value, expiresAt: Date.now() + ttl });
        return value;
      },
      (error: unknown) => {
        if (this.loading.get(key) === flight) this.loading.delete(key);
        throw error;
      },
    );
    this.loading.set(key, flight);
    return flight.promise;
  }

  /** Forgets one key, or every key of the region. */
  invalidate(key?: string): void {
    if (key === undefined) {
      for (const flight of this.loading.values()) flight.stale = true;
      this.entries.clear();
      this.loading.clear();
    } else {
      const flight = this.loading.get(key);
      if (flight) flight.stale = true;
      this.entries.delete(key);
      this.loading.delete(key);
    }
  }

  get size(): number {
    return this.entries.size;
  }

  private keep(key: string, entry: Entry<V>): void {
    this.entries.delete(key);
    this.entries.set(key, entry);
    if (this.entries.size > this.maxEntries) this.entries.delete(this.entries.keys().next().value as string);
  }
}

/**
 * Per-process cache of vendor configuration that changes rarely, invalidated
 * across processes. A change is announced with `changed(region, key)`:
 * `pg_notify` on the current transaction's connection (delivered when it
 * commits, dropped when it rolls back) and a local invalidation at once. On
 * PostgreSQL every process keeps a dedicated connection that LISTENs on
 * `kiosk_config_changed` and drops what another process changed; while that
 * connection is down nothing is cached (reads go to the database), and when
 * it is back everything is dropped, since announcements may have been missed.
 * On PGlite (one process, one session: a notification reaches only its
 * sender) invalidation is local and entries live `localTtlMs`.
 */
export class ConfigCache {
  private readonly regions = new Map<string, CacheRegion<unknown>>();
  private mode: Mode | null = null;
  private starting: Promise<void> | null = null;
  private client: Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private reconnectMs = RECONNECT_FIRST_MS;
  private closed = false;
  private readonly barriers = new Map<string, () => void>();

  constructor(
    private readonly db: DataSource,
    private readonly logger: Logger,
    private readonly settings: ConfigCacheSettings = DEFAULT_CONFIG_CACHE_SETTINGS,
  ) {}

  /** The region named `name`, made on first use. */
  region<V>(name: string, maxEntries = 10_000): CacheRegion<V> {
    let region = this.regions.get(name);
    if (!region) {
      region = new CacheRegion<unknown>(name, this, maxEntries);
      this.regions.set(name, region);
    }
    return region as CacheRegion<V>;
  }

  /**
   * Announces a change of `region` (one key, or all of it). Call it inside the
   * transaction that makes the change (`managerOf` finds it) so other
   * processes hear of it exactly when it commits.
   */
  async changed(region: string, key?: string): Promise<void> {
    this.invalidate(region, key);
    // Sent on PGlite too (where it reaches nobody): deciding the mode first could need a
    // second connection inside the caller's transaction, which deadlocks PGlite's one session.
    await sqlRows(managerOf(this.db), `SELECT pg_notify($1, $2)`, [CONFIG_CHANGED_CHANNEL, key === undefined ? region : `${region}${SEPARATOR}${key}`]);
  }

  /** How long an entry may live now; 0 means do not cache (the LISTEN connection is down). */
  async entryTtlMs(): Promise<number> {
    return ttlIn(await this.currentMode(), this.settings);
  }

  /** `entryTtlMs` when the mode is already decided (undefined before the first lookup has decided it). */
  knownEntryTtlMs(): number | undefined {
    return this.mode === null ? undefined : ttlIn(this.mode, this.settings);
  }

  /**
   * Forgets `key` (or everything) in `region` and in every region under it
   * (`capsule` reaches `capsule/service-signing-key`): a table announces its
   * changes once, and each cache of what is derived from it listens.
   */
  private invalidate(region: string, key?: string): void {
    for (const [name, cached] of this.regions) {
      if (name === region || name.startsWith(`${region}/`)) cached.invalidate(key);
    }
  }

  /**
   * Resolves once every announcement committed before the call has been heard
   * here (PostgreSQL delivers notifications in commit order): after it, no
   * late echo of an earlier change drops an entry. For tests that count a
   * warm request's statements; at once when not listening, after 5 s at most.
   */
  async settled(): Promise<void> {
    if ((await this.currentMode()) !== 'listening') return;
    const payload = `${BARRIER}${randomUUID()}`;
    let timer: NodeJS.Timeout | undefined;
    const heard = new Promise<void>((resolve) => {
      this.barriers.set(payload, resolve);
      timer = setTimeout(resolve, SETTLE_TIMEOUT_MS);
    });
    try {
      await sqlRows(this.db, `SELECT pg_notify($1, $2)`, [CONFIG_CHANGED_CHANNEL, payload]);
      await heard;
    } finally {
      clearTimeout(timer);
      this.barriers.delete(payload);
    }
  }

  /** Drops everything (tests, or after an announcement may have been lost). */
  clear(): void {
    for (const region of this.regions.values()) region.invalidate();
  }

  async close(): Promise<void> {
    this.closed = true;
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    this.reconnectTimer = null;
    const client = this.client;
    this.client = null;
    this.mode = 'down';
    await client?.end().catch(() => undefined);
  }

  private async currentMode(): Promise<Mode> {
    if (this.mode === null) {
      this.starting ??= this.start();
      await this.starting;
    }
    return this.mode ?? 'down';
  }

  private async start(): Promise<void> {
    const embedded = await sqlRows<{ version: string }>(managerOf(this.db), 'SELECT version() AS version').then(
      ([row]) => /PGlite|emscripten/i.test(row?.version ?? ''),
      () => false,
    );
    if (embedded) {
      this.mode = 'local';
      return;
    }
    await this.listen();
  }

  private async listen(): Promise<void> {
    if (this.closed) return;
    const url = (this.db.options as PostgresDataSourceOptions).url;
    if (!url) {
      this.mode = 'down';
      return;
    }
    const client = new Client({ connectionString: url });
    client.on('notification', (message) => {
      if (message.channel !== CONFIG_CHANGED_CHANNEL || !message.payload) return;
      if (message.payload.startsWith(BARRIER)) {
        this.barriers.get(message.payload)?.();
        return;
      }
      const at = message.payload.indexOf(SEPARATOR);
      this.invalidate(at < 0 ? message.payload : message.payload.slice(0, at), at < 0 ? undefined : message.payload.slice(at + 1));
    });
    client.on('error', (error) => {
      if (this.client !== client) return;
      this.logger.warn({ err: error }, 'configuration cache: LISTEN connection lost; not caching until it is back');
      this.lost();
      void client.end().catch(() => undefined);
    });
    client.on('end', () => {
      if (this.client === client) this.lost();
    });
    try {
      await client.connect();
      await client.query(`LISTEN ${CONFIG_CHANGED_CHANNEL}`);
    } catch (error) {
      this.logger.warn({ err: error }, 'configuration cache: could not LISTEN; not caching until it can');
      await client.end().catch(() => undefined);
      this.lost();
      return;
    }
    // The connection never keeps the process alive on its own.
    (client as unknown as { connection?: { stream?: { unref?: () => void } } }).connection?.stream?.unref?.();
    if (this.closed) {
      await client.end().catch(() => undefined);
      return;
    }
    this.client = client;
    // Anything cached before this point may have missed an announcement.
    this.clear();
    this.mode = 'listening';
    if (this.reconnectMs !== RECONNECT_FIRST_MS) this.logger.info('configuration cache: LISTEN connection is back; caching again');
    this.reconnectMs = RECONNECT_FIRST_MS;
  }

  private lost(): void {
    this.client = null;
    this.mode = 'down';
    this.clear();
    if (this.closed || this.reconnectTimer) return;
    // Backoff: a database that is down is not asked again and again.
    const wait = this.reconnectMs;
    this.reconnectMs = Math.min(this.reconnectMs * 2, RECONNECT_MAX_MS);
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.listen().catch((error: unknown) => {
        this.logger.warn({ err: error }, 'configuration cache: could not LISTEN; not caching until it can');
        this.lost();
      });
    }, wait);
    this.reconnectTimer.unref();
  }
}
