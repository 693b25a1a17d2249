import { Clock } from '@kiosk/domain';
import { ServiceTokenClaims, signServiceToken } from '@kiosk/domain/capsule';
import { CapsuleKeyManagement } from './capsule-keys.service';

/**
 * Signs a vendor's signed links (`service_token`) with its current service
 * key; the verify and unlock routes accept them, the JWKS route publishes
 * the public half. For the paywalls module and the operator.
 */
export class SignedLinkSigner {
  constructor(
    private readonly keys: CapsuleKeyManagement,
    private readonly clock: Clock,
  ) {}

  async sign(vendorId: string, claims: ServiceTokenClaims, lifetimeSeconds: number): Promise<string> {
    const key = await this.keys.serviceSigningKey(vendorId);
    const issuedAt = this.clock.now();
    return signServiceToken(claims, { key, issuedAt, expiresAt: new Date(issuedAt.getTime() + lifetimeSeconds * 1000) });
  }
}
