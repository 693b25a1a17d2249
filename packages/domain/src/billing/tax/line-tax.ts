import { RateBasisPoints } from './rates';
import { divideRoundingHalfAwayFromZero } from './rounding';

/** How a price is stated: with VAT in it (carved out) or without (added on top). */
export type PriceMode = 'TAX_INCLUDED' | 'TAX_EXCLUDED';

export const priceMode = (taxIncluded: boolean): PriceMode => (taxIncluded ? 'TAX_INCLUDED' : 'TAX_EXCLUDED');

/** One line's amounts in minor units: always net + tax = gross. */
export interface LineTax {
  readonly net: number;
  readonly tax: number;
  readonly gross: number;
  readonly rate: RateBasisPoints;
}

const BASIS = 10_000n;

/**
 * VAT of one line. With the tax included, `amount` is the gross and the tax
 * is carved out (tax = amount x rate / (100 % + rate)); with it excluded,
 * `amount` is the net and the tax is added (tax = amount x rate). The tax
 * is rounded once, half away from zero, and the other figure is derived, so
 * net + tax = gross exactly.
 */
export function taxLine(amount: number, rate: RateBasisPoints, mode: PriceMode): LineTax {
  if (!Number.isSafeInteger(amount)) throw new RangeError('amount must be whole minor units');
  if (!Number.isSafeInteger(rate) || rate < 0) throw new RangeError('rate must be whole basis points, not negative');
  const value = BigInt(amount);
  const r = BigInt(rate);
  if (mode === 'TAX_INCLUDED') {
    const tax = Number(divideRoundingHalfAwayFromZero(value * r, BASIS + r));
    return { net: amount - tax, tax, gross: amount, rate };
  }
  const tax = Number(divideRoundingHalfAwayFromZero(value * r, BASIS));
  return { net: amount, tax, gross: amount + tax, rate };
}
