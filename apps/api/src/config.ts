import { resolve } from 'node:path';

/**
 * Configuration comes from environment variables only, is validated once at
 * start, and is immutable afterwards. Every variable is listed in README.md.
 */
export interface Config {
  readonly env: 'development' | 'test' | 'production';
  readonly port: number;
  readonly host: string;
  readonly baseUrl: string;
  readonly authUrl: string;
  /** Public address of the script host (`{scripts_url}`); by default this process serves it under `/s/`. */
  readonly scriptsUrl: string;
  /** `{vendorId}` marks where the vendor goes: host form or path form. */
  readonly tenantTokenUrlTemplate: string;
  /** Unset means the embedded PGlite database under `dataDir`. */
  readonly databaseUrl: string | null;
  readonly dataDir: string;
  readonly embeddedDbPort: number;
  /** How long a query waits for a database connection before the request answers 503. */
  readonly databaseConnectTimeoutMs: number;
  /** How long start-up keeps trying to reach the database (with backoff) before the process gives up. */
  readonly databaseStartupTimeoutMs: number;
  /** How long an `Idempotency-Key` claim holds before a retry may take it over (its first attempt died). */
  readonly idempotencyLeaseSeconds: number;
  /** 32 bytes that encrypt key material at rest. */
  readonly secretsKey: Buffer;
  readonly secretsKeyIsDevelopmentDefault: boolean;
  readonly logLevel: string;
  readonly workerEnabled: boolean;
  readonly workerPollMs: number;
  readonly signingKeyRotationDays: number;
  readonly seedDemo: boolean;
  readonly trustProxy: string | false;
  /** An external OpenID provider to trust for readers instead of the embedded one; null: embedded. */
  readonly oidcIssuer: string | null;
  /** The claim of an external provider's access tokens that names the vendor. */
  readonly oidcVendorClaim: string;
  /** Whether browser cookies carry `Secure` (always, unless BASE_URL is plain http on a non-local host). */
  readonly cookieSecure: boolean;
  /** Which invoicing provider the billing module uses: the embedded one, or one that simulates an outage. */
  readonly invoicingProvider: InvoicingProviderName;
  /** How buyers' VAT numbers are checked before reverse charge (VAT_NUMBER_CHECK, VIES_URL, VIES_TIMEOUT_MS). */
  readonly vatNumberCheck: { readonly mode: 'format-only' | 'vies'; readonly viesUrl: string; readonly timeoutMs: number };
  /** The access module: entitlement waits and the content proxy. */
  readonly access: AccessConfig;
  /** The webhooks module: WEBHOOKS_ALLOW_LOOPBACK (development by default, test with the flag, never production) lets a local receiver stand in for a vendor's server. */
  readonly webhooks: { readonly allowLoopbackForTests: boolean; readonly timeoutMs: number };
  /** How long a client may take (HTTP_HEADERS_TIMEOUT_MS, HTTP_REQUEST_TIMEOUT_MS, HTTP_KEEP_ALIVE_TIMEOUT_MS). */
  readonly httpTimeouts: ServerTimeouts;
  /** HS256 key of the support messenger's session tokens (`GET /support-session`). */
  readonly supportSessionSecret: Buffer;
  /** The checkout module: the stripe provider, on when STRIPE_SECRET_KEY is set (else the embedded test processor). */
  readonly checkout: CheckoutConfig;
  /** The mail module: the transport (MAIL_URL) and the sender (MAIL_FROM). */
  readonly mail: MailConfig;
}

export interface MailConfig {
  /** MAIL_URL: `smtp://` or `smtps://` (user and password in the URL); null keeps mails in the stored mailbox only. */
  readonly url: string | null;
  /** MAIL_FROM's address: the sender of every mail (the vendor's name is shown with it). */
  readonly fromAddress: string;
  /** MAIL_FROM's display name (`Name <address>`), shown when a vendor has no name. */
  readonly fromName: string | null;
}

export interface CheckoutConfig {
  readonly stripe: {
    readonly secretKey: string;
    /** Verifies the signature of stripe's webhook events (STRIPE_WEBHOOK_SECRET). */
    readonly webhookSecret: string | null;
    /** STRIPE_API_URL: another address for stripe's API (a local double in tests). */
    readonly apiUrl: string | null;
  } | null;
}

