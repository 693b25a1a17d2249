import { DomainWithSites, ManageDomains, ManageSites, Site, siteOrigins } from '@kiosk/domain/catalog';
import { Controller, route } from '../../platform/http/routes';
import { AddDomainBody, CreateSiteBody, DomainView, SiteView, UpdateSiteBody } from './sites.dto';
import {
  ADD_DOMAIN_EXAMPLE,
  CREATE_SITE_EXAMPLE,
  DOMAIN_EXAMPLE,
  NEW_DOMAIN_EXAMPLE,
  SITE_EXAMPLE,
  UPDATE_SITE_EXAMPLE,
  UPDATED_SITE_EXAMPLE,
} from './sites.examples';
import { BAD_DOMAIN, BAD_SITE, DOMAIN_EXISTS, DOMAIN_IN_USE, NO_DOMAIN, NO_SITE } from './sites.error-examples';

const domainView = (d: DomainWithSites): DomainView => ({ domain: d.domain, createdAt: d.createdAt.toISOString(), sites: [...d.sites] });

const siteView = (s: Site): SiteView => ({
  id: s.id,
  name: s.name,
  domain: s.domain,
  url: s.url,
  clientId: s.clientId,
  allowedOrigins: siteOrigins(s),
  createdAt: s.createdAt.toISOString(),
  updatedAt: s.updatedAt.toISOString(),
});

const HOSTNAME_RULES =
  'A hostname only: no scheme, port, path or spaces, at least one dot, at most 253 characters, not an IP address; ' +
  'stored lower-cased, internationalised names in punycode (`bücher.example` is `xn--bcher-kva.example`).';

/** The vendor's web domains and the sites behind them (docs/management.md, "Domains and sites"). */
export class SitesController implements Controller {
  constructor(
    private readonly domains: ManageDomains,
    private readonly sites: ManageSites,
  ) {}

