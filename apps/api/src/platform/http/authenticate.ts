import { Clock } from '@kiosk/domain';
import { AuthenticateVisitor, BrowserClientRepository, Principal, StaffMembershipRepository, scopesOfRole } from '@kiosk/domain/identity';
import { Request } from 'express';
import { isDatabaseUnavailable } from '../database/errors';
import { CookieSession, InvalidAccessToken, SessionCookies, TokenVerifier } from './auth-ports';
import { HttpProblem } from './problem';
import { RouteAuth } from './routes';

// RFC 6750 b64token, bounded so a huge header costs nothing to refuse.
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]{1,8192}=*)$/;
const REALM = 'Bearer realm="kiosk"';

/** What lets a browser's cookie session stand in for a bearer token on reader routes. */
export interface CookieSessions {
  cookies: SessionCookies;
  clients: Pick<BrowserClientRepository, 'findById'>;
  clock: Clock;
  baseUrl: string;
}

const SAFE_METHODS = ['GET', 'HEAD', 'OPTIONS'];

/**
 * A state-changing request on a cookie session must come from the vendor's
 * registered origins (or this service): the browser says where in `Origin`
 * (or `Referer`), which a page cannot forge. Anything else is refused as
 * cross-site request forgery.
 */
async function checkSameOrigin(req: Request, clientId: string, sessions: CookieSessions): Promise<void> {
  const source = req.headers.origin ?? (req.headers.referer ? safeOrigin(req.headers.referer) : undefined);
  const client = await sessions.clients.findById(clientId);
  const allowed = [new URL(sessions.baseUrl).origin, ...(client?.allowedOrigins ?? [])];
  if (!source || !allowed.includes(source)) {
    throw new HttpProblem(403, 'AUTH.CSRF', 'a state-changing request on a cookie session must come from a registered origin');
  }
}

function safeOrigin(url: string): string | undefined {
  try {
    return new URL(url).origin;
  } catch {
    return undefined;
  }
}

/** The vendors a signed-in person is staff of (identity's memberships): what lets a user act on management routes. */
export type StaffDirectory = Pick<StaffMembershipRepository, 'forUser'>;

