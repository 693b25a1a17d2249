/**
 * What an access token says, independent of how it is signed. Both API key
 * tokens and signed-in users' tokens carry the vendor they belong to.
 */
export const ACCESS_TOKEN_AUDIENCE = 'urn:service';
export const ACCESS_TOKEN_LIFETIME_SECONDS = 86_400;

export type Principal =
  | { readonly kind: 'api_key'; readonly vendorId: string; readonly clientId: string; readonly scopes: readonly string[] }
  | { readonly kind: 'user'; readonly vendorId: string; readonly userId: string; readonly scopes: readonly string[] }
  /** An anonymous visitor of a vendor's site, known by the random id the browser library keeps. */
  | {
      readonly kind: 'visitor';
      readonly vendorId: string;
      readonly clientId: string;
      readonly visitorId: string;
      readonly scopes: readonly string[];
    };

/** Principals that hold access tokens (visitors use Basic credentials instead). */
export type TokenPrincipal = Extract<Principal, { kind: 'api_key' | 'user' }>;

export interface AccessTokenRequest {
  readonly principal: TokenPrincipal;
  readonly issuedAt: Date;
  readonly lifetimeSeconds: number;
}

/** Signs access tokens; the adapter owns the keys and their rotation. */
export interface AccessTokenIssuer {
  issue(request: AccessTokenRequest): Promise<string>;
}

export function hasScope(principal: Principal, scope: string): boolean {
  return principal.scopes.includes(scope);
}
