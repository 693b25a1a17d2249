import { BadSeatCount, NoFreeSeat, NoLicenseItem, SeatsBelowHolders, SeatSkuRequired, SeatSkuUnknown } from './errors';
import { ContractItem, isLicense } from './item';

/** License SKUs carry this suffix: `news-multi` sells seats that unlock `news`. */
export const LICENSE_SKU_SUFFIX = '-multi';

/** The content product a license item unlocks; a SKU without the suffix unlocks itself. */
export function contentSkuOf(licenseSku: string): string {
  return licenseSku.endsWith(LICENSE_SKU_SUFFIX) && licenseSku.length > LICENSE_SKU_SUFFIX.length
    ? licenseSku.slice(0, -LICENSE_SKU_SUFFIX.length)
    : licenseSku;
}

export type SeatStatus = 'PENDING' | 'ACTIVE';

/** Someone holding a seat of a license item. */
export interface SeatHolder {
  /** SKU of the license item on the contract (for example `news-multi`). */
  readonly itemSku: string;
  /** SKU of the content product the seat unlocks (for example `news`); what the interface shows. */
  readonly sku: string;
  readonly userId: string;
  /** PENDING until the access module has provisioned the entitlement (seats arrive shortly after). */
  readonly status: SeatStatus;
  readonly entitlementId: string | null;
  readonly assignedAt: Date;
}

/** The seat-user filter of GET .../seats/users accepts the content SKU or the license SKU. */
export function seatMatchesSku(seat: Pick<SeatHolder, 'sku' | 'itemSku'>, sku: string | undefined): boolean {
  if (sku === undefined) return true;
  return sku === seat.sku || sku === seat.itemSku || contentSkuOf(sku) === seat.sku;
}

function itemMatchesSku(item: ContractItem, sku: string): boolean {
  return item.sku === sku || contentSkuOf(item.sku) === sku;
}

/**
 * The license item a seat change is about: the only one, or the one `sku`
 * names (either form). Several license items and no `sku` is a bad request.
 */
export function licenseItemFor(contractId: string, items: readonly ContractItem[], sku?: string): ContractItem {
  const licenses = items.filter(isLicense);
  if (licenses.length === 0) throw new NoLicenseItem(contractId);
  if (sku === undefined) {
    if (licenses.length > 1) throw new SeatSkuRequired(contractId);
    return licenses[0];
  }
  const item = licenses.find((i) => itemMatchesSku(i, sku));
  if (!item) throw new SeatSkuUnknown(sku);
  return item;
}

export function holdersOf(holders: readonly SeatHolder[], itemSku: string): SeatHolder[] {
  return holders.filter((h) => h.itemSku === itemSku);
}

/** A seat total is a whole number of at least 1 (interface 8). */
export function checkSeatNumber(total: number): void {
  if (!Number.isSafeInteger(total) || total < 1) throw new BadSeatCount(total);
}

/** A new seat total never goes below the people holding a seat. */
export function checkSeatTotal(total: number, holderCount: number): void {
  checkSeatNumber(total);
  if (total < holderCount) throw new SeatsBelowHolders(total, holderCount);
}

/** Assigning needs a free seat. */
export function checkFreeSeat(item: ContractItem, holderCount: number): void {
  if (holderCount >= item.seats) throw new NoFreeSeat(item.sku);
}

export function freeSeats(item: ContractItem, holderCount: number): number {
  return Math.max(0, item.seats - holderCount);
}
