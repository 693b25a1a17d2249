import { ContractStatus, contentSkuOf, grantsAccess, SeatStatus } from '../contracts';
import { ProductType } from '../catalog';
import { Entitlement } from './entitlement';

/** What the access rules need to know of a contract, read at the time they run. */
export interface ContractAccessView {
  readonly vendorId: string;
  readonly contractId: string;
  readonly name: string;
  readonly status: ContractStatus;
  readonly userId: string;
  readonly items: readonly {
    readonly sku: string;
    readonly purchaseOptionId: string;
    readonly productType: ProductType;
    readonly name: string;
    readonly cover: string | null;
  }[];
  readonly seatHolders: readonly {
    readonly userId: string;
    readonly itemSku: string;
    readonly sku: string;
    readonly status: SeatStatus;
    readonly entitlementId: string | null;
  }[];
  /** When access ends (set to cancel, or canceled); null while it runs on. */
  readonly expiresAt: Date | null;
}

/** One entitlement a contract should give. */
export interface Grant {
  readonly userId: string;
  /** The content SKU: the item itself, or for a license the product its seats unlock. */
  readonly sku: string;
  readonly purchaseOptionId: string;
  /** The contract item it comes from (a license SKU such as `news-multi`). */
  readonly itemSku: string;
  readonly itemName: string;
  readonly itemCover: string | null;
  /** The grant is a seat the access module provisions on the contract. */
  readonly seat: boolean;
}

const grantKey = (g: { userId: string; sku: string }) => `${g.userId}\u0000${g.sku}`;

/**
 * Who a contract gives access to, and to what. Nothing unless the contract
 * grants access now (ACTIVE, or OVERDUE within the grace period): a PENDING
 * or FORTHCOMING contract gives nothing until it is activated, a CANCELED
 * one nothing more. The contract user gets every item; for a license item,
 * every seat holder gets the content product the seat unlocks
 * (`news-multi` unlocks `news`).
 */
export function grantsOf(contract: ContractAccessView): Grant[] {
  if (!grantsAccess(contract.status)) return [];
  const grants = new Map<string, Grant>();
  const add = (grant: Grant) => {
    const key = grantKey(grant);
    const known = grants.get(key);
    // A seat wins over a plain grant of the same product, so the seat gets provisioned.
    if (!known || (grant.seat && !known.seat)) grants.set(key, grant);
  };
  for (const item of contract.items) {
    const base = { purchaseOptionId: item.purchaseOptionId, itemSku: item.sku, itemName: item.name, itemCover: item.cover };
    if (item.productType !== 'license') {
      add({ ...base, userId: contract.userId, sku: item.sku, seat: false });
      continue;
    }
    const sku = contentSkuOf(item.sku);
    add({ ...base, userId: contract.userId, sku, seat: false });
    for (const holder of contract.seatHolders.filter((h) => h.itemSku === item.sku)) {
      add({ ...base, userId: holder.userId, sku, seat: true });
    }
  }
  return [...grants.values()];
}

export interface AccessPlan {
  /** Grants with no live entitlement (none, or a revoked one to restore), or whose end date or purchase option changed. */
  readonly grant: readonly { grant: Grant; existing: Entitlement | null }[];
  /** Live entitlements of the contract it no longer gives. */
  readonly revoke: readonly Entitlement[];
  /** Grants already in place, unchanged. */
  readonly keep: readonly { grant: Grant; existing: Entitlement }[];
}

/** Compares what the contract should give with the entitlements it has given. */
export function planAccess(grants: readonly Grant[], existing: readonly Entitlement[], expiresAt: Date | null): AccessPlan {
  const byKey = new Map(existing.map((e) => [grantKey(e), e]));
  const wanted = new Set(grants.map(grantKey));
  const plan = { grant: [] as AccessPlan['grant'][number][], revoke: [] as Entitlement[], keep: [] as AccessPlan['keep'][number][] };
  for (const grant of grants) {
    const found = byKey.get(grantKey(grant)) ?? null;
    const sameEnd = (found?.expiresAt?.getTime() ?? null) === (expiresAt?.getTime() ?? null);
    // An upgrade or a downgrade that took effect moves the entitlement to the new purchase option.
    const sameOption = found?.purchaseOptionId === grant.purchaseOptionId;
    if (found && found.revokedAt === null && sameEnd && sameOption) plan.keep.push({ grant, existing: found });
    else plan.grant.push({ grant, existing: found });
  }
  for (const entitlement of existing) {
    if (entitlement.revokedAt === null && !wanted.has(grantKey(entitlement))) plan.revoke.push(entitlement);
  }
  return plan;
}
