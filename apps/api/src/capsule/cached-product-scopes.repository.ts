import { ProductScopeRepository, ProductScopes } from '@kiosk/domain/capsule';
import { ConfigCache } from '../platform/cache/config-cache';
import { CAPSULE_CACHE } from './capsule-cache';

/**
 * The product-scope mapping through the configuration cache: an unlock asks
 * for the mappings of the reader's skus, answered from the vendor's whole
 * mapping kept in the process (one read per vendor until it changes), so a
 * reader's unlock reads only the reader's entitlements. A `put` announces the
 * change once written; a trigger on the table announces it to the other
 * processes (and a change made with `psql`) when it commits. Management's
 * `list` always reads the table.
 */
export class CachedProductScopeRepository implements ProductScopeRepository {
  constructor(
    private readonly inner: ProductScopeRepository,
    private readonly cache: ConfigCache,
  ) {}

  async put(vendorId: string, mapping: ProductScopes, at: Date): Promise<void> {
    await this.inner.put(vendorId, mapping, at);
    await this.cache.changed(CAPSULE_CACHE.productScopes, vendorId);
  }

  list(vendorId: string): Promise<ProductScopes[]> {
    return this.inner.list(vendorId);
  }

  async forSkus(vendorId: string, skus: readonly string[]): Promise<ProductScopes[]> {
    if (skus.length === 0) return [];
    const mapping = await this.cache
      .region<ReadonlyMap<string, ProductScopes>>(CAPSULE_CACHE.productScopes)
      .get(vendorId, async () => new Map((await this.inner.list(vendorId)).map((m) => [m.sku, m])));
    return [...new Set(skus)]
      .sort()
      .flatMap((sku) => {
        const found = mapping.get(sku);
        return found ? [{ sku, scopes: [...found.scopes] }] : [];
      });
  }
}
