import { InvalidError } from '../shared';
import { allowedScopes, ApiKeyRole, GRANTABLE_SCOPES } from './scopes';

/**
 * A vendor's server credential. The secret is never kept: only its hash.
 * Revoking stops new tokens; tokens already minted live until they expire.
 */
export interface ApiKey {
  readonly clientId: string;
  readonly vendorId: string;
  readonly name: string;
  readonly role: ApiKeyRole;
  readonly grants: readonly string[];
  readonly secretHash: string;
  readonly createdAt: Date;
  readonly revokedAt: Date | null;
}

export const API_KEY_ID_PREFIX = 'apikey_';
export const API_KEY_NAME_MAX = 200;

export interface NewApiKey {
  clientId: string;
  vendorId: string;
  name: string;
  role: ApiKeyRole;
  grants: readonly string[];
  secretHash: string;
}

export function createApiKey(input: NewApiKey, now: Date): ApiKey {
  const name = input.name.trim();
  if (name.length === 0 || name.length > API_KEY_NAME_MAX) {
    throw new InvalidError('API_KEY.BAD_NAME', `name must be 1 to ${API_KEY_NAME_MAX} characters`);
  }
  if (!input.clientId.startsWith(API_KEY_ID_PREFIX)) {
    throw new InvalidError('API_KEY.BAD_ID', `an API key id begins with ${API_KEY_ID_PREFIX}`);
  }
  const unknown = input.grants.filter((g) => !(GRANTABLE_SCOPES as readonly string[]).includes(g));
  if (unknown.length > 0) {
    throw new InvalidError('API_KEY.BAD_GRANT', `not a grantable scope: ${unknown.join(', ')}`, { grants: unknown });
  }
  return { ...input, name, grants: [...new Set(input.grants)], createdAt: now, revokedAt: null };
}

export function isActive(key: ApiKey): boolean {
  return key.revokedAt === null;
}

export function scopesOf(key: ApiKey): string[] {
  return allowedScopes(key.role, key.grants);
}
