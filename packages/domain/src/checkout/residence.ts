import { ConflictError } from '../shared';
import { CheckoutDetails } from './checkout';

/**
 * The countries a consumer's checkout names for where they live: the
 * checkout's country and the billing address's. When they differ, the
 * evidence contradicts itself (Implementing Regulation 282/2011 Art. 24b and
 * 24d: the place of supply rests on two non-contradictory pieces), so the
 * buyer confirms their country of residence before the card is charged. A
 * business buyer is supplied where it is established (Art. 44): not asked.
 * Answers the countries to choose among, or null when nothing needs asking
 * (they agree, or the buyer confirmed one of them).
 */
export function countriesToConfirm(d: Pick<CheckoutDetails, 'country' | 'address' | 'isBusiness' | 'residenceCountry'>): string[] | null {
  if (d.isBusiness) return null;
  const named = [d.country, d.address?.country].filter((c): c is string => !!c).map((c) => c.toUpperCase());
  const distinct = [...new Set(named)];
  if (distinct.length < 2) return null;
  if (d.residenceCountry && distinct.includes(d.residenceCountry.toUpperCase())) return null;
  return distinct;
}

/**
 * The checkout's evidence of where the buyer lives contradicts itself: the buyer confirms their country of
 * residence (`residenceCountry`, one of `countries`) before paying. 409 `CHECKOUT.RESIDENCE_TO_CONFIRM`.
 */
export class ResidenceToConfirm extends ConflictError {
  constructor(checkoutId: string, readonly countries: readonly string[]) {
    super(
      'CHECKOUT.RESIDENCE_TO_CONFIRM',
      `the checkout names more than one country (${countries.join(', ')}): confirm the buyer's country of residence (residenceCountry) before paying`,
      { checkoutId, countries: [...countries], field: 'residenceCountry' },
    );
  }
}

/** Refuses to charge while the buyer's country of residence needs confirming (ResidenceToConfirm). */
export function assertResidenceSettled(checkoutId: string, d: Parameters<typeof countriesToConfirm>[0]): void {
  const countries = countriesToConfirm(d);
  if (countries) throw new ResidenceToConfirm(checkoutId, countries);
}