/** Settings of the access module: entitlement waits and the content proxy (README configuration table). */
export interface AccessConfig {
  /** Longest hold of GET /entitlements?wait-for-entitlement-after (ENTITLEMENT_WAIT_MAX_SECONDS). */
  readonly entitlementWaitMaxSeconds: number;
  /** Re-check interval while waiting where LISTEN/NOTIFY is not available (PGlite) (ENTITLEMENT_WAIT_POLL_MS). */
  readonly entitlementWaitPollMs: number;
  readonly proxyTimeoutMs: number;
  readonly proxyMaxBytes: number;
  readonly proxyCacheTtlSeconds: number;
  readonly proxyCacheMaxEntries: number;
  /** PROXY_ALLOW_LOOPBACK_FOR_TESTS: only NODE_ENV=test accepts it. */
  readonly proxyAllowLoopbackForTests: boolean;
}

export const INVOICING_PROVIDERS = ['embedded', 'unreachable'] as const;
export type InvoicingProviderName = (typeof INVOICING_PROVIDERS)[number];

export class ConfigError extends Error {}

// Only for development and tests; production refuses to start without SECRETS_KEY.
const DEVELOPMENT_SECRETS_KEY = Buffer.alloc(32, 'kiosk-development-only-secret!!');
const DEVELOPMENT_SUPPORT_SESSION_SECRET = 'kiosk-development-only-support-session-secret';

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return value;
}

/**
 * How long a client may take, set on purpose so a few slow clients cannot
 * hold the service: the request head must arrive within `headersMs`, the
 * whole request (head and body) within `requestMs`, and an idle keep-alive
 * connection is closed after `keepAliveMs`. Node checks open connections
 * every `checkIntervalMs` (its default, 30 s, would let a slow client hold a
 * socket that long past the limit).
 */
export interface ServerTimeouts {
  headersMs: number;
  requestMs: number;
  keepAliveMs: number;
  checkIntervalMs: number;
}

export const DEFAULT_SERVER_TIMEOUTS: ServerTimeouts = {
  headersMs: 5_000,
  requestMs: 30_000,
  keepAliveMs: 5_000,
  checkIntervalMs: 1_000,
};

/** `HTTP_HEADERS_TIMEOUT_MS`, `HTTP_REQUEST_TIMEOUT_MS`, `HTTP_KEEP_ALIVE_TIMEOUT_MS` (README lists them). */
export function serverTimeoutsFromEnv(env: Env = process.env): ServerTimeouts {
  const headersMs = integer(env, 'HTTP_HEADERS_TIMEOUT_MS', DEFAULT_SERVER_TIMEOUTS.headersMs, 100, 120_000);
  const requestMs = integer(env, 'HTTP_REQUEST_TIMEOUT_MS', DEFAULT_SERVER_TIMEOUTS.requestMs, 100, 3_600_000);
  const keepAliveMs = integer(env, 'HTTP_KEEP_ALIVE_TIMEOUT_MS', DEFAULT_SERVER_TIMEOUTS.keepAliveMs, 100, 600_000);
  if (headersMs > requestMs) {
    throw new ConfigError('HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS');
  }
  return { headersMs, requestMs, keepAliveMs, checkIntervalMs: Math.min(DEFAULT_SERVER_TIMEOUTS.checkIntervalMs, headersMs) };
}

function boolean(env: Env, name: string, fallback: boolean): boolean {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (['1', 'true', 'yes', 'on'].includes(raw.toLowerCase())) return true;
  if (['0', 'false', 'no', 'off'].includes(raw.toLowerCase())) return false;
  throw new ConfigError(`${name} must be true or false, got "${raw}"`);
}

