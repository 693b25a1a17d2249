import { TaxCategory } from './categories';
import { isEuCountry, RateBasisPoints, RateOverride, vatRate } from './rates';
import { isVatNumberOfValidForm, normalizeVatNumber } from './vat-number';
import { VatNumberCheck } from './vat-number-check';

/**
 * How VAT applies to a sale (EN 16931 VAT category codes):
 * - `S`: taxed at a positive rate of the buyer's country;
 * - `Z`: taxed at a zero rate of the buyer's country (e.g. newspapers in Denmark);
 * - `AE`: reverse charge, the business buyer accounts for the VAT;
 * - `O`: outside the scope of VAT here (a buyer outside the rate table's countries).
 */
export type VatCategoryCode = 'S' | 'Z' | 'AE' | 'O';

export const REVERSE_CHARGE_NOTE =
  'Reverse charge: VAT to be accounted for by the recipient (Article 196, Council Directive 2006/112/EC).';
export const OUTSIDE_SCOPE_NOTE =
  'Outside the scope of EU VAT: the place of supply is outside the EU (Articles 44 and 58, Council Directive 2006/112/EC); no VAT is charged.';

/** Who sells and who buys, as tax needs to know them. */
export interface TaxParties {
  /** The vendor's country (its address in the billing settings). */
  readonly sellerCountry: string;
  /** The market: `payment.country` of the contract, or the buyer's country on a checkout. */
  readonly buyerCountry: string;
  /** The buyer's VAT number, when the buyer is a business that gave one. */
  readonly buyerVatNumber: string | null;
  /**
   * The check of that number (VIES or format only, tax/vat-number-check.ts). When given, only a number that
   * passed (`VALID`) makes the buyer a business: a failed or unavailable check taxes them as a consumer of
   * their country. Absent: the form alone decides (quotes shown before the buyer commits).
   */
  readonly buyerVatNumberCheck?: VatNumberCheck | null;
}

export interface TaxTreatment {
  readonly country: string;
  readonly reverseCharge: boolean;
  /** The buyer's VAT number when it has a valid form, normalised; null otherwise. */
  readonly buyerVatNumber: string | null;
  /** The legal note the invoice carries (reverse charge, outside scope); null for a taxed sale. */
  readonly note: string | null;
  /** Set for a sale outside the scope of EU VAT even though the country has rates (a business outside the EU). */
  readonly outsideScope?: boolean;
}

/**
 * Where and how VAT applies: a business buyer in another EU country than the
 * seller's, with a VAT number of valid form for that country, is reverse
 * charged; everyone else is taxed where they are (the buyer's country: the
 * EU rule for electronically supplied services to consumers, and the
 * domestic rule for a buyer in the seller's own country). A buyer in a
 * country the table does not know is outside the scope.
 */
export function taxTreatment(parties: TaxParties): TaxTreatment {
  const country = parties.buyerCountry.toUpperCase();
  const vat = parties.buyerVatNumber ? normalizeVatNumber(parties.buyerVatNumber) : null;
  const check = parties.buyerVatNumberCheck ?? null;
  const passed = !check || check.status === 'VALID';
  const validVat = vat && passed && isVatNumberOfValidForm(vat, country) ? vat : null;
  const crossBorderEu = isEuCountry(country) && isEuCountry(parties.sellerCountry) && country !== parties.sellerCountry;
  if (validVat && crossBorderEu) {
    return { country, reverseCharge: true, buyerVatNumber: validVat, note: REVERSE_CHARGE_NOTE };
  }
  // A business outside the EU (a VAT number of valid form for its country) is supplied where it is established (Art. 44).
  const businessOutsideEu = validVat && !isEuCountry(country) && isEuCountry(parties.sellerCountry);
  if (businessOutsideEu) return { country, reverseCharge: false, buyerVatNumber: validVat, note: OUTSIDE_SCOPE_NOTE, outsideScope: true };
  if (vatRate(country, 'standard') === null) return { country, reverseCharge: false, buyerVatNumber: validVat, note: OUTSIDE_SCOPE_NOTE };
  return { country, reverseCharge: false, buyerVatNumber: validVat, note: null };
}

/** The rate and VAT category of one product under a treatment. */
export function rateFor(
  treatment: TaxTreatment,
  category: TaxCategory,
  overrides: readonly RateOverride[] = [],
): { rate: RateBasisPoints; code: VatCategoryCode } {
  if (treatment.reverseCharge) return { rate: 0, code: 'AE' };
  if (treatment.outsideScope) return { rate: 0, code: 'O' };
  const rate = vatRate(treatment.country, category, overrides);
  if (rate === null) return { rate: 0, code: 'O' };
  return { rate, code: rate === 0 ? 'Z' : 'S' };
}
