import { JWK } from 'jose';
import { InvalidError } from '../shared';
import { IssuerAlgorithm } from './issuer-key';

/**
 * An issuer encryption public key as the vendor's JWKS publishes it, for
 * publishers to wrap content keys for. `alg` is the value the reference
 * publishers import with (`ECDH-ES`, `RSA-OAEP-256`); a retired key carries
 * `status: "retired"` so publishers stop wrapping for it.
 */
export interface IssuerPublicJwk {
  readonly kty: 'EC' | 'RSA';
  readonly crv?: 'P-256';
  readonly x?: string;
  readonly y?: string;
  readonly n?: string;
  readonly e?: string;
  readonly kid: string;
  readonly use: 'enc';
  readonly alg: 'ECDH-ES' | 'RSA-OAEP-256';
  readonly status?: 'retired';
}

export const ISSUER_JWK_ALG: Record<IssuerAlgorithm, IssuerPublicJwk['alg']> = { 'ECDH-P256': 'ECDH-ES', 'RSA-OAEP': 'RSA-OAEP-256' };

/** The published form of an issuer key: key members, `kid`, `use: "enc"`, `alg`; no `ext` or `key_ops` (they fail publishers' imports). */
export function issuerPublicJwk(publicKey: JWK, kid: string, algorithm: IssuerAlgorithm, retired = false): IssuerPublicJwk {
  const members =
    algorithm === 'ECDH-P256'
      ? { kty: 'EC' as const, crv: 'P-256' as const, x: publicKey.x, y: publicKey.y }
      : { kty: 'RSA' as const, n: publicKey.n, e: publicKey.e };
  return { ...members, kid, use: 'enc', alg: ISSUER_JWK_ALG[algorithm], ...(retired ? { status: 'retired' as const } : {}) };
}

/** A signing key as published: `use: "sig"` always, so no publisher takes an EC signing key for an encryption key. */
export function signingPublicJwk(jwk: JWK): JWK {
  const { kty, crv, x, y, n, e, kid, alg } = jwk;
  return Object.fromEntries(Object.entries({ kty, crv, x, y, n, e, kid, use: 'sig', alg }).filter(([, v]) => v !== undefined)) as JWK;
}

/** A key set a publisher cannot render with (reference: "contains no usable active keys", or an import error). */
export class UnusableIssuerJwks extends InvalidError {
  constructor(why: string, kid?: string) {
    super('CAPSULE.UNUSABLE_ISSUER_JWKS', why, { kid: kid ?? null });
  }
}

export interface PublisherWrapTarget {
  readonly kid: string;
  readonly algorithm: IssuerAlgorithm;
}

/**
 * Which keys of an issuer JWKS a reference publisher wraps for (protocol:
 * "Publishing the issuer's encryption keys"): non-empty `kid`, not retired,
 * `use` absent or `enc`, EC P-256 with x and y or RSA with n and e; other
 * key types skipped. Each kept key is imported through WebCrypto as the JS
 * publisher does, and one that does not import fails the whole set, as does
 * a set with no usable key. Publishers' rule, kept here to prove the
 * service's JWKS is one they accept.
 */
export async function publisherWrapTargets(jwks: { readonly keys?: readonly unknown[] }): Promise<PublisherWrapTarget[]> {
  const targets: PublisherWrapTarget[] = [];
  for (const raw of jwks.keys ?? []) {
    if (typeof raw !== 'object' || raw === null) continue;
    const key = raw as JsonWebKey & { kid?: unknown; status?: unknown };
    if (typeof key.kid !== 'string' || key.kid.length === 0 || key.status === 'retired') continue;
    if (key.use !== undefined && key.use !== 'enc') continue;
    let algorithm: IssuerAlgorithm;
    let params: EcKeyImportParams | RsaHashedImportParams;
    let usages: KeyUsage[];
    if (key.kty === 'EC' && key.crv === 'P-256' && key.x && key.y) {
      [algorithm, params, usages] = ['ECDH-P256', { name: 'ECDH', namedCurve: 'P-256' }, []];
    } else if (key.kty === 'RSA' && key.n && key.e) {
      [algorithm, params, usages] = ['RSA-OAEP', { name: 'RSA-OAEP', hash: 'SHA-256' }, ['encrypt']];
    } else continue;
    try {
      const { kid: _kid, status: _status, ...jwk } = key;
      await globalThis.crypto.subtle.importKey('jwk', jwk, params, true, usages);
    } catch (error) {
      throw new UnusableIssuerJwks(`issuer key ${key.kid} does not import: ${error instanceof Error ? error.message : String(error)}`, key.kid);
    }
    targets.push({ kid: key.kid, algorithm });
  }
  if (targets.length === 0) throw new UnusableIssuerJwks('the key set contains no usable active keys');
  return targets;
}
