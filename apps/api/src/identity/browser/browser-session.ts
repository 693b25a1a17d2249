import { createHmac, hkdfSync, timingSafeEqual } from 'node:crypto';
import { parse, serialize } from 'cookie';
import { Request, Response } from 'express';
import { SealedBox } from '../../platform/crypto/sealed-box';

/** What the session cookie holds (sealed: encrypted and authenticated, never readable by the page). */
export interface BrowserSession {
  /** The reader's access token. */
  readonly at: string;
  /** When the access token expires (seconds since the epoch); the session ends with it. */
  readonly exp: number;
  readonly sub: string;
  readonly vendorId: string;
  readonly clientId: string;
  readonly scope: string;
  /** ID token, kept as the hint for signing out at the provider. */
  readonly idt?: string;
}

/** What the login step remembers until the callback: PKCE verifier, state, nonce, where to go back. */
export interface LoginTransaction {
  readonly clientId: string;
  readonly verifier: string;
  readonly state: string;
  readonly nonce: string;
  readonly returnTo: string | null;
  /** The anonymous visitor who is signing in, when the page said so. */
  readonly visitorId?: string | null;
}

export const SESSION_COOKIE = 'kiosk_session';
export const REFRESH_COOKIE = 'kiosk_refresh';
const LOGIN_COOKIE = 'kiosk_login';
const LOGOUT_COOKIE = 'kiosk_logout';

/**
 * Cookies of the browser routes: HttpOnly, Secure and SameSite=Lax, sealed
 * with a key derived from SECRETS_KEY, so any process of the deployment can
 * read them and no page script can.
 */
export class BrowserCookies {
  private readonly box: SealedBox;
  private readonly csrfKey: Buffer;

  constructor(
    secretsKey: Buffer,
    private readonly secure: boolean,
  ) {
    this.box = new SealedBox(Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'kiosk-browser-cookies', 32)));
    this.csrfKey = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'kiosk-staff-csrf', 32));
  }

  /**
   * The CSRF token of a session (docs/team-and-staff.md): a MAC of who and
   * until when, so it needs no storage, changes with every sign-in and is
   * readable only by a page that may read the session's answers.
   */
  csrfToken(session: BrowserSession): string {
    return createHmac('sha256', this.csrfKey).update(`${session.vendorId}\n${session.sub}\n${session.exp}\n${session.at.slice(-16)}`).digest('base64url');
  }

  csrfTokenMatches(session: BrowserSession, token: string): boolean {
    const expected = Buffer.from(this.csrfToken(session));
    const actual = Buffer.from(token);
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }

  private read<T>(req: Request, name: string): T | null {
    const raw = req.headers.cookie ? parse(req.headers.cookie)[name] : undefined;
    if (!raw || raw.length > 8192) return null;
    try {
      return JSON.parse(this.box.open(raw)) as T;
    } catch {
      return null; // tampered, from another deployment, or from an older key: as if absent
    }
  }

  private write(res: Response, name: string, value: unknown, maxAgeSeconds: number, path = '/') {
    res.append(
      'Set-Cookie',
      serialize(name, this.box.seal(JSON.stringify(value)), {
        httpOnly: true,
        secure: this.secure,
        sameSite: 'lax',
        path,
        maxAge: Math.max(0, Math.floor(maxAgeSeconds)),
      }),
    );
  }

  private clear(res: Response, name: string, path = '/') {
    res.append('Set-Cookie', serialize(name, '', { httpOnly: true, secure: this.secure, sameSite: 'lax', path, maxAge: 0 }));
  }

  /** The session, or null when there is none or its token has expired at `now`. */
  session(req: Request, now: Date): BrowserSession | null {
    const session = this.read<BrowserSession>(req, SESSION_COOKIE);
    return session && session.exp * 1000 > now.getTime() ? session : null;
  }

  setSession(res: Response, session: BrowserSession, now: Date) {
    this.write(res, SESSION_COOKIE, session, session.exp - now.getTime() / 1000);
    // No refresh token is involved: whatever an earlier login left is dropped.
    this.clear(res, REFRESH_COOKIE);
  }

  clearSession(res: Response) {
    this.clear(res, SESSION_COOKIE);
    this.clear(res, REFRESH_COOKIE);
  }

  loginTransaction(req: Request): LoginTransaction | null {
    return this.read<LoginTransaction>(req, LOGIN_COOKIE);
  }

  setLoginTransaction(res: Response, tx: LoginTransaction) {
    this.write(res, LOGIN_COOKIE, tx, 15 * 60, '/auth');
  }

  clearLoginTransaction(res: Response) {
    this.clear(res, LOGIN_COOKIE, '/auth');
  }

  logoutReturn(req: Request): { returnTo: string } | null {
    return this.read<{ returnTo: string }>(req, LOGOUT_COOKIE);
  }

  setLogoutReturn(res: Response, returnTo: string) {
    this.write(res, LOGOUT_COOKIE, { returnTo }, 15 * 60, '/auth');
  }

  clearLogoutReturn(res: Response) {
    this.clear(res, LOGOUT_COOKIE, '/auth');
  }
}
