import { Clock, ConflictError, InvalidError, NotFoundError } from '../../shared';
import { normaliseHostname, ToAscii } from './hostname';
import { SiteBrowserClients, SiteIds, SiteRepository, VendorDomain, VendorDomainRepository } from './ports';
import { Site, SITE_ID_PATTERN, siteName, siteOrigins, siteUrl } from './site';

export interface DomainWithSites extends VendorDomain {
  /** Ids of the vendor's sites on the domain, oldest first. */
  readonly sites: string[];
}

const domainNotFound = (domain: string) => new NotFoundError('DOMAIN.NOT_FOUND', 'no such domain', { domain: domain.slice(0, 300) });
const siteNotFound = (id: string) => new NotFoundError('SITE.NOT_FOUND', 'no such site', { siteId: id.slice(0, 100) });
const unknownDomain = (domain: string) =>
  new InvalidError('SITE.UNKNOWN_DOMAIN', `domain ${domain} is not one of the vendor's domains (add it under /management/domains first)`, {
    field: 'domain',
  });

/** The vendor's web domains (docs/management.md, "Domains and sites"). */
export class ManageDomains {
  constructor(
    private readonly domains: VendorDomainRepository,
    private readonly sites: Pick<SiteRepository, 'list'>,
    private readonly clock: Clock,
    private readonly toAscii: ToAscii,
  ) {}

  async add(vendorId: string, raw: string): Promise<DomainWithSites> {
    const domain = normaliseHostname(raw, this.toAscii);
    const record: VendorDomain = { vendorId, domain, createdAt: this.clock.now() };
    if (!(await this.domains.add(record))) {
      throw new ConflictError('DOMAIN.EXISTS', `the vendor already has the domain ${domain}`, { domain });
    }
    return { ...record, sites: [] };
  }

  async list(vendorId: string): Promise<DomainWithSites[]> {
    const [domains, sites] = await Promise.all([this.domains.list(vendorId), this.sites.list(vendorId)]);
    return domains.map((d) => ({ ...d, sites: sites.filter((s) => s.domain === d.domain).map((s) => s.id) }));
  }

  async get(vendorId: string, raw: string): Promise<DomainWithSites> {
    const domain = this.known(raw);
    const found = domain === null ? null : await this.domains.find(vendorId, domain);
    if (!found) throw domainNotFound(raw);
    const sites = await this.sites.list(vendorId);
    return { ...found, sites: sites.filter((s) => s.domain === found.domain).map((s) => s.id) };
  }

  async remove(vendorId: string, raw: string): Promise<void> {
    const domain = this.known(raw);
    const outcome = domain === null ? 'missing' : await this.domains.remove(vendorId, domain);
    if (outcome === 'missing') throw domainNotFound(raw);
    if (outcome === 'in_use') {
      throw new ConflictError('DOMAIN.IN_USE', `a site still uses the domain ${domain}; delete or move its sites first`, { domain });
    }
  }

  /** The stored form of a domain named in a path; null when it cannot name any domain. */
  private known(raw: string): string | null {
    try {
      return normaliseHostname(raw, this.toAscii);
    } catch {
      return null;
    }
  }
}

export interface SiteFields {
  name: string;
  domain: string;
  url: string;
  clientId?: string | null;
}

/** The vendor's sites: an address on one of its domains and the browser client it signs in with. */
export class ManageSites {
  constructor(
    private readonly sites: SiteRepository,
    private readonly domains: Pick<VendorDomainRepository, 'find'>,
    private readonly clients: SiteBrowserClients,
    private readonly ids: SiteIds,
    private readonly clock: Clock,
    private readonly toAscii: ToAscii,
  ) {}

  async create(vendorId: string, fields: SiteFields): Promise<Site> {
    const now = this.clock.now();
    const site = await this.checked({
      id: this.ids.next(),
      vendorId,
      name: fields.name,
      domain: fields.domain,
      url: fields.url,
      clientId: fields.clientId ?? null,
      createdAt: now,
      updatedAt: now,
    });
    if ((await this.sites.add(site)) === 'unknown_domain') throw unknownDomain(site.domain);
    await this.allowOrigins(site);
    return site;
  }

  list(vendorId: string): Promise<Site[]> {
    return this.sites.list(vendorId);
  }

  async get(vendorId: string, id: string): Promise<Site> {
    const site = SITE_ID_PATTERN.test(id) ? await this.sites.find(vendorId, id) : null;
    if (!site) throw siteNotFound(id);
    return site;
  }

  /** Changes the given fields; the address is checked again against the (possibly new) domain. */
  async update(vendorId: string, id: string, change: Partial<SiteFields>): Promise<Site> {
    const current = await this.get(vendorId, id);
    const site = await this.checked({
      ...current,
      name: change.name ?? current.name,
      domain: change.domain ?? current.domain,
      url: change.url ?? current.url,
      clientId: change.clientId === undefined ? current.clientId : change.clientId,
      updatedAt: this.clock.now(),
    });
    const outcome = await this.sites.update(site);
    if (outcome === 'missing') throw siteNotFound(id);
    if (outcome === 'unknown_domain') throw unknownDomain(site.domain);
    await this.allowOrigins(site);
    return site;
  }

  async remove(vendorId: string, id: string): Promise<void> {
    if (!SITE_ID_PATTERN.test(id) || !(await this.sites.remove(vendorId, id))) throw siteNotFound(id);
  }

  /** The site's browser client accepts the site's origin (CORS, cookie-session calls). */
  private async allowOrigins(site: Site): Promise<void> {
    if (site.clientId === null) return;
    for (const origin of siteOrigins(site)) await this.clients.allowOrigin(site.vendorId, site.clientId, origin);
  }

  private async checked(site: Site): Promise<Site> {
    const name = siteName(site.name);
    const domain = normaliseHostname(site.domain, this.toAscii);
    if (!(await this.domains.find(site.vendorId, domain))) throw unknownDomain(domain);
    const url = siteUrl(site.url, domain).href;
    if (site.clientId !== null && !(await this.clients.belongsTo(site.vendorId, site.clientId))) {
      throw new InvalidError('SITE.UNKNOWN_CLIENT', "clientId must be one of the vendor's browser clients, or null", { field: 'clientId' });
    }
    return { ...site, name, domain, url };
  }
}
