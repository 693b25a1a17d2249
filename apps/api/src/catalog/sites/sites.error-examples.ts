/** Worked refusals of the domain and site routes for the OpenAPI document. */
import { refusal } from '../../platform/http/problem-examples';
import { DOMAIN_EXAMPLE, SITE_EXAMPLE } from './sites.examples';

const { domain } = DOMAIN_EXAMPLE;

export const BAD_DOMAIN = refusal('A field is not acceptable; `field` names it (problem+json)', 400, 'DOMAIN.INVALID', 'domain must be a hostname only, without scheme, port, path or spaces (like news.example.com)', {
  field: 'domain',
});

export const BAD_SITE = refusal('A field is not acceptable; `field` names it (problem+json)', 400, 'SITE.UNKNOWN_DOMAIN', `domain shop.example.com is not one of the vendor's domains (add it under /management/domains first)`, {
  field: 'domain',
});

export const NO_DOMAIN = refusal('No such domain for this vendor (problem+json `DOMAIN.NOT_FOUND`)', 404, 'DOMAIN.NOT_FOUND', 'no such domain', { domain });

export const NO_SITE = refusal('No such site for this vendor (problem+json `SITE.NOT_FOUND`)', 404, 'SITE.NOT_FOUND', 'no such site', { siteId: SITE_EXAMPLE.id });

export const DOMAIN_EXISTS = refusal('The vendor already has the domain (problem+json `DOMAIN.EXISTS`)', 409, 'DOMAIN.EXISTS', `the vendor already has the domain ${domain}`, {
  domain,
});

export const DOMAIN_IN_USE = refusal('A site still uses the domain (problem+json `DOMAIN.IN_USE`)', 409, 'DOMAIN.IN_USE', `a site still uses the domain ${domain}; delete or move its sites first`, {
  domain,
});
