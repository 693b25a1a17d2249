/**
 * Scopes and the presets an API key's role chooses (interface section 5.1).
 * `contracts:write` belongs to no preset: it is granted per key on request.
 */
export const API_KEY_ROLES = ['read', 'full'] as const;
export type ApiKeyRole = (typeof API_KEY_ROLES)[number];

const READ_PRESET = [
  'access-lists:read',
  'bills:read',
  'checkouts:read',
  'contracts:read',
  'domains:read',
  'entitlements:read',
  'products:read',
  'sites:read',
  'stats:views:read',
  'transactions:read',
  'users:read',
] as const;

const FULL_PRESET = [
  ...READ_PRESET,
  'access-lists:write',
  'domains:write',
  'links:create',
  'products:write',
  'sites:write',
  'users:write',
] as const;

export const CONTRACTS_WRITE = 'contracts:write';
/** Refunding payments (moves money back): granted per key, like `contracts:write`. */
export const BILLS_WRITE = 'bills:write';

export const SCOPE_PRESETS: Readonly<Record<ApiKeyRole, readonly string[]>> = {
  read: READ_PRESET,
  full: FULL_PRESET,
};

/** Every scope a key may ever carry: its preset plus the per-key grants. */
export function allowedScopes(role: ApiKeyRole, grants: readonly string[]): string[] {
  return [...SCOPE_PRESETS[role], ...grants.filter((g) => !SCOPE_PRESETS[role].includes(g))];
}

/** Webhook endpoints (docs/webhooks.md): granted per key, like `contracts:write`. */
export const WEBHOOKS_READ = 'webhooks:read';
export const WEBHOOKS_WRITE = 'webhooks:write';

/** A test-mode vendor's test clock (docs/operations.md): granted per key, like `contracts:write`. */
export const TEST_CLOCK_READ = 'test-clock:read';
export const TEST_CLOCK_WRITE = 'test-clock:write';

/** The scopes a key may be granted per key, beyond its preset. */
export const GRANTABLE_SCOPES = [CONTRACTS_WRITE, BILLS_WRITE, WEBHOOKS_READ, WEBHOOKS_WRITE, TEST_CLOCK_READ, TEST_CLOCK_WRITE] as const;

/**
 * What a token gets: the requested scopes if all are allowed, the whole
 * allowed set when none are requested, `null` when any requested scope is
 * outside the allowed set (the exchange then fails with `access_denied`).
 */
export function narrowScopes(requested: readonly string[], allowed: readonly string[]): string[] | null {
  if (requested.length === 0) return [...allowed];
  const unique = [...new Set(requested)];
  return unique.every((s) => allowed.includes(s)) ? unique : null;
}

/** `scope` as sent on the wire: space-separated, extra spaces tolerated. */
export function parseScopeParameter(scope: string | undefined): string[] {
  return (scope ?? '').split(' ').filter((s) => s.length > 0);
}
