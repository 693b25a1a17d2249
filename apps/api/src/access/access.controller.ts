import { AutoOnboard, EntitlementFilter, GetAccessInformation, GetReaderEntitlement, ListReaderEntitlements } from '@kiosk/domain/access';
import { ARRAY, OBJECT, readerOf } from '../platform/http/reader';
import { Controller, route } from '../platform/http/routes';
import { AutoOnboardRuleBody, EntitlementsQuery, ProxyQuery } from './access.dto';
import {
  ACCESS_EXAMPLE,
  AUTO_ONBOARD_RULE_EXAMPLE,
  AUTO_ONBOARDED_EXAMPLE,
  ENTITLEMENT_EXAMPLE,
  ENTITLEMENT_ID,
  PROXIED_PAGE_EXAMPLE,
} from './access.examples';
import { accessView, entitlementView } from './access.views';
import { AutoOnboardRules } from './auto-onboard-rules';
import { EntitlementWaiter } from './entitlement-waiter';
import { ContentProxy } from './proxy/content-proxy';
import {
  BAD_FILTER,
  ENTITLEMENT_NOT_FOUND,
  NO_ACCESS,
  PRODUCT_NOT_FOUND,
  PROXY_HOST_NOT_ALLOWED,
  PROXY_NOT_ENTITLED,
  PROXY_NOTHING_SELECTED,
  PROXY_TIMEOUT,
  PROXY_UPSTREAM_STATUS,
} from './access.error-examples';

export interface AccessUseCases {
  listEntitlements: ListReaderEntitlements;
  getEntitlement: GetReaderEntitlement;
  accessInformation: GetAccessInformation;
  autoOnboard: Pick<AutoOnboard, 'execute'>;
}

const USER = { kind: 'user' } as const;

/** Entitlements and their access, auto-onboarding and its rules, and the content proxy (interface 4.3). */
export class AccessController implements Controller {
  constructor(
    private readonly u: AccessUseCases,
    private readonly waiter: EntitlementWaiter,
    private readonly waitMaxSeconds: number,
    private readonly proxy: ContentProxy,
    private readonly rules: AutoOnboardRules,
  ) {}

