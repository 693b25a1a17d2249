import { ConfigError } from '../config';

/** Settings of the user-facing commerce routes (README configuration table). */
export interface StorefrontConfig {
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

export function loadStorefrontConfig(env: Env, nodeEnv: string): StorefrontConfig {
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
