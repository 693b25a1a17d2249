import {
  ChangePaywall,
  CreatePaywall,
  GetPaywall,
  GetPaywallVersion,
  ListPaywallVersions,
  ListPaywalls,
  PaywallContentInput,
  RestorePaywallVersion,
  RetirePaywall,
} from '@kiosk/domain/paywalls';
import { Controller, route } from '../platform/http/routes';
import { ChangePaywallBody, CreatePaywallBody, LinkTiersBody, VersionsQuery } from './paywalls.dto';
import {
  LINK_TIERS_SCHEMA,
  PAYWALL_ADMIN_SCHEMA,
  PAYWALL_VERSION_SCHEMA,
  PAYWALL_VERSION_SUMMARY_SCHEMA,
  paywallAdminView,
  paywallVersionSummary,
  paywallVersionView,
} from './paywalls.views';
import {
  CHANGE_PAYWALL_EXAMPLE,
  CREATE_PAYWALL_EXAMPLE,
  LINK_TIERS_EXAMPLE,
  PAYWALL_ADMIN_EXAMPLE,
  PAYWALL_ID,
  PAYWALL_VERSION_EXAMPLE,
  PAYWALL_VERSION_SUMMARY_EXAMPLES,
} from './paywalls.examples';
import { LinkTierSettings } from './signed-link-issuer';
import { READ, savedByOf, versionParam, WRITE } from './paywall-management-shared';
import { strategyManagementRoutes, StrategyManagementUseCases } from './strategies-management.routes';
import { BAD_VERSION, PAYWALL_ARCHIVED } from './paywalls.error-examples';

export { savedByOf } from './paywall-management-shared';

export interface PaywallManagementUseCases extends StrategyManagementUseCases {
  createPaywall: CreatePaywall;
  changePaywall: ChangePaywall;
  retirePaywall: RetirePaywall;
  getPaywall: GetPaywall;
  listPaywalls: ListPaywalls;
  listPaywallVersions: ListPaywallVersions;
  getPaywallVersion: GetPaywallVersion;
  restorePaywallVersion: RestorePaywallVersion;
}

/** Splits a paywall body into the admin fields and the rendered content. */
function paywallInput(body: ChangePaywallBody) {
  const { name, entity, previewUrl, ...content } = body;
  const defined = Object.fromEntries(Object.entries(content).filter(([, v]) => v !== undefined));
  return { name, entity, previewUrl, content: defined as PaywallContentInput };
}

/** Management of paywalls, strategies and signed-link tiers (scopes `sites:read` / `sites:write`). */
export class PaywallManagementController implements Controller {
  constructor(
    private readonly u: PaywallManagementUseCases,
    private readonly tiers: LinkTierSettings,
  ) {}

