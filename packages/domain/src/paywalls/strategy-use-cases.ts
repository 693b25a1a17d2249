import { Clock, ConflictError, IdGenerator } from '../shared';
import { StrategyHasNoPaywall, StrategyNotFound } from './errors';
import { HOUR_MS } from './leaky-allowance';
import { SavedBy } from './history';
import { PaywallPublicView } from './paywall-content';
import { PaywallRepository, ReadCountsQuery, ReadLedger, StrategyRepository } from './ports';
import { readerKeyOf } from './reader';
import { prepareFlow, Strategy } from './strategy';
import { compileFlow, evaluateFlow, fallBack, FlowEvaluation } from './strategy-evaluation';
import { requesterObject, VisitorContext } from './visitor-context';

/** Management: a new strategy; the flow is validated before anything is stored. */
export class CreateStrategy {
  constructor(
    private readonly strategies: Pick<StrategyRepository, 'add'>,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; name: string; target?: string; flow: unknown; savedBy?: SavedBy | null }): Promise<Strategy> {
    const flow = await prepareFlow(command.flow);
    const { savedBy, ...input } = command;
    const strategy = Strategy.create({ ...input, id: this.ids.next(), flow }, this.clock.now());
    if (!(await this.strategies.add(strategy, savedBy ?? null))) {
      throw new ConflictError('STRATEGY.EXISTS', `strategy ${strategy.id} already exists`, { strategyId: strategy.id });
    }
    return strategy;
  }
}

export class ChangeStrategy {
  constructor(
    private readonly strategies: Pick<StrategyRepository, 'update'>,
    private readonly clock: Clock,
  ) {}

  async execute(command: {
    vendorId: string;
    strategyId: string;
    name?: string;
    target?: string;
    flow?: unknown;
    savedBy?: SavedBy | null;
  }): Promise<Strategy> {
    // Validate and hash outside the lock: the row is held only for the change itself.
    const flow = command.flow === undefined ? undefined : await prepareFlow(command.flow);
    return this.strategies.update(
      command.vendorId,
      command.strategyId,
      (strategy) => {
        strategy.change({ name: command.name, target: command.target, flow }, this.clock.now());
        return strategy;
      },
      command.savedBy ?? null,
    );
  }
}

export class RetireStrategy {
  constructor(
    private readonly strategies: Pick<StrategyRepository, 'update'>,
    private readonly clock: Clock,
  ) {}

  execute(command: { vendorId: string; strategyId: string; savedBy?: SavedBy | null }): Promise<Strategy> {
    return this.strategies.update(
      command.vendorId,
      command.strategyId,
      (strategy) => {
        strategy.retire(this.clock.now());
        return strategy;
      },
      command.savedBy ?? null,
    );
  }
}

export class GetStrategy {
  constructor(private readonly strategies: Pick<StrategyRepository, 'find'>) {}

  async execute(command: { vendorId: string; strategyId: string }): Promise<Strategy> {
    const strategy = await this.strategies.find(command.vendorId, command.strategyId);
    if (!strategy) throw new StrategyNotFound(command.strategyId);
    return strategy;
  }
}

export class ListStrategies {
  constructor(private readonly strategies: Pick<StrategyRepository, 'list'>) {}

  execute(command: { vendorId: string }): Promise<Strategy[]> {
    return this.strategies.list(command.vendorId);
  }
}

/** The execute body's `attribution` and `content`, as the interface names them; every member optional. */
export interface StrategyExecuteBody {
  readonly attribution?: Partial<Record<'source' | 'medium' | 'campaign' | 'term' | 'content' | 'referrer', string | null>>;
  readonly content?: Partial<{
    contentId: string | null;
    title: string | null;
    type: string | null;
    price: number | null;
    currency: string | null;
    publisherId: string | null;
  }>;
}

export interface ExecuteStrategyCommand extends StrategyExecuteBody {
  readonly vendorId: string;
  readonly strategyId: string;
  /** Resolved by the HTTP layer from the user agent (or `debugUserAgent`). */
  readonly deviceType: string | null;
  /** Resolved by the HTTP layer from the client address. */
  readonly country: string | null;
  readonly userId?: string | null;
  readonly visitorId?: string | null;
  /** SKUs the signed-in reader is entitled to; empty for visitors. */
  readonly entitlements?: readonly string[];
}

/** What the domain answers; `toStrategyExecuteResponse` shapes it for the interface. */
export interface StrategyExecution extends FlowEvaluation {
  readonly paywall: PaywallPublicView;
  readonly strategy: { readonly id: string; readonly name: string; readonly target: string; readonly fingerprint: string };
  readonly context: VisitorContext;
}

const DAY_MS = 24 * HOUR_MS;
const WEEK_MS = 7 * DAY_MS;

/**
 * `POST /paywalls/strategies/{strategyId}/execute`: evaluates the flow
 * against the visitor and answers the paywall to show. Reads are looked at
 * (daily and weekly counts) but never consumed. When the chosen leaf's
 * paywall is archived or gone, the fallback leaf's paywall is shown.
 */
