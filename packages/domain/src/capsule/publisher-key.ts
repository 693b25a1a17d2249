import { exportJWK, importSPKI } from 'jose';
import { InvalidError } from '../shared';

/** A publisher's ES256 verification key as the vendor registers it and as JWKS lists it. */
export interface PublisherJwk {
  readonly kty: 'EC';
  readonly crv: 'P-256';
  readonly x: string;
  readonly y: string;
  readonly kid: string;
  readonly use: 'sig';
  readonly alg: 'ES256';
}

/** Turns a publisher's SPKI PEM into the JWK the service stores and selects by `kid`. */
export async function publisherJwkFromPem(pem: string, kid: string): Promise<PublisherJwk> {
  let jwk;
  try {
    jwk = await exportJWK(await importSPKI(pem, 'ES256', { extractable: true }));
  } catch {
    throw new InvalidError('CAPSULE.BAD_PUBLISHER_KEY', 'the publisher key is not a P-256 public key in SPKI PEM');
  }
  if (jwk.kty !== 'EC' || jwk.crv !== 'P-256' || !jwk.x || !jwk.y) {
    throw new InvalidError('CAPSULE.BAD_PUBLISHER_KEY', 'the publisher key is not a P-256 public key in SPKI PEM');
  }
  return { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y, kid, use: 'sig', alg: 'ES256' };
}