  routes() {
    const domainTags = ['management: domains'];
    const siteTags = ['management: sites'];
    return [
      route({
        method: 'get',
        path: '/management/domains',
        operationId: 'listDomains',
        summary: "The vendor's web domains",
        description: 'A bare array, by domain name; each with the ids of the sites on it.',
        tags: domainTags,
        auth: { kind: 'bearer', scope: 'domains:read' },
        examples: { responses: { 200: [DOMAIN_EXAMPLE] } },
        responses: { 200: { description: 'The domains', schema: [DomainView] } },
        handler: async ({ res, principal }) => {
          res.json((await this.domains.list(principal.vendorId)).map(domainView));
        },
      }),
      route<AddDomainBody>({
        method: 'post',
        path: '/management/domains',
        operationId: 'addDomain',
        summary: 'Add a web domain',
        description: `${HOSTNAME_RULES} A domain the vendor already has is a 409 \`DOMAIN.EXISTS\`.`,
        tags: domainTags,
        auth: { kind: 'bearer', scope: 'domains:write' },
        body: { dto: AddDomainBody },
        examples: { request: ADD_DOMAIN_EXAMPLE, responses: { 201: NEW_DOMAIN_EXAMPLE } },
        responses: {
          201: { description: 'Added', schema: DomainView },
          400: BAD_DOMAIN,
          409: DOMAIN_EXISTS,
        },
        handler: async ({ res, body, principal }) => {
          res.status(201).json(domainView(await this.domains.add(principal.vendorId, body.domain)));
        },
      }),
      route({
        method: 'get',
        path: '/management/domains/{domain}',
        operationId: 'getDomain',
        summary: 'One web domain and the sites on it',
        description: "The domain may be given in Unicode or punycode, any case; another vendor's domain is a 404.",
        tags: domainTags,
        auth: { kind: 'bearer', scope: 'domains:read' },
        examples: { params: { domain: DOMAIN_EXAMPLE.domain }, responses: { 200: DOMAIN_EXAMPLE } },
        responses: { 200: { description: 'The domain', schema: DomainView }, 404: NO_DOMAIN },
        handler: async ({ res, params, principal }) => {
          res.json(domainView(await this.domains.get(principal.vendorId, params.domain)));
        },
      }),
      route({
        method: 'delete',
        path: '/management/domains/{domain}',
        operationId: 'deleteDomain',
        summary: 'Remove a web domain no site uses',
        description: 'A domain a site still uses is a 409 `DOMAIN.IN_USE`: delete the site or move it to another domain first. ' +
          'A repeated delete answers 404 `DOMAIN.NOT_FOUND`: the domain is gone.',
        tags: domainTags,
        auth: { kind: 'bearer', scope: 'domains:write' },
        examples: { params: { domain: DOMAIN_EXAMPLE.domain } },
        responses: {
          204: { description: 'Removed' },
          404: NO_DOMAIN,
          409: DOMAIN_IN_USE,
        },
        handler: async ({ res, params, principal }) => {
          await this.domains.remove(principal.vendorId, params.domain);
          res.status(204).end();
        },
      }),
      route({
        method: 'get',
        path: '/management/sites',
        operationId: 'listSites',
        summary: "The vendor's sites",
        description: 'A bare array, oldest first. `allowedOrigins` is derived: the origin of the site\'s `url`.',
        tags: siteTags,
        auth: { kind: 'bearer', scope: 'sites:read' },
        examples: { responses: { 200: [SITE_EXAMPLE] } },
        responses: { 200: { description: 'The sites', schema: [SiteView] } },
        handler: async ({ res, principal }) => {
          res.json((await this.sites.list(principal.vendorId)).map(siteView));
        },
      }),
      route<CreateSiteBody>({
        method: 'post',
        path: '/management/sites',
        operationId: 'createSite',
        summary: 'Create a site on one of the vendor\'s domains',
        description:
          "`domain` must be one of the vendor's domains (else 400 `SITE.UNKNOWN_DOMAIN`); `url` is an `https://` address on " +
          'that domain or one of its subdomains (`http://localhost` and `http://127.0.0.1` are accepted for development); ' +
          "`clientId` names one of the vendor's browser clients (`/management/browser-clients`), or is `null`; the site's " +
          "origin is then added to that client's `allowedOrigins` (so CORS and cookie-session calls accept the site). " +
          'Sign-in redirect addresses stay as registered on the client.',
        tags: siteTags,
        auth: { kind: 'bearer', scope: 'sites:write' },
        body: { dto: CreateSiteBody },
        examples: { request: CREATE_SITE_EXAMPLE, responses: { 201: SITE_EXAMPLE } },
        responses: { 201: { description: 'Created', schema: SiteView }, 400: BAD_SITE },
        handler: async ({ res, body, principal }) => {
          res.status(201).json(siteView(await this.sites.create(principal.vendorId, body)));
        },
      }),
      route({
        method: 'get',
        path: '/management/sites/{siteId}',
        operationId: 'getSite',
        summary: 'One site',
        description: "Another vendor's site is a 404.",
        tags: siteTags,
        auth: { kind: 'bearer', scope: 'sites:read' },
        examples: { params: { siteId: SITE_EXAMPLE.id }, responses: { 200: SITE_EXAMPLE } },
        responses: { 200: { description: 'The site', schema: SiteView }, 404: NO_SITE },
        handler: async ({ res, params, principal }) => {
          res.json(siteView(await this.sites.get(principal.vendorId, params.siteId)));
        },
      }),
      route<UpdateSiteBody>({
        method: 'patch',
        path: '/management/sites/{siteId}',
        operationId: 'updateSite',
        summary: 'Change a site; fields left out stay as they are',
        description:
          'The same rules as on creation; the address is checked against the domain the site ends up with. With a browser ' +
          "client, the site's (new) origin is added to the client's `allowedOrigins`. `clientId: null` detaches the site " +
          'from its browser client (origins already added stay on the client).',
        tags: siteTags,
        auth: { kind: 'bearer', scope: 'sites:write' },
        body: { dto: UpdateSiteBody },
        examples: { params: { siteId: SITE_EXAMPLE.id }, request: UPDATE_SITE_EXAMPLE, responses: { 200: UPDATED_SITE_EXAMPLE } },
        responses: { 200: { description: 'Updated', schema: SiteView }, 400: BAD_SITE, 404: NO_SITE },
        handler: async ({ res, body, params, principal }) => {
          res.json(siteView(await this.sites.update(principal.vendorId, params.siteId, body)));
        },
      }),
      route({
        method: 'delete',
        path: '/management/sites/{siteId}',
        operationId: 'deleteSite',
        summary: 'Delete a site',
        description: 'Its domain and browser client stay. A repeated delete answers 404 `SITE.NOT_FOUND`: the site is gone.',
        tags: siteTags,
        auth: { kind: 'bearer', scope: 'sites:write' },
        examples: { params: { siteId: SITE_EXAMPLE.id } },
        responses: { 204: { description: 'Deleted' }, 404: NO_SITE },
        handler: async ({ res, params, principal }) => {
          await this.sites.remove(principal.vendorId, params.siteId);
          res.status(204).end();
        },
      }),
    ];
  }
}