  routes() {
    const u = this.u;
    const tags = ['reader: access'];
    return [
      route<unknown, EntitlementsQuery>({
        method: 'get',
        path: '/entitlements',
        operationId: 'listMyEntitlements',
        summary: "The reader's entitlements, newest first, filtered by type, sku and purchase option",
        description:
          'With `wait-for-entitlement-after` the call waits (at most ENTITLEMENT_WAIT_MAX_SECONDS) until an entitlement ' +
          'matching the filters and created after that moment exists, woken by the grant itself, then answers the list ' +
          'either way.',
        tags,
        auth: USER,
        query: EntitlementsQuery,
        examples: {
          query: { type: 'publication', sku: 'daily-digital', 'wait-for-entitlement-after': '2026-03-01T09:30:00.000Z' },
          responses: { 200: [ENTITLEMENT_EXAMPLE] },
        },
        responses: { 200: { description: 'Entitlements', schema: ARRAY }, 400: BAD_FILTER },
        handler: async ({ res, query, principal }) => {
          const reader = readerOf(principal);
          const filter: EntitlementFilter = {
            type: query.type,
            sku: query.sku,
            purchaseOptionId: query['purchase-option-id'],
          };
          const after = query['wait-for-entitlement-after'];
          if (after !== undefined) {
            const createdAfter = new Date(after);
            await this.waiter.waitFor(reader.vendorId, reader.userId, this.waitMaxSeconds * 1000, async () => {
              const found = await u.listEntitlements.execute({ ...reader, filter: { ...filter, createdAfter } });
              return found.length > 0;
            });
          }
          res.json((await u.listEntitlements.execute({ ...reader, filter })).map(entitlementView));
        },
      }),
      route({
        method: 'get',
        path: '/entitlements/{id}',
        operationId: 'getMyEntitlement',
        summary: 'One entitlement of the reader',
        description:
          'The same shape as in the list. `hasAccess` says whether it gives access now (an expired or not yet started ' +
          "one does not); a revoked entitlement, or another reader's, is a 404.",
        tags,
        auth: USER,
        examples: { params: { id: ENTITLEMENT_ID }, responses: { 200: ENTITLEMENT_EXAMPLE } },
        responses: { 200: { description: 'The entitlement', schema: OBJECT }, 404: ENTITLEMENT_NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          res.json(entitlementView(await u.getEntitlement.execute({ ...readerOf(principal), entitlementId: params.id })));
        },
      }),
      route({
        method: 'get',
        path: '/entitlements/{id}/access',
        operationId: 'getEntitlementAccess',
        summary: 'How to open the content: URL or feed (podcasts, publications), with a short-lived signed token',
        description:
          '`type` is `feed` for podcasts and publications and `url` for everything else; `token` is a short-lived signed ' +
          'token to present with the URL, so the answer is never cached (`Cache-Control: no-store`). An entitlement that ' +
          'no longer gives access is a 403.',
        tags,
        auth: USER,
        examples: { params: { id: ENTITLEMENT_ID }, responses: { 200: ACCESS_EXAMPLE } },
        responses: {
          200: { description: 'Access information', schema: OBJECT },
          403: NO_ACCESS('The entitlement no longer gives access'),
          404: ENTITLEMENT_NOT_FOUND,
        },
        handler: async ({ res, params, principal }) => {
          const info = await u.accessInformation.execute({ ...readerOf(principal), entitlementId: params.id });
          res.set('Cache-Control', 'no-store').json(accessView(info));
        },
      }),
      route({
        method: 'post',
        path: '/products/{sku}/auto-onboard',
        operationId: 'autoOnboard',
        summary: 'Grants what external systems give holders of this product (the embedded one: what the vendor configured)',
        description: 'The reader must hold a live entitlement for the product (403 otherwise). Safe to repeat.',
        tags: ['reader: catalog'],
        auth: USER,
        examples: { params: { sku: 'daily-digital' }, responses: { 200: [AUTO_ONBOARDED_EXAMPLE] } },
        responses: {
          200: { description: 'The entitlements granted (already held ones included)', schema: ARRAY },
          403: NO_ACCESS('No live entitlement for the product'),
          404: PRODUCT_NOT_FOUND,
        },
        handler: async ({ res, params, principal }) => {
          const granted = await u.autoOnboard.execute({ ...readerOf(principal), sku: params.sku });
          res.json(granted.map(entitlementView));
        },
      }),
      route<unknown, ProxyQuery>({
        method: 'get',
        path: '/proxy',
        operationId: 'proxyContent',
        summary: "A page of the vendor's own site (or the part `selector` names) for a reader entitled to it",
        description:
          "Fetches only from the vendor's registered domains (and their subdomains), by host name, never from private, " +
          'loopback or link-local addresses; redirects are followed only on the allowlist. The reader needs a live ' +
          'entitlement whose `publisherContentId` is the one given, or whose url is the page. `cache=true` reads and ' +
          'fills a short-lived cache.',
        tags,
        auth: USER,
        query: ProxyQuery,
        examples: {
          query: { url: 'https://daily.example.com/2026/03/harbour-reopens', selector: 'article.story', cache: 'true' },
          responses: { 200: PROXIED_PAGE_EXAMPLE },
        },
        responses: {
          200: { description: 'The unlocked content', contentType: 'text/html', schema: { type: 'string' } },
          400: PROXY_HOST_NOT_ALLOWED,
          403: PROXY_NOT_ENTITLED,
          404: PROXY_NOTHING_SELECTED,
          502: PROXY_UPSTREAM_STATUS,
          504: PROXY_TIMEOUT,
        },
        handler: async ({ res, query, principal }) => {
          const result = await this.proxy.read({
            ...readerOf(principal),
            url: query.url,
            selector: query.selector,
            cache: query.cache === 'true',
            publisherContentId: query.publisherContentId,
          });
          res
            .status(200)
            .set({
              'Content-Type': 'text/html; charset=utf-8',
              'Content-Security-Policy': "sandbox; default-src 'none'; img-src * data:; style-src 'unsafe-inline'",
              'X-Content-Type-Options': 'nosniff',
              'Cache-Control': 'private, no-store',
              'X-Proxy-Cache': result.cached ? 'HIT' : 'MISS',
            })
            .send(result.html);
        },
      }),
      route<AutoOnboardRuleBody>({
        method: 'put',
        path: '/management/auto-onboard/{sku}',
        operationId: 'setAutoOnboardRule',
        summary: 'What the embedded external-access system grants holders of `sku` on auto-onboarding (replaces the list)',
        description:
          'Sets the SKUs a holder of `sku` is granted when they auto-onboard (`POST /products/{sku}/auto-onboard`); an ' +
          'empty list removes the rule. The answer lists the grants sorted and without repeats; a grant that is not a ' +
          'SKU, or `sku` itself, is a 400.',
        tags: ['management: products'],
        auth: { kind: 'bearer', scope: 'products:write' },
        body: { dto: AutoOnboardRuleBody },
        examples: {
          params: { sku: AUTO_ONBOARD_RULE_EXAMPLE.sku },
          request: { grants: AUTO_ONBOARD_RULE_EXAMPLE.grants },
          responses: { 200: AUTO_ONBOARD_RULE_EXAMPLE },
        },
        responses: { 200: { description: 'The rule', schema: OBJECT }, 404: PRODUCT_NOT_FOUND },
        handler: async ({ res, params, body, principal }) => {
          res.json(await this.rules.set(principal.vendorId, params.sku, body.grants));
        },
      }),
      route({
        method: 'get',
        path: '/management/auto-onboard',
        operationId: 'listAutoOnboardRules',
        summary: "The vendor's auto-onboarding rules",
        description: 'One entry per product that has a rule, by SKU, each with the SKUs its holders are granted.',
        tags: ['management: products'],
        auth: { kind: 'bearer', scope: 'products:read' },
        examples: { responses: { 200: [AUTO_ONBOARD_RULE_EXAMPLE] } },
        responses: { 200: { description: 'Rules', schema: ARRAY } },
        handler: async ({ res, principal }) => {
          res.json(await this.rules.list(principal.vendorId));
        },
      }),
    ];
  }
}
