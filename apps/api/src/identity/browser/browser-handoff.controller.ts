import { Clock } from '@kiosk/domain';
import { BrowserClientRepository, IssueUserToken } from '@kiosk/domain/identity';
import { IsString, MaxLength } from 'class-validator';
import { decodeJwt } from 'jose';
import { HttpProblem } from '../../platform/http/problem';
import { Controller, route, RouteSpec } from '../../platform/http/routes';
import { processNow } from '../../platform/vendor-time';
import { HandoffBinding } from '../handoff-codes';
import { BROWSER_CLIENT_ID, SESSION_INFO_EXAMPLE } from '../identity.examples';
import { AccessTokenVerifier, InvalidAccessToken } from '../jwt-access-tokens';
import { BrowserSignInHooks } from './browser-auth.controller';
import { SessionInfo } from './browser-session.routes';
import { BrowserCookies, BrowserSession } from './browser-session';
import { ERASED_READER, INVALID_HANDOFF, ORIGIN_NOT_ALLOWED, UNKNOWN_CLIENT } from '../identity.error-examples';

/** The body of `POST /auth/{clientId}/handoff`. */
export class HandoffBody {
  @IsString() @MaxLength(128) code!: string;
}

/** The lifetime of the reader's access token, as the embedded provider gives it on a sign-in. */
const READER_TOKEN_SECONDS = 3600;

const invalidCode = () =>
  new HttpProblem(400, 'AUTH.INVALID_HANDOFF', 'the handoff code is not valid: it was used already, has expired or is not for this site');

/**
 * The browser route of the buying journey (DESIGN.md 6, "From payment to
 * reading"): the browser library exchanges the one-time code the return
 * from a paid checkout carried for the cookie session of this browser
 * client: the same session, in shape, as the sign-in callback sets, with a
 * reader token of the service's own signer. The visitor's reads and
 * checkouts then merge into the reader as on any sign-in.
 */
export class BrowserHandoffController implements Controller {
  constructor(
    private readonly clients: Pick<BrowserClientRepository, 'findById'>,
    private readonly codes: { redeem(code: string, vendorId: string, clientId: string, now: Date): Promise<HandoffBinding | null> },
    private readonly issueToken: Pick<IssueUserToken, 'execute'>,
    private readonly verifier: Pick<AccessTokenVerifier, 'verify'>,
    private readonly cookies: BrowserCookies,
    private readonly clock: Clock,
    private readonly hooks: Pick<BrowserSignInHooks, 'signedIn'> | null,
  ) {}

  routes(): RouteSpec[] {
    return [
      route<HandoffBody>({
        method: 'post',
        path: '/auth/{clientId}/handoff',
        operationId: 'browserHandoff',
        summary: 'Exchange the one-time handoff code of a paid checkout for the cookie session (the browser library calls it)',
        description:
          'After a visitor pays on the hosted checkout with an e-mail that had no account yet (or proves control of it ' +
          'with a mailed code), the return to `redirectUrl` carries `kiosk_handoff=<code>`: single use, about 60 seconds, ' +
          'bound to the vendor, this browser client, the reader, the checkout and the visitor. Posted here from one of the ' +
          "client's allowed origins (`Origin` required, credentials included) it sets the same HttpOnly cookie session as " +
          'the sign-in callback, merges the visitor\'s free reads and checkouts into the reader, and answers the session ' +
          'info. A used, expired, foreign or malformed code is a 400 and sets nothing.',
        examples: { params: { clientId: BROWSER_CLIENT_ID }, request: { code: 'pXb1Yq9wq0c0m3R8bQj1cE3oZk2nqk7x6fS4dA1hJtU' }, responses: { 200: SESSION_INFO_EXAMPLE } },
        tags: ['browser sign-in'],
        auth: { kind: 'none' },
        body: { dto: HandoffBody },
        responses: {
          200: { description: 'Signed in: the session info', schema: SessionInfo },
          400: INVALID_HANDOFF,
          401: ERASED_READER,
          403: ORIGIN_NOT_ALLOWED('Not called from an origin the browser client registered', 'a handoff code is exchanged only from an origin the vendor registered'),
          404: UNKNOWN_CLIENT('No such browser client'),
        },
        handler: async ({ req, res, params, body }) => {
          res.set('Cache-Control', 'no-store');
          const found = /^[A-Za-z0-9_-]{3,64}$/.test(params.clientId) ? await this.clients.findById(params.clientId) : null;
          if (!found) throw new HttpProblem(404, 'AUTH.UNKNOWN_CLIENT', `no browser client ${params.clientId}`);
          const origin = req.headers.origin;
          if (origin === undefined || !found.allowedOrigins.includes(origin)) {
            throw new HttpProblem(403, 'AUTH.ORIGIN_NOT_ALLOWED', 'a handoff code is exchanged only from an origin the vendor registered', {
              origin: (origin ?? '').slice(0, 200),
            });
          }
          const now = processNow(this.clock);
          const binding = await this.codes.redeem(body.code, found.vendorId, found.clientId, now);
          if (!binding || binding.vendorId !== found.vendorId) throw invalidCode();
          let token: string;
          try {
            token = (await this.issueToken.execute({ vendorId: binding.vendorId, userId: binding.userId, lifetimeSeconds: READER_TOKEN_SECONDS })).accessToken;
          } catch {
            throw invalidCode(); // the reader is gone
          }
          const principal = await this.verifier.verify(token).catch((error: unknown) => {
            if (error instanceof InvalidAccessToken) {
              throw new HttpProblem(401, 'AUTH.INVALID_TOKEN', `the reader cannot be signed in: ${error.message}`);
            }
            throw error;
          });
          if (principal.kind !== 'user') throw invalidCode();
          const session: BrowserSession = {
            at: token,
            exp: decodeJwt(token).exp!,
            sub: principal.userId,
            vendorId: principal.vendorId,
            clientId: found.clientId,
            scope: principal.scopes.join(' '),
          };
          this.cookies.setSession(res, session, now);
          await this.hooks
            ?.signedIn(principal.vendorId, principal.userId, binding.visitorId)
            .catch((error: unknown) => req.log.warn({ err: error }, 'after-sign-in step failed'));
          const info: SessionInfo = { authenticated: true, sub: session.sub, exp: session.exp, scope: session.scope };
          res.json(info);
        },
      }),
    ];
  }
}
