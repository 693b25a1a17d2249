import { Paywall, PaywallRepository, SavedBy, Strategy, StrategyRepository } from '@kiosk/domain/paywalls';
import { CacheRegion, ConfigCache, vendorCacheKey as cacheKey } from '../platform/cache/config-cache';

/** Cache regions of this module; a change announces (region, `<vendorId>\u001f<id>`) or the region alone. */
export const PAYWALL_CACHE = { paywalls: 'paywalls', strategies: 'paywall-strategies', linkTiers: 'paywall-link-tiers' } as const;

type Aggregate = { readonly vendorId: string; readonly id: string };
type Repository<A> = {
  add(aggregate: A, savedBy?: SavedBy | null): Promise<boolean>;
  find(vendorId: string, id: string): Promise<A | null>;
  update<T>(vendorId: string, id: string, fn: (aggregate: A) => T | Promise<T>, savedBy?: SavedBy | null): Promise<T>;
  list(vendorId: string): Promise<A[]>;
};

/**
 * A repository whose `find` answers from the process's configuration cache
 * (unknown ids too), and whose changes announce themselves: `update`
 * announces inside its transaction, so other processes drop the entry when
 * the change commits; `add` announces once the row exists. Lists always read
 * the database (management only).
 */
class CachedRepository<A extends Aggregate> {
  private readonly region: CacheRegion<A | null>;

  constructor(
    private readonly inner: Repository<A>,
    private readonly cache: ConfigCache,
    private readonly regionName: string,
  ) {
    this.region = cache.region<A | null>(regionName);
  }

  async add(aggregate: A, savedBy?: SavedBy | null): Promise<boolean> {
    const added = await this.inner.add(aggregate, savedBy);
    if (added) await this.cache.changed(this.regionName, cacheKey(aggregate.vendorId, aggregate.id));
    return added;
  }

  async find(vendorId: string, id: string): Promise<A | null> {
    return (await this.findWithHit(vendorId, id)).value;
  }

  /** `find`, and whether the cache answered without loading. */
  async findWithHit(vendorId: string, id: string): Promise<{ value: A | null; hit: boolean }> {
    let hit = true;
    const value = await this.region.get(cacheKey(vendorId, id), () => {
      hit = false;
      return this.inner.find(vendorId, id);
    });
    return { value, hit };
  }

  update<T>(vendorId: string, id: string, fn: (aggregate: A) => T | Promise<T>, savedBy?: SavedBy | null): Promise<T> {
    return this.inner.update(
      vendorId,
      id,
      async (aggregate) => {
        const result = await fn(aggregate);
        await this.cache.changed(this.regionName, cacheKey(vendorId, id));
        return result;
      },
      savedBy,
    );
  }

  list(vendorId: string): Promise<A[]> {
    return this.inner.list(vendorId);
  }
}

export class CachedPaywallRepository extends CachedRepository<Paywall> implements PaywallRepository {
  constructor(inner: PaywallRepository, cache: ConfigCache) {
    super(inner, cache, PAYWALL_CACHE.paywalls);
  }
}

export class CachedStrategyRepository extends CachedRepository<Strategy> implements StrategyRepository {
  constructor(inner: StrategyRepository, cache: ConfigCache) {
    super(inner, cache, PAYWALL_CACHE.strategies);
  }
}
