import { Clock } from '@kiosk/domain';
import { EntitlementWithAccess, hasAccess } from '@kiosk/domain/access';
import { ProductScopeRepository, scopesGrantedBy } from '@kiosk/domain/capsule';

/**
 * Port: the scopes a signed-in reader holds through active entitlements of
 * the vendor (a product grants one or more scopes).
 */
export interface ReaderScopes {
  scopesOf(vendorId: string, userId: string): Promise<string[]>;
  /**
   * Everything the reader holds for unlocking: the scopes, and the content
   * ids (`publisherContentId`) of products bought one by one, which open the
   * items of that one resource (content keys only, never its tier's keys).
   */
  grantsOf(vendorId: string, userId: string): Promise<ReaderGrants>;
}

export interface ReaderGrants {
  scopes: string[];
  resourceIds: string[];
}

/** The access module's answer to "what does this reader hold" (its `ListUserEntitlements` use case). */
export interface ReaderEntitlements {
  execute(query: { vendorId: string; userId: string }): Promise<EntitlementWithAccess[]>;
}

/**
 * Scopes from entitlements: the reader's entitlements of the vendor that give
 * access at the service's clock (not revoked, not past their end), their
 * skus, and the scopes the vendor maps to those skus, each once. Decided by
 * the domain's `scopesGrantedBy`; an entitlement for an unmapped product grants nothing.
 */
export class EntitlementReaderScopes implements ReaderScopes {
  constructor(
    private readonly entitlements: ReaderEntitlements,
    private readonly mappings: Pick<ProductScopeRepository, 'forSkus'>,
    private readonly clock: Clock,
  ) {}

  async scopesOf(vendorId: string, userId: string): Promise<string[]> {
    return (await this.grantsOf(vendorId, userId)).scopes;
  }

  async grantsOf(vendorId: string, userId: string): Promise<ReaderGrants> {
    const now = this.clock.now();
    const held = await this.entitlements.execute({ vendorId, userId });
    const live = held.filter((e) => hasAccess(e, now));
    const skus = [...new Set(live.map((e) => e.sku))];
    if (skus.length === 0) return { scopes: [], resourceIds: [] };
    const resourceIds = [...new Set(live.flatMap((e) => (e.publisherContentId ? [e.publisherContentId] : [])))];
    return { scopes: scopesGrantedBy(held, await this.mappings.forSkus(vendorId, skus), now), resourceIds };
  }
}
