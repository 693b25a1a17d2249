/**
 * The vendor's identifiers and bank account as invoices and e-invoices carry
 * them (EN 16931 BT-29/BT-30 seller identifiers, BG-17 credit transfer):
 * checked for their form and check digits, offline.
 */

/** A Luhn (mod 10) check over a string of digits. */
export function luhnValid(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  for (let i = 0; i < digits.length; i += 1) {
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return sum % 10 === 0;
}

const compact = (value: string) => value.replace(/[\s.-]/g, '').toUpperCase();

/** IBAN lengths by country (ISO 13616 registry), for the countries a vendor is likely to bank in. */
const IBAN_LENGTHS: Readonly<Record<string, number>> = {
  AD: 24, AT: 20, BE: 16, BG: 22, CH: 21, CY: 28, CZ: 24, DE: 22, DK: 18, EE: 20, ES: 24, FI: 18, FO: 18, FR: 27, GB: 22,
  GI: 23, GL: 18, GR: 27, HR: 21, HU: 28, IE: 22, IS: 26, IT: 27, LI: 21, LT: 20, LU: 20, LV: 21, MC: 27, MT: 31, NL: 18,
  NO: 15, PL: 28, PT: 25, RO: 24, SE: 24, SI: 19, SK: 24, SM: 27, VA: 22,
};

/** An IBAN without spaces, upper case, when its country length and ISO 7064 mod 97-10 checksum hold; else null. */
export function normalizeIban(value: string): string | null {
  const iban = compact(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{10,30}$/.test(iban)) return null;
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length !== undefined && iban.length !== length) return null;
  const rearranged = `${iban.slice(4)}${iban.slice(0, 4)}`.replace(/[A-Z]/g, (c) => String(c.charCodeAt(0) - 55));
  let remainder = 0;
  for (const digit of rearranged) remainder = (remainder * 10 + Number(digit)) % 97;
  return remainder === 1 ? iban : null;
}

/** A BIC (ISO 9362): 8 or 11 characters, bank, country, location, optional branch. */
export const normalizeBic = (value: string): string | null => {
  const bic = compact(value);
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(bic) ? bic : null;
};

/** A Swedish bankgiro number (7 or 8 digits, Luhn check digit), as digits only. */
export const normalizeBankgiro = (value: string): string | null => {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{7,8}$/.test(digits) && luhnValid(digits) ? digits : null;
};

/** A Swedish plusgiro number (2 to 8 digits, Luhn check digit), as digits only. */
export const normalizePlusgiro = (value: string): string | null => {
  const digits = value.replace(/[\s-]/g, '');
  return /^\d{2,8}$/.test(digits) && luhnValid(digits) ? digits : null;
};

/** A GLN (GS1 global location number): 13 digits, GS1 mod 10 check digit. */
export const normalizeGln = (value: string): string | null => {
  const digits = value.replace(/[\s-]/g, '');
  if (!/^\d{13}$/.test(digits)) return null;
  const sum = [...digits.slice(0, 12)].reduce((s, d, i) => s + Number(d) * (i % 2 === 0 ? 1 : 3), 0);
  return (10 - (sum % 10)) % 10 === Number(digits[12]) ? digits : null;
};

/**
 * A Swedish organisation number (organisationsnummer): 10 digits, Luhn
 * check digit (Peppol SE-R-003, SE-R-004, SE-R-013); elsewhere 2 to 35
 * letters and digits as the national register writes them.
 */
export function normalizeOrganisationNumber(value: string, country: string): string | null {
  const id = compact(value);
  if (country === 'SE') return /^\d{10}$/.test(id) && luhnValid(id) ? id : null;
  return /^[A-Z0-9]{2,35}$/.test(id) ? id : null;
}

/** The organisation number in a Swedish VAT number (SE + 10 digits + 01), when the country is SE. */
export const organisationNumberFromVat = (vatNumber: string | null, country: string): string | null =>
  country === 'SE' && vatNumber && /^SE\d{10}01$/.test(vatNumber) ? vatNumber.slice(2, 12) : null;

/** The vendor's bank account for credit transfers; every part optional. */
export interface PayeeAccount {
  readonly iban: string | null;
  readonly bic: string | null;
  readonly bankgiro: string | null;
  readonly plusgiro: string | null;
}

export const hasPayeeAccount = (a: PayeeAccount | null | undefined): a is PayeeAccount =>
  !!a && !!(a.iban || a.bankgiro || a.plusgiro);
