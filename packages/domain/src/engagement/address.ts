import { normalizeEmail } from '../identity/user';
import { InvalidError } from '../shared';

/** Interface 2.6a Address. `country` is an ISO 3166-1 alpha-2 code, upper case. */
export interface Address {
  readonly country: string;
  readonly zip: string | null;
  readonly city: string | null;
  readonly street: string | null;
  readonly co: string | null;
  readonly firstName: string | null;
  readonly lastName: string | null;
}

/** Interface 2.6a Company info. */
export interface CompanyInfo {
  readonly companyName: string | null;
  readonly vatNr: string | null;
  readonly invoiceEmail: string | null;
}

export type AddressInput = { readonly [K in keyof Address]?: string | null };
export type CompanyInfoInput = { readonly [K in keyof CompanyInfo]?: string | null };

/** Longest free-text field of an address or company (street, city, names). */
export const ADDRESS_FIELD_MAX = 200;
const COUNTRY = /^[A-Za-z]{2}$/;
const ZIP = /^[A-Za-z0-9][A-Za-z0-9 -]{0,15}$/;
// A VAT number: two-letter country prefix and 2 to 13 letters or digits (EU form, also GB, NO, CH...).
const VAT = /^[A-Z]{2}[A-Z0-9]{2,13}$/;
// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f]/;

/** A free-text field: trimmed, empty means absent, bounded, no control characters. */
export function text(field: string, value: string | null | undefined, max = ADDRESS_FIELD_MAX): string | null {
  if (value === null || value === undefined) return null;
  const trimmed = value.trim();
  if (trimmed === '') return null;
  if (trimmed.length > max || CONTROL.test(trimmed)) {
    throw new InvalidError('PROFILE.BAD_FIELD', `${field} must be at most ${max} characters without control characters`, { field });
  }
  return trimmed;
}

export function normalizeAddress(field: string, input: AddressInput): Address {
  const country = (input.country ?? '').trim();
  if (!COUNTRY.test(country)) {
    throw new InvalidError('PROFILE.BAD_ADDRESS', `${field}.country must be a two-letter country code`, { field: `${field}.country` });
  }
  const zip = text(`${field}.zip`, input.zip, 16);
  if (zip !== null && !ZIP.test(zip)) {
    throw new InvalidError('PROFILE.BAD_ADDRESS', `${field}.zip must be letters, digits, spaces or hyphens`, { field: `${field}.zip` });
  }
  return {
    country: country.toUpperCase(),
    zip,
    city: text(`${field}.city`, input.city),
    street: text(`${field}.street`, input.street),
    co: text(`${field}.co`, input.co),
    firstName: text(`${field}.firstName`, input.firstName),
    lastName: text(`${field}.lastName`, input.lastName),
  };
}

export function normalizeCompanyInfo(input: CompanyInfoInput): CompanyInfo {
  const vat = text('companyInfo.vatNr', input.vatNr, 32);
  const vatNr = vat === null ? null : vat.replace(/[\s.-]/g, '').toUpperCase();
  if (vatNr !== null && !VAT.test(vatNr)) {
    throw new InvalidError('PROFILE.BAD_COMPANY', 'companyInfo.vatNr must be a country prefix and 2 to 13 letters or digits', {
      field: 'companyInfo.vatNr',
    });
  }
  const email = text('companyInfo.invoiceEmail', input.invoiceEmail, 320);
  let invoiceEmail: string | null = null;
  if (email !== null) {
    try {
      invoiceEmail = normalizeEmail(email);
    } catch {
      throw new InvalidError('PROFILE.BAD_COMPANY', 'companyInfo.invoiceEmail must be an e-mail address', {
        field: 'companyInfo.invoiceEmail',
      });
    }
  }
  return { companyName: text('companyInfo.companyName', input.companyName), vatNr, invoiceEmail };
}
