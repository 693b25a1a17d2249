import fc from 'fast-check';
import {
  EU_COUNTRIES,
  formatRate,
  isVatNumberOfValidForm,
  OUTSIDE_SCOPE_NOTE,
  rateFor,
  REVERSE_CHARGE_NOTE,
  shareAmong,
  TAX_CATEGORIES,
  taxBill,
  taxLine,
  taxTreatment,
  VAT_RATES,
  vatRate,
} from '../../src/billing/tax';

describe('the rate table', () => {
  it('covers the 27 EU member states, Norway, the United Kingdom and Switzerland, every category', () => {
    expect(EU_COUNTRIES).toHaveLength(27);
    expect(Object.keys(VAT_RATES).sort()).toEqual([...EU_COUNTRIES, 'NO', 'GB', 'CH'].sort());
    for (const rates of Object.values(VAT_RATES)) {
      expect(Object.keys(rates).sort()).toEqual([...TAX_CATEGORIES].sort());
      for (const rate of Object.values(rates)) expect(Number.isSafeInteger(rate) && rate >= 0 && rate <= 2700).toBe(true);
    }
  });

  it.each([
    ['SE', 'standard', 2500],
    ['SE', 'news', 600],
    ['SE', 'book', 600],
    ['SE', 'audiobook', 600],
    ['SE', 'e_publication', 600],
    ['DE', 'standard', 1900],
    ['DE', 'news', 700],
    ['DE', 'e_publication', 700],
    ['FR', 'news', 210],
    ['FR', 'book', 550],
    ['FI', 'standard', 2550],
    ['FI', 'news', 1000],
    ['FI', 'book', 1400],
    ['DK', 'news', 0],
    ['DK', 'book', 2500],
    ['IE', 'book', 0],
    ['IE', 'physical_periodical', 900],
    ['NO', 'standard', 2500],
    ['NO', 'news', 0],
    ['GB', 'e_publication', 0],
    ['GB', 'audiobook', 2000],
    ['CH', 'standard', 810],
    ['CH', 'book', 260],
  ] as const)('%s %s is %d basis points', (country, category, rate) => {
    expect(vatRate(country, category)).toBe(rate);
  });

  it('a vendor override wins over the table for its country and category only', () => {
    const overrides = [{ country: 'SE', category: 'news' as const, rate: 0 }];
    expect(vatRate('SE', 'news', overrides)).toBe(0);
    expect(vatRate('SE', 'book', overrides)).toBe(600);
    expect(vatRate('DE', 'news', overrides)).toBe(700);
  });

  it('knows no rate for a country outside the table', () => {
    expect(vatRate('US', 'standard')).toBeNull();
  });

  it('formats rates as people read them', () => {
    expect([2500, 210, 2550, 810, 0, 600].map(formatRate)).toEqual(['25', '2.1', '25.5', '8.1', '0', '6']);
  });
});

describe('one line of tax', () => {
  it.each([
    // amount, rate, mode, net, tax, gross
    [12500, 2500, 'TAX_INCLUDED', 10000, 2500, 12500],
    [10000, 2500, 'TAX_EXCLUDED', 10000, 2500, 12500],
    [10600, 600, 'TAX_INCLUDED', 10000, 600, 10600],
    [1, 2500, 'TAX_INCLUDED', 1, 0, 1], // 0.2 öre rounds to 0
    [1, 2500, 'TAX_EXCLUDED', 1, 0, 1], // 0.25 rounds to 0
    [2, 2500, 'TAX_EXCLUDED', 2, 1, 3], // 0.5 rounds away from zero
    [3, 2500, 'TAX_INCLUDED', 2, 1, 3], // 0.6 rounds to 1
    [-2, 2500, 'TAX_EXCLUDED', -2, -1, -3], // -0.5 rounds away from zero
    [3 * 9999, 2500, 'TAX_INCLUDED', 23998, 5999, 29997], // 99.99 x 3 incl.: 5999.4
    [7 * 9999, 2500, 'TAX_EXCLUDED', 69993, 17498, 87491], // 99.99 x 7 excl.: 17498.25
    [7 * 9999, 700, 'TAX_INCLUDED', 65414, 4579, 69993], // 4578.98
    [3, 1900, 'TAX_EXCLUDED', 3, 1, 4], // 0.03 x 3 at 19 %: 0.57
    [7, 210, 'TAX_EXCLUDED', 7, 0, 7], // 0.07 at 2.1 %: 0.147
    [7, 2550, 'TAX_INCLUDED', 6, 1, 7], // 1.42
    [999, 0, 'TAX_INCLUDED', 999, 0, 999],
  ] as const)('%d at %d bp, %s: net %d + tax %d = gross %d', (amount, rate, mode, net, tax, gross) => {
    expect(taxLine(amount, rate, mode)).toEqual({ net, tax, gross, rate });
  });

  it('refuses fractions of a minor unit and negative rates', () => {
    expect(() => taxLine(1.5, 2500, 'TAX_INCLUDED')).toThrow(RangeError);
    expect(() => taxLine(100, -1, 'TAX_INCLUDED')).toThrow(RangeError);
  });
});

