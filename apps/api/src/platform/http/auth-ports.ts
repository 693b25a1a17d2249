import { Principal } from '@kiosk/domain/identity';
import { Request } from 'express';

/*
 * What the platform's authentication (authenticate.ts) needs of the identity module, which sits above the
 * platform (docs/architecture.md, "Module order"): identity's AccessTokenVerifier and BrowserCookies answer
 * these, and identity throws this platform's InvalidAccessToken.
 */

/** An access token that does not verify: expired, forged, of an erased account. The platform answers 401. */
export class InvalidAccessToken extends Error {}

/** Verifies a bearer token or a cookie session's token into its principal; throws InvalidAccessToken when it does not. */
export interface TokenVerifier {
  verify(token: string): Promise<Principal>;
}

/** A browser's cookie session, as far as the platform reads it. */
export interface CookieSession {
  /** The reader's access token. */
  readonly at: string;
  /** The vendor the session is with, and its browser client. */
  readonly vendorId: string;
  readonly clientId: string;
}

/** The browser's session cookie and its CSRF token. */
export interface SessionCookies {
  session(req: Request, now: Date): CookieSession | null;
  csrfTokenMatches(session: CookieSession, token: string): boolean;
}
