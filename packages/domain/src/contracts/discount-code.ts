import { Money } from '../shared';
import { BadDiscountCode } from './errors';

/** How long a discount lasts once applied to a contract. */
export type DiscountDuration =
  | { readonly kind: 'bills'; readonly count: number }
  | { readonly kind: 'until'; readonly date: Date }
  | { readonly kind: 'forever' };

/** What a code takes off each discounted bill: a share of the price or a fixed amount. */
export type DiscountValue =
  | { readonly kind: 'percentage'; readonly percentage: number }
  | { readonly kind: 'amount'; readonly amount: Money };

/** A vendor's discount code (owned by catalog in DESIGN section 2; decided here because pricing needs it). */
export interface DiscountCode {
  readonly id: string;
  readonly vendorId: string;
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly value: DiscountValue;
  readonly duration: DiscountDuration;
  /** The window in which the code can be redeemed; null ends are open. */
  readonly validFrom: Date | null;
  readonly validUntil: Date | null;
  /** Purchase options the code is for; empty means every option of the vendor. */
  readonly purchaseOptionIds: readonly string[];
  /** How many contracts may redeem it; null is unlimited. */
  readonly maxRedemptions: number | null;
  readonly redemptions: number;
}

export function createDiscountCode(input: Omit<DiscountCode, 'redemptions'> & { redemptions?: number }): DiscountCode {
  const code = input.code.trim();
  if (code.length === 0 || code.length > 64) throw new BadDiscountCode('code must be 1 to 64 characters');
  if (input.value.kind === 'percentage') {
    const p = input.value.percentage;
    if (!Number.isFinite(p) || p <= 0 || p > 100) throw new BadDiscountCode('percentage must be above 0 and at most 100');
  } else if (!Number.isSafeInteger(input.value.amount.minor) || input.value.amount.minor <= 0) {
    throw new BadDiscountCode('amount must be a positive whole number of minor units');
  }
  if (input.duration.kind === 'bills' && (!Number.isSafeInteger(input.duration.count) || input.duration.count < 1)) {
    throw new BadDiscountCode('a discount for a number of bills needs at least 1 bill');
  }
  if (input.validFrom && input.validUntil && input.validFrom >= input.validUntil) {
    throw new BadDiscountCode('validFrom must be before validUntil');
  }
  if (input.maxRedemptions !== null && (!Number.isSafeInteger(input.maxRedemptions) || input.maxRedemptions < 1)) {
    throw new BadDiscountCode('maxRedemptions must be at least 1 or null');
  }
  return { ...input, code, redemptions: input.redemptions ?? 0 };
}

/** Codes are matched without regard to case or surrounding spaces. */
export function normalizeDiscountCode(code: string): string {
  return code.trim().toUpperCase();
}

export type UnapplicableReason =
  | 'UNKNOWN_CODE'
  | 'NOT_YET_VALID'
  | 'EXPIRED'
  | 'NOT_FOR_PURCHASE_OPTION'
  | 'CURRENCY_MISMATCH'
  | 'REDEMPTION_LIMIT_REACHED'
  | 'ANOTHER_DISCOUNT_APPLIED';

export type Applicability = { applicable: true } | { applicable: false; reason: UnapplicableReason };

/**
 * Whether `code` can be applied to a contract for `purchaseOptionId` priced
 * in `currency` at `now`. The redemption limit is checked here against the
 * count the code was read with; the repository re-checks it atomically.
 */
export function discountApplicability(
  code: DiscountCode | null,
  purchase: { purchaseOptionId: string; currency: string },
  now: Date,
): Applicability {
  const no = (reason: UnapplicableReason): Applicability => ({ applicable: false, reason });
  if (!code) return no('UNKNOWN_CODE');
  if (code.validFrom && now < code.validFrom) return no('NOT_YET_VALID');
  if (code.validUntil && now >= code.validUntil) return no('EXPIRED');
  if (code.duration.kind === 'until' && now >= code.duration.date) return no('EXPIRED');
  if (code.purchaseOptionIds.length > 0 && !code.purchaseOptionIds.includes(purchase.purchaseOptionId)) {
    return no('NOT_FOR_PURCHASE_OPTION');
  }
  if (code.value.kind === 'amount' && code.value.amount.currency !== purchase.currency) return no('CURRENCY_MISMATCH');
  if (code.maxRedemptions !== null && code.redemptions >= code.maxRedemptions) return no('REDEMPTION_LIMIT_REACHED');
  return { applicable: true };
}
