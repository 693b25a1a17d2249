import { Clock } from '../shared';
import { importClientPublicKey } from './client-bound';
import { CapsuleVendorNotFound, ShareTokenRejected } from './errors';
import { CapsuleKeyStore, CapsuleVendorKeys, ShareTokenUseCounter } from './ports';
import { verifyResourceJwt } from './resource-jwt';
import { verifyShareToken } from './share-token';
import { isSignedLink, signedLinkUseKey, verifySignedLink } from './signed-link';
import { decideUnlock, UnlockAnswer, UnlockGrant, WrapKeySource } from './unlock-decision';
import { UnlockKeyRequest } from './unlock-request';

export type UnlockMode = 'hosted' | 'issuer-wrapped';

export interface UnlockCommand {
  readonly vendorId: string;
  readonly resourceJWT: string;
  readonly keys: readonly UnlockKeyRequest[];
  readonly shareToken?: string;
  /** Scopes the signed-in reader holds through active entitlements of this vendor; none for anonymous callers. */
  readonly grantedScopes?: readonly string[];
  /** Resource ids the signed-in reader bought one by one (entitlements to one article): content keys of their items. */
  readonly grantedResources?: readonly string[];
  /** Base64url SPKI of the browser's RSA-OAEP key: every returned key is sealed to it. Empty counts as absent. */
  readonly clientPublicKey?: string;
  /** The page asked for content keys only (`accessType: "article"`). */
  readonly directOnly?: boolean;
  /** How wrap keys are made: `hosted` (default) derives them and ignores the request's blobs. */
  readonly mode?: UnlockMode;
}

/** `POST /capsule/vendors/{vendorId}/unlock`. */
export class UnlockContent {
  constructor(
    private readonly keyStore: CapsuleKeyStore,
    private readonly uses: ShareTokenUseCounter,
    private readonly clock: Clock,
  ) {}

  async execute(command: UnlockCommand): Promise<UnlockAnswer> {
    const vendor = await this.keyStore.find(command.vendorId);
    if (!vendor) throw new CapsuleVendorNotFound(command.vendorId);
    // Malformed input is refused before any grant is looked at.
    const clientKey = command.clientPublicKey ? await importClientPublicKey(command.clientPublicKey) : null;
    const now = this.clock.now();
    const resource = await verifyResourceJwt(command.resourceJWT, vendor, now);
    const grants: UnlockGrant[] = [{ kind: 'scopes', scopes: command.grantedScopes ?? [] }];
    if (command.grantedResources?.length) grants.push({ kind: 'resources', resourceIds: command.grantedResources });
    // A signed link (signed by the service's own key) grants its tier's items; anything else must be a publisher share token.
    const token = command.shareToken;
    const link = token !== undefined && isSignedLink(token, vendor.servicePublicKeys) ? await verifySignedLink(token, vendor.servicePublicKeys, resource, now) : null;
    const share = token === undefined || link ? null : await verifyShareToken(token, vendor, resource, now);
    if (share) grants.push({ kind: 'share', token: share });
    if (link) grants.push({ kind: 'link', link });
    const { answer, grantsUsed } = await decideUnlock({
      resource,
      requested: command.keys,
      grants,
      now,
      window: vendor.window,
      directOnly: command.directOnly,
      source: wrapKeySource(command.mode ?? 'hosted', vendor),
      issuerKeys: preferred(vendor.issuerKeys),
      clientKey,
    });
    // Last, and only when the token granted something answered: a refused or failed unlock spends no use.
    const spent = grantsUsed.find((g) => g.kind === 'share' || g.kind === 'link');
    const limit =
      spent?.kind === 'share'
        ? { key: spent.token.jti, maxUses: spent.token.maxUses }
        : spent?.kind === 'link'
          ? { key: signedLinkUseKey(spent.link), maxUses: spent.link.maxUses }
          : null;
    if (limit && limit.maxUses !== null && !(await this.uses.consumeUse(limit.key, limit.maxUses))) {
      throw new ShareTokenRejected('USED_UP', 'the share token has no uses left');
    }
    return answer;
  }
}

function wrapKeySource(mode: UnlockMode, vendor: CapsuleVendorKeys): WrapKeySource {
  if (mode === 'issuer-wrapped') return { kind: 'issuer-wrapped' };
  return { kind: 'hosted', rotationSecret: vendor.rotationSecret, previousRotationSecret: vendor.previousRotationSecret ?? null };
}

/** Active keys before retired ones; otherwise as the store lists them (newest first). */
const preferred = (keys: CapsuleVendorKeys['issuerKeys']) => [...keys.filter((k) => !k.retired), ...keys.filter((k) => k.retired)];
