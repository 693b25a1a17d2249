import { Clock } from '@kiosk/domain';
import {
  BrowserClient,
  BrowserClientRepository,
  isAllowedReturnAddress,
  Principal,
  VISITOR_ID_PATTERN,
} from '@kiosk/domain/identity';
import { Request, Response } from 'express';
import { decodeJwt } from 'jose';
import * as client from 'openid-client';
import { AccessTokenVerifier, InvalidAccessToken } from '../jwt-access-tokens';
import { HttpProblem, prefersHtml, problemResponse } from '../../platform/http/problem';
import { setBrowserPageHeaders } from '../../platform/http/page-headers';
import { Controller, route, RouteSpec } from '../../platform/http/routes';
import {
  AUTHORIZE_LOCATION,
  BROWSER_CLIENT_ID,
  END_SESSION_LOCATION,
  RETURN_LOCATION,
  STREAMING_LOCATION,
} from '../identity.examples';
import { PageContexts } from '../pages/page-context';
import { browserErrorPage, confirmSignOutPage, signedOutPage } from '../pages/sign-in-pages';
import { READER_SCOPES } from '../oidc/embedded-provider';
import { BrowserCookies } from './browser-session';
import { browserSessionRoutes } from './browser-session.routes';
import { fromAnotherSite } from './cross-site';
import { ProviderConfigurations } from './provider-configurations';
import { NO_ACCESS_SYNC, RETURN_TO_NOT_ALLOWED, SIGN_IN_FAILED, SKU_MISSING, UNKNOWN_CLIENT } from '../identity.error-examples';

const query = (req: Request, name: string): string | undefined => {
  const value = req.query[name];
  return typeof value === 'string' && value.length <= 4096 ? value : undefined;
};

/**
 * What other modules do when a browser signs in or links streaming: merge
 * the visitor's free reads into the reader (paywalls), remember the link
 * (profile). Failures are logged; they never fail the sign-in.
 */
export interface BrowserSignInHooks {
  signedIn(vendorId: string, userId: string, visitorId: string | null): Promise<void>;
  streamingLinked(vendorId: string, userId: string): Promise<void>;
}

/** Pass-through authorization parameters of the login route (interface 4.5). */
const PASS_THROUGH = ['prompt', 'ui_locales', 'login_hint'] as const;

/**
 * The browser login and session routes of interface 4.5: authorization code
 * with PKCE (S256), state and nonce against the OpenID provider (embedded or
 * OIDC_ISSUER), tokens kept server-side in a sealed HttpOnly cookie, and
 * return addresses accepted only on the vendor's registered origins.
 */
export class BrowserAuthController implements Controller {

  constructor(
    private readonly clients: Pick<BrowserClientRepository, 'findById'>,
    private readonly cookies: BrowserCookies,
    private readonly verifier: AccessTokenVerifier,
    private readonly clock: Clock,
    private readonly issuer: string,
    private readonly baseUrl: string,
    private readonly pages: PageContexts,
    private readonly hooks: BrowserSignInHooks | null = null,
  ) {}

  /** The provider's metadata per browser client, discovered once per process (after the parameter properties are set). */
  private readonly providers = new ProviderConfigurations(this.issuer);

  private async browserClient(clientId: string): Promise<BrowserClient> {
    const found = /^[A-Za-z0-9_-]{3,64}$/.test(clientId) ? await this.clients.findById(clientId) : null;
    if (!found) throw new HttpProblem(404, 'AUTH.UNKNOWN_CLIENT', `no browser client ${clientId}`);
    return found;
  }

  /** A return address is followed only when it is on the vendor's registered origins (or this service's). */
  private checkedReturnTo(browserClient: BrowserClient, returnTo: string | undefined): string | null {
    if (returnTo === undefined) return null;
    const ownOrigin = new URL(this.baseUrl).origin;
    const allowed =
      isAllowedReturnAddress(browserClient, returnTo) || (URL.canParse(returnTo) && new URL(returnTo).origin === ownOrigin);
    if (!allowed) {
      throw new HttpProblem(400, 'AUTH.RETURN_TO_NOT_ALLOWED', 'return_to must be on an origin the vendor registered', {
        returnTo,
      });
    }
    return returnTo;
  }

  private home(browserClient: BrowserClient): string {
    return browserClient.allowedOrigins[0] ?? this.baseUrl;
  }

  private callbackUrl(clientId: string) {
    return `${this.baseUrl}/auth/${encodeURIComponent(clientId)}/callback`;
  }

