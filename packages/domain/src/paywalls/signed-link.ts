/** Interface 4.3 rule 4: the query parameter that carries a signed link's token. */
export const SERVICE_TOKEN_PARAM = 'service_token';

/**
 * How long a signed link works and how many unlocks it allows. The read
 * itself stays free for the whole window; a reload asks for a fresh link.
 */
export const SIGNED_LINK_LIFETIME_SECONDS = 60 * 60;
export const SIGNED_LINK_MAX_USES = 10;

/**
 * Why the link is granted: `metered` for a free read of the leaky allowance,
 * `entitled` for a reader who holds an entitlement. The capsule's unlock
 * treats the token's `tier` claim as the scope granted for the content
 * (`capsule/signed-link.ts`), and the paywall does not know the content's
 * scopes, so the issuer adapter maps the grant to the vendor's configured
 * tier; it is not written into the token as is.
 */
export type SignedLinkGrant = 'metered' | 'entitled';

export interface SignedLinkRequest {
  readonly vendorId: string;
  readonly paywallId: string;
  /** The content address the link opens. */
  readonly url: string;
  /** The `publisherContentId`; the capsule unlocks only the resource whose id it is. */
  readonly contentId: string;
  /** Exactly one of `userId` and `visitorId` is set. */
  readonly userId: string | null;
  readonly visitorId: string | null;
  readonly grant: SignedLinkGrant;
  readonly issuedAt: Date;
  readonly expiresAt: Date;
  readonly maxUses: number;
  readonly meta: Readonly<Record<string, string>>;
}

/**
 * `url` with its `service_token` set to `token`; other query parameters and
 * the fragment stay as they were, and an old `service_token` is replaced.
 * Adapters of SignedLinkIssuer build the link with this.
 */
export function withServiceToken(url: string, token: string): string {
  const link = new URL(url);
  link.searchParams.set(SERVICE_TOKEN_PARAM, token);
  return link.toString();
}
