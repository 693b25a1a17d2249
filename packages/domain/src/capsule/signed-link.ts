import { decodeProtectedHeader, JWK } from 'jose';
import { ShareTokenRejected, TokenRejection } from './errors';
import { isRecord, verifyPublisherJwt } from './publisher-jwt';
import { PublisherJwk } from './publisher-key';
import { VerifiedResource } from './resource-jwt';

/**
 * A signed link (`service_token`) presented to unlock: it grants its `tier`
 * as a scope for the resource its `contentId` names.
 */
export interface VerifiedSignedLink {
  readonly tier: string;
  readonly contentId: string;
  /** The link's id; uses are counted under it. */
  readonly tid: string;
  /** Null when the link sets no limit (`maxUses` 0). */
  readonly maxUses: number | null;
}

/** Key under which a signed link's uses are counted, apart from publisher share-token jtis. */
export const signedLinkUseKey = (link: VerifiedSignedLink) => `link:${link.tid}`;

/** Whether a token offered as `shareToken` is one of the service's signed links (its kid is a service key). */
export function isSignedLink(token: string, servicePublicKeys: readonly JWK[]): boolean {
  try {
    const { kid } = decodeProtectedHeader(token);
    return kid !== undefined && servicePublicKeys.some((k) => k.kid === kid);
  } catch {
    return false;
  }
}

const refuse = (reason: TokenRejection, message: string) => new ShareTokenRejected(reason, message);

/** Verifies a signed link for the resource being unlocked; refusals are share-token refusals. */
export async function verifySignedLink(
  token: string,
  servicePublicKeys: readonly JWK[],
  resource: VerifiedResource,
  now: Date,
): Promise<VerifiedSignedLink> {
  const keys = servicePublicKeys as unknown as PublisherJwk[];
  const { payload } = await verifyPublisherJwt(token, keys, now, refuse);
  const { tier, contentId, tid, maxUses, meta } = payload;
  if (typeof tier !== 'string' || tier.length === 0) throw refuse('MALFORMED', 'tier is missing');
  if (typeof contentId !== 'string' || typeof tid !== 'string' || tid.length === 0) throw refuse('MALFORMED', 'contentId or tid is missing');
  if (typeof payload.exp !== 'number') throw refuse('MALFORMED', 'exp is missing');
  if (typeof maxUses !== 'number' || !Number.isInteger(maxUses) || maxUses < 0) throw refuse('MALFORMED', 'maxUses must be a whole number');
  if (meta !== undefined && !isRecord(meta)) throw refuse('MALFORMED', 'meta must be an object');
  if (contentId !== resource.resourceId) throw refuse('WRONG_RESOURCE', 'the signed link is for another resource');
  return { tier, contentId, tid, maxUses: maxUses === 0 ? null : maxUses };
}
