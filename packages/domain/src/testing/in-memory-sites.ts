import { Site, SiteRepository, VendorDomain, VendorDomainRepository } from '../catalog/sites';

/** Vendor domains and sites in memory, with the store's rule: a domain in use cannot go. */
export class InMemorySites implements VendorDomainRepository {
  readonly domainRows = new Map<string, VendorDomain>();
  readonly siteRows = new Map<string, Site>();
  private readonly key = (vendorId: string, id: string) => `${vendorId}\u0000${id}`;

  readonly sites: SiteRepository = {
    add: async (site) => {
      if (!this.domainRows.has(this.key(site.vendorId, site.domain))) return 'unknown_domain';
      this.siteRows.set(this.key(site.vendorId, site.id), site);
      return 'added';
    },
    update: async (site) => {
      if (!this.siteRows.has(this.key(site.vendorId, site.id))) return 'missing';
      if (!this.domainRows.has(this.key(site.vendorId, site.domain))) return 'unknown_domain';
      this.siteRows.set(this.key(site.vendorId, site.id), site);
      return 'updated';
    },
    find: async (vendorId, id) => this.siteRows.get(this.key(vendorId, id)) ?? null,
    list: async (vendorId) => [...this.siteRows.values()].filter((s) => s.vendorId === vendorId),
    remove: async (vendorId, id) => this.siteRows.delete(this.key(vendorId, id)),
  };

  async add(domain: VendorDomain): Promise<boolean> {
    const key = this.key(domain.vendorId, domain.domain);
    if (this.domainRows.has(key)) return false;
    this.domainRows.set(key, domain);
    return true;
  }

  async find(vendorId: string, domain: string): Promise<VendorDomain | null> {
    return this.domainRows.get(this.key(vendorId, domain)) ?? null;
  }

  async list(vendorId: string): Promise<VendorDomain[]> {
    return [...this.domainRows.values()].filter((d) => d.vendorId === vendorId).sort((a, b) => a.domain.localeCompare(b.domain));
  }

  async remove(vendorId: string, domain: string): Promise<'removed' | 'missing' | 'in_use'> {
    const key = this.key(vendorId, domain);
    if (!this.domainRows.has(key)) return 'missing';
    if ([...this.siteRows.values()].some((s) => s.vendorId === vendorId && s.domain === domain)) return 'in_use';
    this.domainRows.delete(key);
    return 'removed';
  }
}
