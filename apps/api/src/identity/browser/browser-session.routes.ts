import { Clock } from '@kiosk/domain';
import { BrowserClient, Principal } from '@kiosk/domain/identity';
import { IsBoolean, IsInt, IsOptional, IsString } from 'class-validator';
import { decodeJwt } from 'jose';
import { HttpProblem } from '../../platform/http/problem';
import { route, RouteSpec } from '../../platform/http/routes';
import { BROWSER_CLIENT_ID, SESSION_INFO_EXAMPLE, TOKEN_EXAMPLE } from '../identity.examples';
import { BrowserCookies, BrowserSession } from './browser-session';
import { BAD_SESSION_TOKEN, NO_SESSION, ORIGIN_NOT_ALLOWED, UNKNOWN_CLIENT } from '../identity.error-examples';

/** Whether this browser is signed in, and as whom (`GET /auth/userinfo`, the handoff). */
export class SessionInfo {
  @IsBoolean() authenticated!: boolean;
  @IsOptional() @IsString() sub?: string;
  @IsOptional() @IsInt() exp?: number;
  @IsOptional() @IsString() scope?: string;
}

/** The bearer access token of a cookie session (`POST /auth/{clientId}/token`). */
export class SessionToken {
  @IsString() access_token!: string;
  @IsString() token_type!: 'Bearer';
  @IsInt() expires_in!: number;
  @IsString() scope!: string;
}

const sessionInfo = (s: BrowserSession | null): SessionInfo =>
  s ? { authenticated: true, sub: s.sub, exp: s.exp, scope: s.scope } : { authenticated: false };

/** What the session routes need of the browser sign-in controller. */
export interface BrowserSessionDependencies {
  readonly cookies: BrowserCookies;
  readonly clock: Clock;
  /** The browser client of a path's `clientId`, or a 404 problem. */
  browserClient(clientId: string): Promise<BrowserClient>;
  /** The principal of a bearer access token, or a 401 problem. */
  principalOf(token: string): Promise<Principal>;
}

/**
 * The cookie session as pages and the browser library see it: whether one
 * exists (`/auth/userinfo`), one made from a bearer token, and the bearer
 * token a session holds, only for the vendor's registered origins.
 */
export function browserSessionRoutes(d: BrowserSessionDependencies): RouteSpec[] {
  const tags = ['browser sign-in'];
  return [
    route({
      method: 'get',
      path: '/auth/userinfo',
      operationId: 'browserUserinfo',
      summary: 'Session info of the cookie session; `authenticated: false` when there is none (never an error)',
      description:
        'For a page to know whether the browser is signed in: `sub` is the reader\'s id, `exp` when the session ends (seconds ' +
        'since the epoch), `scope` what its token carries. Without a session only `authenticated: false`.',
      examples: { responses: { 200: SESSION_INFO_EXAMPLE } },
      tags,
      auth: { kind: 'none' },
      responses: { 200: { description: 'Session info', schema: SessionInfo } },
      handler: async ({ req, res }) => {
        res.set('Cache-Control', 'no-store').json(sessionInfo(d.cookies.session(req, d.clock.now())));
      },
    }),
    route({
      method: 'post',
      path: '/auth/{clientId}/session',
      operationId: 'browserSessionFromToken',
      summary: 'Turn a bearer access token into the same cookie session the callback sets',
      examples: { params: { clientId: BROWSER_CLIENT_ID }, responses: { 200: SESSION_INFO_EXAMPLE } },
      description:
        'The token is verified against the token service keys; the session ends when it expires; any refresh cookie is ' +
        'dropped. Logging out of it also ends the provider session unless local_only.',
      tags,
      auth: { kind: 'none' },
      responses: { 200: { description: 'Session info', schema: SessionInfo }, 401: BAD_SESSION_TOKEN },
      handler: async ({ req, res, params }) => {
        const browserClient = await d.browserClient(params.clientId);
        const match = /^Bearer ([A-Za-z0-9\-._~+/]{1,8192}=*)$/.exec(req.headers.authorization ?? '');
        if (!match) {
          throw new HttpProblem(401, 'AUTH.MISSING_TOKEN', 'send the access token as "Authorization: Bearer <token>"', {}, {
            'WWW-Authenticate': 'Bearer realm="kiosk"',
          });
        }
        const principal = await d.principalOf(match[1]);
        if (principal.kind !== 'user' || principal.vendorId !== browserClient.vendorId) {
          throw new HttpProblem(401, 'AUTH.INVALID_TOKEN', 'the access token is not a reader token of this vendor', {}, {
            'WWW-Authenticate': 'Bearer realm="kiosk", error="invalid_token"',
          });
        }
        const session: BrowserSession = {
          at: match[1],
          exp: decodeJwt(match[1]).exp!,
          sub: principal.userId,
          vendorId: principal.vendorId,
          clientId: browserClient.clientId,
          scope: principal.scopes.join(' '),
        };
        d.cookies.setSession(res, session, d.clock.now());
        res.set('Cache-Control', 'no-store').json(sessionInfo(session));
      },
    }),
    route({
      method: 'post',
      path: '/auth/{clientId}/token',
      operationId: 'browserSessionToken',
      summary: "The bearer access token of this browser's cookie session (for pages that call APIs with a token)",
      description:
        'For `service.auth.getTokenSilently()`: answers the access token the cookie session of this browser client holds, ' +
        'with `expires_in` the seconds it has left. 401 when there is no session or it belongs to another browser client; ' +
        "403 when the request's `Origin` is not one of the client's allowed origins (a page elsewhere cannot read the token). " +
        'Never cached.',
      examples: {
        params: { clientId: BROWSER_CLIENT_ID },
        responses: { 200: { ...TOKEN_EXAMPLE, expires_in: 3_480, scope: SESSION_INFO_EXAMPLE.scope } },
      },
      tags,
      auth: { kind: 'none' },
      responses: {
        200: { description: 'The access token of the session', schema: SessionToken },
        401: NO_SESSION,
        403: ORIGIN_NOT_ALLOWED('Called from an origin the browser client did not register', 'the token of a session is given only to the origins the vendor registered'),
        404: UNKNOWN_CLIENT('No such browser client'),
      },
      handler: async ({ req, res, params }) => {
        res.set('Cache-Control', 'no-store');
        const browserClient = await d.browserClient(params.clientId);
        const origin = req.headers.origin;
        if (origin !== undefined && !browserClient.allowedOrigins.includes(origin)) {
          throw new HttpProblem(403, 'AUTH.ORIGIN_NOT_ALLOWED', 'the token of a session is given only to the origins the vendor registered', {
            origin: origin.slice(0, 200),
          });
        }
        const now = d.clock.now();
        const session = d.cookies.session(req, now);
        if (!session || session.clientId !== browserClient.clientId) {
          throw new HttpProblem(401, 'AUTH.NO_SESSION', 'this browser is not signed in at this site', {}, {
            'WWW-Authenticate': 'Bearer realm="kiosk"',
          });
        }
        const answer: SessionToken = {
          access_token: session.at,
          token_type: 'Bearer',
          expires_in: Math.max(0, Math.floor(session.exp - now.getTime() / 1000)),
          scope: session.scope,
        };
        res.json(answer);
      },
    }),
  ];
}
