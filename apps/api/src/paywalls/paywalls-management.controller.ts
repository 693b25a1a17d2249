import {
  ChangePaywall,
  ChangeStrategy,
  CreatePaywall,
  CreateStrategy,
  GetPaywall,
  GetStrategy,
  InvalidStrategyFlow,
  ListPaywalls,
  ListStrategies,
  PaywallContentInput,
  RetirePaywall,
  RetireStrategy,
} from '@kiosk/domain/paywalls';
import { HttpProblem } from '../platform/http/problem';
import { Controller, route } from '../platform/http/routes';
import { ChangePaywallBody, ChangeStrategyBody, CreatePaywallBody, CreateStrategyBody, LinkTiersBody } from './paywalls.dto';
import { LINK_TIERS_SCHEMA, PAYWALL_ADMIN_SCHEMA, paywallAdminView, STRATEGY_SCHEMA, strategyView } from './paywalls.views';
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
        tags,
        auth: WRITE,
        body: { dto: CreatePaywallBody },
        responses: { 201: { description: 'Created (admin shape)', schema: PAYWALL_ADMIN_SCHEMA } },
        handler: async ({ res, body, principal }) => {
          const input = paywallInput(body);
          const paywall = await u.createPaywall.execute({ vendorId: principal.vendorId, ...input, name: body.name });
          res.status(201).json(paywallAdminView(paywall));
        },
      }),
      route({
        method: 'get',
        path: '/management/paywalls',
        operationId: 'listPaywalls',
        summary: "The vendor's paywalls, archived ones included, oldest first",
        tags,
        auth: READ,
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
        tags,
        auth: READ,
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
        tags,
        auth: WRITE,
        body: { dto: ChangePaywallBody },
        responses: { 200: { description: 'The changed paywall', schema: PAYWALL_ADMIN_SCHEMA } },
        handler: async ({ res, params, body, principal }) => {
          const paywall = await u.changePaywall.execute({ vendorId: principal.vendorId, paywallId: params.paywallId, change: paywallInput(body) });
          res.json(paywallAdminView(paywall));
        },
      }),
      route({
        method: 'post',
        path: '/management/paywalls/{paywallId}/retire',
        operationId: 'retirePaywall',
        summary: 'Archive a paywall: readers no longer see it; safe to repeat',
        tags,
        auth: WRITE,
        responses: { 200: { description: 'The archived paywall', schema: PAYWALL_ADMIN_SCHEMA } },
        handler: async ({ res, params, principal }) => {
          res.json(paywallAdminView(await u.retirePaywall.execute({ vendorId: principal.vendorId, paywallId: params.paywallId })));
        },
      }),
      route({
        method: 'get',
        path: '/management/paywall-link-tiers',
        operationId: 'getPaywallLinkTiers',
        summary: 'The `tier` claim written into signed links for free reads (`metered`) and entitled readers (`entitled`)',
        tags,
        auth: READ,
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
        tags,
        auth: WRITE,
        body: { dto: LinkTiersBody },
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
        tags: strategyTags,
        auth: WRITE,
        body: { dto: CreateStrategyBody },
        responses: { 201: { description: 'Created', schema: STRATEGY_SCHEMA } },
        handler: async ({ res, body, principal }) => {
          const strategy = await flowProblems(() =>
            u.createStrategy.execute({ vendorId: principal.vendorId, name: body.name, target: body.target, flow: body.flow }),
          );
          res.status(201).json(strategyView(strategy));
        },
      }),
      route({
        method: 'get',
        path: '/management/paywall-strategies',
        operationId: 'listPaywallStrategies',
        summary: "The vendor's strategies, archived ones included, oldest first",
        tags: strategyTags,
        auth: READ,
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
        tags: strategyTags,
        auth: READ,
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
        tags: strategyTags,
        auth: WRITE,
        body: { dto: ChangeStrategyBody },
        responses: { 200: { description: 'The changed strategy', schema: STRATEGY_SCHEMA } },
        handler: async ({ res, params, body, principal }) => {
          const strategy = await flowProblems(() =>
            u.changeStrategy.execute({
              vendorId: principal.vendorId,
              strategyId: params.strategyId,
              name: body.name,
              target: body.target,
              flow: body.flow,
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
        tags: strategyTags,
        auth: WRITE,
        responses: { 200: { description: 'The archived strategy', schema: STRATEGY_SCHEMA } },
        handler: async ({ res, params, principal }) => {
          res.json(strategyView(await u.retireStrategy.execute({ vendorId: principal.vendorId, strategyId: params.strategyId })));
        },
      }),
    ];
  }
}
