import { Product, PurchaseOption } from '../catalog';
import { money, Money } from '../shared';
import { DiscountCode, DiscountValue } from './discount-code';
import { BadSeatCount, BadUnitPrice, QuantityOutOfLimits, SeatsNotOnLicense } from './errors';
import { daysBetween } from './period';

// Pure pricing rules (interface 4.1 rules 3, 4, 6, 7 and DESIGN section 6).
// Everything is integer minor units; rounding happens once, at the end.

/** Billed units: default is the option's minimum (1 unless the vendor set more), always within its limits. */
export function resolveQuantity(option: Pick<PurchaseOption, 'minQuantity' | 'maxQuantity'>, requested?: number): number {
  const quantity = requested ?? Math.max(1, option.minQuantity);
  if (!Number.isSafeInteger(quantity) || quantity < option.minQuantity || quantity > option.maxQuantity) {
    throw new QuantityOutOfLimits(quantity, option.minQuantity, option.maxQuantity);
  }
  return quantity;
}

/** The price of one unit: the list price, or an override in the option's currency that applies to every bill. */
export function resolveUnitPrice(
  option: Pick<PurchaseOption, 'price' | 'taxIncluded'>,
  override?: { amountMinor?: number; taxIncluded?: boolean },
): { unitPrice: Money; taxIncluded: boolean } {
  const amountMinor = override?.amountMinor;
  if (amountMinor !== undefined && (!Number.isSafeInteger(amountMinor) || amountMinor < 0)) {
    throw new BadUnitPrice(amountMinor);
  }
  return {
    unitPrice: amountMinor === undefined ? option.price : money(amountMinor, option.price.currency),
    taxIncluded: override?.taxIncluded ?? option.taxIncluded,
  };
}

/** Price = quantity x unit price. */
export function priceOf(unitPrice: Money, quantity: number): Money {
  return money(unitPrice.minor * quantity, unitPrice.currency);
}

export function sumPrices(prices: readonly Money[], currency: string): Money {
  return money(
    prices.reduce((sum, p) => sum + p.minor, 0),
    currency,
  );
}

/**
 * Seats granted: seats per unit x quantity unless `seats` is given, and
 * `seats` only on license products. Seats never change the price (rule 7).
 */
export function resolveSeats(
  product: Pick<Product, 'sku' | 'productType'>,
  option: Pick<PurchaseOption, 'seatsPerUnit'>,
  quantity: number,
  seats?: number,
): number {
  if (seats === undefined) return option.seatsPerUnit * quantity;
  if (product.productType !== 'license') throw new SeatsNotOnLicense(product.sku);
  if (!Number.isSafeInteger(seats) || seats < 1) throw new BadSeatCount(seats);
  return seats;
}

/** A discount as a contract carries it once a code was applied. */
export interface ContractDiscount {
  readonly discountCodeId: string;
  readonly code: string;
  readonly value: DiscountValue;
  /** Bills still to be discounted; null when the discount is not counted in bills. */
  readonly billsRemaining: number | null;
  /** Bills dated (issued) on or after this are not discounted; null when not bounded by a date. */
  readonly until: Date | null;
}

export function discountFromCode(code: DiscountCode): ContractDiscount {
  return {
    discountCodeId: code.id,
    code: code.code,
    value: code.value,
    billsRemaining: code.duration.kind === 'bills' ? code.duration.count : null,
    until: code.duration.kind === 'until' ? code.duration.date : null,
  };
}

/** What the discount takes off `price`: never negative, never more than the price. */
export function discountOff(price: Money, value: DiscountValue): Money {
  const raw =
    value.kind === 'percentage' ? Math.round((price.minor * value.percentage) / 100) : value.amount.minor;
  return money(Math.min(price.minor, Math.max(0, raw)), price.currency);
}

/**
 * Whether a bill dated `at` gets the discount. A bill's date is when it is
 * issued (a first bill at the confirm, even for a period that starts later;
 * a renewal's when it falls due), the one rule for every bill.
 */
export function discountAppliesAt(discount: ContractDiscount | null, at: Date): discount is ContractDiscount {
  if (!discount) return false;
  if (discount.billsRemaining !== null && discount.billsRemaining <= 0) return false;
  if (discount.until !== null && at >= discount.until) return false;
  return true;
}

/** Whether a code, applied now, would discount a bill dated `at` (a code that discounts nothing is never redeemed). */
export function codeDiscountsBillAt(code: DiscountCode, at: Date): boolean {
  return discountAppliesAt(discountFromCode(code), at);
}

/** The amount of a bill dated `at` for `price`. */
export function billAmount(price: Money, discount: ContractDiscount | null, at: Date): Money {
  if (!discountAppliesAt(discount, at)) return price;
  return money(price.minor - discountOff(price, discount.value).minor, price.currency);
}

/** The discount after it was used on one more bill. */
export function afterDiscountedBill(discount: ContractDiscount | null, at: Date): ContractDiscount | null {
  if (!discountAppliesAt(discount, at) || discount.billsRemaining === null) return discount;
  return { ...discount, billsRemaining: discount.billsRemaining - 1 };
}

/** When the next bill is issued: the end of the paid period, unless the contract ends there or never renews. */
export function nextBillAt(recurring: boolean, periodEnd: Date | null, willCancelAt: Date | null): Date | null {
  if (!recurring || !periodEnd) return null;
  if (willCancelAt && willCancelAt <= periodEnd) return null;
  return periodEnd;
}

/** The amount of the next bill, or null when no further bill is due. */
export function nextPrice(price: Money, discount: ContractDiscount | null, billAt: Date | null): Money | null {
  return billAt ? billAmount(price, discount, billAt) : null;
}

/**
 * The first bill of a contract aligned to `anchorDate`: the full-period price
 * scaled by the days from the start to the anchor over the days of a full
 * period, rounded to the minor unit and kept between 0 and the full price.
 */
export function prorate(fullPrice: Money, start: Date, anchor: Date, fullPeriodEnd: Date): Money {
  const fullDays = daysBetween(start, fullPeriodEnd);
  if (fullDays === 0) return fullPrice;
  const days = Math.min(daysBetween(start, anchor), fullDays);
  return money(Math.round((fullPrice.minor * days) / fullDays), fullPrice.currency);
}

/** The contract's `discount` field (interface 2.2): what is taken off and the price without it. */
export interface DiscountView {
  readonly endsAt: Date | null;
  readonly amount: Money;
  readonly percentage: number;
  readonly fullPrice: Money;
}

export function discountView(price: Money, discount: ContractDiscount, endsAt: Date | null): DiscountView {
  const amount = discountOff(price, discount.value);
  const percentage =
    discount.value.kind === 'percentage'
      ? discount.value.percentage
      : price.minor === 0
        ? 0
        : Math.round((amount.minor * 10_000) / price.minor) / 100;
  return { endsAt, amount, percentage, fullPrice: price };
}
