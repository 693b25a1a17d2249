import { PurchaseOption } from '../catalog';
import { ConflictError, InvalidError, money, Money, NotFoundError } from '../shared';
import { ContractItem } from './item';
import { daysBetween, Recurrence } from './period';

// Amendments (DESIGN section 6): an upgrade takes effect at once with a
// prorated bill for the rest of the paid period; a downgrade takes effect at
// the next renewal; a DISCOUNT amendment applies a code to the next bills.

export const AMENDMENT_TYPES = ['UPGRADE', 'DOWNGRADE', 'DISCOUNT'] as const;
export type AmendmentType = (typeof AMENDMENT_TYPES)[number];

/**
 * PENDING: quoted, nothing changed yet. CONFIRMED: applied to the contract.
 * REJECTED: the discount code cannot be applied; it can never be confirmed.
 */
export type AmendmentStatus = 'PENDING' | 'CONFIRMED' | 'REJECTED';

/** Moves one contract item to another purchase option of the same product. */
export interface ItemChange {
  readonly itemSku: string;
  readonly purchaseOptionId: string;
  readonly purchaseOptionName: string;
  readonly unitPrice: Money;
}

export interface AmendmentDiscount {
  readonly id: string | null;
  readonly code: string;
  readonly name: string;
  readonly description: string;
  /** PENDING until confirmed, then APPLIED; UNAPPLICABLE when the code cannot be applied. */
  readonly status: 'PENDING' | 'APPLIED' | 'UNAPPLICABLE';
  readonly reason: string | null;
}

/** What the next bill will be once the amendment is confirmed. */
export interface NextBill {
  readonly total: Money;
  readonly date: Date;
}

export interface Amendment {
  readonly id: string;
  readonly vendorId: string;
  readonly contractId: string;
  readonly userId: string;
  readonly type: AmendmentType;
  readonly status: AmendmentStatus;
  readonly change: ItemChange | null;
  readonly discountCode: string | null;
  readonly appliedDiscounts: readonly AmendmentDiscount[];
  readonly nextBill: NextBill | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly confirmedAt: Date | null;
}

/** Amendments per vendor; adapters join the caller's transaction (the contract's locked step). */
export interface AmendmentRepository {
  add(amendment: Amendment): Promise<void>;
  /** null when the vendor has no such amendment on that contract. */
  find(vendorId: string, contractId: string, amendmentId: string): Promise<Amendment | null>;
  /**
   * Stores the confirmed amendment if it is still PENDING (a conditional
   * update); false when it was not, so a confirm is applied once.
   */
  confirm(amendment: Amendment): Promise<boolean>;
}

export class AmendmentNotFound extends NotFoundError {
  constructor(amendmentId: string) {
    super('AMENDMENT.NOT_FOUND', `no amendment ${amendmentId}`, { amendmentId });
  }
}

export class BadAmendment extends InvalidError {
  constructor(why: string, details: Record<string, unknown> = {}) {
    super('AMENDMENT.INVALID', why, details);
  }
}

export class ContractNotAmendable extends ConflictError {
  constructor(contractId: string, why: string) {
    super('CONTRACT.NOT_AMENDABLE', `contract ${contractId} cannot be changed: ${why}`, { contractId, why });
  }
}

export class AmendmentNotConfirmable extends ConflictError {
  constructor(amendmentId: string, status: string) {
    super('AMENDMENT.NOT_CONFIRMABLE', `amendment ${amendmentId} is ${status} and cannot be confirmed`, {
      amendmentId,
      status,
    });
  }
}

export class DiscountAlreadyApplied extends ConflictError {
  constructor(contractId: string) {
    super('CONTRACT.DISCOUNT_ACTIVE', `contract ${contractId} already has a discount on its next bill`, { contractId });
  }
}

const sameRecurrence = (a: Recurrence | null, b: Recurrence | null) =>
  a !== null && b !== null && a.interval === b.interval && a.time === b.time;

/**
 * The upgrade paths of a contract item: the other purchase options of the
 * same product with the same currency and the same billing cycle (so the
 * paid period stays as it is). A higher unit price is an UPGRADE, a lower
 * one a DOWNGRADE; an equal price is no path.
 */
export function changePathsFor(
  item: Pick<ContractItem, 'sku' | 'purchaseOptionId' | 'unitPrice'>,
  recurrence: Recurrence | null,
  options: readonly PurchaseOption[],
): { option: PurchaseOption; type: 'UPGRADE' | 'DOWNGRADE' }[] {
  return options
    .filter(
      (o) =>
        o.sku === item.sku &&
        o.id !== item.purchaseOptionId &&
        o.price.currency === item.unitPrice.currency &&
        o.price.minor !== item.unitPrice.minor &&
        sameRecurrence(o.recurring, recurrence),
    )
    .sort((a, b) => a.price.minor - b.price.minor || a.id.localeCompare(b.id))
    .map((option) => ({ option, type: option.price.minor > item.unitPrice.minor ? 'UPGRADE' : 'DOWNGRADE' }));
}

/**
 * `amount` for the rest of a paid period: scaled by the days left over the
 * days of the period (a started day counts), rounded once to the minor unit,
 * kept between 0 and `amount`.
 */
export function prorateRemaining(amount: Money, periodStart: Date, periodEnd: Date, now: Date): Money {
  const fullDays = daysBetween(periodStart, periodEnd);
  if (fullDays === 0) return money(0, amount.currency);
  const days = Math.min(daysBetween(now, periodEnd), fullDays);
  return money(Math.round((amount.minor * days) / fullDays), amount.currency);
}

/** The item with the change applied (the quantity and seats stay). */
export function applyItemChange(item: ContractItem, change: ItemChange): ContractItem {
  return {
    ...item,
    purchaseOptionId: change.purchaseOptionId,
    purchaseOptionName: change.purchaseOptionName,
    unitPrice: change.unitPrice,
  };
}

export function itemChangeOf(itemSku: string, option: PurchaseOption): ItemChange {
  return { itemSku, purchaseOptionId: option.id, purchaseOptionName: option.name, unitPrice: option.price };
}
