import { Principal } from '@kiosk/domain/identity';
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
): Promise<Principal | undefined> {
  if (auth.kind === 'none') return undefined;
  const header = req.headers.authorization;
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
  if (auth.scope && !principal.scopes.includes(auth.scope)) {
    throw new HttpProblem(403, 'AUTH.INSUFFICIENT_SCOPE', `this call needs the scope ${auth.scope}`, { scope: auth.scope }, {
      'WWW-Authenticate': `${REALM}, error="insufficient_scope", scope="${auth.scope}"`,
    });
  }
  return principal;
}
