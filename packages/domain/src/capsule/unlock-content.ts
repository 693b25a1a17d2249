import { Clock } from '../shared';
import { CapsuleModeNotConfigured, CapsuleVendorNotFound, ShareTokenRejected } from './errors';
import { CapsuleKeyStore, CapsuleVendorKeys, ShareTokenUseCounter } from './ports';
import { verifyResourceJwt } from './resource-jwt';
import { verifyShareToken } from './share-token';
import { isSignedLink, signedLinkUseKey, verifySignedLink } from './signed-link';
import { decideUnlock, UnlockAnswer, UnlockGrant, UnlockKeyRequest, WrapKeySource } from './unlock-decision';

export type UnlockMode = 'hosted' | 'issuer-wrapped';

export interface UnlockCommand {
  readonly vendorId: string;
  readonly resourceJWT: string;
  readonly keys: readonly UnlockKeyRequest[];
  readonly shareToken?: string;
  /** Scopes the signed-in reader holds through active entitlements of this vendor; none for anonymous callers. */
  readonly grantedScopes?: readonly string[];
  /** Default `hosted`: derive wrapKeys and ignore the request's blobs. */
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
    const source = wrapKeySource(command.mode ?? 'hosted', vendor);
    const now = this.clock.now();
    const resource = await verifyResourceJwt(command.resourceJWT, vendor, now);
    const grants: UnlockGrant[] = [{ kind: 'scopes', scopes: command.grantedScopes ?? [] }];
    // A signed link (signed by the service's own key) grants its tier; anything else must be a publisher share token.
    const token = command.shareToken;
    const link = token !== undefined && isSignedLink(token, vendor.servicePublicKeys) ? await verifySignedLink(token, vendor.servicePublicKeys, resource, now) : null;
    const share = token === undefined || link ? null : await verifyShareToken(token, vendor, resource, now);
    if (share) grants.push({ kind: 'share', token: share });
    if (link) grants.push({ kind: 'scopes', scopes: [link.tier] });
    const answer = await decideUnlock({ resource, requested: command.keys, grants, now, window: vendor.window, source });
    // Last, so a refused or failed unlock spends no use; each successful unlock with the token spends one.
    const limit = share ? { key: share.jti, maxUses: share.maxUses } : link ? { key: signedLinkUseKey(link), maxUses: link.maxUses } : null;
    if (limit && limit.maxUses !== null && !(await this.uses.consumeUse(limit.key, limit.maxUses))) {
      throw new ShareTokenRejected('USED_UP', 'the share token has no uses left');
    }
    return answer;
  }
}

function wrapKeySource(mode: UnlockMode, vendor: CapsuleVendorKeys): WrapKeySource {
  if (mode === 'hosted') {
    if (!vendor.rotationSecret) throw new CapsuleModeNotConfigured(mode);
    return { kind: 'hosted', rotationSecret: vendor.rotationSecret, previousRotationSecret: vendor.previousRotationSecret ?? null };
  }
  if (vendor.issuerKeys.length === 0) throw new CapsuleModeNotConfigured(mode);
  return { kind: 'issuer-wrapped', issuerKeys: vendor.issuerKeys };
}
