import { base64url, decodeProtectedHeader, errors, importJWK, JWK, jwtVerify, SignJWT } from 'jose';
import { InvalidError } from '../shared';
import { isRecord } from './publisher-jwt';

/**
 * The leaky paywall's signed link (`service_token`): a JWT the service signs
 * with its own per-vendor ES256 key. Claims are the interface's verified
 * token payload (section 2.10).
 */
export interface ServiceTokenPayload {
  iss: string;
  tier: string;
  contentId: string;
  tid: string;
  url: string;
  userId: string;
  iat: number;
  exp: number;
  maxUses: number;
  meta: Record<string, string>;
}

/** What the caller decides; `iat` and `exp` come from the times passed to `signServiceToken`. */
export type ServiceTokenClaims = Omit<ServiceTokenPayload, 'iat' | 'exp'>;

export interface ServiceSigningKey {
  readonly kid: string;
  /** ES256 private key: a CryptoKey or a private JWK. */
  readonly privateKey: CryptoKey | JWK;
  /**
   * The same key as a synchronous ES256 signer of a JWS signing input,
   * answering the signature as raw `r || s` (64 bytes). Optional: a runtime
   * with a faster signer than WebCrypto passes it (the service passes Node's
   * `crypto.sign`, about a third of WebCrypto's CPU per link, and every
   * paywall access signs one); without it jose signs with `privateKey`.
   */
  readonly signEs256?: (signingInput: Uint8Array) => Uint8Array;
}

export interface ServiceTokenVerification {
  valid: boolean;
  message: string;
  /** Present only when the signature is valid and the token is not expired. */
  payload: ServiceTokenPayload | null;
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);
const textEncoder = new TextEncoder();

export async function signServiceToken(
  claims: ServiceTokenClaims,
  options: { readonly key: ServiceSigningKey; readonly issuedAt: Date; readonly expiresAt: Date },
): Promise<string> {
  const { iss, tier, contentId, tid, url, userId, maxUses, meta } = claims;
  if (options.key.signEs256) {
    // The compact JWS jose would make: the same header and claims in the same order, so either path gives the same token shape.
    const header = { alg: 'ES256', typ: 'JWT', kid: options.key.kid };
    const payload = { tier, contentId, tid, url, userId, maxUses, meta, iss, iat: seconds(options.issuedAt), exp: seconds(options.expiresAt) };
    const signingInput = `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(payload))}`;
    return `${signingInput}.${base64url.encode(options.key.signEs256(textEncoder.encode(signingInput)))}`;
  }
  return new SignJWT({ tier, contentId, tid, url, userId, maxUses, meta })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: options.key.kid })
    .setIssuer(iss)
    .setIssuedAt(seconds(options.issuedAt))
    .setExpirationTime(seconds(options.expiresAt))
    .sign(options.key.privateKey);
}

const PUBLIC_MEMBERS = ['kty', 'crv', 'x', 'y', 'n', 'e', 'kid', 'use', 'alg'] as const;

/** The public members of a JWK only: what a JWKS may show and all a verifier needs. */
export function publicJwk(jwk: JWK): JWK {
  return Object.fromEntries(PUBLIC_MEMBERS.filter((m) => jwk[m] !== undefined).map((m) => [m, jwk[m]])) as JWK;
}

const refused = (message: string): ServiceTokenVerification => ({ valid: false, message, payload: null });

/**
 * Checks a signed link against the vendor's service public keys at `now`.
 * Answers instead of throwing: the verify route reports the outcome as data.
 * It consumes no use; `maxUses` is enforced where the token is redeemed.
 */
export async function verifyServiceToken(
  token: string,
  publicKeys: readonly JWK[],
  now: Date,
): Promise<ServiceTokenVerification> {
  let header;
  try {
    header = decodeProtectedHeader(token);
  } catch {
    return refused('token is malformed');
  }
  if (header.alg !== 'ES256') return refused('token algorithm is not accepted');
  const jwk = publicKeys.find((k) => k.kid === header.kid);
  if (!jwk) return refused('token is signed by an unknown key');
  let key;
  try {
    key = await importJWK(publicJwk(jwk), 'ES256');
  } catch {
    throw new InvalidError('CAPSULE.BAD_SERVICE_KEY', `service key ${String(jwk.kid)} does not import`, { kid: jwk.kid ?? null });
  }
  try {
    const { payload } = await jwtVerify(token, key, { algorithms: ['ES256'], currentDate: now });
    if (!isServiceTokenPayload(payload)) return refused('token claims are incomplete');
    const { iss, tier, contentId, tid, url, userId, iat, exp, maxUses, meta } = payload;
    return { valid: true, message: 'token is valid', payload: { iss, tier, contentId, tid, url, userId, iat, exp, maxUses, meta } };
  } catch (error) {
    if (error instanceof errors.JWTExpired) return refused('token has expired');
    if (error instanceof errors.JWSSignatureVerificationFailed) return refused('token signature is invalid');
    if (error instanceof errors.JOSEError) return refused('token is malformed');
    throw error;
  }
}

function isServiceTokenPayload(p: Record<string, unknown>): p is Record<string, unknown> & ServiceTokenPayload {
  const strings = ['iss', 'tier', 'contentId', 'tid', 'url', 'userId'].every((k) => typeof p[k] === 'string');
  const numbers = ['iat', 'exp', 'maxUses'].every((k) => typeof p[k] === 'number');
  const meta = isRecord(p.meta) && Object.values(p.meta).every((v) => typeof v === 'string');
  return strings && numbers && meta;
}
