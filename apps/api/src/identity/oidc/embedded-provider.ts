import { hkdfSync, randomBytes } from 'node:crypto';
import { BrowserClientRepository, UserRepository } from '@kiosk/domain/identity';
import { ACCESS_TOKEN_AUDIENCE } from '@kiosk/domain/identity';
import { RequestHandler } from 'express';
import type Provider from 'oidc-provider';
import type { Configuration, KoaContextWithOIDC } from 'oidc-provider';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { SigningKeyStore } from '../signing-keys';
import { postgresOidcAdapter } from './oidc-adapter';
import { PageContexts } from '../pages/page-context';
import { logoutPage, providerErrorPage, signedOutPage } from '../pages/sign-in-pages';
import { sqlRows } from '../../platform/database/sql';
import { PAGE_CSP } from '../../platform/http/page-headers';
import { isDatabaseUnavailable } from '../../platform/database/errors';
import { RETRY_AFTER_SECONDS } from '../../platform/http/problem';

/**
 * Every context the provider makes (for its own routes and for the sign-in
 * pages' `interactionDetails`/`interactionFinished`) sees the issuer's host
 * and scheme instead of the request's `Host` and forwarded headers.
 */
function pinToIssuer(provider: Provider, issuer: URL): void {
  const host = issuer.host;
  const protocol = issuer.protocol.replace(/:$/, '');
  const createContext = provider.createContext.bind(provider);
  provider.createContext = ((req, res) => {
    const ctx = createContext(req, res);
    Object.defineProperty(ctx.request, 'host', { value: host });
    Object.defineProperty(ctx.request, 'protocol', { value: protocol });
    return ctx;
  }) as typeof provider.createContext;
}

/** The scopes a signed-in reader's access token carries (no management scopes). */
export const READER_SCOPES = 'openid profile email';
const ACCESS_TOKEN_TTL_SECONDS = 3600;
const KEY_CHECK_MS = 60_000;

export interface EmbeddedProviderOptions {
  issuer: string;
  baseUrl: string;
  secretsKey: Buffer;
  production: boolean;
  /**
   * Whether TRUST_PROXY is configured. Only then do `X-Forwarded-Host` and
   * `X-Forwarded-Proto` count; otherwise every address the provider names
   * (discovery, redirects, cookies' security) comes from the issuer, whatever
   * `Host` the request carries.
   */
  trustProxy: boolean;
}

/**
 * The embedded OpenID provider (oidc-provider, a certified implementation)
 * at AUTH_URL: discovery, JWKS, authorization code with PKCE (S256 only),
 * RFC 9068 JWT access tokens for the audience `urn:service` carrying the
 * vendor, sessions and grants in PostgreSQL. It signs with the token
 * service's keys; when those rotate, the provider is rebuilt with them.
 */
export class EmbeddedOpenIdProvider {
  private current: { provider: Provider; kid: string } | null = null;
  private checkedAt = 0;
  private building: Promise<Provider> | null = null;

  constructor(
    private readonly options: EmbeddedProviderOptions,
    private readonly db: DataSource,
    private readonly keys: SigningKeyStore,
    private readonly clients: Pick<BrowserClientRepository, 'findById'>,
    private readonly users: Pick<UserRepository, 'find'>,
    private readonly logger: Logger,
    private readonly pages: PageContexts,
  ) {}

  /**
   * The client an interaction was for, even when it has expired or belongs
   * to another browser's cookie: only to dress its "expired" page in the
   * vendor's look, never to continue it.
   */
  async clientOfInteraction(uid: string): Promise<string | null> {
    const rows = await sqlRows<{ client_id: string | null }>(
      this.db,
      `SELECT payload->'params'->>'client_id' AS client_id FROM oidc_payloads WHERE model = 'Interaction' AND id = $1`,
      [uid],
    ).catch(() => []);
    return rows[0]?.client_id ?? null;
  }

  /** The vendor's look and the reader's language for a page the provider itself renders. */
  private pageContext(ctx: KoaContextWithOIDC) {
    const params = (ctx.oidc?.params ?? {}) as Record<string, unknown>;
    const clientId = ctx.oidc?.client?.clientId ?? (typeof params.client_id === 'string' ? params.client_id : null);
    const uiLocales = typeof params.ui_locales === 'string' ? params.ui_locales : null;
    return this.pages.forClientId(clientId, { uiLocales, acceptLanguage: ctx.get('accept-language') || null });
  }

