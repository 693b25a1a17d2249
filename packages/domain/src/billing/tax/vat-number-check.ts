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

const METHOD_WORDS: Record<VatNumberCheckMethod, string> = {
  VIES: 'VIES',
  FORMAT_ONLY: 'format only, not checked with VIES',
};

/** "VAT number check: SE556677889901 valid (VIES, 2026-11-28T10:00:00.000Z, ref WAPIAAAAX)": the line on the invoice facts. */
export function vatNumberCheckLine(c: VatNumberCheck): string {
  const outcome = c.status === 'VALID' ? 'valid' : c.status === 'INVALID' ? 'not valid' : 'could not be checked';
  const details = [METHOD_WORDS[c.method], c.checkedAt, c.reference ? `ref ${c.reference}` : null].filter(Boolean).join(', ');
  const why = c.status === 'VALID' ? '' : `; taxed as a consumer in ${c.country}${c.reason ? ` (${c.reason})` : ''}`;
  return `VAT number check: ${c.vatNumber} ${outcome} (${details})${why}`;
}