  private async startLogin(req: Request, res: Response, browserClient: BrowserClient, returnTo: string | null) {
    const config = await this.providers.of(browserClient.clientId);
    const verifier = client.randomPKCECodeVerifier();
    const state = client.randomState();
    const nonce = client.randomNonce();
    const parameters: Record<string, string> = {
      redirect_uri: this.callbackUrl(browserClient.clientId),
      scope: READER_SCOPES,
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      state,
      nonce,
      resource: 'urn:service',
    };
    for (const name of PASS_THROUGH) {
      const value = query(req, name);
      if (value) parameters[name] = value;
    }
    const visitorId = query(req, 'visitor_id');
    this.cookies.setLoginTransaction(res, {
      clientId: browserClient.clientId,
      verifier,
      state,
      nonce,
      returnTo,
      visitorId: visitorId && VISITOR_ID_PATTERN.test(visitorId) ? visitorId : null,
    });
    res.redirect(302, client.buildAuthorizationUrl(config, parameters).href);
  }

  private async principalOf(token: string): Promise<Principal> {
    try {
      return await this.verifier.verify(token);
    } catch (error) {
      if (error instanceof InvalidAccessToken) {
        throw new HttpProblem(401, 'AUTH.INVALID_TOKEN', `the access token is not valid: ${error.message}`, {}, {
          'WWW-Authenticate': 'Bearer realm="kiosk", error="invalid_token"',
        });
      }
      throw error;
    }
  }

  /**
   * Browser routes negotiate their errors (DESIGN.md 4): a browser that asks
   * for `text/html` first gets a page saying what went wrong in plain words,
   * in the vendor's look and the reader's language (`ui_locales` of the
   * address, then Accept-Language), with a link back to the vendor's site;
   * anyone else problem+json.
   */
  private async answerError(req: Request, res: Response, error: unknown, clientId: string | undefined): Promise<void> {
    if (!prefersHtml(req) || res.headersSent) throw error;
    const answer = problemResponse(error, req.id, req.log);
    const problem = JSON.parse(answer.body) as { detail: string; code: string };
    const context = await this.pages.forClientId(clientId ?? query(req, 'client_id'), this.languageWish(req));
    setBrowserPageHeaders(res);
    res
      .status(answer.status)
      .set(answer.headers)
      .set('Cache-Control', 'no-store')
      .type('html')
      .send(browserErrorPage(context, answer.status, problem.detail, problem.code));
  }

  private languageWish(req: Request) {
    return { uiLocales: query(req, 'ui_locales') ?? null, acceptLanguage: req.headers['accept-language'] ?? null };
  }

  routes(): RouteSpec[] {
    return this.browserRoutes().map((spec) => ({
      ...spec,
      handler: async (context) => {
        try {
          await spec.handler(context);
        } catch (error) {
          await this.answerError(context.req, context.res, error, context.params.clientId);
        }
      },
    }));
  }