describe('where VAT applies', () => {
  const consumer = (buyerCountry: string) => taxTreatment({ sellerCountry: 'SE', buyerCountry, buyerVatNumber: null });

  it('taxes a consumer where they live', () => {
    expect(consumer('DE')).toEqual({ country: 'DE', reverseCharge: false, buyerVatNumber: null, note: null });
    expect(rateFor(consumer('DE'), 'news')).toEqual({ rate: 700, code: 'S' });
    expect(rateFor(consumer('SE'), 'standard')).toEqual({ rate: 2500, code: 'S' });
    expect(rateFor(consumer('DK'), 'news')).toEqual({ rate: 0, code: 'Z' });
  });

  it('reverse charges a business in another EU country with a VAT number of valid form', () => {
    const t = taxTreatment({ sellerCountry: 'SE', buyerCountry: 'DE', buyerVatNumber: 'de 136 695 976' });
    expect(t).toEqual({ country: 'DE', reverseCharge: true, buyerVatNumber: 'DE136695976', note: REVERSE_CHARGE_NOTE });
    expect(rateFor(t, 'news')).toEqual({ rate: 0, code: 'AE' });
  });

  it('taxes a business in the seller’s own country at the domestic rate', () => {
    const t = taxTreatment({ sellerCountry: 'SE', buyerCountry: 'SE', buyerVatNumber: 'SE556703748501' });
    expect(t.reverseCharge).toBe(false);
    expect(t.buyerVatNumber).toBe('SE556703748501');
    expect(rateFor(t, 'standard').rate).toBe(2500);
  });

  it.each([
    ['a check digit that does not add up', 'DE136695977'],
    ['a number of another country', 'FR40303265045'],
    ['too short', 'DE1366'],
  ])('taxes a business whose VAT number is not of valid form (%s) as a consumer', (_, vat) => {
    const t = taxTreatment({ sellerCountry: 'SE', buyerCountry: 'DE', buyerVatNumber: vat });
    expect(t).toMatchObject({ reverseCharge: false, buyerVatNumber: null, note: null });
    expect(rateFor(t, 'standard').rate).toBe(1900);
  });

  it('does not reverse charge outside the EU: a Norwegian business is outside the scope of EU VAT, a Norwegian consumer pays Norwegian VAT', () => {
    const t = taxTreatment({ sellerCountry: 'SE', buyerCountry: 'NO', buyerVatNumber: 'NO123456785MVA' });
    expect(t.reverseCharge).toBe(false);
    expect(rateFor(t, 'standard')).toEqual({ rate: 0, code: 'O' });
    expect(t.note).toBe(OUTSIDE_SCOPE_NOTE);
    expect(rateFor(taxTreatment({ sellerCountry: 'SE', buyerCountry: 'NO', buyerVatNumber: null }), 'standard')).toEqual({ rate: 2500, code: 'S' });
  });

  it('charges no VAT to a buyer in a country outside the table, with a note', () => {
    const t = consumer('US');
    expect(t.note).toBe(OUTSIDE_SCOPE_NOTE);
    expect(rateFor(t, 'standard')).toEqual({ rate: 0, code: 'O' });
  });

  it('checks the form of VAT numbers, Greek ones with EL', () => {
    expect(isVatNumberOfValidForm('SE556703748501', 'SE')).toBe(true);
    expect(isVatNumberOfValidForm('EL094259216', 'GR')).toBe(true);
    expect(isVatNumberOfValidForm('SE556703748501', 'DE')).toBe(false);
  });
});

