import type { StaffRole } from './staff';

/**
 * What an access token says, independent of how it is signed. Both API key
 * tokens and signed-in users' tokens carry the vendor they belong to.
 */
export const ACCESS_TOKEN_AUDIENCE = 'urn:service';
export const ACCESS_TOKEN_LIFETIME_SECONDS = 86_400;

export type Principal =
  | { readonly kind: 'api_key'; readonly vendorId: string; readonly clientId: string; readonly scopes: readonly string[] }
  | {
      readonly kind: 'user';
      readonly vendorId: string;
      readonly userId: string;
      readonly scopes: readonly string[];
      /**
       * Set when the user acts as staff on a management route: `vendorId` is
       * then the vendor acted for, `scopes` those of the role, and
       * `userVendorId` the vendor of the person's own account.
       */
      readonly staff?: { readonly role: StaffRole; readonly userVendorId: string };
    }
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
