import { ApiKey, ApiKeyRepository } from '@kiosk/domain/identity';
import { ConfigCache, vendorCacheKey as cacheKey } from '../platform/cache/config-cache';

/** The configuration cache's region of API keys, by `<vendorId>\u001f<clientId>`. */
export const API_KEY_CACHE = 'api-keys';

/**
 * API keys through the process's configuration cache: every token exchange
 * looks its key up, and a key changes only when it is made or revoked, both
 * through this repository, which announces the change in the transaction
 * that makes it. This process forgets the key at once; the others when the
 * announcement reaches them at commit, and while a process cannot hear
 * announcements it caches nothing. Unknown ids are cached too (a made key
 * announces itself).
 */
export class CachedApiKeyRepository implements ApiKeyRepository {
  constructor(
    private readonly inner: ApiKeyRepository,
    private readonly cache: ConfigCache,
  ) {}

  async add(key: ApiKey): Promise<void> {
    await this.inner.add(key);
    await this.cache.changed(API_KEY_CACHE, cacheKey(key.vendorId, key.clientId));
  }

  find(vendorId: string, clientId: string): Promise<ApiKey | null> {
    return this.cache.region<ApiKey | null>(API_KEY_CACHE).get(cacheKey(vendorId, clientId), () => this.inner.find(vendorId, clientId));
  }

  list(vendorId: string): Promise<ApiKey[]> {
    return this.inner.list(vendorId);
  }

  async revoke(vendorId: string, clientId: string, at: Date): Promise<boolean> {
    const revoked = await this.inner.revoke(vendorId, clientId, at);
    if (revoked) await this.cache.changed(API_KEY_CACHE, cacheKey(vendorId, clientId));
    return revoked;
  }
}
