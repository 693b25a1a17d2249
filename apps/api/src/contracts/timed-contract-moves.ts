import { Clock } from '@kiosk/domain';
import { AdvanceContract, ContractRepository } from '@kiosk/domain/contracts';
import { Logger } from 'pino';
import { PeriodicTask } from '../platform/outbox/worker';

const BATCH = 100;

/**
 * What time does to contracts (start, renew, overdue, cancel), run by the
 * worker every minute. Each contract moves under its row lock and its state
 * is decided again inside it, so two workers never move one contract twice.
 */
export class TimedContractMoves implements PeriodicTask {
  readonly name = 'contracts.advance';
  readonly intervalMs = 60_000;

  constructor(
    private readonly contracts: Pick<ContractRepository, 'listDueForAdvance'>,
    private readonly advance: AdvanceContract,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  /** Advances every due contract; answers how many moves were made. */
  async run(): Promise<number> {
    let moves = 0;
    const seen = new Set<string>();
    for (;;) {
      const due = (await this.contracts.listDueForAdvance(this.clock.now(), BATCH)).filter(
        (d) => !seen.has(`${d.vendorId}/${d.contractId}`),
      );
      if (due.length === 0) return moves;
      for (const { vendorId, contractId } of due) {
        seen.add(`${vendorId}/${contractId}`);
        try {
          moves += (await this.advance.execute({ vendorId, contractId })).length;
        } catch (error) {
          // One contract's failure (an unreachable provider, say) must not stop the others; it is retried next run.
          this.logger.warn({ err: error, vendorId, contractId }, 'contract could not be advanced');
        }
      }
    }
  }
}