  private browserRoutes(): RouteSpec[] {
    const tags = ['browser sign-in'];
    const redirect = { description: 'Redirect' };
    const sessions = browserSessionRoutes({
      cookies: this.cookies,
      clock: this.clock,
      browserClient: (clientId) => this.browserClient(clientId),
      principalOf: (token) => this.principalOf(token),
    });
    return [
      ...sessions,
      route({
        method: 'get',
        path: '/auth/{clientId}/login',
        operationId: 'browserLogin',
        summary: 'Start signing in: redirect to the authorization server (code flow with PKCE)',
        examples: { params: { clientId: BROWSER_CLIENT_ID }, headers: { 302: { Location: AUTHORIZE_LOCATION } } },
        description:
          'Query: return_to (on a registered origin of the vendor), audience, scope, prompt, ui_locales, login_hint, retry; ' +
          'visitor_id (the browser library\'s visitor id: its free reads are merged into the reader on sign-in).',
        tags,
        auth: { kind: 'none' },
        responses: { 302: redirect, 400: RETURN_TO_NOT_ALLOWED, 404: UNKNOWN_CLIENT('Unknown client') },
        handler: async ({ req, res, params }) => {
          const browserClient = await this.browserClient(params.clientId);
          await this.startLogin(req, res, browserClient, this.checkedReturnTo(browserClient, query(req, 'return_to')));
        },
      }),
      route({
        method: 'get',
        path: '/auth/{clientId}/callback',
        operationId: 'browserCallback',
        summary: 'Exchange the code, set the cookie session, and go back to the return address or home',
        description:
          'Where the authorization server sends the browser back (query `code` and `state`, or `error` and ' +
          '`error_description`). The code is exchanged with the PKCE verifier kept for this sign-in, the HttpOnly cookie ' +
          'session is set, and the browser goes on to the `return_to` it started with (or the site\'s home).',
        examples: { params: { clientId: BROWSER_CLIENT_ID }, headers: { 302: { Location: RETURN_LOCATION } } },
        tags,
        auth: { kind: 'none' },
        responses: {
          302: redirect,
          400: SIGN_IN_FAILED,
        },
        handler: async ({ req, res, params }) => {
          const browserClient = await this.browserClient(params.clientId);
          const tx = this.cookies.loginTransaction(req);
          this.cookies.clearLoginTransaction(res);
          const fail = (error: string, description: string) => {
            throw new HttpProblem(400, `AUTH.${error.toUpperCase().replace(/[^A-Z0-9_]/g, '_').slice(0, 64)}`, description || error, {
              error,
            });
          };
          const providerError = query(req, 'error');
          if (providerError) {
            const description = query(req, 'error_description');
            return fail(providerError, `the sign-in provider answered ${providerError}${description ? `: ${description}` : ''}`);
          }
          if (!tx || tx.clientId !== browserClient.clientId) {
            return fail('login_expired', 'The sign-in took too long or started elsewhere. Please sign in again.');
          }
          let tokens: client.TokenEndpointResponse;
          try {
            const current = new URL(`${this.callbackUrl(browserClient.clientId)}?${new URL(req.originalUrl, this.baseUrl).searchParams}`);
            tokens = await client.authorizationCodeGrant(await this.providers.of(browserClient.clientId), current, {
              pkceCodeVerifier: tx.verifier,
              expectedState: tx.state,
              expectedNonce: tx.nonce,
              idTokenExpected: true,
            });
          } catch (error) {
            req.log.warn({ err: error }, 'code exchange failed');
            return fail('login_failed', error instanceof Error ? error.message : 'the code could not be exchanged');
          }
          const principal = await this.principalOf(tokens.access_token);
          if (principal.kind !== 'user' || principal.vendorId !== browserClient.vendorId) {
            return fail('login_failed', 'the access token is not for this vendor');
          }
          const exp = decodeJwt(tokens.access_token).exp!;
          this.cookies.setSession(
            res,
            {
              at: tokens.access_token,
              exp,
              sub: principal.userId,
              vendorId: principal.vendorId,
              clientId: browserClient.clientId,
              scope: principal.scopes.join(' '),
              idt: tokens.id_token,
            },
            this.clock.now(),
          );
          await this.hooks
            ?.signedIn(principal.vendorId, principal.userId, tx.visitorId ?? null)
            .catch((error: unknown) => req.log.warn({ err: error }, 'after-sign-in step failed'));
          res.redirect(302, tx.returnTo ?? this.home(browserClient));
        },
      }),
      route({
        method: 'get',
        path: '/auth/{clientId}/logout',
        operationId: 'browserLogoutForClient',
        summary: 'Clear the cookies; unless local_only, sign out at the authorization server too',
        description:
          'Query: `return_to` (on a registered origin), `local_only` (`true` signs out of this site only). Without `local_only` ' +
          'the browser goes through the authorization server\'s sign-out and comes back to `/auth/{clientId}/logged-out`.',
        examples: { params: { clientId: BROWSER_CLIENT_ID }, headers: { 302: { Location: END_SESSION_LOCATION } } },
        tags,
        auth: { kind: 'none' },
        responses: {
          302: redirect,
          200: { description: 'Asked from another website (Sec-Fetch-Site cross-site, or a foreign Origin or Referer): a page where the reader confirms', contentType: 'text/html' },
        },
        handler: async ({ req, res, params }) => this.logout(req, res, await this.browserClient(params.clientId)),
      }),
      route({
        method: 'get',
        path: '/auth/logout',
        operationId: 'browserLogout',
        summary: 'Clear the cookies; the client of the session decides where to go (prefer the form with a client id)',
        description:
          'The same as `/auth/{clientId}/logout` for the client the session belongs to; with no session (so no client) the ' +
          'cookies are cleared and a plain signed-out page answers.',
        examples: { headers: { 302: { Location: END_SESSION_LOCATION } } },
        tags,
        auth: { kind: 'none' },
        responses: { 302: redirect, 200: { description: 'Signed out (no client known)', contentType: 'text/html' } },
        handler: async ({ req, res }) => {
          const session = this.cookies.session(req, this.clock.now());
          const browserClient = session ? await this.clients.findById(session.clientId) : null;
          if (browserClient) return this.logout(req, res, browserClient);
          this.cookies.clearSession(res);
          setBrowserPageHeaders(res);
          res.status(200).set('Cache-Control', 'no-store').type('html').send(signedOutPage(this.pages.neutral(this.languageWish(req))));
        },
      }),
      route({
        method: 'get',
        path: '/auth/{clientId}/logged-out',
        operationId: 'browserLoggedOut',
        summary: 'Where the authorization server sends the browser after signing out; goes on to the return address',
        description:
          'Not called directly: the end of `/auth/{clientId}/logout`. Goes on to the `return_to` given there, or the site\'s home.',
        examples: { params: { clientId: BROWSER_CLIENT_ID }, headers: { 302: { Location: RETURN_LOCATION } } },
        tags,
        auth: { kind: 'none' },
        responses: { 302: redirect },
        handler: async ({ req, res, params }) => {
          const browserClient = await this.browserClient(params.clientId);
          const saved = this.cookies.logoutReturn(req);
          this.cookies.clearLogoutReturn(res);
          const returnTo = saved && isAllowedReturnAddress(browserClient, saved.returnTo) ? saved.returnTo : null;
          res.redirect(302, returnTo ?? this.home(browserClient));
        },
      }),
      route({
        method: 'get',
        path: '/auth/streaming-link',
        operationId: 'browserStreamingLink',
        summary: "Send a signed-in reader to the vendor's access-sync callback with the access token added server-side",
        examples: { headers: { 302: { Location: STREAMING_LOCATION } } },
        description: 'Query: sku (required); client_id (needed when not signed in, to sign in first and come back).',
        tags,
        auth: { kind: 'none' },
        responses: { 302: redirect, 400: SKU_MISSING, 404: NO_ACCESS_SYNC },
        handler: async ({ req, res }) => {
          const sku = query(req, 'sku');
          if (!sku || sku.length > 128) throw new HttpProblem(400, 'REQUEST.INVALID', 'sku is required (at most 128 characters)');
          const session = this.cookies.session(req, this.clock.now());
          if (!session) {
            const clientId = query(req, 'client_id');
            if (!clientId) throw new HttpProblem(401, 'AUTH.SIGN_IN_REQUIRED', 'sign in first, or give client_id to be sent there');
            const browserClient = await this.browserClient(clientId);
            const here = `${this.baseUrl}/auth/streaming-link?sku=${encodeURIComponent(sku)}`;
            return this.startLogin(req, res, browserClient, here);
          }
          const browserClient = await this.browserClient(session.clientId);
          if (!browserClient.accessSyncUrl) {
            throw new HttpProblem(404, 'AUTH.NO_ACCESS_SYNC', 'the vendor has no access-sync callback configured');
          }
          const target = new URL(browserClient.accessSyncUrl);
          target.searchParams.set('sku', sku);
          target.searchParams.set('access_token', session.at);
          await this.hooks
            ?.streamingLinked(session.vendorId, session.sub)
            .catch((error: unknown) => req.log.warn({ err: error }, 'recording the streaming link failed'));
          res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer').redirect(302, target.href);
        },
      }),
    ];
  }

