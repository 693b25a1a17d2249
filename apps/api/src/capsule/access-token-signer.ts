import { IdGenerator } from '@kiosk/domain';
import { AccessTokenSigner } from '@kiosk/domain/access';
import { CapsuleVendorNotFound } from '@kiosk/domain/capsule';
import { CapsuleKeyManagement } from './capsule-keys.service';
import { SignedLinkSigner } from './signed-links';

/**
 * The token of access information is a capsule service token (a signed
 * link: ES256 with the vendor's current service key), so the vendor's
 * content server checks it with `/capsule/vendors/{vendorId}/verify` or
 * against the vendor's JWKS. `tier` is the access kind (`url` or `feed`),
 * `tid` the entitlement, `maxUses` 1: each call to the access route mints a
 * fresh one. A vendor without capsule keys gets its first service key on
 * first need, as for the paywall's signed links.
 */
export class SignedLinkAccessTokens implements AccessTokenSigner {
  constructor(
    private readonly signer: SignedLinkSigner,
    private readonly keys: CapsuleKeyManagement,
    private readonly ids: IdGenerator,
  ) {}

  async sign(
    vendorId: string,
    claims: { entitlementId: string; userId: string; sku: string; contentId: string; url: string; kind: string },
    lifetimeSeconds: number,
  ): Promise<string> {
    const tokenClaims = {
      iss: vendorId,
      tier: claims.kind,
      contentId: claims.contentId,
      tid: this.ids.next(),
      url: claims.url,
      userId: claims.userId,
      maxUses: 1,
      meta: { sku: claims.sku, entitlementId: claims.entitlementId, grant: 'entitlement' },
    };
    try {
      return await this.signer.sign(vendorId, tokenClaims, lifetimeSeconds);
    } catch (error) {
      if (!(error instanceof CapsuleVendorNotFound)) throw error;
      await this.keys.configure(vendorId, {});
      return this.signer.sign(vendorId, tokenClaims, lifetimeSeconds);
    }
  }
}