  /** The headers of the service's own pages (page-headers.ts); a nonce admits the scripts that carry it. */
  private static headers(nonce?: string): Record<string, string> {
    return {
      'Content-Security-Policy': nonce ? PAGE_CSP.replace("default-src 'none';", `default-src 'none'; script-src 'nonce-${nonce}';`) : PAGE_CSP,
      'X-Frame-Options': 'DENY',
      'Referrer-Policy': 'no-referrer',
      'X-Content-Type-Options': 'nosniff',
    };
  }

  private static pageHeaders(ctx: KoaContextWithOIDC, nonce?: string) {
    ctx.set({ ...EmbeddedOpenIdProvider.headers(nonce), 'Cache-Control': 'no-store' });
  }

  /** Express middleware for everything the provider serves under AUTH_URL. */
  handler(): RequestHandler {
    return async (req, res, next) => {
      try {
        const provider = await this.provider();
        // Every answer of the provider carries the page headers. Its auto-posting form (a sign-out without a
        // session) adds its script's hash to `script-src`; the nonce is one no script holds, so nothing else runs.
        res.set(EmbeddedOpenIdProvider.headers(randomBytes(16).toString('base64')));
        // The provider sees paths relative to its mount point, as Express gives them.
        provider.callback()(req, res);
      } catch (error) {
        next(error);
      }
    };
  }

  async provider(): Promise<Provider> {
    if (this.current && Date.now() - this.checkedAt < KEY_CHECK_MS) return this.current.provider;
    this.building ??= this.build().finally(() => (this.building = null));
    return this.building;
  }

  private async build(): Promise<Provider> {
    const jwks = await this.keys.privateJwks();
    this.checkedAt = Date.now();
    const kid = String(jwks[0].kid);
    if (this.current?.kid === kid) return this.current.provider;
    // Loaded on the first sign-in request, not at start: oidc-provider and Koa are some 160 ms of module loading.
    const { default: OpenIdProvider } = await import('oidc-provider');
    const provider = new OpenIdProvider(this.options.issuer, this.configuration(jwks));
    if (this.options.trustProxy) provider.proxy = true;
    else pinToIssuer(provider, new URL(this.options.issuer));
    provider.on('server_error', (ctx, error) => {
      if (!isDatabaseUnavailable(error)) return this.logger.error({ err: error }, 'OpenID provider error');
      // The database is away: 503 with Retry-After (RFC 6749's temporarily_unavailable), never a 500.
      this.logger.warn({ err: error }, 'OpenID provider: database unavailable');
      ctx.status = 503;
      ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
      if (!ctx.response.is('html')) {
        ctx.body = { error: 'temporarily_unavailable', error_description: 'the database cannot be reached; retry later' };
      }
    });
    this.current = { provider, kid };
    return provider;
  }

  private async vendorOfClient(clientId: string | undefined): Promise<string | undefined> {
    return clientId ? (await this.clients.findById(clientId))?.vendorId : undefined;
  }

