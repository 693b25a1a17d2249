import { ContentLink, ContentLinkSigner, ProductTiers } from '@kiosk/domain/access';
import { CapsuleVendorNotFound, ProductScopeRepository } from '@kiosk/domain/capsule';
import { CapsuleKeyManagement } from './capsule-keys.service';
import { SignedLinkSigner } from './signed-links';

/**
 * A link made on request is the capsule's signed link (`service_token`,
 * ES256 with the vendor's current service key): `tid` is the link id, so
 * the unlock route counts its uses under it, atomically in PostgreSQL, and
 * refuses it once `maxUses` are spent; `maxUses` 0 in the token means no
 * limit. A vendor without capsule keys gets its first service key on first
 * need, as for the paywall's signed links.
 */
export class CapsuleContentLinkSigner implements ContentLinkSigner {
  constructor(
    private readonly signer: SignedLinkSigner,
    private readonly keys: CapsuleKeyManagement,
  ) {}

  async sign(link: ContentLink): Promise<string> {
    const claims = {
      iss: link.vendorId,
      tier: link.tier,
      contentId: link.contentId,
      tid: link.id,
      url: link.url ?? '',
      userId: '',
      maxUses: link.maxUses ?? 0,
      meta: { grant: 'link', ...(link.sku ? { sku: link.sku } : {}) },
    };
    const lifetime = Math.max(1, Math.ceil((link.expiresAt.getTime() - link.createdAt.getTime()) / 1000));
    try {
      return await this.signer.sign(link.vendorId, claims, lifetime);
    } catch (error) {
      if (!(error instanceof CapsuleVendorNotFound)) throw error;
      await this.keys.configure(link.vendorId, {});
      return this.signer.sign(link.vendorId, claims, lifetime);
    }
  }
}

/** The capsule scopes a product opens (the vendor's product-scope mapping). */
export const productTiers = (scopes: Pick<ProductScopeRepository, 'forSkus'>): ProductTiers => ({
  tiersOf: async (vendorId, sku) => (await scopes.forSkus(vendorId, [sku])).find((m) => m.sku === sku)?.scopes ?? [],
});
