import { Clock, IdGenerator, InvalidError } from '@kiosk/domain';
import { CapsuleVendorNotFound } from '@kiosk/domain/capsule';
import { SignedLinkGrant, SignedLinkIssuer, SignedLinkRequest, withServiceToken } from '@kiosk/domain/paywalls';
import { DataSource } from 'typeorm';
import { CapsuleKeyManagement } from '../capsule/capsule-keys.service';
import { SignedLinkSigner } from '../capsule/signed-links';
import { managerOf } from '../platform/database/transaction';
import { LinkTiersRow } from './paywalls.rows';

/** The tier written into a signed link for each grant, when the vendor has not chosen one. */
export const DEFAULT_LINK_TIER = 'premium';

export interface LinkTiers {
  readonly metered: string;
  readonly entitled: string;
}

// The capsule compares the tier with a resource's scopes; scopes are short names.
const TIER = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The vendor's choice of `tier` claim per grant (`metered` free reads, `entitled` readers). */
export class LinkTierSettings {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  async get(vendorId: string): Promise<LinkTiers> {
    const row = await managerOf(this.db).getRepository(LinkTiersRow).findOneBy({ vendorId });
    return row ? { metered: row.meteredTier, entitled: row.entitledTier } : { metered: DEFAULT_LINK_TIER, entitled: DEFAULT_LINK_TIER };
  }

  async set(vendorId: string, change: Partial<LinkTiers>): Promise<LinkTiers> {
    const next = { ...(await this.get(vendorId)), ...change };
    for (const [grant, tier] of Object.entries(next)) {
      if (!TIER.test(tier)) {
        throw new InvalidError('PAYWALL.BAD_LINK_TIER', `${grant} tier must be 1 to 64 letters, digits, ".", "_", ":" or "-"`, {
          errors: [{ field: grant, message: 'must be 1 to 64 letters, digits, ".", "_", ":" or "-"' }],
        });
      }
    }
    await managerOf(this.db)
      .getRepository(LinkTiersRow)
      .upsert({ vendorId, meteredTier: next.metered, entitledTier: next.entitled, updatedAt: this.clock.now() }, ['vendorId']);
    return next;
  }
}

/**
 * Signs the leaky allowance's signed links with the capsule module's
 * `SignedLinkSigner` (the vendor's current service key), so
 * `/capsule/vendors/{vendorId}/verify` accepts them and unlock honours them.
 * A vendor without capsule keys yet gets its first service key on first need.
 */
export class CapsuleSignedLinkIssuer implements SignedLinkIssuer {
  constructor(
    private readonly signer: SignedLinkSigner,
    private readonly keys: CapsuleKeyManagement,
    private readonly tiers: LinkTierSettings,
    private readonly ids: IdGenerator,
  ) {}

  async issue(request: SignedLinkRequest): Promise<string> {
    const tiers = await this.tiers.get(request.vendorId);
    const claims = {
      iss: request.vendorId,
      tier: tierFor(tiers, request.grant),
      contentId: request.contentId,
      tid: this.ids.next(),
      url: request.url,
      userId: request.userId ?? '',
      maxUses: request.maxUses,
      meta: { ...request.meta, grant: request.grant, reader: request.userId ? 'user' : 'visitor' },
    };
    const lifetime = Math.max(1, Math.round((request.expiresAt.getTime() - request.issuedAt.getTime()) / 1000));
    let token: string;
    try {
      token = await this.signer.sign(request.vendorId, claims, lifetime);
    } catch (error) {
      if (!(error instanceof CapsuleVendorNotFound)) throw error;
      await this.keys.configure(request.vendorId, {});
      token = await this.signer.sign(request.vendorId, claims, lifetime);
    }
    return withServiceToken(request.url, token);
  }
}

const tierFor = (tiers: LinkTiers, grant: SignedLinkGrant) => (grant === 'entitled' ? tiers.entitled : tiers.metered);
