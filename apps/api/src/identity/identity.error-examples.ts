/** Worked refusals of the identity routes (API keys, browser sign-in, the OpenID provider) for the OpenAPI document. */
import { refusal } from '../platform/http/problem-examples';
import { API_KEY_ID, BROWSER_CLIENT_ID } from './identity.examples';

/** A key the vendor does not have, or one revoked already. */
export const API_KEY_NOT_FOUND = refusal('No such active key for this vendor (a revoked key included)', 404, 'API_KEY.NOT_FOUND', `no API key ${API_KEY_ID}`, {
  clientId: API_KEY_ID,
});

export const UNKNOWN_CLIENT = (description: string) =>
  refusal(description, 404, 'AUTH.UNKNOWN_CLIENT', `no browser client ${BROWSER_CLIENT_ID}`);

export const RETURN_TO_NOT_ALLOWED = refusal('return_to not on a registered origin', 400, 'AUTH.RETURN_TO_NOT_ALLOWED', 'return_to must be on an origin the vendor registered', {
  returnTo: 'https://phish.example.net/',
});

export const SIGN_IN_FAILED = refusal(
  'The sign-in failed: an HTML page for a browser (Accept: text/html), problem+json otherwise',
  400,
  'AUTH.ACCESS_DENIED',
  'the reader cancelled the sign-in',
  { error: 'access_denied' },
);

export const SKU_MISSING = refusal('sku missing', 400, 'REQUEST.INVALID', 'sku is required (at most 128 characters)');

export const NO_ACCESS_SYNC = refusal('No access-sync callback', 404, 'AUTH.NO_ACCESS_SYNC', 'the vendor has no access-sync callback configured');

export const INVALID_HANDOFF = refusal(
  'The code is not valid (used, expired, for another client, or malformed)',
  400,
  'AUTH.INVALID_HANDOFF',
  'the handoff code is not valid: it was used already, has expired or is not for this site',
);

export const ERASED_READER = refusal('The reader of the code can no longer sign in (erased)', 401, 'AUTH.INVALID_TOKEN', 'the reader cannot be signed in: the account was erased');

/** A call from an origin the browser client did not register. */
export const ORIGIN_NOT_ALLOWED = (description: string, detail: string) =>
  refusal(description, 403, 'AUTH.ORIGIN_NOT_ALLOWED', detail, { origin: 'https://phish.example.net' });

export const NO_SESSION = refusal('No cookie session of this browser client', 401, 'AUTH.NO_SESSION', 'this browser is not signed in at this site');

export const BAD_SESSION_TOKEN = refusal('Missing or invalid token', 401, 'AUTH.INVALID_TOKEN', 'the access token is not valid: signature verification failed');

/** RFC 6749 error bodies of the token endpoint (never problem+json). */
export const OAUTH_INVALID_REQUEST = { error: 'invalid_request', error_description: 'grant_type is required' };
export const OAUTH_INVALID_CLIENT = { error: 'invalid_client', error_description: 'client authentication failed' };
export const OAUTH_RATE_LIMITED = {
  error: 'temporarily_unavailable',
  error_description: 'too many failed token requests for this client; try again in 42 seconds',
};

export const BAD_SIGN_IN_MESSAGES = refusal(
  'An unknown key or language, or text that is empty, too long or names a value the message has not',
  400,
  'SIGN_IN_PAGES.BAD_MESSAGES',
  'se is not a language code (two or three lowercase letters, e.g. sv)',
  { field: 'se' },
);
