import { normalizeGln } from './payee-account';
import { isVatNumberOfValidForm, normalizeVatNumber, vatPrefixOf } from './tax/vat-number';

/**
 * Electronic address schemes of the EAS code list (CEF / Peppol, the
 * version the CEN EN 16931 validation artefacts 1.3.16 check, rule
 * BR-CL-25). An e-invoice never names a scheme outside it (the old Swedish
 * VAT scheme 9955 was withdrawn).
 */
export const EAS_CODES: ReadonlySet<string> = new Set(
  (
    '0002 0007 0009 0037 0060 0088 0096 0097 0106 0130 0135 0142 0147 0151 0154 0158 0170 0177 0183 0184 0188 0190 ' +
    '0191 0192 0193 0194 0195 0196 0198 0199 0200 0201 0202 0203 0204 0205 0208 0209 0210 0211 0212 0213 0215 0216 ' +
    '0217 0218 0219 0220 0221 0225 0230 0235 0240 0242 0244 0245 0246 0248 9910 9913 9914 9915 9918 9919 9920 9922 ' +
    '9923 9924 9925 9926 9927 9928 9929 9930 9931 9932 9933 9934 9935 9936 9937 9938 9939 9940 9941 9942 9943 9944 ' +
    '9945 9946 9947 9948 9949 9950 9951 9952 9953 9957 9959'
  ).split(' '),
);

/** EAS schemes of national organisation (business register) numbers. */
const ORGANISATION_EAS: Readonly<Record<string, string>> = {
  SE: '0007', NO: '0192', DK: '0184', FI: '0212', BE: '0208', NL: '0106', IT: '0210', EE: '0191', LT: '0200', LV: '0218', IS: '0196',
};

/** EAS schemes of VAT numbers (Sweden has none in the current list: a Swedish party goes by its organisation number). */
const VAT_EAS: Readonly<Record<string, string>> = {
  AT: '9914', BE: '9925', BG: '9926', CH: '9927', CY: '9928', CZ: '9929', DE: '9930', EE: '9931', GB: '9932',
  GR: '9933', HR: '9934', IE: '9935', LT: '9937', LU: '9938', LV: '9939', MT: '9943', NL: '9944', PL: '9945',
  PT: '9946', RO: '9947', SI: '9949', SK: '9950', FR: '9957', ES: '9920', IT: '0211', DK: '0198', FI: '0213', HU: '9910',
};

export interface Identifier {
  readonly scheme: string;
  readonly id: string;
}

/** The scheme of a national organisation number (also an ICD code for SE 0007, NO 0192, DK 0184); null when unknown. */
export function organisationScheme(country: string, id: string): string | null {
  if (country === 'FR') return /^\d{9}$/.test(id) ? '0002' : /^\d{14}$/.test(id) ? '0009' : null;
  return ORGANISATION_EAS[country] ?? null;
}

/**
 * The seller's electronic address: its GLN (0088) when set, else its
 * organisation number under its country's scheme (0007 in Sweden), else its
 * VAT number under its country's VAT scheme; null when none is in the list.
 */
export function sellerEndpoint(seller: { gln?: string | null; organisationNumber?: string | null; vatNumber: string | null; country: string }): Identifier | null {
  if (seller.gln) return { scheme: '0088', id: seller.gln };
  const orgScheme = seller.organisationNumber ? organisationScheme(seller.country, seller.organisationNumber) : null;
  if (orgScheme && seller.organisationNumber) return { scheme: orgScheme, id: seller.organisationNumber };
  const vatScheme = VAT_EAS[seller.country];
  if (seller.vatNumber && vatScheme) return { scheme: vatScheme, id: seller.vatNumber };
  return null;
}

/**
 * The buyer's electronic address from `invoice.ediNumber`: `scheme:identifier`
 * when the scheme is in the EAS list (`0088:7365560000000`); otherwise read
 * from the number and the buyer's country: a GLN (13 digits, check digit) as
 * 0088, a Swedish organisation number as 0007, a Norwegian as 0192, a Danish
 * CVR as 0184, a Swedish VAT number as its organisation number (0007), a
 * VAT number under its country's VAT scheme; else a GLN.
 */
export function buyerEndpoint(ediNumber: string, country: string): Identifier {
  const explicit = /^(\d{4}):(.+)$/.exec(ediNumber.trim());
  if (explicit && EAS_CODES.has(explicit[1])) return { scheme: explicit[1], id: explicit[2].trim() };
  const raw = (explicit ? explicit[2] : ediNumber).trim();
  const digits = raw.replace(/[\s-]/g, '');
  if (normalizeGln(digits)) return { scheme: '0088', id: digits };
  if (country === 'SE' && /^\d{10}$/.test(digits)) return { scheme: '0007', id: digits };
  if (country === 'NO' && /^\d{9}$/.test(digits)) return { scheme: '0192', id: digits };
  if (country === 'DK' && /^\d{8}$/.test(digits)) return { scheme: '0184', id: digits };
  const vat = normalizeVatNumber(raw);
  // A Swedish VAT number is SE + the organisation number + 01.
  if (country === 'SE' && /^SE\d{10}01$/.test(vat)) return { scheme: '0007', id: vat.slice(2, 12) };
  if (VAT_EAS[country] && isVatNumberOfValidForm(vat, country)) return { scheme: VAT_EAS[country], id: vat };
  return { scheme: '0088', id: digits };
}

/** The seller's VAT number with its country prefix (Greece EL). */
export const prefixedVat = (vatNumber: string, country: string) =>
  vatNumber.startsWith(vatPrefixOf(country)) ? vatNumber : `${vatPrefixOf(country)}${vatNumber}`;
