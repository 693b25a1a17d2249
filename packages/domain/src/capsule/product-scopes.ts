import { Entitlement, hasAccess } from '../access/entitlement';
import { ProductNotFound, ProductRepository, SKU_PATTERN } from '../catalog';
import { Clock, InvalidError } from '../shared';

// Which capsule scopes a vendor's products grant, and so which scopes a
// reader holds through the entitlements they have now.

/**
 * A scope as publishers name it in a resourceJWT's `scopes` and in key
 * entries: 1 to 64 characters, no white space or control characters. Scopes
 * are compared exactly (case included), as the unlock decision does.
 */
export const SCOPE_NAME_PATTERN = /^[^\s\p{C}]{1,64}$/u;
/** How many different scopes one product may grant. */
export const MAX_SCOPES_PER_PRODUCT = 32;

/** The scopes one product (by sku) grants its holders. */
export interface ProductScopes {
  readonly sku: string;
  readonly scopes: readonly string[];
}

export class BadScopeName extends InvalidError {
  constructor(scope: unknown) {
    super('CAPSULE.BAD_SCOPE', 'a scope is 1 to 64 characters without white space or control characters', {
      scope: typeof scope === 'string' ? scope.slice(0, 100) : null,
    });
  }
}

export class TooManyScopes extends InvalidError {
  constructor(count: number) {
    super('CAPSULE.TOO_MANY_SCOPES', `a product grants at most ${MAX_SCOPES_PER_PRODUCT} scopes, not ${count}`, {
      max: MAX_SCOPES_PER_PRODUCT,
      count,
    });
  }
}

/** Checks a product's scope list: every name valid, repeats dropped (first place kept), at most the maximum. */
export function productScopesOf(sku: string, scopes: readonly unknown[]): ProductScopes {
  const bad = scopes.findIndex((s) => typeof s !== 'string' || !SCOPE_NAME_PATTERN.test(s));
  if (bad >= 0) throw new BadScopeName(scopes[bad]);
  const unique = [...new Set(scopes as readonly string[])];
  if (unique.length > MAX_SCOPES_PER_PRODUCT) throw new TooManyScopes(unique.length);
  return { sku, scopes: unique };
}

/**
 * The rule: the scopes a reader holds are those the vendor maps to the skus
 * of the reader's entitlements that give access at `now` (not revoked, not
 * past their end). Each scope once, sorted.
 */
export function scopesGrantedBy(
  entitlements: readonly Pick<Entitlement, 'sku' | 'revokedAt' | 'expiresAt'>[],
  mappings: readonly ProductScopes[],
  now: Date,
): string[] {
  const held = new Set(entitlements.filter((e) => hasAccess(e, now)).map((e) => e.sku));
  const scopes = new Set<string>();
  for (const mapping of mappings) if (held.has(mapping.sku)) for (const scope of mapping.scopes) scopes.add(scope);
  return [...scopes].sort();
}

/** The vendor's product-to-scope mapping; every method takes the vendor. */
export interface ProductScopeRepository {
  /** Replaces what the product grants, atomically; an empty list removes the product from the mapping. */
  put(vendorId: string, mapping: ProductScopes, at: Date): Promise<void>;
  /** Every mapped product of the vendor, by sku. */
  list(vendorId: string): Promise<ProductScopes[]>;
  /** The mappings of these skus (unmapped ones are left out). */
  forSkus(vendorId: string, skus: readonly string[]): Promise<ProductScopes[]>;
}

/** PUT /management/capsule/product-scopes/{sku}: the product must be the vendor's. */
export class SetProductScopes {
  constructor(
    private readonly products: Pick<ProductRepository, 'find'>,
    private readonly mappings: Pick<ProductScopeRepository, 'put'>,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; sku: string; scopes: readonly unknown[] }): Promise<ProductScopes> {
    const mapping = productScopesOf(command.sku, command.scopes);
    // A sku no product could have is not looked up.
    const product = SKU_PATTERN.test(command.sku) ? await this.products.find(command.vendorId, command.sku) : null;
    if (!product) throw new ProductNotFound(command.sku);
    await this.mappings.put(command.vendorId, { sku: product.sku, scopes: mapping.scopes }, this.clock.now());
    return { sku: product.sku, scopes: mapping.scopes };
  }
}

/** GET /management/capsule/product-scopes. */
export class ListProductScopes {
  constructor(private readonly mappings: Pick<ProductScopeRepository, 'list'>) {}

  execute(query: { vendorId: string }): Promise<ProductScopes[]> {
    return this.mappings.list(query.vendorId);
  }
}
