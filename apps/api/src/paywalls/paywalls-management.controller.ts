import {
  ChangePaywall,
  ChangeStrategy,
  CreatePaywall,
  CreateStrategy,
  GetPaywall,
  GetPaywallVersion,
  GetStrategy,
  GetStrategyVersion,
  InvalidStrategyFlow,
  ListPaywallVersions,
  ListPaywalls,
  ListStrategies,
  ListStrategyVersions,
  PaywallContentInput,
  RestorePaywallVersion,
  RestoreStrategyVersion,
  RetirePaywall,
  RetireStrategy,
  SavedBy,
} from '@kiosk/domain/paywalls';
import { Principal } from '@kiosk/domain/identity';
import { HttpProblem } from '../platform/http/problem';
import { Controller, route } from '../platform/http/routes';
import { ChangePaywallBody, ChangeStrategyBody, CreatePaywallBody, CreateStrategyBody, LinkTiersBody, VersionsQuery } from './paywalls.dto';
import {
  LINK_TIERS_SCHEMA,
  PAYWALL_ADMIN_SCHEMA,
  PAYWALL_VERSION_SCHEMA,
  PAYWALL_VERSION_SUMMARY_SCHEMA,
  paywallAdminView,
  paywallVersionSummary,
  paywallVersionView,
  STRATEGY_SCHEMA,
  STRATEGY_VERSION_SCHEMA,
  STRATEGY_VERSION_SUMMARY_SCHEMA,
  strategyVersionSummary,
  strategyVersionView,
  strategyView,
} from './paywalls.views';
import {
  CHANGE_PAYWALL_EXAMPLE,
  CREATE_PAYWALL_EXAMPLE,
  CREATE_STRATEGY_EXAMPLE,
  LINK_TIERS_EXAMPLE,
  PAYWALL_ADMIN_EXAMPLE,
  PAYWALL_ID,
  PAYWALL_VERSION_EXAMPLE,
  PAYWALL_VERSION_SUMMARY_EXAMPLES,
  STRATEGY_EXAMPLE,
  STRATEGY_ID,
  STRATEGY_VERSION_EXAMPLE,
  STRATEGY_VERSION_SUMMARY_EXAMPLES,
} from './paywalls.examples';
import { LinkTierSettings } from './signed-link-issuer';

const READ = { kind: 'bearer', scope: 'sites:read' } as const;
const WRITE = { kind: 'bearer', scope: 'sites:write' } as const;

export interface PaywallManagementUseCases {
  createPaywall: CreatePaywall;
  changePaywall: ChangePaywall;
  retirePaywall: RetirePaywall;
  getPaywall: GetPaywall;
  listPaywalls: ListPaywalls;
  createStrategy: CreateStrategy;
  changeStrategy: ChangeStrategy;
  retireStrategy: RetireStrategy;
  getStrategy: GetStrategy;
  listStrategies: ListStrategies;
  listPaywallVersions: ListPaywallVersions;
  getPaywallVersion: GetPaywallVersion;
  restorePaywallVersion: RestorePaywallVersion;
  listStrategyVersions: ListStrategyVersions;
  getStrategyVersion: GetStrategyVersion;
  restoreStrategyVersion: RestoreStrategyVersion;
}

/** Who saves, for the version history: an API key's client id or a staff member's user id; null otherwise. */
export function savedByOf(principal: Principal): SavedBy | null {
  if (principal.kind === 'api_key') return { kind: 'API_KEY', id: principal.clientId };
  if (principal.kind === 'user' && principal.staff) return { kind: 'STAFF', id: principal.userId };
  return null;
}

/** A version number in the path: digits only (else 400 naming `version`); 0 and numbers never saved are a 404. */
function versionParam(value: string): number {
  if (!/^\d{1,9}$/.test(value)) {
    throw new HttpProblem(400, 'REQUEST.INVALID', 'version must be a whole number', {
      errors: [{ field: 'version', message: 'must be a whole number of at most 9 digits' }],
    });
  }
  return Number(value);
}

/** Splits a paywall body into the admin fields and the rendered content. */
function paywallInput(body: ChangePaywallBody) {
  const { name, entity, previewUrl, ...content } = body;
  const defined = Object.fromEntries(Object.entries(content).filter(([, v]) => v !== undefined));
  return { name, entity, previewUrl, content: defined as PaywallContentInput };
}

/**
 * A refused flow answers 400 with the first problem's code and every problem
 * under `errors` as `{code, path, message}`, each code in its full form
 * (`STRATEGY.CYCLE`), as STRATEGY-FORMAT.md lists them.
 */
