import { BrowserClient, BrowserClientRepository } from '@kiosk/domain/identity';
import { ConfigCache } from '../platform/cache/config-cache';

/** Cache regions of browser clients: by client id, and the CORS answer by origin. */
export const BROWSER_CLIENT_CACHE = { clients: 'browser-clients', origins: 'browser-client-origins' } as const;

/**
 * Browser clients through the process's configuration cache: every Basic
 * visitor request and every CORS answer looks one up, and they change only
 * when a client is registered. Unknown ids and origins are cached too; a
 * registration announces itself, so every process forgets what it said
 * about that id and about every origin.
 */
export class CachedBrowserClientRepository implements BrowserClientRepository {
  constructor(
    private readonly inner: BrowserClientRepository,
    private readonly cache: ConfigCache,
  ) {}

  async add(client: BrowserClient): Promise<boolean> {
    const added = await this.inner.add(client);
    if (added) {
      await this.cache.changed(BROWSER_CLIENT_CACHE.clients, client.clientId);
      await this.cache.changed(BROWSER_CLIENT_CACHE.origins);
    }
    return added;
  }

  findById(clientId: string): Promise<BrowserClient | null> {
    return this.cache.region<BrowserClient | null>(BROWSER_CLIENT_CACHE.clients).get(clientId, () => this.inner.findById(clientId));
  }

  list(vendorId: string): Promise<BrowserClient[]> {
    return this.inner.list(vendorId);
  }

  async addAllowedOrigin(vendorId: string, clientId: string, origin: string): Promise<boolean> {
    const found = await this.inner.addAllowedOrigin(vendorId, clientId, origin);
    if (found) {
      await this.cache.changed(BROWSER_CLIENT_CACHE.clients, clientId);
      await this.cache.changed(BROWSER_CLIENT_CACHE.origins);
    }
    return found;
  }

  anyAllowsOrigin(origin: string): Promise<boolean> {
    return this.cache.region<boolean>(BROWSER_CLIENT_CACHE.origins, 2_000).get(origin, () => this.inner.anyAllowsOrigin(origin));
  }
}