function url(name: string, raw: string): string {
  let parsed: URL;
  try {
    parsed = new URL(raw.replace('{vendorId}', 'vendor'));
  } catch {
    throw new ConfigError(`${name} must be an absolute http(s) URL, got "${raw}"`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new ConfigError(`${name} must be an http(s) URL, got "${raw}"`);
  }
  return raw.replace(/\/+$/, '');
}

function loadAccessConfig(env: Env, nodeEnv: string): AccessConfig {
  const loopback = env.PROXY_ALLOW_LOOPBACK_FOR_TESTS ?? '';
  if (!['', 'true', 'false'].includes(loopback)) {
    throw new ConfigError(`PROXY_ALLOW_LOOPBACK_FOR_TESTS must be true or false, got "${loopback}"`);
  }
  if (loopback === 'true' && nodeEnv !== 'test') {
    throw new ConfigError('PROXY_ALLOW_LOOPBACK_FOR_TESTS is accepted only with NODE_ENV=test');
  }
  return {
    entitlementWaitMaxSeconds: integer(env, 'ENTITLEMENT_WAIT_MAX_SECONDS', 25, 0, 120),
    entitlementWaitPollMs: integer(env, 'ENTITLEMENT_WAIT_POLL_MS', 250, 10, 60_000),
    proxyTimeoutMs: integer(env, 'PROXY_TIMEOUT_MS', 5_000, 100, 60_000),
    proxyMaxBytes: integer(env, 'PROXY_MAX_BYTES', 2_000_000, 1_024, 50_000_000),
    proxyCacheTtlSeconds: integer(env, 'PROXY_CACHE_TTL_SECONDS', 300, 1, 86_400),
    proxyCacheMaxEntries: integer(env, 'PROXY_CACHE_MAX_ENTRIES', 500, 0, 100_000),
    proxyAllowLoopbackForTests: loopback === 'true',
  };
}

/**
 * Loopback webhook endpoints: a developer's own receiver (`npm start` in
 * development allows them unless told otherwise), a test's local receiver
 * (with the flag), never production. `WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS` is
 * the flag's older name.
 */
function loadWebhooksConfig(env: Env, nodeEnv: string): Config['webhooks'] {
  const name = env.WEBHOOKS_ALLOW_LOOPBACK !== undefined ? 'WEBHOOKS_ALLOW_LOOPBACK' : 'WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS';
  const loopback = boolean(env, name, nodeEnv === 'development');
  if (loopback && nodeEnv === 'production') {
    throw new ConfigError(`${name} is refused with NODE_ENV=production: a vendor's endpoint must never reach this machine`);
  }
  return { allowLoopbackForTests: loopback, timeoutMs: 15_000 };
}

const MAIL_ADDRESS = /^[^\s@<>"(),;:]+@[^\s@<>"(),;:]+$/;

/** MAIL_URL and MAIL_FROM (README configuration table, docs/operations.md "Mail"). */
function loadMailConfig(env: Env, nodeEnv: string, baseUrl: string): MailConfig {
  const raw = env.MAIL_URL || null;
  if (raw !== null) {
    let parsed: URL;
    try {
      parsed = new URL(raw);
    } catch {
      throw new ConfigError('MAIL_URL must be an smtp:// or smtps:// URL');
    }
    if (!['smtp:', 'smtps:'].includes(parsed.protocol) || !parsed.hostname) {
      throw new ConfigError(`MAIL_URL must be an smtp:// or smtps:// URL, got a ${parsed.protocol} URL`);
    }
  }
  const from = (env.MAIL_FROM ?? '').trim();
  if (!from) {
    if (raw !== null && nodeEnv === 'production') throw new ConfigError('MAIL_FROM is required in production when MAIL_URL is set (e.g. "News <no-reply@example.com>")');
    return { url: raw, fromAddress: `no-reply@${new URL(baseUrl).hostname}`, fromName: null };
  }
  const named = /^([^<>"\r\n]*?)\s*<([^<>]+)>$/.exec(from);
  const address = named ? named[2].trim() : from;
  if (!MAIL_ADDRESS.test(address) || /[\r\n]/.test(from)) {
    throw new ConfigError(`MAIL_FROM must be an e-mail address or "Name <address>", got "${from}"`);
  }
  return { url: raw, fromAddress: address, fromName: named && named[1].trim() ? named[1].trim() : null };
}

export function loadConfig(env: Env = process.env): Config {
  const nodeEnv = env.NODE_ENV ?? 'development';
  if (!['development', 'test', 'production'].includes(nodeEnv)) {
    throw new ConfigError(`NODE_ENV must be development, test or production, got "${nodeEnv}"`);
  }
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const baseUrl = url('BASE_URL', env.BASE_URL ?? `http://localhost:${port}`);
  const authUrl = url('AUTH_URL', env.AUTH_URL ?? `${baseUrl}/oidc`);
  const scriptsUrl = url('SCRIPTS_URL', env.SCRIPTS_URL ?? baseUrl);
  const tenantTokenUrlTemplate = url(
    'TENANT_TOKEN_URL_TEMPLATE',
    env.TENANT_TOKEN_URL_TEMPLATE ?? `${authUrl}/t/{vendorId}/oauth/token`,
  );
  if (!tenantTokenUrlTemplate.includes('{vendorId}')) {
    throw new ConfigError('TENANT_TOKEN_URL_TEMPLATE must contain {vendorId}');
  }
  const databaseUrl = env.DATABASE_URL || null;
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// URL');
  }

  let secretsKey = DEVELOPMENT_SECRETS_KEY;
  const secretsKeyIsDevelopmentDefault = !env.SECRETS_KEY;
  if (env.SECRETS_KEY) {
    secretsKey = Buffer.from(env.SECRETS_KEY, 'base64');
    if (secretsKey.length !== 32) throw new ConfigError('SECRETS_KEY must be 32 bytes, base64-encoded');
  } else if (nodeEnv === 'production') {
    throw new ConfigError('SECRETS_KEY is required in production (32 random bytes, base64)');
  }

  const logLevel = env.LOG_LEVEL ?? (nodeEnv === 'test' ? 'silent' : 'info');
  if (!['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'].includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be a pino level, got "${logLevel}"`);
  }

  const invoicingProvider = env.INVOICING_PROVIDER || 'embedded';
  if (!(INVOICING_PROVIDERS as readonly string[]).includes(invoicingProvider)) {
    throw new ConfigError(`INVOICING_PROVIDER must be ${INVOICING_PROVIDERS.join(' or ')}, got "${invoicingProvider}"`);
  }

  const vatNumberCheckMode = env.VAT_NUMBER_CHECK || 'format-only';
  if (vatNumberCheckMode !== 'format-only' && vatNumberCheckMode !== 'vies') {
    throw new ConfigError(`VAT_NUMBER_CHECK must be format-only or vies, got "${vatNumberCheckMode}"`);
  }

  const supportSessionSecret = env.SUPPORT_SESSION_SECRET || null;
  if (supportSessionSecret === null && nodeEnv === 'production') {
    throw new ConfigError('SUPPORT_SESSION_SECRET is required in production (at least 32 characters)');
  }
  if (supportSessionSecret !== null && Buffer.byteLength(supportSessionSecret) < 32) {
    throw new ConfigError('SUPPORT_SESSION_SECRET must be at least 32 characters');
  }

  const oidcIssuer = env.OIDC_ISSUER ? url('OIDC_ISSUER', env.OIDC_ISSUER) : null;
  const baseHost = new URL(baseUrl).hostname;
  const cookieSecure = boolean(
    env,
    'COOKIE_SECURE',
    baseUrl.startsWith('https:') || ['localhost', '127.0.0.1', '[::1]'].includes(baseHost),
  );

  return {
    oidcIssuer,
    oidcVendorClaim: env.OIDC_VENDOR_CLAIM || 'vendor_id',
    cookieSecure,
    env: nodeEnv as Config['env'],
    port,
    host: env.HOST ?? '0.0.0.0',
    baseUrl,
    authUrl,
    scriptsUrl,
    tenantTokenUrlTemplate,
    databaseUrl,
    dataDir: resolve(env.DATA_DIR ?? '.data'),
    embeddedDbPort: integer(env, 'EMBEDDED_DB_PORT', 5499, 0, 65535),
    databaseConnectTimeoutMs: integer(env, 'DB_CONNECT_TIMEOUT_MS', 5000, 100, 120_000),
    databaseStartupTimeoutMs: integer(env, 'DB_STARTUP_TIMEOUT_MS', 180_000, 0, 86_400_000),
    idempotencyLeaseSeconds: integer(env, 'IDEMPOTENCY_LEASE_SECONDS', 30, 1, 86_400),
    secretsKey,
    secretsKeyIsDevelopmentDefault,
    logLevel,
    workerEnabled: boolean(env, 'WORKER_ENABLED', true),
    workerPollMs: integer(env, 'WORKER_POLL_MS', 1000, 10, 3_600_000),
    signingKeyRotationDays: integer(env, 'SIGNING_KEY_ROTATION_DAYS', 30, 1, 365),
    seedDemo: boolean(env, 'SEED_DEMO', false),
    trustProxy: env.TRUST_PROXY || false,
    invoicingProvider: invoicingProvider as InvoicingProviderName,
    vatNumberCheck: {
      mode: vatNumberCheckMode,
      viesUrl: url('VIES_URL', env.VIES_URL || 'https://ec.europa.eu/taxation_customs/vies/rest-api'),
      timeoutMs: integer(env, 'VIES_TIMEOUT_MS', 5000, 100, 60_000),
    },
    access: loadAccessConfig(env, nodeEnv),
    checkout: {
      stripe: env.STRIPE_SECRET_KEY
        ? {
            secretKey: env.STRIPE_SECRET_KEY,
            webhookSecret: env.STRIPE_WEBHOOK_SECRET || null,
            apiUrl: env.STRIPE_API_URL ? url('STRIPE_API_URL', env.STRIPE_API_URL) : null,
          }
        : null,
    },
    webhooks: loadWebhooksConfig(env, nodeEnv),
    mail: loadMailConfig(env, nodeEnv, baseUrl),
    httpTimeouts: serverTimeoutsFromEnv(env),
    supportSessionSecret: Buffer.from(supportSessionSecret ?? DEVELOPMENT_SUPPORT_SESSION_SECRET),
  };
}
