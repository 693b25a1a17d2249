import { performance } from 'node:perf_hooks';
import { Paywall, PaywallRepository, Strategy, StrategyRepository } from '@kiosk/domain/paywalls';

/** Repositories that can answer a row's version alone, cheaply. */
export interface Versioned {
  version(vendorId: string, id: string): Promise<number | null>;
}

const MAX_ENTRIES = 2_000;

/**
 * A small per-process cache of strategies and paywalls keyed by
 * (vendor, id, version). Every lookup still asks the database for the
 * current version (one indexed primary-key read), so a change made by any
 * process is seen at once; a hit only saves loading and decoding the
 * snapshot. Entries beyond the bound are dropped oldest first.
 */
export class VersionedCache<T extends { version: number }> {
  private readonly entries = new Map<string, T>();

  get(vendorId: string, id: string, version: number): T | null {
    const entry = this.entries.get(`${vendorId}\u0000${id}`);
    return entry && entry.version === version ? entry : null;
  }

  put(vendorId: string, id: string, value: T): void {
    const key = `${vendorId}\u0000${id}`;
    this.entries.delete(key);
    this.entries.set(key, value);
    if (this.entries.size > MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value as string);
  }
}

/** What one evaluation learnt about the caches and the time spent fetching paywalls. */
export class ExecutionProbe {
  flowHit = true;
  paywallHit = true;
  paywallFetchMs = 0;
  private flowSeen = false;
  private paywallSeen = false;

  recordFlow(hit: boolean): void {
    this.flowHit = this.flowSeen ? this.flowHit && hit : hit;
    this.flowSeen = true;
  }

  recordPaywall(hit: boolean, ms: number): void {
    this.paywallHit = this.paywallSeen ? this.paywallHit && hit : hit;
    this.paywallSeen = true;
    this.paywallFetchMs += ms;
  }
}

/** The strategy lookup of one evaluation, through the cache. */
export class CachedStrategies implements Pick<StrategyRepository, 'find'> {
  constructor(
    private readonly repo: Pick<StrategyRepository, 'find'> & Versioned,
    private readonly cache: VersionedCache<Strategy>,
    private readonly probe: ExecutionProbe,
  ) {}

  async find(vendorId: string, strategyId: string): Promise<Strategy | null> {
    const version = await this.repo.version(vendorId, strategyId);
    if (version === null) return null;
    const cached = this.cache.get(vendorId, strategyId, version);
    this.probe.recordFlow(cached !== null);
    if (cached) return cached;
    const strategy = await this.repo.find(vendorId, strategyId);
    if (strategy) this.cache.put(vendorId, strategyId, strategy);
    return strategy;
  }
}

/** The paywall lookups of one evaluation, through the cache, timed. */
export class CachedPaywalls implements Pick<PaywallRepository, 'find'> {
  constructor(
    private readonly repo: Pick<PaywallRepository, 'find'> & Versioned,
    private readonly cache: VersionedCache<Paywall>,
    private readonly probe: ExecutionProbe,
  ) {}

  async find(vendorId: string, paywallId: string): Promise<Paywall | null> {
    const started = performance.now();
    const version = await this.repo.version(vendorId, paywallId);
    let paywall: Paywall | null = null;
    let hit = false;
    if (version !== null) {
      paywall = this.cache.get(vendorId, paywallId, version);
      hit = paywall !== null;
      if (!paywall) {
        paywall = await this.repo.find(vendorId, paywallId);
        if (paywall) this.cache.put(vendorId, paywallId, paywall);
      }
    }
    this.probe.recordPaywall(hit, performance.now() - started);
    return paywall;
  }
}
