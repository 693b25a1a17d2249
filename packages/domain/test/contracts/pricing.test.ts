import fc from 'fast-check';
import {
  addCycles,
  billAmount,
  createDiscountCode,
  discountApplicability,
  discountOff,
  discountView,
  nextBillAt,
  nextPrice,
  priceOf,
  prorate,
  resolveQuantity,
  resolveSeats,
  resolveUnitPrice,
} from '../../src/contracts';
import { money } from '../../src/shared';
import { DAY, discountCode, options, products, T0 } from './fixtures';

const SEK = (minor: number) => money(minor, 'SEK');
const at = (days: number) => new Date(T0.getTime() + days * DAY);

describe('pricing rules', () => {
  it('quantity defaults to 1 and must stay within the option limits', () => {
    expect(resolveQuantity(options.licenseYearly)).toBe(1);
    expect(resolveQuantity({ minQuantity: 3, maxQuantity: 9 })).toBe(3);
    expect(resolveQuantity(options.licenseYearly, 100)).toBe(100);
    for (const bad of [0, 101, 1.5]) {
      expect(() => resolveQuantity(options.licenseYearly, bad)).toThrow(
        expect.objectContaining({ kind: 'invalid', code: 'CONTRACT.QUANTITY_OUT_OF_LIMITS' }),
      );
    }
  });

  it('unit price is the list price or the override; taxIncluded defaults to the option', () => {
    expect(resolveUnitPrice(options.monthly)).toEqual({ unitPrice: SEK(9_900), taxIncluded: false });
    expect(resolveUnitPrice(options.monthly, { amountMinor: 5_000, taxIncluded: true })).toEqual({
      unitPrice: SEK(5_000),
      taxIncluded: true,
    });
    expect(() => resolveUnitPrice(options.monthly, { amountMinor: -1 })).toThrow(
      expect.objectContaining({ code: 'CONTRACT.BAD_UNIT_PRICE' }),
    );
  });

  it('seats = seats per unit x quantity unless given; seats only on license products', () => {
    expect(resolveSeats(products.license, options.licenseYearly, 3)).toBe(15);
    // Rule 4: a flat price for a fixed seat count is quantity 1 with seats.
    expect(resolveSeats(products.license, options.licenseYearly, 1, 40)).toBe(40);
    expect(() => resolveSeats(products.publication, options.monthly, 1, 2)).toThrow(
      expect.objectContaining({ kind: 'invalid', code: 'CONTRACT.SEATS_NOT_LICENSE' }),
    );
    expect(() => resolveSeats(products.license, options.licenseYearly, 1, 0)).toThrow(
      expect.objectContaining({ code: 'CONTRACT.BAD_SEATS' }),
    );
  });

  it('discounts: a percentage or an amount, capped at the price', () => {
    expect(discountOff(SEK(10_000), { kind: 'percentage', percentage: 25 })).toEqual(SEK(2_500));
    expect(discountOff(SEK(10_000), { kind: 'amount', amount: SEK(1_000) })).toEqual(SEK(1_000));
    expect(discountOff(SEK(500), { kind: 'amount', amount: SEK(1_000) })).toEqual(SEK(500));
  });

  it('a discount counted in bills covers that many bills; one bounded by date covers bills before it', () => {
    const byBills = { discountCodeId: 'd', code: 'X', value: { kind: 'percentage' as const, percentage: 50 }, until: null };
    expect(billAmount(SEK(1_000), { ...byBills, billsRemaining: 1 }, T0)).toEqual(SEK(500));
    expect(billAmount(SEK(1_000), { ...byBills, billsRemaining: 0 }, T0)).toEqual(SEK(1_000));
    const byDate = { ...byBills, billsRemaining: null, until: at(10) };
    expect(billAmount(SEK(1_000), byDate, at(9))).toEqual(SEK(500));
    expect(billAmount(SEK(1_000), byDate, at(10))).toEqual(SEK(1_000));
    expect(billAmount(SEK(1_000), null, T0)).toEqual(SEK(1_000));
  });

  it('the contract discount object shows amount, percentage and full price', () => {
    const discount = { discountCodeId: 'd', code: 'X', billsRemaining: 1, until: null };
    expect(discountView(SEK(8_000), { ...discount, value: { kind: 'amount', amount: SEK(2_000) } }, at(30))).toEqual({
      endsAt: at(30),
      amount: SEK(2_000),
      percentage: 25,
      fullPrice: SEK(8_000),
    });
  });

  it('nextBillAt is the period end unless the contract ends there or never renews; nextPrice follows', () => {
    expect(nextBillAt(true, at(30), null)).toEqual(at(30));
    expect(nextBillAt(true, at(30), at(30))).toBeNull();
    expect(nextBillAt(false, null, null)).toBeNull();
    expect(nextPrice(SEK(100), null, null)).toBeNull();
    expect(nextPrice(SEK(100), null, at(30))).toEqual(SEK(100));
  });

  it('prorates by days to the anchor date', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const fullEnd = addCycles(start, { interval: 'YEAR', time: 1 }, 1);
    expect(prorate(SEK(36_500), start, new Date('2026-02-01T00:00:00Z'), fullEnd)).toEqual(SEK(3_100));
    expect(prorate(SEK(36_500), start, fullEnd, fullEnd)).toEqual(SEK(36_500));
  });

  it('month cycles clamp to the month end without drifting', () => {
    const jan31 = new Date('2026-01-31T12:00:00Z');
    const month = { interval: 'MONTH' as const, time: 1 };
    expect([1, 2, 3].map((n) => addCycles(jan31, month, n).toISOString().slice(0, 10))).toEqual([
      '2026-02-28',
      '2026-03-31',
      '2026-04-30',
    ]);
    expect(addCycles(jan31, { interval: 'WEEK', time: 2 }, 1).toISOString().slice(0, 10)).toBe('2026-02-14');
  });
});

