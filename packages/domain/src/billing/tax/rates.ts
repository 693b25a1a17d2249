import { TaxCategory } from './categories';

/**
 * A VAT rate in basis points: hundredths of a percent, so 25 % is 2500 and
 * France's 2.1 % is 210. Integers only: no floating point touches money.
 */
export type RateBasisPoints = number;

export type CountryRates = Readonly<Record<TaxCategory, RateBasisPoints>>;

/**
 * VAT rates by country and tax category: the 27 EU member states, Norway,
 * the United Kingdom and Switzerland.
 *
 * Sources: European Commission, "VAT rates applied in the Member States of
 * the European Union" (situation at 1 January 2025) and its Taxes in Europe
 * Database (TEDB), with the changes in force since then: Estonia 24 %
 * standard from 1 July 2025, Romania 21 % standard and 11 % reduced from
 * 1 August 2025; Skatteetaten (NO), HMRC VAT Notice 701/10 (GB) and the
 * Swiss Federal Tax Administration (CH, rates from 1 January 2024).
 * Table as of 2025-10-01. Rates change: a vendor overrides any cell in its
 * tax settings, and this table is reviewed with each new edition.
 *
 * Reading the columns: `news` is the rate for newspapers (printed and
 * digital news services where the country extends it to them);
 * `e_publication` is electronically supplied books and periodicals;
 * `audiobook` follows the book rate where the country treats audiobooks as
 * books, else the standard rate (GB and CH tax them at the standard rate).
 */
export const VAT_RATES: Readonly<Record<string, CountryRates>> = {
  //        standard      news         book          audiobook         e_publication          physical_periodical
  AT: { standard: 2000, news: 1000, book: 1000, audiobook: 1000, e_publication: 1000, physical_periodical: 1000 },
  BE: { standard: 2100, news: 0, book: 600, audiobook: 600, e_publication: 600, physical_periodical: 600 },
  BG: { standard: 2000, news: 900, book: 900, audiobook: 900, e_publication: 900, physical_periodical: 900 },
  CY: { standard: 1900, news: 300, book: 300, audiobook: 300, e_publication: 300, physical_periodical: 300 },
  CZ: { standard: 2100, news: 1200, book: 0, audiobook: 0, e_publication: 0, physical_periodical: 1200 },
  DE: { standard: 1900, news: 700, book: 700, audiobook: 700, e_publication: 700, physical_periodical: 700 },
  DK: { standard: 2500, news: 0, book: 2500, audiobook: 2500, e_publication: 2500, physical_periodical: 2500 },
  EE: { standard: 2400, news: 900, book: 900, audiobook: 900, e_publication: 900, physical_periodical: 900 },
  ES: { standard: 2100, news: 400, book: 400, audiobook: 400, e_publication: 400, physical_periodical: 400 },
  FI: { standard: 2550, news: 1000, book: 1400, audiobook: 1400, e_publication: 1400, physical_periodical: 1000 },
  FR: { standard: 2000, news: 210, book: 550, audiobook: 550, e_publication: 550, physical_periodical: 210 },
  GR: { standard: 2400, news: 600, book: 600, audiobook: 600, e_publication: 600, physical_periodical: 600 },
  HR: { standard: 2500, news: 500, book: 500, audiobook: 500, e_publication: 500, physical_periodical: 500 },
  HU: { standard: 2700, news: 500, book: 500, audiobook: 500, e_publication: 500, physical_periodical: 500 },
  IE: { standard: 2300, news: 900, book: 0, audiobook: 0, e_publication: 0, physical_periodical: 900 },
  IT: { standard: 2200, news: 400, book: 400, audiobook: 400, e_publication: 400, physical_periodical: 400 },
  LT: { standard: 2100, news: 500, book: 900, audiobook: 900, e_publication: 900, physical_periodical: 500 },
  LU: { standard: 1700, news: 300, book: 300, audiobook: 300, e_publication: 300, physical_periodical: 300 },
  LV: { standard: 2100, news: 500, book: 500, audiobook: 500, e_publication: 500, physical_periodical: 500 },
  MT: { standard: 1800, news: 500, book: 500, audiobook: 500, e_publication: 500, physical_periodical: 500 },
  NL: { standard: 2100, news: 900, book: 900, audiobook: 900, e_publication: 900, physical_periodical: 900 },
  PL: { standard: 2300, news: 800, book: 500, audiobook: 500, e_publication: 500, physical_periodical: 800 },
  PT: { standard: 2300, news: 600, book: 600, audiobook: 600, e_publication: 600, physical_periodical: 600 },
  RO: { standard: 2100, news: 1100, book: 1100, audiobook: 1100, e_publication: 1100, physical_periodical: 1100 },
  SE: { standard: 2500, news: 600, book: 600, audiobook: 600, e_publication: 600, physical_periodical: 600 },
  SI: { standard: 2200, news: 500, book: 500, audiobook: 500, e_publication: 500, physical_periodical: 500 },
  SK: { standard: 2300, news: 500, book: 500, audiobook: 500, e_publication: 500, physical_periodical: 500 },
  NO: { standard: 2500, news: 0, book: 0, audiobook: 0, e_publication: 0, physical_periodical: 0 },
  GB: { standard: 2000, news: 0, book: 0, audiobook: 2000, e_publication: 0, physical_periodical: 0 },
  CH: { standard: 810, news: 260, book: 260, audiobook: 810, e_publication: 260, physical_periodical: 260 },
};

/** The EU member states (ISO 3166-1 codes; Greece is `GR` here and `EL` in VAT numbers). */
export const EU_COUNTRIES: readonly string[] = [
  'AT', 'BE', 'BG', 'CY', 'CZ', 'DE', 'DK', 'EE', 'ES', 'FI', 'FR', 'GR', 'HR', 'HU',
  'IE', 'IT', 'LT', 'LU', 'LV', 'MT', 'NL', 'PL', 'PT', 'RO', 'SE', 'SI', 'SK',
];

export const isEuCountry = (country: string): boolean => EU_COUNTRIES.includes(country);

/** A vendor's own rate for one country and category, overriding the table. */
export interface RateOverride {
  readonly country: string;
  readonly category: TaxCategory;
  readonly rate: RateBasisPoints;
}

/** The rate of a category in a country, a vendor override first; null when the country is not in the table. */
export function vatRate(country: string, category: TaxCategory, overrides: readonly RateOverride[] = []): RateBasisPoints | null {
  const override = overrides.find((o) => o.country === country && o.category === category);
  if (override) return override.rate;
  return VAT_RATES[country]?.[category] ?? null;
}

/** A rate as people read it: 2500 -> "25", 210 -> "2.1", 2550 -> "25.5". */
export function formatRate(rate: RateBasisPoints): string {
  const whole = Math.floor(rate / 100);
  const fraction = String(rate % 100).padStart(2, '0').replace(/0+$/, '');
  return fraction ? `${whole}.${fraction}` : String(whole);
}
