import { formatMoney, moneyLocale } from '../../src/shared/money-format';

describe('formatMoney: one way to write money', () => {
  it('writes English as en-GB: code first, comma thousands, two decimals, plain spaces', () => {
    expect(formatMoney(118800, 'SEK', 'en')).toBe('SEK 1,188.00');
    expect(formatMoney(9900, 'SEK', 'en-US')).toBe('SEK 99.00');
    expect(formatMoney(4950, 'EUR', 'en')).toBe('€49.50');
    expect(formatMoney(5, 'SEK', 'en')).toBe('SEK 0.05');
  });

  it('writes Swedish as sv-SE: space thousands, comma decimals, kr after, no non-breaking spaces', () => {
    expect(formatMoney(118800, 'SEK', 'sv')).toBe('1 188,00 kr');
    expect(formatMoney(118800, 'SEK', 'sv-SE')).toBe('1 188,00 kr');
    expect(formatMoney(4950, 'EUR', 'SV_fi')).toBe('49,50 €');
    expect(formatMoney(118800, 'SEK', 'sv')).not.toMatch(/[\u00a0\u202f]/);
  });

  it('writes a negative amount with a plain hyphen', () => {
    expect(formatMoney(-1980, 'SEK', 'sv')).toBe('-19,80 kr');
    expect(formatMoney(-1980, 'SEK', 'en')).toBe('-SEK 19.80');
  });

  it('writes any other or missing language as English', () => {
    for (const locale of ['de', 'fr-FR', '', null, undefined, '  ']) expect(formatMoney(118800, 'SEK', locale)).toBe('SEK 1,188.00');
    expect(moneyLocale('sv')).toBe('sv-SE');
    expect(moneyLocale('zz')).toBe('en-GB');
  });

  it('writes a code Intl refuses after the figure, never throws', () => {
    expect(formatMoney(500, 'NOPE', 'en')).toBe('5.00 NOPE');
  });
});
