import { ManageDomains, ManageSites, SiteBrowserClients } from '@kiosk/domain/catalog';
import { randomBytes } from 'node:crypto';
import { domainToASCII } from 'node:url';
import { Bind, ServiceIdentifier } from 'inversify';
import { boundAbove } from '../../platform/modules';
import { TOKENS } from '../../platform/tokens';
import { SitesController } from './sites.controller';
import { TypeOrmSiteRepository, TypeOrmVendorDomainRepository } from './typeorm-sites.repositories';

export const SITES = {
  Domains: Symbol.for('VendorDomainRepository') as ServiceIdentifier<TypeOrmVendorDomainRepository>,
  Sites: Symbol.for('SiteRepository') as ServiceIdentifier<TypeOrmSiteRepository>,
};

/** The vendor's web domains and sites, bound into the catalog module. */
export function bindSites(bind: Bind, browserClients: ServiceIdentifier<SiteBrowserClients>): void {
  bind(SITES.Domains).toDynamicValue((c) => new TypeOrmVendorDomainRepository(c.get(TOKENS.DataSource))).inSingletonScope();
  bind(SITES.Sites).toDynamicValue((c) => new TypeOrmSiteRepository(c.get(TOKENS.DataSource))).inSingletonScope();
  bind(ManageDomains).toDynamicValue((c) => new ManageDomains(c.get(SITES.Domains), c.get(SITES.Sites), c.get(TOKENS.Clock), domainToASCII));
  bind(ManageSites).toDynamicValue(
    (c) =>
      new ManageSites(
        c.get(SITES.Sites),
        c.get(SITES.Domains),
        boundAbove(c, browserClients),
        { next: () => `site_${randomBytes(12).toString('hex')}` },
        c.get(TOKENS.Clock),
        domainToASCII,
      ),
  );
  bind(TOKENS.Controller).toDynamicValue((c) => new SitesController(c.get(ManageDomains), c.get(ManageSites)));
}
