import { BrowserClientRepository } from '@kiosk/domain/identity';
import { isOnDomain, VendorRepository } from '@kiosk/domain/catalog';
import { ReturnAddresses } from '@kiosk/domain/checkout';

/**
 * The vendor's sites as a checkout's return address may name them: the
 * origins its browser clients registered (its sites add theirs), a host on
 * one of its registered domains (or a subdomain), and this service itself
 * (the hosted pages and the demo site live here).
 */
export class VendorReturnAddresses implements ReturnAddresses {
  constructor(
    private readonly vendors: Pick<VendorRepository, 'find'>,
    private readonly clients: Pick<BrowserClientRepository, 'list'>,
    private readonly serviceOrigin: string,
  ) {}

  async isHome(vendorId: string, url: URL): Promise<boolean> {
    if (url.origin === this.serviceOrigin) return true;
    const vendor = await this.vendors.find(vendorId);
    const host = url.hostname.toLowerCase();
    if (vendor?.domains.some((domain) => isOnDomain(host, domain))) return true;
    return (await this.clients.list(vendorId)).some((client) => client.allowedOrigins.includes(url.origin));
  }
}