  private async logout(req: Request, res: Response, browserClient: BrowserClient) {
    const returnTo = this.checkedReturnTo(browserClient, query(req, 'return_to'));
    const session = this.cookies.session(req, this.clock.now());
    if (session && fromAnotherSite(req, [...browserClient.allowedOrigins, new URL(this.baseUrl).origin, new URL(this.issuer).origin])) {
      // The interface's GET stays, but another website cannot end the session with it: the reader confirms here.
      const again = new URL(req.originalUrl, this.baseUrl);
      setBrowserPageHeaders(res);
      const context = await this.pages.forClient(browserClient, this.languageWish(req));
      return void res.status(200).set('Cache-Control', 'no-store').type('html').send(confirmSignOutPage(context, again.pathname + again.search));
    }
    this.cookies.clearSession(res);
    const localOnly = ['1', 'true', 'yes'].includes((query(req, 'local_only') ?? '').toLowerCase());
    const local = () => void res.redirect(302, returnTo ?? this.home(browserClient));
    if (localOnly || !session) return local();
    const config = await this.providers.of(browserClient.clientId);
    // A provider without RP-initiated logout has no session to end from here.
    if (!config.serverMetadata().end_session_endpoint) return local();
    if (returnTo) this.cookies.setLogoutReturn(res, returnTo);
    // A session from the callback keeps its id token as the hint; one made by POST /auth/{clientId}/session
    // has none, and the provider is told the client instead (RP-Initiated Logout 1.0: client_id).
    const endSession = client.buildEndSessionUrl(config, {
      ...(session.idt ? { id_token_hint: session.idt } : { client_id: browserClient.clientId }),
      post_logout_redirect_uri: `${this.baseUrl}/auth/${encodeURIComponent(browserClient.clientId)}/logged-out`,
    });
    res.redirect(302, endSession.href);
  }
}

