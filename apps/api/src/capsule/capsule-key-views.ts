import { createPublicKey, KeyObject } from 'node:crypto';
import { InvalidError } from '@kiosk/domain';
import { IssuerAlgorithm, UnlockMode } from '@kiosk/domain/capsule';
import { JWK } from 'jose';
import { CapsuleIssuerKeyRow, CapsuleSettingsRow } from './capsule.rows';
import { CapsuleSettings, IssuerKeyView, iso } from './capsule-keys.model';

/** A new private key for an issuer key of `algorithm`. */
export async function generateIssuerKey(algorithm: IssuerAlgorithm): Promise<KeyObject> {
  const { generateKeyPairSync } = await import('node:crypto');
  return algorithm === 'ECDH-P256'
    ? generateKeyPairSync('ec', { namedCurve: 'P-256' }).privateKey
    : generateKeyPairSync('rsa', { modulusLength: 2048 }).privateKey;
}

/** The PEM of a publisher's P-256 public JWK; a key that is not one is refused. */
export function pemOfPublicJwk(jwk: Record<string, unknown>): string {
  try {
    const { kty, crv, x, y } = jwk;
    return createPublicKey({ key: { kty, crv, x, y } as import('node:crypto').JsonWebKey, format: 'jwk' })
      .export({ format: 'pem', type: 'spki' })
      .toString();
  } catch {
    throw new InvalidError('CAPSULE.BAD_PUBLISHER_KEY', 'the publisher jwk is not a P-256 public key');
  }
}

/** How an issuer key is shown: its public parts as JWK and PEM. */
export function issuerView(row: CapsuleIssuerKeyRow): IssuerKeyView {
  const { kty, crv, x, y, n, e } = row.publicJwk as JWK;
  const members = Object.fromEntries(Object.entries({ kty, crv, x, y, n, e }).filter(([, v]) => v !== undefined));
  const publicKeyPem = createPublicKey({ key: members as import('node:crypto').JsonWebKey, format: 'jwk' })
    .export({ format: 'pem', type: 'spki' })
    .toString();
  return {
    kid: row.kid,
    algorithm: row.algorithm as IssuerAlgorithm,
    publicJwk: { ...members, kid: row.kid },
    publicKeyPem,
    createdAt: row.createdAt.toISOString(),
    retiredAt: iso(row.retiredAt),
  };
}

/** A vendor's capsule settings as stored. */
export function settingsOf(row: CapsuleSettingsRow): CapsuleSettings {
  return {
    mode: row.mode as UnlockMode,
    rotationIntervalMinutes: row.rotationIntervalMinutes,
    previousGraceSeconds: row.previousGraceSeconds,
    secretOverlapSeconds: row.secretOverlapSeconds,
  };
}
