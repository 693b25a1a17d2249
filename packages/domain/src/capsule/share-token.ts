import { ShareTokenRejected, TokenRejection } from './errors';
import { PublisherTrust, VerifiedResource } from './resource-jwt';
import { isRecord, isStringArray, verifyPublisherJwt } from './publisher-jwt';

export const SHARE_TOKEN_TYPE = 'dca-share';
/** Publisher and service clocks differ a little; more than this and the token was minted for later. */
export const SHARE_TOKEN_MAX_FUTURE_IAT_SECONDS = 60;

/** A share token grants either named content items or whole scopes of one resource, never both. */
export type ShareGrant = { readonly contentNames: readonly string[] } | { readonly scopes: readonly string[] };

export interface VerifiedShareToken {
  readonly domain: string;
  readonly resourceId: string;
  readonly grant: ShareGrant;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  /** Absent: unlimited. Enforced by the unlock use case through the use counter. */
  readonly maxUses: number | null;
  readonly jti: string;
  readonly data: Record<string, unknown>;
}

const refuse = (reason: TokenRejection, message: string) => new ShareTokenRejected(reason, message);

/**
 * Verifies a publisher share token for the resource being unlocked. The
 * token is signed with the same publisher keys as the resourceJWT.
 */
export async function verifyShareToken(
  token: string,
  trust: PublisherTrust,
  resource: VerifiedResource,
  now: Date,
): Promise<VerifiedShareToken> {
  const { payload } = await verifyPublisherJwt(token, trust.publisherKeys, now, refuse);
  if (payload.type !== SHARE_TOKEN_TYPE) throw refuse('MALFORMED', `type must be ${SHARE_TOKEN_TYPE}`);
  if (typeof payload.domain !== 'string' || !trust.domains.includes(payload.domain)) {
    throw refuse('FOREIGN_ISSUER', `domain ${String(payload.domain)} is not a domain of this vendor`);
  }
  if (payload.domain !== resource.domain || payload.resourceId !== resource.resourceId) {
    throw refuse('WRONG_RESOURCE', 'the share token is for another resource');
  }
  if (typeof payload.iat !== 'number') throw refuse('MALFORMED', 'iat is missing');
  if (payload.iat * 1000 > now.getTime() + SHARE_TOKEN_MAX_FUTURE_IAT_SECONDS * 1000) {
    throw refuse('FROM_FUTURE', 'the share token is issued in the future');
  }
  // jose checks exp when present; a share token must carry one.
  if (typeof payload.exp !== 'number') throw refuse('MALFORMED', 'exp is missing');
  if (typeof payload.jti !== 'string' || payload.jti.length === 0) throw refuse('MALFORMED', 'jti is missing');
  const maxUses = payload.maxUses;
  if (maxUses !== undefined && (typeof maxUses !== 'number' || !Number.isInteger(maxUses) || maxUses < 1)) {
    throw refuse('MALFORMED', 'maxUses must be a positive integer');
  }
  if (payload.data !== undefined && !isRecord(payload.data)) throw refuse('MALFORMED', 'data must be an object');
  return {
    domain: payload.domain,
    resourceId: resource.resourceId,
    grant: shareGrant(payload.contentNames, payload.scopes),
    issuedAt: new Date(payload.iat * 1000),
    expiresAt: new Date(payload.exp * 1000),
    maxUses: maxUses ?? null,
    jti: payload.jti,
    data: (payload.data as Record<string, unknown> | undefined) ?? {},
  };
}

/**
 * Exactly one of contentNames and scopes. Other implementations write the
 * unused one as an empty list (the fixtures do), so empty counts as absent.
 */
function shareGrant(contentNames: unknown, scopes: unknown): ShareGrant {
  for (const [name, value] of [['contentNames', contentNames], ['scopes', scopes]] as const) {
    if (value !== undefined && !isStringArray(value)) throw refuse('MALFORMED', `${name} must be a list of strings`);
  }
  const names = (contentNames as string[] | undefined) ?? [];
  const tiers = (scopes as string[] | undefined) ?? [];
  if ((names.length > 0) === (tiers.length > 0)) throw refuse('MALFORMED', 'exactly one of contentNames and scopes must be given');
  return names.length > 0 ? { contentNames: names } : { scopes: tiers };
}