  private configuration(jwks: object[]): Configuration {
    const cookieKey = Buffer.from(hkdfSync('sha256', this.options.secretsKey, Buffer.alloc(0), 'kiosk-oidc-cookies', 32));
    return {
      adapter: postgresOidcAdapter(this.db, this.clients, this.options.baseUrl),
      jwks: { keys: jwks as never },
      // The token service's keys are ES256; everything the provider signs uses them.
      clientDefaults: { id_token_signed_response_alg: 'ES256', grant_types: ['authorization_code'], response_types: ['code'] },
      enabledJWA: { idTokenSigningAlgValues: ['ES256'], userinfoSigningAlgValues: ['ES256'] },
      cookies: {
        keys: [cookieKey.toString('base64url')],
        long: { signed: true, sameSite: 'lax', secure: this.options.production },
        short: { signed: true, sameSite: 'lax', secure: this.options.production },
      },
      claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name', 'given_name', 'family_name'] },
      scopes: ['openid', 'profile', 'email'],
      pkce: { required: () => true },
      responseTypes: ['code'],
      routes: {
        authorization: '/authorize',
        token: '/token',
        jwks: '/jwks',
        userinfo: '/me',
        end_session: '/session/end',
        revocation: '/token/revocation',
      },
      ttl: {
        AccessToken: ACCESS_TOKEN_TTL_SECONDS,
        AuthorizationCode: 60,
        IdToken: ACCESS_TOKEN_TTL_SECONDS,
        Interaction: 3600,
        Session: 14 * 86_400,
        Grant: 14 * 86_400,
      },
      interactions: { url: (_ctx, interaction) => `${new URL(this.options.issuer).pathname.replace(/\/$/, '')}/interaction/${interaction.uid}` },
      features: {
        devInteractions: { enabled: false },
        revocation: { enabled: true },
        rpInitiatedLogout: {
          enabled: true,
          logoutSource: async (ctx, form) => {
            // One click is enough: the form posts itself (a script the CSP admits by its nonce); the page says what happens.
            const nonce = randomBytes(16).toString('base64');
            EmbeddedOpenIdProvider.pageHeaders(ctx, nonce);
            ctx.type = 'html';
            ctx.body = logoutPage(await this.pageContext(ctx), form, nonce);
          },
          postLogoutSuccessSource: async (ctx) => {
            EmbeddedOpenIdProvider.pageHeaders(ctx);
            ctx.type = 'html';
            ctx.body = signedOutPage(await this.pageContext(ctx));
          },
        },
        resourceIndicators: {
          enabled: true,
          defaultResource: () => ACCESS_TOKEN_AUDIENCE,
          useGrantedResource: () => true,
          getResourceServerInfo: (_ctx, resource) => {
            if (resource !== ACCESS_TOKEN_AUDIENCE) throw new Error('unknown resource');
            return {
              scope: READER_SCOPES,
              audience: ACCESS_TOKEN_AUDIENCE,
              accessTokenFormat: 'jwt',
              accessTokenTTL: ACCESS_TOKEN_TTL_SECONDS,
              jwt: { sign: { alg: 'ES256' } },
            };
          },
        },
      },
      extraTokenClaims: async (_ctx, token) => ({
        vendor_id: await this.vendorOfClient((token as { clientId?: string }).clientId),
        principal_type: 'user',
      }),
      findAccount: async (ctx: KoaContextWithOIDC, sub: string) => {
        const vendorId = await this.vendorOfClient(ctx.oidc.client?.clientId);
        const user = vendorId ? await this.users.find(vendorId, sub) : null;
        if (!user) return undefined;
        return {
          accountId: sub,
          claims: async () => ({
            sub,
            email: user.email,
            email_verified: false,
            given_name: user.firstName ?? undefined,
            family_name: user.lastName ?? undefined,
            name: [user.firstName, user.lastName].filter(Boolean).join(' ') || undefined,
          }),
        };
      },
      // Browser clients are the vendor's own sites: no consent screen; the grant is made on sign-in.
      loadExistingGrant: async (ctx: KoaContextWithOIDC) => {
        const client = ctx.oidc.client!;
        const session = ctx.oidc.session!;
        const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
        if (grantId) {
          const existing = await ctx.oidc.provider.Grant.find(grantId);
          if (existing) return existing;
        }
        const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId! });
        grant.addOIDCScope(READER_SCOPES);
        grant.addOIDCClaims(['email', 'email_verified', 'name', 'given_name', 'family_name']);
        grant.addResourceScope(ACCESS_TOKEN_AUDIENCE, READER_SCOPES);
        await grant.save();
        return grant;
      },
      renderError: async (ctx, out, error) => {
        ctx.type = 'html';
        EmbeddedOpenIdProvider.pageHeaders(ctx);
        if (isDatabaseUnavailable(error)) {
          ctx.status = 503;
          ctx.set('Retry-After', String(RETRY_AFTER_SECONDS));
          // The vendor's look needs the database: the page is the service's neutral one.
          const wish = { uiLocales: null, acceptLanguage: ctx.get('accept-language') || null };
          ctx.body = providerErrorPage(this.pages.neutral(wish), 'temporarily_unavailable', 'the database cannot be reached; retry later');
          return;
        }
        ctx.body = providerErrorPage(await this.pageContext(ctx), String(out.error), String(out.error_description ?? ''));
      },
    };
  }
}
