import { PageContent, PageProducts } from '@kiosk/domain/access';
import { ProductRepository } from '@kiosk/domain/catalog';

/** The products a paywall sells (its subscriptions), answered by the paywalls module; null when there is no such paywall. */
export interface PaywallProducts {
  skusOf(vendorId: string, paywallId: string): Promise<string[] | null>;
}

/**
 * `PageProducts` from the catalogue (products whose publisherContentId is
 * one of the page's content ids) and, when the paywalls module is there, the
 * page's paywall's subscription products.
 */
export class CatalogPageProducts implements PageProducts {
  constructor(
    private readonly products: Pick<ProductRepository, 'list'>,
    private readonly paywalls: PaywallProducts | null,
  ) {}

  async skusFor(vendorId: string, page: PageContent): Promise<string[]> {
    const ids = new Set(page.contentIds);
    const skus = (await this.products.list(vendorId)).filter((p) => p.publisherContentId !== null && ids.has(p.publisherContentId)).map((p) => p.sku);
    const sold = page.paywallId && this.paywalls ? ((await this.paywalls.skusOf(vendorId, page.paywallId)) ?? []) : [];
    return [...new Set([...skus, ...sold])];
  }
}
