import { performance } from 'node:perf_hooks';
import { Clock } from '@kiosk/domain';
import {
  ExecuteStrategy,
  Paywall,
  ReadCountsQuery,
  readCountsQueryOf,
  ReadLedger,
  Strategy,
  StrategyExecuteBody,
  StrategyExecuteResponse,
  toStrategyExecuteResponse,
} from '@kiosk/domain/paywalls';
import { ExecutionProbe, FindsWithHit, ProbedPaywalls, ProbedStrategies } from './strategy-cache';
import { SignedInReaderFacts } from './typeorm-reader-facts';
import { CountryResolver, DeviceResolver } from './visitor-resolution';

/** Who asks and what the HTTP request says about them. */
export interface ExecuteRequest extends StrategyExecuteBody {
  readonly vendorId: string;
  readonly strategyId: string;
  readonly userId: string | null;
  readonly visitorId: string | null;
  /** `debugUserAgent` when given, otherwise the User-Agent header. */
  readonly userAgent: string | undefined;
  /** The client address as Express resolved it (honouring TRUST_PROXY). */
  readonly clientIp: string | undefined;
  readonly debug: boolean;
}

/** A signed-in reader's live entitlements (skus) and read counts, read together (`TypeOrmReaderFacts`). */
export type SignedInFacts = (userId: string, counts: ReadCountsQuery) => Promise<SignedInReaderFacts>;

const ms = (value: number) => Math.round(value * 1000) / 1000;

/**
 * `POST /paywalls/strategies/{strategyId}/execute` outside Express: resolves
 * device and country, the reader's entitlements, runs the domain's
 * ExecuteStrategy through the per-process caches, and shapes the response
 * with timings and cache hits (the process's configuration cache: a hit reads
 * nothing from the database). Nothing here records a read.
 */
export class StrategyExecutor {
  constructor(
    private readonly strategies: FindsWithHit<Strategy>,
    private readonly paywalls: FindsWithHit<Paywall>,
    private readonly ledger: Pick<ReadLedger, 'readCounts'>,
    private readonly signedInFacts: SignedInFacts,
    private readonly devices: DeviceResolver,
    private readonly countries: CountryResolver,
    private readonly clock: Clock,
  ) {}

  async execute(request: ExecuteRequest): Promise<StrategyExecuteResponse> {
    const started = performance.now();
    const probe = new ExecutionProbe();
    // A signed-in reader's entitlements and read counts come in one statement; the use case gets the counts it would ask for.
    const facts = request.userId ? await this.signedInFacts(request.userId, readCountsQueryOf(request, this.clock.now())!) : null;
    const useCase = new ExecuteStrategy(
      new ProbedStrategies(this.strategies, probe),
      new ProbedPaywalls(this.paywalls, probe),
      facts ? { readCounts: async () => facts.reads } : this.ledger,
      this.clock,
    );
    const execution = await useCase.execute({
      vendorId: request.vendorId,
      strategyId: request.strategyId,
      attribution: request.attribution,
      content: request.content,
      deviceType: this.devices.deviceType(request.userAgent),
      country: this.countries.country(request.clientIp),
      userId: request.userId,
      visitorId: request.visitorId,
      entitlements: facts?.skus ?? [],
    });
    if (!request.debug) return toStrategyExecuteResponse(execution, null);
    const totalMs = performance.now() - started;
    return toStrategyExecuteResponse(execution, {
      cache: { flowHit: probe.flowHit, paywallHit: probe.paywallHit },
      timing: {
        totalMs: ms(totalMs),
        flowFetchAndEvaluationMs: ms(Math.max(0, totalMs - probe.paywallFetchMs)),
        paywallFetchMs: ms(probe.paywallFetchMs),
      },
    });
  }
}
