/**
 * Query parameters that carry a credential (a password-reset token, an
 * authorization code, a share token, a signature...). Their values never
 * reach the request log; names are matched case-insensitively, and any name
 * that merely contains one of the words below is treated alike.
 */
const CREDENTIAL_NAMES = new Set([
  'token',
  'code',
  'state',
  'password',
  'secret',
  'client_secret',
  'access_token',
  'id_token',
  'id_token_hint',
  'refresh_token',
  'logout_token',
  'key',
  'api_key',
  'apikey',
  'signature',
  'sig',
  'share',
  'assertion',
  'client_assertion',
  'code_verifier',
  'otp',
  'nonce',
  'session',
  'jwt',
  // The hosted checkout's link token: it opens the buyer's checkout, can pay it and shows its receipt.
  't',
]);
const CREDENTIAL_WORDS = /token|secret|passw|signature|credential|assertion|verifier|session|auth|handoff/i;

/**
 * Paths whose segment after the prefix is itself a credential (a staff
 * invitation is accepted by whoever holds its link).
 */
const CREDENTIAL_PATHS = [/^(\/auth\/invitations\/)[^/?#]+/];

export const REDACTED = '[redacted]';

export const isCredentialParameter = (name: string) =>
  CREDENTIAL_NAMES.has(name.toLowerCase()) || CREDENTIAL_WORDS.test(name);

/**
 * The URL with every credential-bearing path segment and query parameter
 * value replaced; the rest is kept byte for byte.
 */
export function redactUrl(url: string): string {
  for (const pattern of CREDENTIAL_PATHS) url = url.replace(pattern, `$1${REDACTED}`);
  const mark = url.indexOf('?');
  if (mark < 0) return url;
  const query = url
    .slice(mark + 1)
    .split('&')
    .map((pair) => {
      const equals = pair.indexOf('=');
      const rawName = equals < 0 ? pair : pair.slice(0, equals);
      let name: string;
      try {
        name = decodeURIComponent(rawName.replace(/\+/g, ' '));
      } catch {
        name = rawName;
      }
      return equals >= 0 && isCredentialParameter(name) ? `${rawName}=${REDACTED}` : pair;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

/** A parsed query object with credential-bearing values replaced. */
export function redactQuery(query: unknown): unknown {
  if (query === null || typeof query !== 'object') return query;
  return Object.fromEntries(
    Object.entries(query as Record<string, unknown>).map(([name, value]) => [name, isCredentialParameter(name) ? REDACTED : value]),
  );
}
