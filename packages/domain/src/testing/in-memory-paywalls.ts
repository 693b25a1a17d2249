import {
  ContentAccessQuery,
  ContentEntitlements,
  HistoryPage,
  SavedBy,
  SavedVersion,
  VersionHistory,
  distinctReadsInWindow,
  isInWindow,
  ledgerDecision,
  mergeReads,
  Paywall,
  PaywallNotFound,
  PaywallRepository,
  PaywallSnapshot,
  ReadCountsQuery,
  ReadLedger,
  RecordedRead,
  RecordReadQuery,
  RecordReadResult,
  SignedLinkIssuer,
  SignedLinkRequest,
  Strategy,
  StrategyNotFound,
  StrategyRepository,
  StrategySnapshot,
  summariseWindow,
  WindowSummary,
  withServiceToken,
} from '../paywalls';
import { DomainEvent } from '../shared';

const key = (...parts: string[]) => parts.join('\u0000');

/** Runs updates of one key one after another, as a row lock would. */
class KeyedLocks {
  private readonly tails = new Map<string, Promise<unknown>>();
  run<T>(k: string, work: () => Promise<T>): Promise<T> {
    const run = (this.tails.get(k) ?? Promise.resolve()).then(work);
    this.tails.set(
      k,
      run.catch(() => undefined),
    );
    return run;
  }
}

/** The kept versions of one kind of aggregate, by (vendor, id). */
class InMemoryHistory<S extends { vendorId: string; id: string; version: number; modifiedAt: Date }> implements VersionHistory<S> {
  readonly saved = new Map<string, SavedVersion<S>[]>();

  keep(snapshot: S, savedBy: SavedBy | null | undefined): void {
    const k = key(snapshot.vendorId, snapshot.id);
    const list = this.saved.get(k) ?? [];
    list.push({ version: snapshot.version, savedAt: snapshot.modifiedAt, savedBy: savedBy ?? null, snapshot: structuredClone(snapshot) });
    this.saved.set(k, list);
  }

  async versions(vendorId: string, id: string, page: HistoryPage): Promise<SavedVersion<S>[]> {
    const list = [...(this.saved.get(key(vendorId, id)) ?? [])].sort((a, b) => b.version - a.version);
    return structuredClone(list.slice(page.offset, page.offset + page.limit));
  }

  async version(vendorId: string, id: string, version: number): Promise<SavedVersion<S> | null> {
    const found = (this.saved.get(key(vendorId, id)) ?? []).find((v) => v.version === version);
    return found ? structuredClone(found) : null;
  }
}

/** Paywalls kept as snapshots, so a failed `update` leaves nothing behind; every saved version is kept too. */
export class InMemoryPaywallRepository implements PaywallRepository, VersionHistory<PaywallSnapshot> {
  readonly rows = new Map<string, PaywallSnapshot>();
  readonly outbox: DomainEvent[] = [];
  readonly history = new InMemoryHistory<PaywallSnapshot>();
  private readonly locks = new KeyedLocks();

  versions = (vendorId: string, id: string, page: HistoryPage) => this.history.versions(vendorId, id, page);
  version = (vendorId: string, id: string, version: number) => this.history.version(vendorId, id, version);

  async add(paywall: Paywall, savedBy?: SavedBy | null): Promise<boolean> {
    const k = key(paywall.vendorId, paywall.id);
    if (this.rows.has(k)) return false;
    this.rows.set(k, paywall.toSnapshot());
    this.history.keep(paywall.toSnapshot(), savedBy);
    this.outbox.push(...paywall.pullEvents());
    return true;
  }

  async find(vendorId: string, paywallId: string): Promise<Paywall | null> {
    const row = this.rows.get(key(vendorId, paywallId));
    return row ? Paywall.fromSnapshot(row) : null;
  }

  update<T>(vendorId: string, paywallId: string, fn: (paywall: Paywall) => T | Promise<T>, savedBy?: SavedBy | null): Promise<T> {
    const k = key(vendorId, paywallId);
    return this.locks.run(k, async () => {
      const row = this.rows.get(k);
      if (!row) throw new PaywallNotFound(paywallId);
      const paywall = Paywall.fromSnapshot(row);
      const result = await fn(paywall);
      this.rows.set(k, paywall.toSnapshot());
      if (paywall.version > row.version) this.history.keep(paywall.toSnapshot(), savedBy);
      this.outbox.push(...paywall.pullEvents());
      return result;
    });
  }

  async list(vendorId: string): Promise<Paywall[]> {
    return [...this.rows.values()]
      .filter((r) => r.vendorId === vendorId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((r) => Paywall.fromSnapshot(r));
  }
}

export class InMemoryStrategyRepository implements StrategyRepository, VersionHistory<StrategySnapshot> {
  readonly rows = new Map<string, StrategySnapshot>();
  readonly outbox: DomainEvent[] = [];
  readonly history = new InMemoryHistory<StrategySnapshot>();
  private readonly locks = new KeyedLocks();

  versions = (vendorId: string, id: string, page: HistoryPage) => this.history.versions(vendorId, id, page);
  version = (vendorId: string, id: string, version: number) => this.history.version(vendorId, id, version);

  async add(strategy: Strategy, savedBy?: SavedBy | null): Promise<boolean> {
    const k = key(strategy.vendorId, strategy.id);
    if (this.rows.has(k)) return false;
    this.rows.set(k, strategy.toSnapshot());
    this.history.keep(strategy.toSnapshot(), savedBy);
    this.outbox.push(...strategy.pullEvents());
    return true;
  }

