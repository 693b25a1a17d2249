import { performance } from 'node:perf_hooks';
import { Paywall, PaywallRepository, Strategy, StrategyRepository } from '@kiosk/domain/paywalls';

/** A lookup that says whether the process's configuration cache answered it. */
export interface FindsWithHit<A> {
  findWithHit(vendorId: string, id: string): Promise<{ value: A | null; hit: boolean }>;
}

/** What one evaluation learnt about the caches and the time spent fetching paywalls. */
export class ExecutionProbe {
  flowHit = true;
  paywallHit = true;
  paywallFetchMs = 0;
  private flowSeen = false;
  private paywallSeen = false;

  recordFlow(hit: boolean): void {
    this.flowHit = this.flowSeen ? this.flowHit && hit : hit;
    this.flowSeen = true;
  }

  recordPaywall(hit: boolean, ms: number): void {
    this.paywallHit = this.paywallSeen ? this.paywallHit && hit : hit;
    this.paywallSeen = true;
    this.paywallFetchMs += ms;
  }
}

/** The strategy lookup of one evaluation, through the configuration cache, noting hits. */
export class ProbedStrategies implements Pick<StrategyRepository, 'find'> {
  constructor(
    private readonly repo: FindsWithHit<Strategy>,
    private readonly probe: ExecutionProbe,
  ) {}

  async find(vendorId: string, strategyId: string): Promise<Strategy | null> {
    const { value, hit } = await this.repo.findWithHit(vendorId, strategyId);
    if (value) this.probe.recordFlow(hit);
    return value;
  }
}

/** The paywall lookups of one evaluation, through the configuration cache, timed. */
export class ProbedPaywalls implements Pick<PaywallRepository, 'find'> {
  constructor(
    private readonly repo: FindsWithHit<Paywall>,
    private readonly probe: ExecutionProbe,
  ) {}

  async find(vendorId: string, paywallId: string): Promise<Paywall | null> {
    const started = performance.now();
    const { value, hit } = await this.repo.findWithHit(vendorId, paywallId);
    this.probe.recordPaywall(hit, performance.now() - started);
    return value;
  }
}
