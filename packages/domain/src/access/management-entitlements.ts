import { Clock } from '../shared';
import { Entitlement, EntitlementType, hasAccess } from './entitlement';
import { EntitlementWithAccess } from './use-cases';

// GET /management/entitlements (management-interface.md 3.3): the vendor's
// entitlements, filtered by user, type and sku, a page at a time.

/** Page sizes of the list: `limit` 1 to 500, default 50; `offset` from 0. */
export const ENTITLEMENT_LIST_LIMITS = { default: 50, max: 500 } as const;

export interface VendorEntitlementFilter {
  readonly userId?: string;
  readonly type?: EntitlementType;
  readonly sku?: string;
}

/** The vendor's live (not revoked) entitlements, newest first. */
export interface VendorEntitlementReads {
  list(vendorId: string, filter: VendorEntitlementFilter, page: { limit: number; offset: number }): Promise<Entitlement[]>;
}

/**
 * The vendor's entitlements as the reader's own list shows them: revoked
 * ones left out, ended ones kept with `hasAccess` false.
 */
export class ListVendorEntitlements {
  constructor(
    private readonly reads: VendorEntitlementReads,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; filter?: VendorEntitlementFilter; limit?: number; offset?: number }): Promise<EntitlementWithAccess[]> {
    const page = {
      limit: Math.min(Math.max(command.limit ?? ENTITLEMENT_LIST_LIMITS.default, 1), ENTITLEMENT_LIST_LIMITS.max),
      offset: Math.max(command.offset ?? 0, 0),
    };
    const now = this.clock.now();
    return (await this.reads.list(command.vendorId, command.filter ?? {}, page)).map((e) => ({ ...e, hasAccess: hasAccess(e, now) }));
  }
}
