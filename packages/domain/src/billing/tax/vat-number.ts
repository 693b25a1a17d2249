import { checkVAT, countries } from 'jsvat';

/** A VAT number as written on invoices: upper case, no spaces, dots or dashes. */
export function normalizeVatNumber(value: string): string {
  return value.replace(/[\s.-]/g, '').toUpperCase();
}

/** VAT numbers of Greece start with EL; everywhere else with the ISO country code. */
export const vatPrefixOf = (country: string): string => (country === 'GR' ? 'EL' : country);

/**
 * Whether a VAT number has a valid form for the country (prefix, length and
 * check digits, offline, by the `jsvat` package). This is not a VIES lookup:
 * a number of valid form may still not be registered.
 */
export function isVatNumberOfValidForm(value: string, country: string): boolean {
  const normalized = normalizeVatNumber(value);
  if (!normalized.startsWith(vatPrefixOf(country))) return false;
  const result = checkVAT(normalized, countries);
  return result.isValid && result.isValidFormat;
}
