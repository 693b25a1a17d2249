import { CapsuleKeyStore, CapsuleVendorKeys, ProductScopes, ProductScopeRepository, ShareTokenUseCounter } from '../capsule';

export class InMemoryCapsuleKeyStore implements CapsuleKeyStore {
  readonly rows = new Map<string, CapsuleVendorKeys>();
  put(keys: CapsuleVendorKeys): void {
    this.rows.set(keys.vendorId, keys);
  }
  async find(vendorId: string): Promise<CapsuleVendorKeys | null> {
    return this.rows.get(vendorId) ?? null;
  }
}

/** Single-threaded, so check-and-increment is atomic here; the database adapter needs one conditional update. */
export class InMemoryShareTokenUseCounter implements ShareTokenUseCounter {
  readonly used = new Map<string, number>();
  async consumeUse(jti: string, maxUses: number): Promise<boolean> {
    const count = this.used.get(jti) ?? 0;
    if (count >= maxUses) return false;
    this.used.set(jti, count + 1);
    return true;
  }
}

/** The vendor's product-to-scope mapping; a put replaces a product's scopes whole, an empty list removes the product. */
export class InMemoryProductScopeRepository implements ProductScopeRepository {
  readonly rows = new Map<string, ProductScopes & { vendorId: string; updatedAt: Date }>();
  async put(vendorId: string, mapping: ProductScopes, at: Date): Promise<void> {
    const k = `${vendorId}\u0000${mapping.sku}`;
    if (mapping.scopes.length === 0) this.rows.delete(k);
    else this.rows.set(k, { vendorId, sku: mapping.sku, scopes: [...mapping.scopes], updatedAt: at });
  }
  async list(vendorId: string): Promise<ProductScopes[]> {
    return [...this.rows.values()]
      .filter((m) => m.vendorId === vendorId)
      .sort((a, b) => a.sku.localeCompare(b.sku))
      .map(({ sku, scopes }) => ({ sku, scopes: [...scopes] }));
  }
  async forSkus(vendorId: string, skus: readonly string[]): Promise<ProductScopes[]> {
    return (await this.list(vendorId)).filter((m) => skus.includes(m.sku));
  }
}
