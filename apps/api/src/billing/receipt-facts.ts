import { cardLastFour, ReceiptFacts, ReceiptPayment } from '@kiosk/domain/billing';
import { VendorRepository } from '@kiosk/domain/catalog';
import { ContractRepository } from '@kiosk/domain/contracts';
import { ProfileRepository } from '@kiosk/domain/engagement';
import { BrowserClientRepository } from '@kiosk/domain/identity';
import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The receipt's own address: `/receipts/{vendorId}/{billId}?t=<token>`, the
 * token an HMAC of vendor and bill under the service's secret (like the
 * checkout page's `t`), so the link opens from an e-mail or the account
 * page without a bearer token and names one bill only.
 */
export class ReceiptLinks {
  private readonly key: Buffer;

  constructor(
    secretsKey: Buffer,
    private readonly baseUrl: string,
  ) {
    this.key = createHmac('sha256', secretsKey).update('kiosk receipt links').digest();
  }

  token(vendorId: string, billId: string): string {
    return createHmac('sha256', this.key).update(`${vendorId}\n${billId}`).digest('base64url').slice(0, 32);
  }

  verify(vendorId: string, billId: string, token: unknown): boolean {
    if (typeof token !== 'string' || token.length !== 32) return false;
    return timingSafeEqual(Buffer.from(this.token(vendorId, billId)), Buffer.from(token));
  }

  path(vendorId: string, billId: string): string {
    return `/receipts/${encodeURIComponent(vendorId)}/${encodeURIComponent(billId)}?t=${this.token(vendorId, billId)}`;
  }

  url(vendorId: string, billId: string): string {
    return `${this.baseUrl.replace(/\/$/, '')}${this.path(vendorId, billId)}`;
  }
}

/** The vendor's look and site as the receipt page and e-mail show them. */
export interface ReceiptBrand {
  name: string;
  logo: string | null;
  color: string;
  siteUrl: string;
}

/**
 * What a receipt reads beyond the bill, through other modules' ports: the
 * contract's payment (card brand and last four), the reader's language
 * (their profile), and for the e-mail the vendor's name, colour (checkout
 * settings) and sign-in (its first browser client's login route, returning
 * to the vendor's site; else the site).
 */
export class PortsReceiptFacts implements ReceiptFacts {
  constructor(
    private readonly deps: {
      contracts: () => Pick<ContractRepository, 'find'>;
      profiles: Pick<ProfileRepository, 'find'>;
      vendors: Pick<VendorRepository, 'find'>;
      clients: Pick<BrowserClientRepository, 'list'>;
      color: (vendorId: string) => Promise<string>;
      defaultLanguage: (vendorId: string) => Promise<string | null>;
      links: ReceiptLinks;
      baseUrl: string;
    },
  ) {}

  async paymentOf(vendorId: string, contractId: string): Promise<ReceiptPayment | null> {
    const contract = await this.deps.contracts().find(vendorId, contractId);
    if (!contract) return null;
    const p = contract.toSnapshot().payment;
    return { provider: p.provider, method: p.method, brand: p.brand ?? null, last4: cardLastFour(p) };
  }

  async languageOf(vendorId: string, userId: string): Promise<string | null> {
    return (await this.deps.profiles.find(vendorId, userId))?.locale ?? null;
  }

  /** The vendor's default reader language (its checkout settings), the last wish before English. */
  async vendorLanguage(vendorId: string): Promise<string | null> {
    return this.deps.defaultLanguage(vendorId).catch(() => null);
  }

  receiptUrl(vendorId: string, billId: string): string {
    return this.deps.links.url(vendorId, billId);
  }

  /** The vendor's name, logo, colour and site; the service's neutral look when it cannot be read. */
  async brand(vendorId: string): Promise<ReceiptBrand & { clientId: string | null }> {
    const vendor = await this.deps.vendors.find(vendorId);
    const client = (await this.deps.clients.list(vendorId))[0] ?? null;
    const domain = vendor?.domains[0];
    const siteUrl = client?.allowedOrigins[0] ?? (domain ? `https://${domain}` : this.deps.baseUrl);
    const color = await this.deps.color(vendorId).catch(() => '#374151');
    return { name: vendor?.name ?? vendorId, logo: vendor?.logo ?? null, color, siteUrl, clientId: client?.clientId ?? null };
  }

  async mailLinks(vendorId: string, reader: { email: string; language: string }) {
    const brand = await this.brand(vendorId);
    let signInUrl = brand.siteUrl;
    if (brand.clientId) {
      const url = new URL(`${this.deps.baseUrl.replace(/\/$/, '')}/auth/${encodeURIComponent(brand.clientId)}/login`);
      if (brand.siteUrl !== this.deps.baseUrl) url.searchParams.set('return_to', brand.siteUrl);
      if (reader.email) url.searchParams.set('login_hint', reader.email);
      url.searchParams.set('ui_locales', reader.language);
      signInUrl = url.toString();
    }
    return { signInUrl, vendorName: brand.name, color: brand.color };
  }
}
