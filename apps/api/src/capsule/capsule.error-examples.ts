/** Worked refusals of the capsule routes (reader and management) for the OpenAPI document. */
import { invalidField, refusal } from '../platform/http/problem-examples';
import { ISSUER_KEY_KID, PUBLISHER_KEY_KID, SERVICE_KEY_KID, VENDOR_ID } from './capsule.examples';

export const UNKNOWN_CAPSULE_VENDOR = refusal(
  'No such vendor, or the vendor has no capsule configuration (problem+json)',
  404,
  'CAPSULE.VENDOR_NOT_FOUND',
  `no capsule keys for vendor ${VENDOR_ID}`,
  { vendorId: VENDOR_ID },
);

export const NOT_CONFIGURED = refusal('The vendor has no capsule configuration yet', 404, 'CAPSULE.NOT_CONFIGURED', `vendor ${VENDOR_ID} has no capsule configuration yet`, {
  vendorId: VENDOR_ID,
});

export const BAD_KEY_MATERIAL = refusal(
  'Invalid body or key material (problem+json)',
  400,
  'CAPSULE.BAD_PUBLISHER_KEY',
  'the publisher key is not a P-256 public key in SPKI PEM',
);

/** A key or domain the vendor does not have: also the answer to a repeated delete. */
const keyNotFound = (what: string, id: string) =>
  refusal('No such key or domain for this vendor (problem+json)', 404, 'CAPSULE.KEY_NOT_FOUND', `no ${what} ${id} for this vendor`, { what, id });

export const PUBLISHER_KEY_NOT_FOUND = keyNotFound('publisher key', PUBLISHER_KEY_KID);
export const DOMAIN_NOT_FOUND = keyNotFound('publisher domain', 'news.example.com');
export const ISSUER_KEY_NOT_FOUND = keyNotFound('issuer key', ISSUER_KEY_KID);
export const SERVICE_KEY_NOT_FOUND = keyNotFound('service key', SERVICE_KEY_KID);

export const PUBLISHER_KEY_EXISTS = refusal('The kid is taken', 409, 'CAPSULE.PUBLISHER_KEY_EXISTS', `a publisher key ${PUBLISHER_KEY_KID} is already registered`, {
  kid: PUBLISHER_KEY_KID,
});

export const ISSUER_KEY_EXISTS = refusal('The kid is taken', 409, 'CAPSULE.ISSUER_KEY_EXISTS', `an issuer key ${ISSUER_KEY_KID} already exists`, { kid: ISSUER_KEY_KID });

export const ISSUER_KEY_ACTIVE = refusal(
  'The key is active; retire it first',
  409,
  'CAPSULE.ISSUER_KEY_ACTIVE',
  `issuer key ${ISSUER_KEY_KID} is still published for wrapping; retire it first`,
  { kid: ISSUER_KEY_KID },
);

export const SERVICE_KEY_IN_USE = refusal(
  'The key still signs; rotate first',
  409,
  'CAPSULE.SERVICE_KEY_IN_USE',
  'the current service signing key cannot be deleted; rotate first',
);

export const BAD_UNLOCK = refusal(
  'Malformed body, duplicate entries, an entry without the contentKey it needs, or a bad clientPublicKey',
  400,
  'CAPSULE.DUPLICATE_ENTRY',
  `two key entries for content "body" and issuer key "${ISSUER_KEY_KID}"`,
  { contentName: 'body', kid: ISSUER_KEY_KID },
);

export const NOT_A_READER = refusal(
  'A bearer token or session was sent but is not a valid reader of this vendor',
  401,
  'AUTH.INVALID_TOKEN',
  'the access token is not valid: "exp" claim timestamp check failed',
);

export const NOTHING_GRANTED = (description: string) =>
  refusal(description, 403, 'CAPSULE.NOTHING_GRANTED', "no requested key is granted by the caller's entitlements", { requiredScopes: ['premium'] });

export const MODE_NOT_CONFIGURED = refusal(
  'The vendor has no key material for its configured mode',
  409,
  'CAPSULE.MODE_NOT_CONFIGURED',
  'the vendor has no key material for hosted unlocking',
  { mode: 'hosted' },
);

export const MALFORMED_BODY = invalidField('Malformed body', 'token', 'token must be a string');

export const BAD_SCOPES = refusal(
  'Malformed body, a bad scope name or too many scopes (problem+json)',
  400,
  'CAPSULE.BAD_SCOPE',
  'a scope is 1 to 64 characters without white space or control characters',
  { scope: 'premium plus' },
);

export const NO_SUCH_PRODUCT = refusal('The vendor has no product with this sku (problem+json)', 404, 'PRODUCT.NOT_FOUND', 'no product daily-digital', {
  sku: 'daily-digital',
});