  routes() {
    const u = this.u;
    const tags = ['management: paywalls'];
    return [
      route<CreatePaywallBody>({
        method: 'post',
        path: '/management/paywalls',
        operationId: 'createPaywall',
        summary: 'Create a paywall (ACTIVE, version 1); unset fields take their defaults',
        description:
          'Fields left out take their defaults (EUR, template BOXES, leaky allowance off). Subscription prices are in ' +
          'major units of the paywall\'s currency. Every problem with the fields is listed at once under `errors` (400).',
        tags,
        auth: WRITE,
        body: { dto: CreatePaywallBody },
        examples: { request: CREATE_PAYWALL_EXAMPLE, responses: { 201: PAYWALL_ADMIN_EXAMPLE } },
        responses: { 201: { description: 'Created (admin shape)', schema: PAYWALL_ADMIN_SCHEMA } },
        handler: async ({ res, body, principal }) => {
          const input = paywallInput(body);
          const paywall = await u.createPaywall.execute({ vendorId: principal.vendorId, ...input, name: body.name, savedBy: savedByOf(principal) });
          res.status(201).json(paywallAdminView(paywall));
        },
      }),
      route({
        method: 'get',
        path: '/management/paywalls',
        operationId: 'listPaywalls',
        summary: "The vendor's paywalls, archived ones included, oldest first",
        description:
          'Every paywall of the vendor in the admin shape: the render shape plus name, status (ACTIVE or ARCHIVED), ' +
          'entity, previewUrl and timestamps.',
        tags,
        auth: READ,
        examples: { responses: { 200: [PAYWALL_ADMIN_EXAMPLE] } },
        responses: { 200: { description: 'The paywalls (admin shape)', schema: { type: 'array', items: PAYWALL_ADMIN_SCHEMA } } },
        handler: async ({ res, principal }) => {
          res.json((await u.listPaywalls.execute({ vendorId: principal.vendorId })).map(paywallAdminView));
        },
      }),
      route({
        method: 'get',
        path: '/management/paywalls/{paywallId}',
        operationId: 'getPaywall',
        summary: 'One paywall in any status (admin shape)',
        description:
          "Archived paywalls are shown too (readers get a 404 for them); another vendor's paywall is a 404.",
        tags,
        auth: READ,
        examples: { params: { paywallId: PAYWALL_ID }, responses: { 200: PAYWALL_ADMIN_EXAMPLE } },
        responses: { 200: { description: 'The paywall', schema: PAYWALL_ADMIN_SCHEMA } },
        handler: async ({ res, params, principal }) => {
          res.json(paywallAdminView(await u.getPaywall.execute({ vendorId: principal.vendorId, paywallId: params.paywallId })));
        },
      }),
      route<ChangePaywallBody>({
        method: 'patch',
        path: '/management/paywalls/{paywallId}',
        operationId: 'changePaywall',
        summary: 'Change a paywall: nested objects merge, arrays replace; the version rises when something changed',
        description:
          'Send only what changes: `settings` and `singlePurchase` merge field by field, `subscriptions`, `features` and ' +
          '`footerPaymentMethods` replace the whole list. Readers see the new version at once.',
        tags,
        auth: WRITE,
        body: { dto: ChangePaywallBody },
        examples: { params: { paywallId: PAYWALL_ID }, request: CHANGE_PAYWALL_EXAMPLE, responses: { 200: { ...PAYWALL_ADMIN_EXAMPLE, version: 4 } } },
        responses: { 200: { description: 'The changed paywall', schema: PAYWALL_ADMIN_SCHEMA } },
        handler: async ({ res, params, body, principal }) => {
          const paywall = await u.changePaywall.execute({
            vendorId: principal.vendorId,
            paywallId: params.paywallId,
            change: paywallInput(body),
            savedBy: savedByOf(principal),
          });
          res.json(paywallAdminView(paywall));
        },
      }),
      route({
        method: 'post',
        path: '/management/paywalls/{paywallId}/retire',
        operationId: 'retirePaywall',
        summary: 'Archive a paywall: readers no longer see it; safe to repeat',
        description:
          'The paywall becomes ARCHIVED: `GET /paywalls/{paywallId}` answers 404 for it, and a strategy leaf pointing at ' +
          "it shows the strategy's fallback leaf instead.",
        tags,
        auth: WRITE,
        examples: { params: { paywallId: PAYWALL_ID }, responses: { 200: { ...PAYWALL_ADMIN_EXAMPLE, status: 'ARCHIVED' } } },
        responses: { 200: { description: 'The archived paywall', schema: PAYWALL_ADMIN_SCHEMA } },
        handler: async ({ res, params, principal }) => {
          res.json(paywallAdminView(await u.retirePaywall.execute({ vendorId: principal.vendorId, paywallId: params.paywallId, savedBy: savedByOf(principal) })));
        },
      }),
      route<unknown, VersionsQuery>({
        method: 'get',
        path: '/management/paywalls/{paywallId}/versions',
        operationId: 'listPaywallVersions',
        summary: "A paywall's saved versions, newest first: number, when, by whom",
        description:
          'Every save that made a new version (create, a change that altered something, retire, restore) is kept whole. ' +
          '`savedBy` is the API key (its client id) or the staff member (their user id) who saved it, or null when ' +
          'unknown (versions from before the history was kept). `limit` (1 to 500, default 50) and `offset` take a page. ' +
          "Another vendor's paywall is a 404.",
        tags,
        auth: READ,
        query: VersionsQuery,
        examples: { params: { paywallId: PAYWALL_ID }, query: { limit: 20, offset: 0 }, responses: { 200: PAYWALL_VERSION_SUMMARY_EXAMPLES } },
        responses: { 200: { description: 'The versions, newest first', schema: { type: 'array', items: PAYWALL_VERSION_SUMMARY_SCHEMA } } },
        handler: async ({ res, params, query, principal }) => {
          const versions = await u.listPaywallVersions.execute({ vendorId: principal.vendorId, paywallId: params.paywallId, ...query });
          res.json(versions.map(paywallVersionSummary));
        },
      }),
      route({
        method: 'get',
        path: '/management/paywalls/{paywallId}/versions/{version}',
        operationId: 'getPaywallVersion',
        summary: 'One saved version of a paywall, whole (admin shape as it was saved)',
        description:
          'The version\'s summary plus `paywall`, the paywall in the admin shape as that version was saved. A version ' +
          'that is not digits is a 400; one the paywall never had is a 404 `PAYWALL.VERSION_NOT_FOUND`.',
        tags,
        auth: READ,
        examples: { params: { paywallId: PAYWALL_ID, version: '3' }, responses: { 200: PAYWALL_VERSION_EXAMPLE } },
        responses: {
          200: { description: 'The version', schema: PAYWALL_VERSION_SCHEMA },
          400: BAD_VERSION,
        },
        handler: async ({ res, params, principal }) => {
          const version = versionParam(params.version);
          res.json(paywallVersionView(await u.getPaywallVersion.execute({ vendorId: principal.vendorId, paywallId: params.paywallId, version })));
        },
      }),
      route({
        method: 'post',
        path: '/management/paywalls/{paywallId}/versions/{version}/restore',
        operationId: 'restorePaywallVersion',
        summary: "Save an earlier version's content as a new version",
        description:
          'The name, entity, preview address and content of the version become the paywall\'s again, as a new version ' +
          '(the versions in between stay in the history). Nothing changes when the paywall already is so. An archived ' +
          'paywall is a 409 `PAYWALL.ARCHIVED`; a version it never had is a 404 `PAYWALL.VERSION_NOT_FOUND`.',
        tags,
        auth: WRITE,
        examples: { params: { paywallId: PAYWALL_ID, version: '2' }, responses: { 200: { ...PAYWALL_ADMIN_EXAMPLE, version: 4 } } },
        responses: {
          200: { description: 'The paywall with the restored content', schema: PAYWALL_ADMIN_SCHEMA },
          400: BAD_VERSION,
          409: PAYWALL_ARCHIVED,
        },
        handler: async ({ res, params, principal }) => {
          const version = versionParam(params.version);
          const paywall = await u.restorePaywallVersion.execute({
            vendorId: principal.vendorId,
            paywallId: params.paywallId,
            version,
            savedBy: savedByOf(principal),
          });
          res.json(paywallAdminView(paywall));
        },
      }),
      route({
        method: 'get',
        path: '/management/paywall-link-tiers',
        operationId: 'getPaywallLinkTiers',
        summary: 'The `tier` claim written into signed links for free reads (`metered`) and entitled readers (`entitled`)',
        description:
          'Signed links carry a `tier` claim that the capsule routes compare with a content\'s scope. A vendor who never ' +
          'set them gets `premium` for both.',
        tags,
        auth: READ,
        examples: { responses: { 200: LINK_TIERS_EXAMPLE } },
        responses: { 200: { description: 'The tiers', schema: LINK_TIERS_SCHEMA } },
        handler: async ({ res, principal }) => {
          res.json(await this.tiers.get(principal.vendorId));
        },
      }),
      route<LinkTiersBody>({
        method: 'put',
        path: '/management/paywall-link-tiers',
        operationId: 'setPaywallLinkTiers',
        summary: 'Set the signed-link tiers; an unset one keeps its value (default `premium`)',
        description:
          'Links issued after the change carry the new tiers; links already issued keep theirs until they expire.',
        tags,
        auth: WRITE,
        body: { dto: LinkTiersBody },
        examples: { request: LINK_TIERS_EXAMPLE, responses: { 200: LINK_TIERS_EXAMPLE } },
        responses: { 200: { description: 'The tiers', schema: LINK_TIERS_SCHEMA } },
        handler: async ({ res, body, principal }) => {
          const change = Object.fromEntries(Object.entries(body).filter(([, v]) => v !== undefined));
          res.json(await this.tiers.set(principal.vendorId, change));
        },
      }),
      ...strategyManagementRoutes(u),
    ];
  }
}
