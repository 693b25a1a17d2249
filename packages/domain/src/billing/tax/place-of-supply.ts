/**
 * Where a sale is taxed: the buyer's country, decided from the evidence the
 * service holds (Council Directive 2006/112/EC Art. 58 for electronically
 * supplied services to consumers, Art. 44 for businesses; Implementing
 * Regulation 282/2011 Art. 24b and 24f: the billing address, the country
 * of the payment, and other commercially relevant information, two
 * non-contradictory pieces being enough).
 *
 * The pieces: the billed party's billing address (the contract's, else
 * their profile's), the contract's `payment.country` when the vendor stated
 * it, the checkout's country when the sale came from a checkout, and the
 * paying card's issuing country as the payment provider reported it (Art.
 * 24f(c): the location of the bank). The country most pieces name wins; on
 * a tie, the vendor's stated payment country, then the billing address, then
 * the checkout's, then the card's; the card alone never moves a sale from
 * the default market. A country of residence the buyer
 * confirmed at a checkout whose pieces disagreed (checkout/residence.ts)
 * decides. With no evidence
 * the vendor's default market applies, and the facts say so.
 */
export type EvidenceSource = 'RESIDENCE_CONFIRMED' | 'PAYMENT_COUNTRY' | 'BILLING_ADDRESS' | 'CHECKOUT_COUNTRY' | 'CARD_COUNTRY' | 'DEFAULT';

export interface Evidence {
  readonly source: EvidenceSource;
  readonly country: string;
}

export interface PlaceOfSupply {
  readonly country: string;
  /** Every piece considered, in the order of precedence. */
  readonly evidence: readonly Evidence[];
  /** Two or more pieces agree on the country and none contradicts it. */
  readonly conclusive: boolean;
  /** Some piece names another country. */
  readonly contradicted: boolean;
}

/** How the contract's payment country came about: stated by the vendor (absent on older contracts), a checkout's, the buyer's confirmed residence, or the default. */
export type PaymentCountrySource = 'GIVEN' | 'CHECKOUT' | 'CONFIRMED' | 'DEFAULT';

export function placeOfSupply(input: {
  readonly paymentCountry: string;
  readonly paymentCountrySource?: PaymentCountrySource;
  readonly billingAddressCountry: string | null;
  readonly cardCountry?: string | null;
}): PlaceOfSupply {
  const source = input.paymentCountrySource ?? 'GIVEN';
  const pieces: Evidence[] = [];
  const add = (s: EvidenceSource, country: string | null | undefined) => {
    if (country && /^[A-Za-z]{2}$/.test(country)) pieces.push({ source: s, country: country.toUpperCase() });
  };
  if (source === 'CONFIRMED') add('RESIDENCE_CONFIRMED', input.paymentCountry);
  if (source === 'GIVEN') add('PAYMENT_COUNTRY', input.paymentCountry);
  add('BILLING_ADDRESS', input.billingAddressCountry);
  if (source === 'CHECKOUT') add('CHECKOUT_COUNTRY', input.paymentCountry);
  add('CARD_COUNTRY', input.cardCountry);
  // The card's country is known only once the card is charged, after the price with its VAT was shown and charged:
  // it corroborates or contradicts the other pieces but never moves a sale alone.
  if (pieces.every((p) => p.source === 'CARD_COUNTRY')) {
    const country = input.paymentCountry.toUpperCase();
    return { country, evidence: [{ source: 'DEFAULT', country }, ...pieces], conclusive: false, contradicted: pieces.some((p) => p.country !== country) };
  }
  const votes = (country: string) => pieces.filter((p) => p.country === country).length;
  // Pieces are in order of precedence: the first of the most named countries wins.
  // The buyer's confirmed residence (asked because the checkout's pieces disagreed) decides.
  const confirmed = pieces.find((p) => p.source === 'RESIDENCE_CONFIRMED');
  const country = confirmed?.country ?? pieces.reduce((best, p) => (votes(p.country) > votes(best) ? p.country : best), pieces[0].country);
  const contradicted = pieces.some((p) => p.country !== country);
  return { country, evidence: pieces, conclusive: votes(country) >= 2 && !contradicted, contradicted };
}
