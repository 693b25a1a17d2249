import { InvalidError } from '../../shared';

/** Turns a Unicode hostname into its ASCII (punycode) form; '' when it cannot (node's `url.domainToASCII`). */
export type ToAscii = (hostname: string) => string;

export const MAX_HOSTNAME_LENGTH = 253;
const MAX_INPUT_LENGTH = 1_000;
const LABEL = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/;
const NOT_A_HOSTNAME = /[\s/:?#@[\]\\]/;

const invalid = (message: string, field: string) => new InvalidError('DOMAIN.INVALID', message, { field });

/**
 * A vendor's web domain in its one stored form: lower case, ASCII
 * (internationalised names in punycode), a hostname only (no scheme, port or
 * path), at most 253 characters, at least two labels, not an IP address.
 */
export function normaliseHostname(raw: string, toAscii: ToAscii, field = 'domain'): string {
  if (typeof raw !== 'string' || raw.length === 0 || raw.length > MAX_INPUT_LENGTH) {
    throw invalid(`${field} must be a hostname of at most ${MAX_HOSTNAME_LENGTH} characters`, field);
  }
  const lower = raw.trim().toLowerCase();
  if (lower.length === 0 || NOT_A_HOSTNAME.test(lower)) {
    throw invalid(`${field} must be a hostname only, without scheme, port, path or spaces (like news.example.com)`, field);
  }
  let ascii: string;
  try {
    ascii = toAscii(lower);
  } catch {
    ascii = '';
  }
  if (ascii.length === 0) throw invalid(`${field} is not a valid hostname`, field);
  if (ascii.length > MAX_HOSTNAME_LENGTH) throw invalid(`${field} must be at most ${MAX_HOSTNAME_LENGTH} characters`, field);
  const labels = ascii.split('.');
  if (labels.length < 2) throw invalid(`${field} must have at least one dot (like example.com)`, field);
  if (!labels.every((label) => LABEL.test(label))) {
    throw invalid(`${field} must be dot-separated labels of letters, digits and hyphens, 1 to 63 characters each`, field);
  }
  if (/^[0-9]+$/.test(labels[labels.length - 1]) || /^0x[0-9a-f]*$/.test(labels[labels.length - 1])) {
    throw invalid(`${field} must be a name, not an IP address`, field);
  }
  return ascii;
}

/** Whether `hostname` is `domain` itself or one of its subdomains (both already ASCII, lower case). */
export function isOnDomain(hostname: string, domain: string): boolean {
  return hostname === domain || hostname.endsWith(`.${domain}`);
}
