import { BadCheckout } from './errors';
import { CheckoutAddress, CheckoutDetails, GeoRestrictions } from './checkout-snapshot';

/** The rules of a buyer's details: e-mail addresses, country codes, dates, addresses and where an item may be sold. */

const COUNTRY = /^[A-Z]{2}$/;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
export const isEmail = (value: string) => EMAIL.test(value) && value.length <= 320;

export function missingAddress(field: string, address: CheckoutAddress | null): string[] {
  const required = ['street', 'zip', 'city', 'country'] as const;
  return required.filter((k) => !address || !address[k] || address[k]!.trim() === '').map((k) => `${field}.${k}`);
}

export function allowedIn(restrictions: GeoRestrictions | null, country: string | null): boolean {
  if (!restrictions) return true;
  const listed = country !== null && restrictions.countries.includes(country);
  return restrictions.type === 'ALLOW' ? listed : !listed;
}

export function checkDetails(d: CheckoutDetails): void {
  const bad = (field: string, why: string) => new BadCheckout('BAD_FIELD', `${field} ${why}`, { field });
  for (const field of ['email', 'payerEmail', 'referralEmail'] as const) {
    const value = d[field];
    if (value !== null && value !== '' && !isEmail(value)) throw bad(field, 'is not an e-mail address');
  }
  for (const f of ['country', 'residenceCountry'] as const) if (d[f] && !COUNTRY.test(d[f]!)) throw bad(f, 'must be a two-letter country code');
  for (const field of ['address', 'businessAddress'] as const) {
    const country = d[field]?.country;
    if (country && !COUNTRY.test(country)) throw bad(`${field}.country`, 'must be a two-letter country code');
  }
  if (d.birthDate !== null && d.birthDate !== '' && !/^\d{4}-\d{2}-\d{2}$/.test(d.birthDate)) {
    throw bad('birthDate', 'must be a date YYYY-MM-DD');
  }
  if (d.redirectUrl !== null && !/^https?:\/\//i.test(d.redirectUrl)) throw bad('redirectUrl', 'must be an http(s) address');
}