describe('a bill of lines', () => {
  const treatment = taxTreatment({ sellerCountry: 'SE', buyerCountry: 'SE', buyerVatNumber: null });

  it('taxes each line and adds up totals per rate', () => {
    const b = taxBill({
      mode: 'TAX_INCLUDED',
      treatment,
      lines: [
        { sku: 'news', title: 'News', quantity: 1, unitPrice: 10600, amount: 10600, category: 'news' },
        { sku: 'ebook', title: 'E-book', quantity: 2, unitPrice: 5300, amount: 10600, category: 'e_publication' },
        { sku: 'pass', title: 'Pass', quantity: 1, unitPrice: 12500, amount: 10000, category: 'standard' },
      ],
    });
    expect(b.totals).toEqual([
      { rate: 2500, code: 'S', net: 8000, tax: 2000, gross: 10000 },
      { rate: 600, code: 'S', net: 20000, tax: 1200, gross: 21200 },
    ]);
    expect(b.lines[2].allowance).toBe(2500);
    expect({ net: b.net, tax: b.tax, gross: b.gross }).toEqual({ net: 28000, tax: 3200, gross: 31200 });
  });

  it('shares a price among lines in proportion, adding up exactly', () => {
    expect(shareAmong(100, [1, 1, 1])).toEqual([34, 33, 33]);
    expect(shareAmong(1000, [3000, 1000])).toEqual([750, 250]);
    expect(shareAmong(5, [0, 0])).toEqual([5, 0]);
  });
});

describe('tax properties', () => {
  const amount = fc.oneof(fc.constantFrom(1, 9999, 3, 7, 3 * 9999, 7 * 9999, 21, 69993), fc.integer({ min: -1e12, max: 1e12 }));
  const rate = fc.oneof(fc.constantFrom(...Object.values(VAT_RATES).flatMap((r) => Object.values(r))), fc.integer({ min: 0, max: 10_000 }));
  const mode = fc.constantFrom('TAX_INCLUDED' as const, 'TAX_EXCLUDED' as const);

  it('net + tax = gross for every amount, rate and price mode, and the stated amount is kept', () => {
    fc.assert(
      fc.property(amount, rate, mode, (a, r, m) => {
        const t = taxLine(a, r, m);
        expect(t.net + t.tax).toBe(t.gross);
        expect(m === 'TAX_INCLUDED' ? t.gross : t.net).toBe(a);
        expect([t.net, t.tax, t.gross].every(Number.isSafeInteger)).toBe(true);
      }),
    );
  });

  it('the tax is the exact tax rounded half away from zero (within half a minor unit)', () => {
    fc.assert(
      fc.property(fc.integer({ min: -1e9, max: 1e9 }), rate, mode, (a, r, m) => {
        const t = taxLine(a, r, m);
        const exact = m === 'TAX_INCLUDED' ? (a * r) / (10_000 + r) : (a * r) / 10_000;
        expect(Math.abs(t.tax - exact)).toBeLessThanOrEqual(0.5 + 1e-6);
      }),
    );
  });

  it('a bill adds up: lines and per-rate totals give the same net, tax and gross', () => {
    const line = fc.record({
      quantity: fc.constantFrom(1, 3, 7),
      unitPrice: fc.constantFrom(1, 9999, 12000, 4999),
      category: fc.constantFrom(...TAX_CATEGORIES),
    });
    fc.assert(
      fc.property(fc.array(line, { minLength: 1, maxLength: 5 }), mode, fc.constantFrom('SE', 'DE', 'FR', 'GB', 'CH'), (ls, m, country) => {
        const b = taxBill({
          mode: m,
          treatment: taxTreatment({ sellerCountry: 'SE', buyerCountry: country, buyerVatNumber: null }),
          lines: ls.map((l, i) => ({ ...l, sku: `s${i}`, title: `t${i}`, amount: l.quantity * l.unitPrice })),
        });
        expect(b.net + b.tax).toBe(b.gross);
        for (const key of ['net', 'tax', 'gross'] as const) expect(b.totals.reduce((s, t) => s + t[key], 0)).toBe(b[key]);
      }),
    );
  });

  it('shares always add up to the price', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1e9 }), fc.array(fc.integer({ min: 0, max: 1e7 }), { minLength: 1, maxLength: 6 }), (price, list) => {
        const shares = shareAmong(price, list);
        expect(shares.reduce((s, x) => s + x, 0)).toBe(price);
      }),
    );
  });
});
