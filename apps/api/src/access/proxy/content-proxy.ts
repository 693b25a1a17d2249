import { ReaderMayRead } from '@kiosk/domain/access';
import { GetVendor } from '@kiosk/domain/catalog';
import { HttpProblem } from '../../platform/http/problem';
import { TtlLruCache } from './cache';
import { extractHtml } from './extract';
import { checkUrl, Resolver, safeFetch, SafeFetchSettings } from './safe-fetch';

export interface ContentProxySettings extends SafeFetchSettings {
  readonly cacheTtlSeconds: number;
  readonly cacheMaxEntries: number;
}

export const MAX_PROXY_URL_LENGTH = 2048;

/**
 * GET /proxy: a page of the vendor's own site, or the part a selector
 * names, for a reader entitled to it. Refusals before any traffic: a URL
 * that is not http(s), carries credentials, names an IP address or a host
 * off the vendor's domains; then the reader must hold a live entitlement for
 * the content (`publisherContentId`, or an entitlement whose url is the
 * page). With `cache`, an extract is kept for `cacheTtlSeconds` and shared by
 * every entitled reader of the vendor.
 */
export class ContentProxy {
  private readonly cache: TtlLruCache<string>;

  constructor(
    private readonly vendors: GetVendor,
    private readonly mayRead: ReaderMayRead,
    private readonly settings: ContentProxySettings,
    private readonly resolve?: Resolver,
  ) {
    this.cache = new TtlLruCache(settings.cacheMaxEntries, settings.cacheTtlSeconds * 1000);
  }

  async read(query: {
    vendorId: string;
    userId: string;
    url: string;
    selector?: string;
    cache: boolean;
    publisherContentId?: string;
  }): Promise<{ html: string; cached: boolean }> {
    let url: URL;
    try {
      url = new URL(query.url);
    } catch {
      throw new HttpProblem(400, 'PROXY.BAD_URL', 'url must be an absolute http(s) URL');
    }
    const vendor = await this.vendors.execute(query.vendorId);
    checkUrl(url, vendor.domains);
    const entitled = await this.mayRead.execute({
      vendorId: query.vendorId,
      userId: query.userId,
      url: url.toString(),
      publisherContentId: query.publisherContentId,
    });
    if (!entitled) throw new HttpProblem(403, 'PROXY.NOT_ENTITLED', 'no live entitlement gives access to this content');
    const key = JSON.stringify([query.vendorId, url.toString(), query.selector ?? '']);
    if (query.cache) {
      const hit = this.cache.get(key);
      if (hit !== undefined) return { html: hit, cached: true };
    }
    const page = await safeFetch(url, vendor.domains, this.settings, this.resolve);
    const html = extractHtml(page.html, query.selector);
    if (query.cache) this.cache.set(key, html);
    return { html, cached: false };
  }
}
