import { InvalidError } from '../shared';
import { pemToDer } from './pem';

/** The two ways a publisher may wrap keys for an issuer (names as manifests carry them). */
export type IssuerAlgorithm = 'ECDH-P256' | 'RSA-OAEP';

/** An issuer private key ready for unwrapping; `kid` is the issuer key id manifests name (`iss-ecdh-1`). */
export interface IssuerPrivateKey {
  readonly kid: string;
  readonly algorithm: IssuerAlgorithm;
  readonly key: CryptoKey;
  /** Retired: publishers no longer wrap for it, but pages that name it still unlock. */
  readonly retired?: boolean;
}

export type IssuerKeyMaterial =
  | { readonly kid: string; readonly algorithm: IssuerAlgorithm; readonly pem: string }
  | { readonly kid: string; readonly algorithm: IssuerAlgorithm; readonly jwk: JsonWebKey };

const IMPORT: Record<IssuerAlgorithm, { params: EcKeyImportParams | RsaHashedImportParams; usages: KeyUsage[] }> = {
  'ECDH-P256': { params: { name: 'ECDH', namedCurve: 'P-256' }, usages: ['deriveBits'] },
  'RSA-OAEP': { params: { name: 'RSA-OAEP', hash: 'SHA-256' }, usages: ['decrypt'] },
};

/** Imports a PKCS#8 PEM or private JWK as a non-extractable key for its unwrap algorithm. */
export async function importIssuerPrivateKey(material: IssuerKeyMaterial): Promise<IssuerPrivateKey> {
  const { params, usages } = IMPORT[material.algorithm];
  const subtle = globalThis.crypto.subtle;
  try {
    const key =
      'pem' in material
        ? await subtle.importKey('pkcs8', pemToDer(material.pem, 'PRIVATE KEY'), params, false, usages)
        : await subtle.importKey('jwk', privateMembers(material.jwk), params, false, usages);
    return { kid: material.kid, algorithm: material.algorithm, key };
  } catch {
    throw new InvalidError('CAPSULE.BAD_ISSUER_KEY', `issuer key ${material.kid} is not a ${material.algorithm} private key`, {
      kid: material.kid,
    });
  }
}

/**
 * Keeps the key members only: a JWK exported for signing may say `alg: ES256`
 * or `use: sig`, which WebCrypto refuses for ECDH or OAEP usages.
 */
function privateMembers(jwk: JsonWebKey): JsonWebKey {
  const { kty, crv, x, y, d, n, e, p, q, dp, dq, qi } = jwk;
  return Object.fromEntries(Object.entries({ kty, crv, x, y, d, n, e, p, q, dp, dq, qi }).filter(([, v]) => v !== undefined));
}
