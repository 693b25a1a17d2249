import { isVatNumberOfValidForm, normalizeVatNumber } from './vat-number';

/**
 * How a buyer's VAT number was checked before reverse charge (Council
 * Directive 2006/112/EC Art. 196; Implementing Regulation 282/2011 Art. 18:
 * the supplier may treat the buyer as a taxable person when it holds the
 * buyer's VAT number and has checked it, e.g. through VIES):
 * - `VIES`: looked up in the European Commission's VIES service;
 * - `FORMAT_ONLY`: only its form was checked (prefix, length, check digits),
 *   offline; the number may still not be registered. The embedded default,
 *   labelled as such on every invoice.
 */
export type VatNumberCheckMethod = 'VIES' | 'FORMAT_ONLY';

/**
 * The outcome: `VALID` (registered, or of valid form for FORMAT_ONLY),
 * `INVALID` (not registered, or of wrong form), `UNAVAILABLE` (the service
 * could not answer). Only `VALID` allows reverse charge.
 */
export type VatNumberCheckStatus = 'VALID' | 'INVALID' | 'UNAVAILABLE';

export interface VatNumberCheck {
  readonly vatNumber: string;
  readonly country: string;
  readonly method: VatNumberCheckMethod;
  readonly status: VatNumberCheckStatus;
  /** When the check was made (ISO 8601). */
  readonly checkedAt: string;
  /** The service's consultation number, when it gave one (VIES `requestIdentifier`). */
  readonly reference?: string | null;
  /** Why a number did not pass, in words for the invoice facts. */
  readonly reason?: string | null;
}

/** Port: checks a buyer's VAT number for the country it claims (adapters: format only, VIES over HTTP, a local double). */
export interface VatNumberChecker {
  readonly method: VatNumberCheckMethod;
  check(input: { vatNumber: string; country: string; now: Date }): Promise<VatNumberCheck>;
}

/** The embedded default: the form only, offline (never a VIES lookup). */
export class FormatOnlyVatNumberChecker implements VatNumberChecker {
  readonly method = 'FORMAT_ONLY' as const;

  async check(input: { vatNumber: string; country: string; now: Date }): Promise<VatNumberCheck> {
    return formatCheck(input);
  }
}

/** A format-only check of a number (also the first step of every VIES adapter: a malformed number is never sent). */
export function formatCheck(input: { vatNumber: string; country: string; now: Date }): VatNumberCheck {
  const vatNumber = normalizeVatNumber(input.vatNumber);
  const country = input.country.toUpperCase();
  const ok = isVatNumberOfValidForm(vatNumber, country);
  return {
    vatNumber,
    country,
    method: 'FORMAT_ONLY',
    status: ok ? 'VALID' : 'INVALID',
    checkedAt: input.now.toISOString(),
    reason: ok ? null : `not a VAT number of valid form for ${country}`,
  };
}

/** The check's words in each language invoices are written in. */
const CHECK_WORDS = {
  en: {
    line: 'VAT number check: {number} {outcome} ({details}){why}',
    VALID: 'valid', INVALID: 'not valid', UNAVAILABLE: 'could not be checked',
    VIES: 'VIES', FORMAT_ONLY: 'format only, not checked with VIES', ref: 'ref {v}', taxedAsConsumer: '; taxed as a consumer in {country}',
  },
  sv: {
    line: 'Kontroll av momsregistreringsnummer: {number} {outcome} ({details}){why}',
    VALID: 'giltigt', INVALID: 'ogiltigt', UNAVAILABLE: 'kunde inte kontrolleras',
    VIES: 'VIES', FORMAT_ONLY: 'endast formen kontrollerad, inte mot VIES', ref: 'ref {v}', taxedAsConsumer: '; beskattas som konsument i {country}',
  },
} as const;

const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? '');

/**
 * "VAT number check: SE556677889901 valid (VIES, 2026-11-28T10:00:00.000Z, ref WAPIAAAAX)": the line on the
 * invoice facts, in the invoice's language. The reason a number did not pass is kept in English beside it only on
 * English documents: it is the checking service's own words.
 */
export function vatNumberCheckLine(c: VatNumberCheck, lang: keyof typeof CHECK_WORDS = 'en'): string {
  const words = CHECK_WORDS[lang];
  const details = [words[c.method], c.checkedAt, c.reference ? fill(words.ref, { v: c.reference }) : null].filter(Boolean).join(', ');
  const reason = lang === 'en' && c.reason ? ` (${c.reason})` : '';
  const why = c.status === 'VALID' ? '' : fill(words.taxedAsConsumer, { country: c.country }) + reason;
  return fill(words.line, { number: c.vatNumber, outcome: words[c.status], details, why });
}
