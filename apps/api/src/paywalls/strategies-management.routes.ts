import {
  ChangeStrategy,
  CreateStrategy,
  GetStrategy,
  GetStrategyVersion,
  InvalidStrategyFlow,
  ListStrategies,
  ListStrategyVersions,
  RestoreStrategyVersion,
  RetireStrategy,
} from '@kiosk/domain/paywalls';
import { HttpProblem } from '../platform/http/problem';
import { route } from '../platform/http/routes';
import { ChangeStrategyBody, CreateStrategyBody, VersionsQuery } from './paywalls.dto';
import {
  STRATEGY_SCHEMA,
  STRATEGY_VERSION_SCHEMA,
  STRATEGY_VERSION_SUMMARY_SCHEMA,
  strategyVersionSummary,
  strategyVersionView,
  strategyView,
} from './paywalls.views';
import {
  CREATE_STRATEGY_EXAMPLE,
  STRATEGY_EXAMPLE,
  STRATEGY_ID,
  STRATEGY_VERSION_EXAMPLE,
  STRATEGY_VERSION_SUMMARY_EXAMPLES,
} from './paywalls.examples';
import { READ, savedByOf, versionParam, WRITE } from './paywall-management-shared';
import { BAD_VERSION, STRATEGY_ARCHIVED } from './paywalls.error-examples';

/** The use cases behind the strategy routes. */
export interface StrategyManagementUseCases {
  createStrategy: CreateStrategy;
  changeStrategy: ChangeStrategy;
  retireStrategy: RetireStrategy;
  getStrategy: GetStrategy;
  listStrategies: ListStrategies;
  listStrategyVersions: ListStrategyVersions;
  getStrategyVersion: GetStrategyVersion;
  restoreStrategyVersion: RestoreStrategyVersion;
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

/** The management routes of paywall strategies (scopes `sites:read` / `sites:write`). */
export function strategyManagementRoutes(u: StrategyManagementUseCases) {
  const strategyTags = ['management: paywall strategies'];
  return [
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
          400: BAD_VERSION,
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
          400: BAD_VERSION,
          409: STRATEGY_ARCHIVED,
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
