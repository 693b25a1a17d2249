import { webcrypto } from 'node:crypto';
import { Clock, IdGenerator, InvalidError } from '@kiosk/domain';
import { CapsuleVendorNotFound, ServiceSigningKey, signServiceToken } from '@kiosk/domain/capsule';
import { importJWK } from 'jose';
import { SignedLinkGrant, SignedLinkIssuer, SignedLinkRequest, withServiceToken } from '@kiosk/domain/paywalls';
import { DataSource } from 'typeorm';
import { CapsuleKeyManagement } from '../capsule/capsule.module';
import { ConfigCache } from '../platform/cache/config-cache';
import { es256Signer } from '../platform/crypto/es256';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { PAYWALL_CACHE } from './cached-paywalls.repositories';
import { LinkTiersRow } from './paywalls.rows';

/** The tier written into a signed link for each grant, when the vendor has not chosen one. */
export const DEFAULT_LINK_TIER = 'premium';

export interface LinkTiers {
  readonly metered: string;
  readonly entitled: string;
}

// The capsule compares the tier with a resource's scopes; scopes are short names.
const TIER = /^[A-Za-z0-9][A-Za-z0-9._:-]{0,63}$/;

/** The vendor's choice of `tier` claim per grant (`metered` free reads, `entitled` readers), through the configuration cache. */
export class LinkTierSettings {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly cache: ConfigCache,
  ) {}

  get(vendorId: string): Promise<LinkTiers> {
    return this.cache.region<LinkTiers>(PAYWALL_CACHE.linkTiers).get(vendorId, async () => {
      const row = await managerOf(this.db).getRepository(LinkTiersRow).findOneBy({ vendorId });
      return row ? { metered: row.meteredTier, entitled: row.entitledTier } : { metered: DEFAULT_LINK_TIER, entitled: DEFAULT_LINK_TIER };
    });
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
    await inTransaction(this.db, async (m) => {
      await m
        .getRepository(LinkTiersRow)
        .upsert({ vendorId, meteredTier: next.metered, entitledTier: next.entitled, updatedAt: this.clock.now() }, ['vendorId']);
      await this.cache.changed(PAYWALL_CACHE.linkTiers, vendorId);
    });
    return next;
  }
}

/**
 * The capsule's configuration tables announce their changes in region
 * `capsule` (by trigger, key the vendor id); this cache lives under it.
 */
export const SERVICE_KEY_CACHE_REGION = 'capsule/service-signing-key';

/**
 * The vendor's current service signing key (the capsule module's
 * `serviceSigningKey`), unsealed and imported as a CryptoKey once per
 * process: signing a link costs neither a database read nor an import. A
 * trigger announces every change of the capsule's key tables (rotation,
 * removal, first key), so every process drops the vendor's entry when the
 * change commits.
 */
export class CachedServiceKeys {
  constructor(
    private readonly keys: Pick<CapsuleKeyManagement, 'serviceSigningKey'>,
    private readonly cache: ConfigCache,
  ) {}

  signingKey(vendorId: string): Promise<ServiceSigningKey> {
    return this.cache.region<ServiceSigningKey>(SERVICE_KEY_CACHE_REGION).get(vendorId, async () => {
      const key = await this.keys.serviceSigningKey(vendorId);
      const privateKey = 'kty' in key.privateKey ? ((await importJWK(key.privateKey, 'ES256')) as ServiceSigningKey['privateKey']) : key.privateKey;
      return { kid: key.kid, privateKey, signEs256: es256Signer(privateKey as webcrypto.CryptoKey) };
    });
  }

  /** Drops the vendor's key here at once (the trigger tells the other processes). */
  forget(vendorId: string): void {
    this.cache.region<ServiceSigningKey>(SERVICE_KEY_CACHE_REGION).invalidate(vendorId);
  }
}

/**
 * Signs the leaky allowance's signed links with the vendor's current service
 * key (as the capsule module's `SignedLinkSigner` does, through the cached
 * key), so `/capsule/vendors/{vendorId}/verify` accepts them and unlock
 * honours them. A vendor without capsule keys yet gets its first service key
 * on first need.
 */
export class CapsuleSignedLinkIssuer implements SignedLinkIssuer {
  constructor(
    private readonly serviceKeys: CachedServiceKeys,
    private readonly keys: CapsuleKeyManagement,
    private readonly tiers: LinkTierSettings,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  private async sign(vendorId: string, claims: Parameters<typeof signServiceToken>[0], lifetimeSeconds: number): Promise<string> {
    const key = await this.serviceKeys.signingKey(vendorId);
    const issuedAt = this.clock.now();
    return signServiceToken(claims, { key, issuedAt, expiresAt: new Date(issuedAt.getTime() + lifetimeSeconds * 1000) });
  }

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
      token = await this.sign(request.vendorId, claims, lifetime);
    } catch (error) {
      if (!(error instanceof CapsuleVendorNotFound)) throw error;
      await this.keys.configure(request.vendorId, {});
      this.serviceKeys.forget(request.vendorId);
      token = await this.sign(request.vendorId, claims, lifetime);
    }
    return withServiceToken(request.url, token);
  }
}

const tierFor = (tiers: LinkTiers, grant: SignedLinkGrant) => (grant === 'entitled' ? tiers.entitled : tiers.metered);