export class ExecuteStrategy {
  constructor(
    private readonly strategies: Pick<StrategyRepository, 'find'>,
    private readonly paywalls: Pick<PaywallRepository, 'find'>,
    private readonly ledger: Pick<ReadLedger, 'readCounts'>,
    private readonly clock: Clock,
  ) {}

  async execute(command: ExecuteStrategyCommand): Promise<StrategyExecution> {
    const strategy = await this.strategies.find(command.vendorId, command.strategyId);
    if (!strategy || !strategy.isActive) throw new StrategyNotFound(command.strategyId);
    const context = visitorContext(command, await this.readCounts(command));
    const compiled = compileFlow(strategy.flow);
    let evaluation = evaluateFlow(compiled, context);
    let paywall = await this.activePaywall(command.vendorId, evaluation.paywallId);
    if (!paywall && evaluation.matchedNode.id !== strategy.flow.fallback) {
      evaluation = fallBack(compiled, evaluation, `paywall "${evaluation.paywallId}" of node "${evaluation.matchedNode.id}" is not available`);
      paywall = await this.activePaywall(command.vendorId, evaluation.paywallId);
    }
    if (!paywall) throw new StrategyHasNoPaywall(strategy.id, [evaluation.paywallId]);
    const { id, name, target, fingerprint } = strategy;
    return { ...evaluation, paywall, strategy: { id, name, target, fingerprint }, context };
  }

  private async activePaywall(vendorId: string, paywallId: string): Promise<PaywallPublicView | null> {
    const paywall = await this.paywalls.find(vendorId, paywallId);
    return paywall && paywall.isActive ? paywall.toPublicView() : null;
  }

  private async readCounts(command: ExecuteStrategyCommand): Promise<VisitorContext['reads']> {
    const query = readCountsQueryOf(command, this.clock.now());
    return query ? this.ledger.readCounts(query) : { daily: 0, weekly: 0 };
  }
}

/**
 * The read counts a strategy evaluation asks of the ledger at `now`: distinct
 * contents read in the past day and week, for the signed-in user or else the
 * visitor; null when the request names neither (their counts are zero).
 */
export function readCountsQueryOf(
  reader: { readonly vendorId: string; readonly userId?: string | null; readonly visitorId?: string | null },
  now: Date,
): ReadCountsQuery | null {
  if (!reader.userId && !reader.visitorId) return null;
  return {
    vendorId: reader.vendorId,
    readerKey: readerKeyOf(reader),
    dailySince: new Date(now.getTime() - DAY_MS),
    weeklySince: new Date(now.getTime() - WEEK_MS),
  };
}

/** The visitor context from the execute body and what the HTTP layer resolved. */
export function visitorContext(command: ExecuteStrategyCommand, reads: VisitorContext['reads']): VisitorContext {
  const a = command.attribution ?? {};
  const c = command.content ?? {};
  const text = (v: string | null | undefined) => (typeof v === 'string' && v !== '' ? v : null);
  return {
    device: { type: text(command.deviceType) },
    geo: { country: text(command.country)?.toUpperCase() ?? null },
    referral: {
      source: text(a.source),
      medium: text(a.medium),
      campaign: text(a.campaign),
      term: text(a.term),
      content: text(a.content),
      referrer: text(a.referrer),
    },
    user: { signedIn: Boolean(command.userId), entitlements: command.entitlements ?? [] },
    reads,
    content: {
      id: text(c.contentId),
      title: text(c.title),
      type: text(c.type),
      price: typeof c.price === 'number' && Number.isFinite(c.price) ? c.price : null,
      currency: text(c.currency),
      publisherId: text(c.publisherId),
    },
  };
}

/** Measured and known by the HTTP layer: the domain neither times nor caches. */
export interface StrategyExecuteDebugInput {
  readonly cache: { readonly flowHit: boolean; readonly paywallHit: boolean };
  readonly timing: { readonly totalMs: number; readonly flowFetchAndEvaluationMs: number; readonly paywallFetchMs: number };
}

/** The response of interface 4.3 for the execute route. */
export interface StrategyExecuteResponse {
  readonly paywallId: string;
  readonly matchedNode: FlowEvaluation['matchedNode'];
  readonly paywall: PaywallPublicView;
  readonly debug?: {
    readonly requesterObject: Record<string, unknown>;
    readonly flow: StrategyExecution['strategy'];
    readonly cache: StrategyExecuteDebugInput['cache'];
    readonly timing: StrategyExecuteDebugInput['timing'];
    readonly trace: FlowEvaluation['trace'];
  };
}

/** The interface's execute response; `debug` only when the caller asked (`debug=true`). */
export function toStrategyExecuteResponse(execution: StrategyExecution, debug: StrategyExecuteDebugInput | null): StrategyExecuteResponse {
  const base = { paywallId: execution.paywallId, matchedNode: execution.matchedNode, paywall: execution.paywall };
  if (!debug) return base;
  return {
    ...base,
    debug: {
      requesterObject: requesterObject(execution.context),
      flow: execution.strategy,
      cache: debug.cache,
      timing: debug.timing,
      trace: execution.trace,
    },
  };
}
