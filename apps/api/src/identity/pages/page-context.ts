import { VendorRepository } from '@kiosk/domain/catalog';
import { BrowserClient, BrowserClientRepository } from '@kiosk/domain/identity';
import { PageBrand } from '../../platform/http/page-shell';
import { PageMessageStore } from './page-messages';
import { LanguageWish, MessageOverrides, Translator, translatorFor } from './page-language';

/** Whose page it is and in which language: what every sign-in page is made with. */
export interface PageContext {
  brand: PageBrand;
  tr: Translator;
}

/** The vendor's colour and default reader language live in its checkout settings (the one brand colour a vendor sets). */
export type BrandLook = (vendorId: string) => Promise<{ color: string; defaultLanguage: string | null }>;

const NEUTRAL_COLOUR = '#374151';

/**
 * Makes the context of a page from the browser client it belongs to: the
 * vendor's name and logo (catalog), colour and default language (checkout settings), its site (the
 * client's first registered origin, else the vendor's first domain) and its
 * sentences over the service's catalogue. Without a known client, or when
 * the database cannot answer, the page is still made, in the service's
 * neutral look: an error page must never fail itself.
 */
export class PageContexts {
  constructor(
    private readonly clients: Pick<BrowserClientRepository, 'findById'>,
    private readonly vendors: Pick<VendorRepository, 'find'>,
    private readonly look: BrandLook,
    private readonly messages: Pick<PageMessageStore, 'find'>,
    private readonly serviceUrl: string,
  ) {}

  async forClientId(clientId: string | null | undefined, wish: LanguageWish): Promise<PageContext> {
    const client = clientId && /^[A-Za-z0-9_-]{3,64}$/.test(clientId) ? await this.clients.findById(clientId).catch(() => null) : null;
    return client ? this.forClient(client, wish) : this.neutral(wish);
  }

  async forClient(client: BrowserClient, wish: LanguageWish): Promise<PageContext> {
    try {
      const [vendor, { color, defaultLanguage }, overrides] = await Promise.all([
        this.vendors.find(client.vendorId),
        this.look(client.vendorId),
        this.messages.find(client.vendorId),
      ]);
      const domain = vendor?.domains[0];
      const siteUrl = this.siteOf(client) ?? (domain ? `https://${domain}` : this.serviceUrl);
      // The vendor's default language comes last, after everything the reader's request says.
      return this.context({ name: vendor?.name ?? client.name, logo: vendor?.logo ?? null, color, siteUrl }, { ...wish, vendorDefault: defaultLanguage }, overrides);
    } catch {
      return this.neutral(wish, client.allowedOrigins[0]);
    }
  }

  /**
   * The vendor's site as the client names it: its first allowed origin; but
   * a site that lives on this service's own host (the demo at `/demo/`) is
   * the folder of its first redirect address, not the service's home page.
   */
  private siteOf(client: BrowserClient): string | null {
    const origin = client.allowedOrigins[0];
    if (!origin) return null;
    const own = URL.canParse(this.serviceUrl) ? new URL(this.serviceUrl).origin : null;
    if (origin !== own) return origin;
    const redirect = client.redirectUris.find((uri) => URL.canParse(uri) && new URL(uri).origin === own);
    return redirect ? new URL('.', redirect).href : origin;
  }

  neutral(wish: LanguageWish, siteUrl = this.serviceUrl): PageContext {
    const tr = translatorFor(wish);
    return { tr, brand: { name: tr.t('service.name'), logo: null, color: NEUTRAL_COLOUR, siteUrl } };
  }

  private context(brand: PageBrand, wish: LanguageWish, overrides: MessageOverrides): PageContext {
    return { brand, tr: translatorFor(wish, overrides) };
  }
}
