import { PageContent, pageContentOf, PageProducts, ReaderMayRead } from '@kiosk/domain/access';
import { GetVendor } from '@kiosk/domain/catalog';
import { HttpProblem } from '../../platform/http/problem';
import { TtlLruCache } from './cache';
import { extractHtml } from './extract';
import { pageMetadataOf } from './page-metadata';
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
 * off the vendor's domains. Then the reader needs a live entitlement for
 * the page: one whose url is the page or whose publisherContentId was asked
 * for settles it without fetching; otherwise the page is fetched and found
 * as the rest of the service finds content (`PageContent`: the ids it names
 * or its address, the catalogue's products for them, the products its
 * paywall sells), and nothing of it is answered to a reader without one.
 * With `cache`, an extract is kept for `cacheTtlSeconds` and shared by every
 * entitled reader of the vendor; what a page is made of is kept as long.
 */
export class ContentProxy {
  private readonly cache: TtlLruCache<string>;
  private readonly pages: TtlLruCache<{ content: PageContent; skus: string[] }>;

  constructor(
    private readonly vendors: GetVendor,
    private readonly mayRead: ReaderMayRead,
    private readonly settings: ContentProxySettings,
    private readonly resolve?: Resolver,
    private readonly products: PageProducts | null = null,
  ) {
    this.cache = new TtlLruCache(settings.cacheMaxEntries, settings.cacheTtlSeconds * 1000);
    this.pages = new TtlLruCache(settings.cacheMaxEntries, settings.cacheTtlSeconds * 1000);
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
    const reader = { vendorId: query.vendorId, userId: query.userId, url: url.toString(), publisherContentId: query.publisherContentId };
    const key = JSON.stringify([query.vendorId, url.toString(), query.selector ?? '']);
    let fetched: string | null = null;
    if (!(await this.mayRead.execute(reader))) {
      const pageKey = JSON.stringify([query.vendorId, url.toString()]);
      let page = query.cache ? this.pages.get(pageKey) : undefined;
      if (!page) {
        fetched = (await safeFetch(url, vendor.domains, this.settings, this.resolve)).html;
        const content = pageContentOf(url.toString(), pageMetadataOf(fetched));
        page = { content, skus: this.products ? await this.products.skusFor(query.vendorId, content) : [] };
        if (query.cache) this.pages.set(pageKey, page);
      }
      const entitled = await this.mayRead.execute({ ...reader, contentIds: page.content.contentIds, skus: page.skus });
      if (!entitled) throw new HttpProblem(403, 'PROXY.NOT_ENTITLED', 'no live entitlement gives access to this content');
    }
    if (query.cache) {
      const hit = this.cache.get(key);
      if (hit !== undefined) return { html: hit, cached: true };
    }
    const html = extractHtml(fetched ?? (await safeFetch(url, vendor.domains, this.settings, this.resolve)).html, query.selector);
    if (query.cache) this.cache.set(key, html);
    return { html, cached: false };
  }
}
