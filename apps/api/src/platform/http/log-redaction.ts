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
const CREDENTIAL_PATHS = [/(\/auth\/invitations\/)[^/?#&]+/g];

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
      if (equals < 0) return pair;
      if (isCredentialParameter(name)) return `${rawName}=${REDACTED}`;
      // A parameter that is itself an address (a return_to, a redirect_uri) is redacted alike.
      const rawValue = pair.slice(equals + 1);
      const value = decoded(rawValue);
      if (value === null || !looksLikeUrl(value)) return pair;
      const redacted = redactUrl(value);
      return redacted === value ? pair : `${rawName}=${encodeURIComponent(redacted)}`;
    })
    .join('&');
  return `${url.slice(0, mark)}?${query}`;
}

const looksLikeUrl = (value: string) => /^(https?:\/\/|\/)/i.test(value);

function decoded(raw: string): string | null {
  try {
    return decodeURIComponent(raw.replace(/\+/g, ' '));
  } catch {
    return null;
  }
}
