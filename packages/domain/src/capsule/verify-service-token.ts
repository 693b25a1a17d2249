import { JWK } from 'jose';
import { Clock } from '../shared';
import { CapsuleVendorNotFound } from './errors';
import { signingPublicJwk } from './issuer-jwks';
import { CapsuleKeyStore } from './ports';
import { publicJwk, ServiceTokenVerification, verifyServiceToken } from './service-token';

/** `POST /capsule/vendors/{vendorId}/verify`: no authentication, consumes no use. */
export class VerifyServiceToken {
  constructor(
    private readonly keyStore: CapsuleKeyStore,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; token: string }): Promise<ServiceTokenVerification> {
    const vendor = await this.keyStore.find(command.vendorId);
    if (!vendor) throw new CapsuleVendorNotFound(command.vendorId);
    return verifyServiceToken(command.token, vendor.servicePublicKeys, this.clock.now());
  }
}

/** Publishers keep the key set this long (protocol: one hour). */
export const JWKS_MAX_AGE_SECONDS = 3600;

/**
 * `GET /capsule/vendors/{vendorId}/.well-known/jwks.json`: the service's
 * signing keys (`use: "sig"`, for signed links) and the issuer encryption
 * keys publishers wrap for (`use: "enc"`, retired ones marked); only
 * public members, whatever the store holds.
 */
export class GetCapsuleJwks {
  constructor(private readonly keyStore: CapsuleKeyStore) {}

  async execute(command: { vendorId: string }): Promise<{ keys: JWK[] }> {
    const vendor = await this.keyStore.find(command.vendorId);
    if (!vendor) throw new CapsuleVendorNotFound(command.vendorId);
    return { keys: [...vendor.servicePublicKeys.map((k) => signingPublicJwk(publicJwk(k))), ...(vendor.issuerPublicKeys ?? []).map((k) => ({ ...k }))] };
  }
}
