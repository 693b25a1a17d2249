import { paywallAttribution } from '../src/components/paywall-attribution';
import { meterText, paywallLocale, priceText, renewalText, PAYWALL_STRINGS } from '../src/components/paywall-text';

const DAILY = { enabled: true, count: 3, periodInHours: 24 };

describe('<service-paywall> meter', () => {
  it('counts the free articles left of the allowance in plain words, in English and Swedish', () => {
    expect([2, 1, 0].map((left) => meterText(left, DAILY, 'en'))).toEqual([
      '2 of 3 free articles left today',
      '1 of 3 free articles left today',
      '0 of 3 free articles left today',
    ]);
    expect([2, 1, 0].map((left) => meterText(left, DAILY, 'sv'))).toEqual([
      '2 av 3 gratisartiklar kvar i dag',
      '1 av 3 gratisartiklar kvar i dag',
      '0 av 3 gratisartiklar kvar i dag',
    ]);
    expect(meterText(4, { enabled: true, count: 5, periodInHours: 720 }, 'en')).toBe('4 of 5 free articles left this month');
    expect(meterText(4, { enabled: true, count: 5, periodInHours: 168 }, 'sv')).toBe('4 av 5 gratisartiklar kvar den här veckan');
    // A window without a name says no period.
    expect(meterText(1, { enabled: true, count: 2, periodInHours: 36 }, 'en')).toBe('1 of 2 free articles left');
  });

  it('writes large counts with the locale’s digit grouping (Intl)', () => {
    expect(meterText(1500, { enabled: true, count: 2000, periodInHours: 24 }, 'en')).toBe('1,500 of 2,000 free articles left today');
    expect(meterText(1500, { enabled: true, count: 2000, periodInHours: 24 }, 'sv')).toBe('1\u00a0500 av 2\u00a0000 gratisartiklar kvar i dag');
  });

  it('says nothing when there is nothing to count: the allowance off or unknown, no remaining, a count of 0', () => {
    expect(meterText(2, { ...DAILY, enabled: false }, 'en')).toBeNull();
    expect(meterText(2, null, 'en')).toBeNull();
    expect(meterText(undefined, DAILY, 'en')).toBeNull();
    expect(meterText(Number.NaN, DAILY, 'en')).toBeNull();
    expect(meterText(0, { ...DAILY, count: 0 }, 'en')).toBeNull();
    // A count the vendor lowered below what was left never shows more left than the allowance.
    expect(meterText(7, DAILY, 'en')).toBe('3 of 3 free articles left today');
    expect(meterText(-1, DAILY, 'en')).toBe('0 of 3 free articles left today');
  });
});

describe('<service-paywall> renewal', () => {
  it('says when the next free article comes back, as the locale writes a date and time', () => {
    expect(renewalText('2026-11-29T14:05:00.000Z', 'en', 'UTC')).toBe('Your next free article is available 29 Nov 2026, 14:05.');
    expect(renewalText('2026-11-29T14:05:00.000Z', 'sv', 'Europe/Stockholm')).toBe('Nästa gratisartikel blir tillgänglig 29 nov. 2026 15:05.');
  });

  it('says nothing without a valid instant', () => {
    for (const value of [null, undefined, '', 'soon', 'not-a-date']) expect(renewalText(value, 'en')).toBeNull();
  });
});

describe('<service-paywall> language', () => {
  it("follows the page's lang, then the configuration's locale; Swedish for sv and sv-*, English otherwise", () => {
    expect(paywallLocale('sv', 'en')).toBe('sv');
    expect(paywallLocale('sv-SE')).toBe('sv');
    expect(paywallLocale('SV-fi')).toBe('sv');
    expect(paywallLocale('en', 'sv')).toBe('en');
    expect(paywallLocale('', 'sv')).toBe('sv');
    expect(paywallLocale(null, 'sv-SE')).toBe('sv');
    expect(paywallLocale('de')).toBe('en');
    expect(paywallLocale(undefined, 42)).toBe('en');
    expect(paywallLocale(undefined)).toBe('en');
  });

  it('has every string in both catalogues', () => {
    expect(Object.keys(PAYWALL_STRINGS.sv).sort()).toEqual(Object.keys(PAYWALL_STRINGS.en).sort());
    expect(Object.keys(PAYWALL_STRINGS.sv.periods).sort()).toEqual(Object.keys(PAYWALL_STRINGS.en.periods).sort());
    for (const key of ['region', 'forSubscribers', 'keepReading', 'signIn', 'choose'] as const) expect(PAYWALL_STRINGS.sv[key]).not.toBe(PAYWALL_STRINGS.en[key]);
  });

  it('writes prices with Intl for the locale, and the figure with its code for a currency Intl does not know', () => {
    expect(priceText(1188, 'SEK', 'en')).toBe('SEK 1,188.00');
    expect(priceText(1188, 'SEK', 'sv')).toBe('1 188,00 kr');
    expect(priceText(5, 'NOPE', 'en')).toBe('5.00 NOPE');
  });
});

describe('<service-paywall> checkout attribution', () => {
  it('names the paywall, the article and the strategy node, as the funnel statistics read them', () => {
    expect(paywallAttribution('pw-1', 'harbour', 'node-7')).toEqual({ source: 'paywall', sourceId: 'pw-1', publisherContentId: 'harbour', strategyNodeId: 'node-7' });
    expect(paywallAttribution('pw-1', null, ' ')).toEqual({ source: 'paywall', sourceId: 'pw-1' });
    expect(paywallAttribution(null, 'harbour', 'node-7')).toBeNull();
    expect(paywallAttribution('pw', 'x'.repeat(900), null)?.publisherContentId).toHaveLength(500);
  });
});
