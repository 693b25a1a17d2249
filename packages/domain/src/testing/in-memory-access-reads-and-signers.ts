import {
  AccessKind,
  AccessTokenSigner,
  ContentLink,
  ContentLinkSigner,
  Entitlement,
  ExternalAccessProvider,
  ProductTiers,
  VendorEntitlementFilter,
  VendorEntitlementReads,
} from '../access';
import { ProductScopeRepository } from '../capsule';

// The access module's ports beyond the entitlement store: signers that
// answer readable tokens and keep what they signed, an external system
// told what to grant, and the vendor's read of the entitlements.

export type SignedAccessToken = { vendorId: string; claims: Parameters<AccessTokenSigner['sign']>[1]; lifetimeSeconds: number };

/** Answers `access:<vendor>:<entitlement>:<kind>` and keeps the claims, so a test can read what a token would say. */
export class RecordingAccessTokenSigner implements AccessTokenSigner {
  readonly signed: SignedAccessToken[] = [];
  async sign(vendorId: string, claims: SignedAccessToken['claims'] & { kind: AccessKind }, lifetimeSeconds: number): Promise<string> {
    this.signed.push({ vendorId, claims, lifetimeSeconds });
    return `access:${vendorId}:${claims.entitlementId}:${claims.kind}`;
  }
}

/** Answers `link:<id>` and keeps the links it signed. */
export class RecordingContentLinkSigner implements ContentLinkSigner {
  readonly signed: ContentLink[] = [];
  async sign(link: ContentLink): Promise<string> {
    this.signed.push(link);
    return `link:${link.id}`;
  }
}

/** An external system set up per (vendor, sku): `grant('acme', 'news', ['news-archive'])`. */
export class ScriptedExternalAccessProvider implements ExternalAccessProvider {
  private readonly grants = new Map<string, string[]>();
  readonly asked: { vendorId: string; userId: string; sku: string }[] = [];
  grant(vendorId: string, sku: string, skus: readonly string[]): this {
    this.grants.set(`${vendorId}\u0000${sku}`, [...skus]);
    return this;
  }
  async grantsFor(command: { vendorId: string; userId: string; sku: string }): Promise<string[]> {
    this.asked.push(command);
    return [...(this.grants.get(`${command.vendorId}\u0000${command.sku}`) ?? [])];
  }
}

/** A product's tiers are its capsule scopes, read from the product-scope store as the service does. */
export class ProductScopesAsTiers implements ProductTiers {
  constructor(private readonly scopes: Pick<ProductScopeRepository, 'forSkus'>) {}
  async tiersOf(vendorId: string, sku: string): Promise<readonly string[]> {
    const [mapping] = await this.scopes.forSkus(vendorId, [sku]);
    return mapping?.scopes ?? [];
  }
}

/** The vendor's live (not revoked) entitlements, newest first, read from an entitlement store that keeps rows. */
export class InMemoryVendorEntitlementReads implements VendorEntitlementReads {
  constructor(private readonly entitlements: { readonly rows: ReadonlyMap<string, Entitlement> }) {}
  async list(vendorId: string, filter: VendorEntitlementFilter, page: { limit: number; offset: number }): Promise<Entitlement[]> {
    return [...this.entitlements.rows.values()]
      .filter((e) => e.vendorId === vendorId && e.revokedAt === null)
      .filter((e) => (filter.userId === undefined || e.userId === filter.userId) && (filter.type === undefined || e.type === filter.type))
      .filter((e) => filter.sku === undefined || e.sku === filter.sku)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime() || b.id.localeCompare(a.id))
      .slice(page.offset, page.offset + page.limit);
  }
}
