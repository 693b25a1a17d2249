import { JWK } from 'jose';
import { Clock } from '../shared';
import { CapsuleVendorNotFound } from './errors';
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

/** `GET /capsule/vendors/{vendorId}/.well-known/jwks.json`: only public members, whatever the store holds. */
export class GetCapsuleJwks {
  constructor(private readonly keyStore: CapsuleKeyStore) {}

  async execute(command: { vendorId: string }): Promise<{ keys: JWK[] }> {
    const vendor = await this.keyStore.find(command.vendorId);
    if (!vendor) throw new CapsuleVendorNotFound(command.vendorId);
    return { keys: vendor.servicePublicKeys.map(publicJwk) };
  }
}
