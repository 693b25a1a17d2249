import { JWK } from 'jose';
import { IssuerPublicJwk } from './issuer-jwks';
import { IssuerPrivateKey } from './issuer-key';
import { KidWindowOptions } from './kid';
import { PublisherJwk } from './publisher-key';

/**
 * A vendor's capsule key material, as the unlock and verify routes need it.
 * The adapter decrypts secrets kept encrypted at rest before handing them over.
 */
export interface CapsuleVendorKeys {
  readonly vendorId: string;
  /** Publisher domains: a resourceJWT's `iss` and a share token's `domain` must be one of them. */
  readonly domains: readonly string[];
  /** Registered publisher ES256 keys, selected by `kid`. */
  readonly publisherKeys: readonly PublisherJwk[];
  /** Shared with the publisher for hosted-issuer mode; null when the vendor has none. */
  readonly rotationSecret: Uint8Array | null;
  /** The secret `rotationSecret` replaced, while its overlap lasts (the adapter leaves it out afterwards). */
  readonly previousRotationSecret?: Uint8Array | null;
  readonly window?: KidWindowOptions;
  /** Private keys publishers wrap content keys (and, in issuer-wrapped mode, wrap keys) for; retired ones included. */
  readonly issuerKeys: readonly IssuerPrivateKey[];
  /** Their public halves as the JWKS publishes them (retired ones marked). */
  readonly issuerPublicKeys?: readonly IssuerPublicJwk[];
  /** Public halves of the service's per-vendor signing keys (signed links; the JWKS route). */
  readonly servicePublicKeys: readonly JWK[];
}

export interface CapsuleKeyStore {
  find(vendorId: string): Promise<CapsuleVendorKeys | null>;
}

/**
 * Share-token uses, decided by the store atomically (one conditional update),
 * so concurrent unlocks across processes never exceed `maxUses`.
 */
export interface ShareTokenUseCounter {
  /** Records one use of `jti`; false (and nothing recorded) when `maxUses` are already spent. */
  consumeUse(jti: string, maxUses: number): Promise<boolean>;
}