  async find(vendorId: string, strategyId: string): Promise<Strategy | null> {
    const row = this.rows.get(key(vendorId, strategyId));
    return row ? Strategy.fromSnapshot(row) : null;
  }

  update<T>(vendorId: string, strategyId: string, fn: (strategy: Strategy) => T | Promise<T>, savedBy?: SavedBy | null): Promise<T> {
    const k = key(vendorId, strategyId);
    return this.locks.run(k, async () => {
      const row = this.rows.get(k);
      if (!row) throw new StrategyNotFound(strategyId);
      const strategy = Strategy.fromSnapshot(row);
      const result = await fn(strategy);
      this.rows.set(k, strategy.toSnapshot());
      if (strategy.version > row.version) this.history.keep(strategy.toSnapshot(), savedBy);
      this.outbox.push(...strategy.pullEvents());
      return result;
    });
  }

  async list(vendorId: string): Promise<Strategy[]> {
    return [...this.rows.values()]
      .filter((r) => r.vendorId === vendorId)
      .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id))
      .map((r) => Strategy.fromSnapshot(r));
  }
}

interface LedgerRow {
  readonly vendorId: string;
  readonly paywallId: string;
  readonly readerKey: string;
  reads: RecordedRead[];
}

/**
 * Reads per (vendor, paywall, reader). Each call decides and writes with no
 * await in between, so it is one atomic step, as the contract of ReadLedger
 * asks; the decision is `ledgerDecision`, the rule SQL adapters mirror.
 */
export class InMemoryReadLedger implements ReadLedger {
  readonly rows = new Map<string, LedgerRow>();

  async recordReadIfAllowed(query: RecordReadQuery): Promise<RecordReadResult> {
    const row = this.row(query.vendorId, query.paywallId, query.readerKey);
    const result = ledgerDecision({ ...query, reads: row.reads });
    if (result.outcome === 'recorded') row.reads.push({ contentId: query.contentId, readAt: query.now });
    return result;
  }

  async readsInWindow(query: { vendorId: string; paywallId: string; readerKey: string; windowStart: Date }): Promise<RecordedRead[]> {
    const row = this.rows.get(key(query.vendorId, query.paywallId, query.readerKey));
    return (row?.reads ?? []).filter((r) => isInWindow(r, query.windowStart)).map((r) => ({ ...r }));
  }

  async oldestReadInWindow(query: { vendorId: string; paywallId: string; readerKey: string; windowStart: Date }): Promise<Date | null> {
    const times = (await this.readsInWindow(query)).map((r) => r.readAt.getTime());
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  }

  async windowSummary(query: Omit<RecordReadQuery, 'now'>): Promise<WindowSummary> {
    const row = this.rows.get(key(query.vendorId, query.paywallId, query.readerKey));
    return summariseWindow(row?.reads ?? [], query.contentId, query.windowStart, query.limit);
  }

  async readCounts(query: ReadCountsQuery): Promise<{ daily: number; weekly: number }> {
    const reads = [...this.rows.values()]
      .filter((r) => r.vendorId === query.vendorId && r.readerKey === query.readerKey)
      .flatMap((r) => r.reads);
    return { daily: distinctReadsInWindow(reads, query.dailySince).size, weekly: distinctReadsInWindow(reads, query.weeklySince).size };
  }

  async mergeReader(query: { vendorId: string; from: string; into: string }): Promise<void> {
    const sources = [...this.rows.values()].filter((r) => r.vendorId === query.vendorId && r.readerKey === query.from);
    for (const source of sources) {
      const target = this.row(query.vendorId, source.paywallId, query.into);
      target.reads = mergeReads(target.reads, source.reads);
    }
  }

  /** Puts reads in place directly, for tests that start from a history. */
  seed(vendorId: string, paywallId: string, readerKey: string, reads: RecordedRead[]): void {
    this.row(vendorId, paywallId, readerKey).reads.push(...reads);
  }

  private row(vendorId: string, paywallId: string, readerKey: string): LedgerRow {
    const k = key(vendorId, paywallId, readerKey);
    let row = this.rows.get(k);
    if (!row) {
      row = { vendorId, paywallId, readerKey, reads: [] };
      this.rows.set(k, row);
    }
    return row;
  }
}

/** Entitlements as a set of (vendor, user, content or sku) the test grants. */
export class InMemoryContentEntitlements implements ContentEntitlements {
  private readonly granted = new Set<string>();
  readonly asked: ContentAccessQuery[] = [];

  grant(vendorId: string, userId: string, publisherContentId: string): void {
    this.granted.add(key(vendorId, userId, publisherContentId));
  }

  /** An entitlement for a product (what a subscription grants). */
  grantSku(vendorId: string, userId: string, sku: string): void {
    this.granted.add(key(vendorId, userId, `sku:${sku}`));
  }

  async hasAccess(query: ContentAccessQuery): Promise<boolean> {
    this.asked.push(query);
    return (
      this.granted.has(key(query.vendorId, query.userId, query.publisherContentId)) ||
      (query.skus ?? []).some((sku) => this.granted.has(key(query.vendorId, query.userId, `sku:${sku}`)))
    );
  }
}

/** A link issuer that signs nothing: tokens are `test-token-<n>`; every request is kept for assertions. */
export class FakeSignedLinkIssuer implements SignedLinkIssuer {
  readonly issued: SignedLinkRequest[] = [];

  async issue(request: SignedLinkRequest): Promise<string> {
    this.issued.push(request);
    return withServiceToken(request.url, `test-token-${this.issued.length}`);
  }
}
