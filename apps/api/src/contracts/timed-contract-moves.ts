import { Clock } from '@kiosk/domain';
import { AdvanceContract, ContractRepository } from '@kiosk/domain/contracts';
import { Logger } from 'pino';
import { PeriodicTask } from '../platform/outbox/worker';
import { VendorTimedWork } from '../platform/vendor-time';

const BATCH = 100;

/** Where the due contracts are found: the domain's port, and the earliest due instant of one vendor. */
export type DueContracts = Pick<ContractRepository, 'listDueForAdvance'> & {
  nextCheckAt(vendorId: string, after: Date | null, until: Date): Promise<Date | null>;
};

/** Runs work in a vendor's time (its test clock's instant, or the system clock). */
export interface VendorTimeEntry {
  enter<T>(vendorId: string, work: () => Promise<T>): Promise<T>;
}

/**
 * What time does to contracts (start, renew, overdue, cancel), run by the
 * worker every minute. Each contract moves under its row lock and its state
 * is decided again inside it, so two workers never move one contract twice.
 * A test vendor's contracts fall due by its test clock and move in its time;
 * advancing that clock runs them for the one vendor (`VendorTimedWork`).
 */
export class TimedContractMoves implements PeriodicTask, VendorTimedWork {
  readonly name = 'contracts.advance';
  readonly intervalMs = 60_000;

  constructor(
    private readonly contracts: DueContracts,
    private readonly advance: AdvanceContract,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly vendorTime: VendorTimeEntry,
  ) {}

  /** Advances every due contract of every vendor; answers how many moves were made. */
  run(): Promise<number> {
    return this.advanceDue(undefined, (vendorId, work) => this.vendorTime.enter(vendorId, work));
  }

  nextDueAt(vendorId: string, after: Date | null, until: Date): Promise<Date | null> {
    return this.contracts.nextCheckAt(vendorId, after, until);
  }

  /** The vendor's due contracts, in the vendor's time the caller has entered. */
  runDue(vendorId: string): Promise<number> {
    return this.advanceDue(vendorId, (_vendorId, work) => work());
  }

  private async advanceDue(onlyVendor: string | undefined, inTime: (vendorId: string, work: () => Promise<number>) => Promise<number>) {
    let moves = 0;
    const seen = new Set<string>();
    for (;;) {
      const due = (await this.contracts.listDueForAdvance(this.clock.now(), BATCH, onlyVendor)).filter(
        (d) => !seen.has(`${d.vendorId}/${d.contractId}`),
      );
      if (due.length === 0) return moves;
      for (const { vendorId, contractId } of due) {
        seen.add(`${vendorId}/${contractId}`);
        try {
          moves += await inTime(vendorId, async () => (await this.advance.execute({ vendorId, contractId })).length);
        } catch (error) {
          // One contract's failure (an unreachable provider, say) must not stop the others; it is retried next run.
          this.logger.warn({ err: error, vendorId, contractId }, 'contract could not be advanced');
        }
      }
    }
  }
}
