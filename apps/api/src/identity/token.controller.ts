import { ExchangeClientCredentials, OAuthError } from '@kiosk/domain/identity';
import { Request, Response } from 'express';
import { Controller, route, RouteSpec } from '../platform/http/routes';
import { RateLimited, RateLimits } from '../platform/rate-limits/rate-limits';
import { RATE_RULES } from '../platform/rate-limits/rate-rules';
import { JsonWebKeySet, OAuthErrorResponse, TokenRequestForm, TokenResponse } from './identity.dto';
import { SigningKeyStore } from './signing-keys';
import { TOKEN_EXAMPLE, TOKEN_REQUEST_EXAMPLE, TOKEN_SERVICE_JWKS_EXAMPLE, VENDOR_ID } from './identity.examples';
import { TenantAddresses } from './tenant-addresses';
import { OAUTH_INVALID_CLIENT, OAUTH_INVALID_REQUEST, OAUTH_RATE_LIMITED } from './identity.error-examples';

const FIELDS = ['grant_type', 'client_id', 'client_secret', 'audience', 'scope'] as const;

interface ClientCredentials {
  clientId: string;
  clientSecret: string;
  viaBasic: boolean;
}

/** RFC 6749 2.3.1: id and secret are form-encoded, then joined and base64-encoded. */
function basicCredentials(header: string | undefined): { clientId: string; clientSecret: string } | null | 'malformed' {
  if (!header) return null;
  const match = /^Basic ([A-Za-z0-9+/]+=*)$/i.exec(header);
  if (!match) return header.toLowerCase().startsWith('basic') ? 'malformed' : null;
  const decoded = Buffer.from(match[1], 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return 'malformed';
  try {
    const formDecode = (s: string) => decodeURIComponent(s.replace(/\+/g, ' '));
    return { clientId: formDecode(decoded.slice(0, colon)), clientSecret: formDecode(decoded.slice(colon + 1)) };
  } catch {
    return 'malformed';
  }
}

/** The request's fields: a form body, or (as many OAuth clients send it) a JSON object with the same fields. */
function readForm(req: Request, res: Response): Record<(typeof FIELDS)[number], string | undefined> {
  const json = req.is(['application/json', 'application/*+json']);
  if (!req.is('application/x-www-form-urlencoded') && !json) {
    throw new OAuthError('invalid_request', 'the token request must be application/x-www-form-urlencoded or application/json');
  }
  if (json && (res.locals.bodyError || req.body === null || typeof req.body !== 'object' || Array.isArray(req.body))) {
    throw new OAuthError('invalid_request', 'the JSON body must be an object of the token request fields');
  }
  const body = (req.body ?? {}) as Record<string, unknown>;
  const form = {} as Record<(typeof FIELDS)[number], string | undefined>;
  for (const field of FIELDS) {
    const value = body[field];
    if (value !== undefined && typeof value !== 'string') {
      throw new OAuthError('invalid_request', json ? `${field} must be a string` : `${field} must be given once`);
    }
    if (typeof value === 'string' && value.length > 4096) throw new OAuthError('invalid_request', `${field} is too long`);
    form[field] = value;
  }
  return form;
}

function clientCredentials(req: Request, form: ReturnType<typeof readForm>): ClientCredentials {
  const basic = basicCredentials(req.headers.authorization);
  if (basic === 'malformed') throw new OAuthError('invalid_client', 'malformed HTTP Basic credentials');
  const inBody = form.client_id !== undefined || form.client_secret !== undefined;
  if (basic && inBody) throw new OAuthError('invalid_request', 'use one client authentication method, not two');
  if (basic) return { ...basic, viaBasic: true };
  if (form.client_id === undefined || form.client_secret === undefined) {
    throw new OAuthError('invalid_client', 'client_id and client_secret are required');
  }
  return { clientId: form.client_id, clientSecret: form.client_secret, viaBasic: false };
}

/**
 * The token service: client credentials for API keys at their tenant
 * address (RFC 6749 4.4, errors as RFC 6749 5.2 bodies), and the JWKS that
 * verifies what it signs.
 */
export class TokenController implements Controller {
  constructor(
    private readonly exchange: ExchangeClientCredentials,
    private readonly keys: SigningKeyStore,
    private readonly addresses: TenantAddresses,
    private readonly limits: RateLimits | null = null,
  ) {}

  /** Failed client authentications counted per API key and client IP, and per client IP (guessing a secret). */
  private failureChecks(req: Request, tenantVendorId: string | null, clientId: string) {
    const scope = tenantVendorId ?? 'shared';
    return [
      { rule: RATE_RULES.tokenFailuresPerClientAndIp, key: `${scope}:${clientId}:${req.ip ?? ''}` },
      { rule: RATE_RULES.tokenFailuresPerIp, key: `${scope}:${req.ip ?? ''}` },
    ];
  }

  private async answer(req: Request, res: Response, tenantVendorId: string | null): Promise<void> {
    res.set({ 'Cache-Control': 'no-store', Pragma: 'no-cache' });
    let viaBasic = false;
    let failures: ReturnType<TokenController['failureChecks']> | null = null;
    try {
      const form = readForm(req, res);
      const credentials = clientCredentials(req, form);
      viaBasic = credentials.viaBasic;
      failures = this.failureChecks(req, tenantVendorId, credentials.clientId);
      await this.limits?.check(failures);
      if (form.grant_type === undefined) throw new OAuthError('invalid_request', 'grant_type is required');
      if (form.grant_type !== 'client_credentials') {
        throw new OAuthError('unsupported_grant_type', 'only client_credentials is supported here');
      }
      const issued = await this.exchange.execute({
        tenantVendorId,
        clientId: credentials.clientId,
        clientSecret: credentials.clientSecret,
        audience: form.audience,
        scope: form.scope,
      });
      const body: TokenResponse = { access_token: issued.accessToken, token_type: 'Bearer', expires_in: issued.expiresIn };
      res.json(body);
    } catch (error) {
      if (error instanceof RateLimited) {
        // RFC 6749 has no code for it: the nearest is temporarily_unavailable, with the 429 and Retry-After of any limit.
        const body: OAuthErrorResponse = { error: 'temporarily_unavailable', error_description: error.detail };
        return void res.status(429).set(error.headers).json(body);
      }
      if (!(error instanceof OAuthError)) throw error;
      if (error.oauthCode === 'invalid_client' && failures) await this.limits?.count(failures).catch(() => undefined);
      const status = error.oauthCode === 'invalid_client' ? 401 : 400;
      if (status === 401) res.set('WWW-Authenticate', viaBasic ? 'Basic realm="kiosk"' : 'Bearer realm="kiosk"');
      const body: OAuthErrorResponse = { error: error.oauthCode, error_description: error.message };
      res.status(status).json(body);
    }
  }

  routes() {
    const tokenRoute = (path: string, operationId: string, summary: string, tenant: (req: Request) => string | null) =>
      route<TokenRequestForm>({
        method: 'post',
        path,
        operationId,
        summary,
        description:
          'OAuth 2.0 client credentials (RFC 6749 4.4): `client_id` and `client_secret` in the form, or as HTTP Basic; ' +
          '`scope` (space-separated) narrows the token to part of the key\'s scopes, left out it carries them all; ' +
          '`audience` is the one the key was given (`urn:service`). Tokens last `expires_in` seconds: cache them. Errors are ' +
          'RFC 6749 bodies (`invalid_client` 401, the others 400), never problem+json.',
        tags: ['token service'],
        auth: { kind: 'none' },
        body: { dto: TokenRequestForm, contentType: 'application/x-www-form-urlencoded', alsoJson: true },
        examples: {
          ...(path.includes('{vendorId}') ? { params: { vendorId: VENDOR_ID } } : {}),
          request: TOKEN_REQUEST_EXAMPLE,
          responses: { 200: TOKEN_EXAMPLE },
        },
        rawErrors: true,
        // What the edge refuses (unreadable body, NUL, wrong media type) is an RFC 6749 error here too.
        edgeErrors: (problem) => ({
          status: problem.status === 413 ? 413 : 400,
          body: { error: 'invalid_request', error_description: problem.detail } satisfies OAuthErrorResponse,
        }),
        responses: {
          200: { description: 'An access token', schema: TokenResponse },
          400: { description: 'invalid_request, unsupported_grant_type, access_denied or invalid_target', schema: OAuthErrorResponse, example: OAUTH_INVALID_REQUEST },
          401: { description: 'invalid_client', schema: OAuthErrorResponse, example: OAUTH_INVALID_CLIENT },
          429: {
            description:
              'Too many failed client authentications for this API key from this address (30 a minute), or from this address ' +
              'for any key (100 a minute): ' +
              '`temporarily_unavailable` with `Retry-After`',
            schema: OAuthErrorResponse,
            example: OAUTH_RATE_LIMITED,
          },
        },
        handler: ({ req, res }) => this.answer(req, res, tenant(req)),
      });

    const routes: RouteSpec<any, any>[] = [ // eslint-disable-line @typescript-eslint/no-explicit-any
      tokenRoute(
        this.addresses.sharedTokenPath,
        'exchangeTokenShared',
        'Shared token address; API keys do not authenticate here',
        // In host form the shared path may also be a tenant's, told apart by the host.
        (req) => (this.addresses.hostForm ? this.addresses.vendorFromHost(req.hostname) : null),
      ),
      route({
        method: 'get',
        path: this.addresses.jwksPath,
        operationId: 'getTokenServiceJwks',
        summary: 'Public keys that verify the access tokens the token service signs',
        description:
          'ES256 keys by `kid`; a resource server verifies a bearer token against them (signature, `aud` `urn:service`, `exp`). ' +
          'Cached for five minutes; a replaced key stays here as long as tokens it signed can live.',
        examples: { responses: { 200: TOKEN_SERVICE_JWKS_EXAMPLE } },
        tags: ['token service'],
        auth: { kind: 'none' },
        responses: { 200: { description: 'JSON Web Key Set', schema: JsonWebKeySet } },
        handler: async ({ res }) => {
          res.set('Cache-Control', 'public, max-age=300').json(await this.keys.jwks());
        },
      }),
    ];
    if (this.addresses.tenantTokenPath !== this.addresses.sharedTokenPath) {
      routes.push(
        tokenRoute(
          this.addresses.tenantTokenPath,
          'exchangeTokenTenant',
          "Exchange an API key for an access token at the vendor's own token address",
          (req) =>
            this.addresses.hostForm ? this.addresses.vendorFromHost(req.hostname) : (req.params as Record<string, string>).vendorId,
        ),
      );
    }
    return routes;
  }
}
