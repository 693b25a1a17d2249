import { ResourceJwtRejected, TokenRejection } from './errors';
import { PublisherJwk } from './publisher-key';
import { isRecord, isStringArray, verifyPublisherJwt } from './publisher-jwt';

/** What the publisher signed about one resource (an article), once verified. */
export interface VerifiedResource {
  /** `iss`: the publisher domain, one of the vendor's domains. */
  readonly domain: string;
  /** `sub`. */
  readonly resourceId: string;
  /** Tiers the resource needs; key entries may only ask for these. */
  readonly scopes: readonly string[];
  readonly data: Record<string, unknown>;
  readonly jti: string | null;
  readonly issuedAt: Date | null;
  /** The publisher key that signed it. */
  readonly kid: string;
}

export interface PublisherTrust {
  readonly domains: readonly string[];
  readonly publisherKeys: readonly PublisherJwk[];
}

const refuse = (reason: TokenRejection, message: string) => new ResourceJwtRejected(reason, message);

/** Step 1 of unlock: ES256 only, key by `kid`, `iss` one of the vendor's domains. */
export async function verifyResourceJwt(token: string, trust: PublisherTrust, now: Date): Promise<VerifiedResource> {
  const { payload, kid } = await verifyPublisherJwt(token, trust.publisherKeys, now, refuse);
  if (typeof payload.iss !== 'string' || !trust.domains.includes(payload.iss)) {
    throw refuse('FOREIGN_ISSUER', `issuer ${String(payload.iss)} is not a domain of this vendor`);
  }
  if (typeof payload.sub !== 'string' || payload.sub.length === 0) throw refuse('MALFORMED', 'sub (the resource id) is missing');
  if (!isStringArray(payload.scopes)) throw refuse('MALFORMED', 'scopes must be a list of strings');
  if (payload.data !== undefined && !isRecord(payload.data)) throw refuse('MALFORMED', 'data must be an object');
  return {
    domain: payload.iss,
    resourceId: payload.sub,
    scopes: payload.scopes,
    data: (payload.data as Record<string, unknown> | undefined) ?? {},
    jti: typeof payload.jti === 'string' ? payload.jti : null,
    issuedAt: typeof payload.iat === 'number' ? new Date(payload.iat * 1000) : null,
    kid,
  };
}
