import { AuthenticateVisitor, Principal } from '@kiosk/domain/identity';
import { Request } from 'express';
import { AccessTokenVerifier, InvalidAccessToken } from '../../identity/jwt-access-tokens';
import { HttpProblem } from './problem';
import { RouteAuth } from './routes';

// RFC 6750 b64token, bounded so a huge header costs nothing to refuse.
const BEARER = /^Bearer ([A-Za-z0-9\-._~+/]{1,8192}=*)$/;
const REALM = 'Bearer realm="kiosk"';

/** Resolves the caller of a bearer route, or refuses with 401/403 and the RFC 6750 header. */
export async function authenticate(
  req: Request,
  auth: RouteAuth,
  verifier: AccessTokenVerifier,
  visitors?: AuthenticateVisitor,
): Promise<Principal | undefined> {
  if (auth.kind === 'none') return undefined;
  const header = req.headers.authorization;
  if (auth.kind === 'reader' && visitors && header && /^Basic /i.test(header)) return visitor(header, visitors);
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
