import { Clock } from '@kiosk/domain';
import { AuthenticateVisitor, BrowserClientRepository, Principal } from '@kiosk/domain/identity';
import { Request } from 'express';
import { BrowserCookies } from '../../identity/browser/browser-session';
import { AccessTokenVerifier, InvalidAccessToken } from '../../identity/jwt-access-tokens';
import { HttpProblem } from './problem';
import { RouteAuth } from './routes';

// RFC 6750 b64token, bounded so a huge header costs nothing to refuse.
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]{1,8192}=*)$/;
const REALM = 'Bearer realm="kiosk"';

/** Resolves the caller of a bearer route, or refuses with 401/403 and the RFC 6750 header. */
/** What lets a browser's cookie session stand in for a bearer token on reader routes. */
export interface CookieSessions {
  cookies: BrowserCookies;
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

export async function authenticate(
  req: Request,
  auth: RouteAuth,
  verifier: AccessTokenVerifier,
  visitors?: AuthenticateVisitor,
  sessions?: CookieSessions,
): Promise<Principal | undefined> {
  if (auth.kind === 'none') return undefined;
  const header = req.headers.authorization;
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
  } catch {
    throw refuse('unknown client id or malformed visitor id');
  }
}
