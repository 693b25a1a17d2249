import { decodeProtectedHeader, errors, importJWK, JWTPayload, jwtVerify } from 'jose';
import { InvalidError } from '../shared';
import { TokenRejection } from './errors';
import { PublisherJwk } from './publisher-key';

export interface VerifiedPublisherJwt {
  readonly payload: JWTPayload;
  readonly kid: string;
}

type ImportedKey = Awaited<ReturnType<typeof importJWK>>;

/**
 * Imported keys by the registered key object: an adapter that keeps a vendor's
 * keys (a cache) hands over the same objects each time, so a key is imported
 * once, not per token. Fresh objects are imported afresh; nothing is pinned.
 */
const imported = new WeakMap<PublisherJwk, ImportedKey>();

async function importPublisherKey(jwk: PublisherJwk): Promise<ImportedKey> {
  let key = imported.get(jwk);
  if (!key) {
    key = await importJWK({ ...jwk }, 'ES256');
    imported.set(jwk, key);
  }
  return key;
}

/**
 * Tokens whose signature a key verified, by the key object: one article's
 * resource token reaches every reader of the page unchanged, and its ES256
 * check is the largest cost of an unlock, so the signature is checked once per
 * key and token text. Only the exact text that verified is remembered (any
 * other text is verified afresh), the times are checked again on every use,
 * and a replaced or removed key takes its tokens with it (a new key object).
 */
const verifiedTokens = new WeakMap<PublisherJwk, Map<string, JWTPayload>>();
const REMEMBERED_TOKENS_PER_KEY = 1000;

function verifiedWith(jwk: PublisherJwk): Map<string, JWTPayload> {
  let tokens = verifiedTokens.get(jwk);
  if (!tokens) verifiedTokens.set(jwk, (tokens = new Map()));
  return tokens;
}

function remember(jwk: PublisherJwk, token: string, payload: JWTPayload): void {
  const tokens = verifiedWith(jwk);
  if (tokens.size >= REMEMBERED_TOKENS_PER_KEY) tokens.clear();
  tokens.set(token, { ...payload });
}

/** jose's own time checks (no tolerance): expired from `exp` on, not valid before `nbf`. */
function checkTimes(payload: JWTPayload, now: Date, reject: (reason: TokenRejection, message: string) => Error): void {
  const seconds = Math.floor(now.getTime() / 1000);
  if (typeof payload.exp === 'number' && payload.exp <= seconds) throw reject('EXPIRED', 'the token has expired');
  if (typeof payload.nbf === 'number' && payload.nbf > seconds) throw reject('NOT_YET_VALID', 'the token is not valid yet');
}

/**
 * Verifies an ES256 JWT against the vendor's registered publisher keys,
 * picked by header `kid`, at the service's time `now` (never the system
 * clock). Refusals go through `reject` so resource and share tokens keep
 * their own error codes.
 */
export async function verifyPublisherJwt(
  token: string,
  publisherKeys: readonly PublisherJwk[],
  now: Date,
  reject: (reason: TokenRejection, message: string) => Error,
): Promise<VerifiedPublisherJwt> {
  let header;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    throw reject('MALFORMED', 'not a compact JWT');
  }
  // Checked before any key is touched: no "none", no HS256 with a public key as secret.
  if (header.alg !== 'ES256') throw reject('ALGORITHM', `algorithm ${String(header.alg)} is not accepted; ES256 only`);
  const jwk = publisherKeys.find((k) => k.kid === header.kid);
  if (!jwk || typeof header.kid !== 'string') throw reject('UNKNOWN_KEY', `no registered publisher key ${String(header.kid)}`);
  let key;
  try {
    key = await importPublisherKey(jwk);
  } catch {
    throw new InvalidError('CAPSULE.BAD_PUBLISHER_KEY', `registered publisher key ${jwk.kid} does not import`, { kid: jwk.kid });
  }
  const remembered = verifiedWith(jwk).get(token);
  if (remembered) {
    checkTimes(remembered, now, reject);
    return { payload: { ...remembered }, kid: header.kid };
  }
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], currentDate: now });
    remember(jwk, token, payload);
    return { payload, kid: header.kid };
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw reject('EXPIRED', 'the token has expired');
    if (error instanceof errors.JWSSignatureVerificationFailed) throw reject('BAD_SIGNATURE', 'the signature does not verify');
    if (error instanceof errors.JWTClaimValidationFailed && error.claim === 'nbf') throw reject('NOT_YET_VALID', 'the token is not valid yet');
    if (error instanceof errors.JOSEError) throw reject('MALFORMED', error.message);
    throw error;
  }
}

export const isStringArray = (value: unknown): value is string[] =>
  Array.isArray(value) && value.every((v) => typeof v === 'string');

export const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);