/** The header that says which vendor a staff member of several acts for. */
export const VENDOR_HEADER = 'x-kiosk-vendor';
/** The header a cookie session's state-changing management call carries (docs/team-and-staff.md). */
export const CSRF_HEADER = 'x-csrf-token';
const VENDOR_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * A signed-in user on a management (bearer) route acts as staff: the vendor
 * is the one named by `X-Kiosk-Vendor`, or the only one the person belongs
 * to (their own account's vendor when they belong to several), and the
 * scopes are those of their role there. Someone not on the named vendor's
 * team is refused (403 `AUTH.NOT_STAFF`); someone who is nobody's staff
 * keeps their reader scopes, which the route's scope check refuses.
 */
async function asStaff(req: Request, principal: Extract<Principal, { kind: 'user' }>, staff: StaffDirectory, scoped: boolean): Promise<Principal> {
  const memberships = await staff.forUser(principal.vendorId, principal.userId);
  const named = req.headers[VENDOR_HEADER];
  let chosen;
  if (named !== undefined) {
    if (typeof named !== 'string' || !VENDOR_ID.test(named)) {
      throw new HttpProblem(400, 'AUTH.BAD_VENDOR_HEADER', 'X-Kiosk-Vendor must be one vendor id');
    }
    chosen = memberships.find((m) => m.vendorId === named);
    if (!chosen) throw new HttpProblem(403, 'AUTH.NOT_STAFF', 'you are not a member of that vendor\'s team', { vendorId: named });
  } else {
    chosen = memberships.length === 1 ? memberships[0] : memberships.find((m) => m.vendorId === principal.vendorId);
    if (!chosen && memberships.length > 1) {
      throw new HttpProblem(400, 'AUTH.VENDOR_REQUIRED', 'you are staff of several vendors: say which one with X-Kiosk-Vendor', {
        vendorIds: memberships.map((m) => m.vendorId),
      });
    }
    // Nobody's staff: a reader with a reader's scopes, refused by the route's scope check as before.
    if (!chosen && scoped) return principal;
    if (!chosen) throw new HttpProblem(403, 'AUTH.NOT_STAFF', 'this route is for API keys and vendor staff; you are not staff of any vendor');
  }
  return {
    kind: 'user',
    vendorId: chosen.vendorId,
    userId: principal.userId,
    scopes: scopesOfRole(chosen.role),
    staff: { role: chosen.role, userVendorId: principal.vendorId },
  };
}

/**
 * The cookie session on a management route is the portal's (this service's
 * own origin): a request the browser says comes from elsewhere (`Origin`,
 * or `Referer`) is refused, reads included, so a vendor's site that may call
 * reader routes with credentials cannot read management answers. A
 * state-changing call must also carry the session's CSRF token in
 * `X-CSRF-Token`, which a page of another site cannot read.
 */
function checkStaffSession(req: Request, session: CookieSession, sessions: CookieSessions): void {
  const source = req.headers.origin ?? (req.headers.referer ? safeOrigin(req.headers.referer) : undefined);
  if (source !== undefined && source !== new URL(sessions.baseUrl).origin) {
    throw new HttpProblem(403, 'AUTH.CSRF', "a management call on a cookie session must come from this service's origin (the portal)");
  }
  if (SAFE_METHODS.includes(req.method)) return;
  const token = req.headers[CSRF_HEADER];
  if (typeof token !== 'string' || !sessions.cookies.csrfTokenMatches(session, token)) {
    throw new HttpProblem(403, 'AUTH.CSRF', 'a state-changing call on a cookie session needs the X-CSRF-Token of the session (GET /management/me)');
  }
}

/** Resolves the caller of a route, or refuses with 401/403 and the RFC 6750 header. */
export async function authenticate(
  req: Request,
  auth: RouteAuth,
  verifier: TokenVerifier,
  visitors?: AuthenticateVisitor,
  sessions?: CookieSessions,
  staff?: StaffDirectory,
): Promise<Principal | undefined> {
  if (auth.kind === 'none') return undefined;
  const header = req.headers.authorization;
  if (auth.kind === 'bearer' && staff && !header && sessions) {
    const session = sessions.cookies.session(req, sessions.clock.now());
    if (session) {
      checkStaffSession(req, session, sessions);
      let principal: Principal;
      try {
        principal = await verifier.verify(session.at);
      } catch (error) {
        if (!(error instanceof InvalidAccessToken)) throw error;
        throw new HttpProblem(401, 'AUTH.SESSION_EXPIRED', 'the session has ended; sign in again');
      }
      if (principal.kind !== 'user') throw new HttpProblem(401, 'AUTH.SESSION_EXPIRED', 'the session has ended; sign in again');
      return checkScope(auth, await asStaff(req, principal, staff, auth.scope !== undefined));
    }
  }
  if (auth.kind === 'reader' && visitors && header && /^Basic /i.test(header)) return visitor(header, visitors);
  if ((auth.kind === 'user' || auth.kind === 'reader') && !header && sessions) {
    const session = sessions.cookies.session(req, sessions.clock.now());
    if (session) {
      if (!SAFE_METHODS.includes(req.method)) await checkSameOrigin(req, session.clientId, sessions);
      try {
        return await verifier.verify(session.at);
      } catch (error) {
        if (!(error instanceof InvalidAccessToken)) throw error;
        throw new HttpProblem(401, 'AUTH.SESSION_EXPIRED', 'the session has ended; sign in again');
      }
    }
  }
  if (!header) {
    throw new HttpProblem(401, 'AUTH.MISSING_TOKEN', 'a bearer access token is required', {}, {
      'WWW-Authenticate': REALM,
    });
  }
  const match = BEARER.exec(header);
  if (!match) {
    throw new HttpProblem(401, 'AUTH.MALFORMED_HEADER', 'the Authorization header must be "Bearer <token>"', {}, {
      'WWW-Authenticate': `${REALM}, error="invalid_request"`,
    });
  }
  let principal: Principal;
  try {
    principal = await verifier.verify(match[1]);
  } catch (error) {
    if (!(error instanceof InvalidAccessToken)) throw error;
    throw new HttpProblem(401, 'AUTH.INVALID_TOKEN', `the access token is not valid: ${error.message}`, {}, {
      'WWW-Authenticate': `${REALM}, error="invalid_token"`,
    });
  }
  if (auth.kind === 'user' || auth.kind === 'reader') {
    if (principal.kind !== 'user') {
      throw new HttpProblem(403, 'AUTH.READER_ONLY', 'this route is for signed-in readers; use a reader access token');
    }
    return principal;
  }
  if (staff && principal.kind === 'user') principal = await asStaff(req, principal, staff, auth.scope !== undefined);
  return checkScope(auth, principal);
}

function checkScope(auth: Extract<RouteAuth, { kind: 'bearer' }>, principal: Principal): Principal {
  if (auth.scope && !principal.scopes.includes(auth.scope)) {
    throw new HttpProblem(403, 'AUTH.INSUFFICIENT_SCOPE', `this call needs the scope ${auth.scope}`, { scope: auth.scope }, {
      'WWW-Authenticate': `${REALM}, error="insufficient_scope", scope="${auth.scope}"`,
    });
  }
  return principal;
}

const BASIC = /^Basic ([A-Za-z0-9+/]{1,1024}=*)$/i;

async function visitor(header: string, visitors: AuthenticateVisitor): Promise<Principal> {
  const refuse = (detail: string) =>
    new HttpProblem(401, 'AUTH.BAD_VISITOR', detail, {}, { 'WWW-Authenticate': `${REALM}, Basic realm="kiosk"` });
  const match = BASIC.exec(header);
  if (!match) throw refuse('the Authorization header must be "Basic <base64 of client id:visitor id>"');
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 1) throw refuse('Basic credentials must be <client id>:<visitor id>');
  try {
    return await visitors.execute(decoded.slice(0, colon), decoded.slice(colon + 1));
  } catch (error) {
    // The client could not be looked up (the database is away): a 503 to retry, not a verdict on the visitor.
    if (isDatabaseUnavailable(error)) throw error;
    throw refuse('unknown client id or malformed visitor id');
  }
}