describe('discount codes', () => {
  const purchase = { purchaseOptionId: 'po-license', currency: 'SEK' };

  it('apply within their window, to their purchase options, currency and redemption limit', () => {
    const verdict = (overrides: Parameters<typeof discountCode>[0], now = T0) =>
      discountApplicability(discountCode(overrides), purchase, now);
    expect(verdict({})).toEqual({ applicable: true });
    expect(discountApplicability(null, purchase, T0)).toEqual({ applicable: false, reason: 'UNKNOWN_CODE' });
    expect(verdict({ validFrom: at(1) })).toMatchObject({ reason: 'NOT_YET_VALID' });
    expect(verdict({ validUntil: at(1) }, at(1))).toMatchObject({ reason: 'EXPIRED' });
    expect(verdict({ duration: { kind: 'until', date: T0 } })).toMatchObject({ reason: 'EXPIRED' });
    expect(verdict({ purchaseOptionIds: ['po-month'] })).toMatchObject({ reason: 'NOT_FOR_PURCHASE_OPTION' });
    expect(verdict({ purchaseOptionIds: ['po-license'] })).toEqual({ applicable: true });
    expect(verdict({ value: { kind: 'amount', amount: money(100, 'EUR') } })).toMatchObject({
      reason: 'CURRENCY_MISMATCH',
    });
    expect(verdict({ maxRedemptions: 2, redemptions: 2 })).toMatchObject({ reason: 'REDEMPTION_LIMIT_REACHED' });
  });

  it('refuse impossible definitions', () => {
    const base = discountCode();
    const bad = [
      { ...base, code: ' ' },
      { ...base, value: { kind: 'percentage' as const, percentage: 120 } },
      { ...base, value: { kind: 'amount' as const, amount: money(0, 'SEK') } },
      { ...base, duration: { kind: 'bills' as const, count: 0 } },
      { ...base, validFrom: at(2), validUntil: at(1) },
      { ...base, maxRedemptions: 0 },
    ];
    for (const input of bad) {
      expect(() => createDiscountCode(input)).toThrow(expect.objectContaining({ code: 'DISCOUNT_CODE.INVALID' }));
    }
  });
});

describe('pricing properties', () => {
  const minor = fc.integer({ min: 0, max: 10_000_000 });
  const quantity = fc.integer({ min: 1, max: 10_000 });
  const value = fc.oneof(
    fc.record({ kind: fc.constant('percentage' as const), percentage: fc.double({ min: 0.01, max: 100, noNaN: true }) }),
    fc.record({ kind: fc.constant('amount' as const), amount: minor.map((m) => SEK(m + 1)) }),
  );

  it('price = quantity x unit price, never negative', () => {
    fc.assert(
      fc.property(minor, quantity, (unit, q) => {
        const price = priceOf(SEK(unit), q);
        expect(price.minor).toBe(unit * q);
        expect(price.minor).toBeGreaterThanOrEqual(0);
        expect(Number.isSafeInteger(price.minor)).toBe(true);
      }),
    );
  });

  it('a discount is never above the price and a bill never negative', () => {
    fc.assert(
      fc.property(minor, value, (price, v) => {
        const off = discountOff(SEK(price), v);
        expect(off.minor).toBeGreaterThanOrEqual(0);
        expect(off.minor).toBeLessThanOrEqual(price);
        const bill = billAmount(SEK(price), { discountCodeId: 'd', code: 'X', value: v, billsRemaining: 1, until: null }, T0);
        expect(bill.minor).toBe(price - off.minor);
        expect(Number.isSafeInteger(bill.minor)).toBe(true);
      }),
    );
  });

  it('proration is between 0 and the full price and grows with the days to the anchor', () => {
    const interval = fc.constantFrom('DAY' as const, 'WEEK' as const, 'MONTH' as const, 'YEAR' as const);
    fc.assert(
      fc.property(
        minor,
        fc.date({ min: new Date('2000-01-01'), max: new Date('2100-01-01'), noInvalidDate: true }),
        interval,
        fc.integer({ min: 1, max: 12 }),
        fc.double({ min: 0, max: 1, noNaN: true }),
        (price, start, unit, time, share) => {
          const fullEnd = addCycles(start, { interval: unit, time }, 1);
          const anchor = new Date(start.getTime() + Math.floor((fullEnd.getTime() - start.getTime()) * share));
          const prorated = prorate(SEK(price), start, anchor, fullEnd).minor;
          expect(prorated).toBeGreaterThanOrEqual(0);
          expect(prorated).toBeLessThanOrEqual(price);
          expect(prorate(SEK(price), start, fullEnd, fullEnd).minor).toBe(price);
          const later = new Date(Math.min(anchor.getTime() + DAY, fullEnd.getTime()));
          expect(prorate(SEK(price), start, later, fullEnd).minor).toBeGreaterThanOrEqual(prorated);
        },
      ),
    );
  });
});
