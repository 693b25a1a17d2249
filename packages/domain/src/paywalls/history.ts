import { Clock, NotFoundError } from '../shared';
import { PaywallNotFound, StrategyNotFound } from './errors';
import { Paywall, PaywallSnapshot } from './paywall';
import { PaywallRepository, StrategyRepository } from './ports';
import { SavedBy } from './saved-by';
import { prepareFlow, Strategy, StrategySnapshot } from './strategy';

export type { SavedBy } from './saved-by';

/** One saved version of a paywall or strategy: its whole content as it was saved. */
export interface SavedVersion<S> {
  readonly version: number;
  /** The instant of the save (the snapshot's `modifiedAt`, on the vendor's clock). */
  readonly savedAt: Date;
  readonly savedBy: SavedBy | null;
  readonly snapshot: S;
}

export const HISTORY_PAGE = { defaultLimit: 50, max: 500 } as const;

export interface HistoryPage {
  readonly limit: number;
  readonly offset: number;
}

/**
 * The versions a repository kept. The repositories write them: `add` keeps
 * version 1 and `update` keeps the new version whenever it rose, in the same
 * transaction as the save, so the history never misses or invents one. No
 * reader's path reads it.
 */
export interface VersionHistory<S> {
  /** The kept versions of one aggregate of the vendor, newest first; empty when there is none. */
  versions(vendorId: string, id: string, page: HistoryPage): Promise<SavedVersion<S>[]>;
  version(vendorId: string, id: string, version: number): Promise<SavedVersion<S> | null>;
}

export type PaywallHistory = VersionHistory<PaywallSnapshot>;
export type StrategyHistory = VersionHistory<StrategySnapshot>;

export class PaywallVersionNotFound extends NotFoundError {
  constructor(paywallId: string, version: number) {
    super('PAYWALL.VERSION_NOT_FOUND', `paywall ${paywallId} has no version ${version}`, { paywallId, version });
  }
}

export class StrategyVersionNotFound extends NotFoundError {
  constructor(strategyId: string, version: number) {
    super('STRATEGY.VERSION_NOT_FOUND', `strategy ${strategyId} has no version ${version}`, { strategyId, version });
  }
}

const pageOf = (page: Partial<HistoryPage>): HistoryPage => ({
  limit: Math.min(Math.max(page.limit ?? HISTORY_PAGE.defaultLimit, 1), HISTORY_PAGE.max),
  offset: Math.max(page.offset ?? 0, 0),
});

/** Management: a paywall's saved versions, newest first; another vendor's paywall is not found. */
export class ListPaywallVersions {
  constructor(
    private readonly paywalls: Pick<PaywallRepository, 'find'>,
    private readonly history: PaywallHistory,
  ) {}

  async execute(command: { vendorId: string; paywallId: string; limit?: number; offset?: number }): Promise<SavedVersion<PaywallSnapshot>[]> {
    if (!(await this.paywalls.find(command.vendorId, command.paywallId))) throw new PaywallNotFound(command.paywallId);
    return this.history.versions(command.vendorId, command.paywallId, pageOf(command));
  }
}

/** Management: one saved version of a paywall, whole. */
export class GetPaywallVersion {
  constructor(
    private readonly paywalls: Pick<PaywallRepository, 'find'>,
    private readonly history: PaywallHistory,
  ) {}

  async execute(command: { vendorId: string; paywallId: string; version: number }): Promise<SavedVersion<PaywallSnapshot>> {
    if (!(await this.paywalls.find(command.vendorId, command.paywallId))) throw new PaywallNotFound(command.paywallId);
    const found = await this.history.version(command.vendorId, command.paywallId, command.version);
    if (!found) throw new PaywallVersionNotFound(command.paywallId, command.version);
    return found;
  }
}

export class ListStrategyVersions {
  constructor(
    private readonly strategies: Pick<StrategyRepository, 'find'>,
    private readonly history: StrategyHistory,
  ) {}

  async execute(command: { vendorId: string; strategyId: string; limit?: number; offset?: number }): Promise<SavedVersion<StrategySnapshot>[]> {
    if (!(await this.strategies.find(command.vendorId, command.strategyId))) throw new StrategyNotFound(command.strategyId);
    return this.history.versions(command.vendorId, command.strategyId, pageOf(command));
  }
}

export class GetStrategyVersion {
  constructor(
    private readonly strategies: Pick<StrategyRepository, 'find'>,
    private readonly history: StrategyHistory,
  ) {}

  async execute(command: { vendorId: string; strategyId: string; version: number }): Promise<SavedVersion<StrategySnapshot>> {
    if (!(await this.strategies.find(command.vendorId, command.strategyId))) throw new StrategyNotFound(command.strategyId);
    const found = await this.history.version(command.vendorId, command.strategyId, command.version);
    if (!found) throw new StrategyVersionNotFound(command.strategyId, command.version);
    return found;
  }
}

/**
 * Management: saves an earlier version's content (a paywall's name, entity,
 * preview address and content) as a new version; the history keeps every
 * version in between. Nothing changes when the paywall already has that
 * content; an archived paywall refuses (409 PAYWALL.ARCHIVED).
 */
export class RestorePaywallVersion {
  constructor(
    private readonly paywalls: Pick<PaywallRepository, 'find' | 'update'>,
    private readonly history: PaywallHistory,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; paywallId: string; version: number; savedBy?: SavedBy | null }): Promise<Paywall> {
    const earlier = await new GetPaywallVersion(this.paywalls, this.history).execute(command);
    return this.paywalls.update(
      command.vendorId,
      command.paywallId,
      (paywall) => {
        paywall.restore(earlier.snapshot, this.clock.now());
        return paywall;
      },
      command.savedBy ?? null,
    );
  }
}

/** Management: saves an earlier version's name, target and flow as a new version of the strategy. */
export class RestoreStrategyVersion {
  constructor(
    private readonly strategies: Pick<StrategyRepository, 'find' | 'update'>,
    private readonly history: StrategyHistory,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; strategyId: string; version: number; savedBy?: SavedBy | null }): Promise<Strategy> {
    const earlier = (await new GetStrategyVersion(this.strategies, this.history).execute(command)).snapshot;
    const flow = await prepareFlow(earlier.flow);
    return this.strategies.update(
      command.vendorId,
      command.strategyId,
      (strategy) => {
        strategy.change({ name: earlier.name, target: earlier.target, flow }, this.clock.now());
        return strategy;
      },
      command.savedBy ?? null,
    );
  }
}