async function flowProblems<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (!(error instanceof InvalidStrategyFlow)) throw error;
    const errors = error.issues.map((i) => ({ ...i, code: i.code.startsWith('STRATEGY.') ? i.code : `STRATEGY.${i.code}` }));
    throw new HttpProblem(400, error.code, error.message, { errors });
  }
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
    const strategyTags = ['management: paywall strategies'];
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
          400: { description: 'The version is not a whole number' },
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
          400: { description: 'The version is not a whole number' },
          409: { description: 'The paywall is archived' },
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
      route<CreateStrategyBody>({
        method: 'post',
        path: '/management/paywall-strategies',
        operationId: 'createPaywallStrategy',
        summary: 'Create a strategy; its flow is validated (STRATEGY-FORMAT.md) and every problem listed',
        description:
          'A strategy is a decision flow of condition nodes and paywall leaves (STRATEGY-FORMAT.md); `target` is free ' +
          'text naming what it is for. A flow that does not validate answers 400 with every problem under `errors` ' +
          '(`{code, path, message}`).',
        tags: strategyTags,
        auth: WRITE,
        body: { dto: CreateStrategyBody },
        examples: { request: CREATE_STRATEGY_EXAMPLE, responses: { 201: STRATEGY_EXAMPLE } },
        responses: { 201: { description: 'Created', schema: STRATEGY_SCHEMA } },
        handler: async ({ res, body, principal }) => {
          const strategy = await flowProblems(() =>
            u.createStrategy.execute({ vendorId: principal.vendorId, name: body.name, target: body.target, flow: body.flow, savedBy: savedByOf(principal) }),
          );
          res.status(201).json(strategyView(strategy));
        },
      }),
      route({
        method: 'get',
        path: '/management/paywall-strategies',
        operationId: 'listPaywallStrategies',
        summary: "The vendor's strategies, archived ones included, oldest first",
        description:
          'Every strategy of the vendor with its flow, version and `fingerprint` (a hash of the flow).',
        tags: strategyTags,
        auth: READ,
        examples: { responses: { 200: [STRATEGY_EXAMPLE] } },
        responses: { 200: { description: 'The strategies', schema: { type: 'array', items: STRATEGY_SCHEMA } } },
        handler: async ({ res, principal }) => {
          res.json((await u.listStrategies.execute({ vendorId: principal.vendorId })).map(strategyView));
        },
      }),
      route({
        method: 'get',
        path: '/management/paywall-strategies/{strategyId}',
        operationId: 'getPaywallStrategy',
        summary: 'One strategy in any status',
        description:
          "Archived strategies are shown too; another vendor's strategy is a 404.",
        tags: strategyTags,
        auth: READ,
        examples: { params: { strategyId: STRATEGY_ID }, responses: { 200: STRATEGY_EXAMPLE } },
        responses: { 200: { description: 'The strategy', schema: STRATEGY_SCHEMA } },
        handler: async ({ res, params, principal }) => {
          res.json(strategyView(await u.getStrategy.execute({ vendorId: principal.vendorId, strategyId: params.strategyId })));
        },
      }),
      route<ChangeStrategyBody>({
        method: 'patch',
        path: '/management/paywall-strategies/{strategyId}',
        operationId: 'changePaywallStrategy',
        summary: 'Change a strategy (name, target, flow); the version rises when something changed',
        description:
          'Send only what changes; a new `flow` replaces the old one whole and is validated like on create (400 with ' +
          'every problem). Executions use the new version at once.',
        tags: strategyTags,
        auth: WRITE,
        body: { dto: ChangeStrategyBody },
        examples: {
          params: { strategyId: STRATEGY_ID },
          request: { name: 'Mobile first, spring' },
          responses: { 200: { ...STRATEGY_EXAMPLE, name: 'Mobile first, spring', version: 2 } },
        },
        responses: { 200: { description: 'The changed strategy', schema: STRATEGY_SCHEMA } },
        handler: async ({ res, params, body, principal }) => {
          const strategy = await flowProblems(() =>
            u.changeStrategy.execute({
              vendorId: principal.vendorId,
              strategyId: params.strategyId,
              name: body.name,
              target: body.target,
              flow: body.flow,
              savedBy: savedByOf(principal),
            }),
          );
          res.json(strategyView(strategy));
        },
      }),
      route({
        method: 'post',
        path: '/management/paywall-strategies/{strategyId}/retire',
        operationId: 'retirePaywallStrategy',
        summary: 'Archive a strategy: execute answers 404 for it; safe to repeat',
        description:
          'The strategy becomes ARCHIVED and `POST /paywalls/strategies/{strategyId}/execute` answers 404 for it.',
        tags: strategyTags,
        auth: WRITE,
        examples: { params: { strategyId: STRATEGY_ID }, responses: { 200: { ...STRATEGY_EXAMPLE, status: 'ARCHIVED' } } },
        responses: { 200: { description: 'The archived strategy', schema: STRATEGY_SCHEMA } },
        handler: async ({ res, params, principal }) => {
          res.json(strategyView(await u.retireStrategy.execute({ vendorId: principal.vendorId, strategyId: params.strategyId, savedBy: savedByOf(principal) })));
        },
      }),
      route<unknown, VersionsQuery>({
        method: 'get',
        path: '/management/paywall-strategies/{strategyId}/versions',
        operationId: 'listPaywallStrategyVersions',
        summary: "A strategy's saved versions, newest first: number, when, by whom",
        description:
          'Every save that made a new version (create, a change that altered something, retire, restore) is kept whole. ' +
          '`savedBy` is the API key (its client id) or the staff member (their user id) who saved it, or null when ' +
          'unknown. `limit` (1 to 500, default 50) and `offset` take a page. Another vendor\'s strategy is a 404.',
        tags: strategyTags,
        auth: READ,
        query: VersionsQuery,
        examples: { params: { strategyId: STRATEGY_ID }, query: { limit: 20, offset: 0 }, responses: { 200: STRATEGY_VERSION_SUMMARY_EXAMPLES } },
        responses: { 200: { description: 'The versions, newest first', schema: { type: 'array', items: STRATEGY_VERSION_SUMMARY_SCHEMA } } },
        handler: async ({ res, params, query, principal }) => {
          const versions = await u.listStrategyVersions.execute({ vendorId: principal.vendorId, strategyId: params.strategyId, ...query });
          res.json(versions.map(strategyVersionSummary));
        },
      }),
      route({
        method: 'get',
        path: '/management/paywall-strategies/{strategyId}/versions/{version}',
        operationId: 'getPaywallStrategyVersion',
        summary: 'One saved version of a strategy, whole (name, target, flow as saved)',
        description:
          'The version\'s summary plus `strategy`, the strategy as that version was saved. A version that is not digits ' +
          'is a 400; one the strategy never had is a 404 `STRATEGY.VERSION_NOT_FOUND`.',
        tags: strategyTags,
        auth: READ,
        examples: { params: { strategyId: STRATEGY_ID, version: '1' }, responses: { 200: STRATEGY_VERSION_EXAMPLE } },
        responses: {
          200: { description: 'The version', schema: STRATEGY_VERSION_SCHEMA },
          400: { description: 'The version is not a whole number' },
        },
        handler: async ({ res, params, principal }) => {
          const version = versionParam(params.version);
          res.json(strategyVersionView(await u.getStrategyVersion.execute({ vendorId: principal.vendorId, strategyId: params.strategyId, version })));
        },
      }),
      route({
        method: 'post',
        path: '/management/paywall-strategies/{strategyId}/versions/{version}/restore',
        operationId: 'restorePaywallStrategyVersion',
        summary: "Save an earlier version's name, target and flow as a new version",
        description:
          'The version\'s name, target and flow become the strategy\'s again, as a new version (the versions in between ' +
          'stay in the history); executions use it at once. Nothing changes when the strategy already is so. An archived ' +
          'strategy is a 409 `STRATEGY.ARCHIVED`; a version it never had is a 404 `STRATEGY.VERSION_NOT_FOUND`.',
        tags: strategyTags,
        auth: WRITE,
        examples: { params: { strategyId: STRATEGY_ID, version: '1' }, responses: { 200: { ...STRATEGY_EXAMPLE, version: 3 } } },
        responses: {
          200: { description: 'The strategy with the restored version', schema: STRATEGY_SCHEMA },
          400: { description: 'The version is not a whole number' },
          409: { description: 'The strategy is archived' },
        },
        handler: async ({ res, params, principal }) => {
          const version = versionParam(params.version);
          const strategy = await flowProblems(() =>
            u.restoreStrategyVersion.execute({ vendorId: principal.vendorId, strategyId: params.strategyId, version, savedBy: savedByOf(principal) }),
          );
          res.json(strategyView(strategy));
        },
      }),
    ];
  }
}
