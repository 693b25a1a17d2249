import { VendorDueWork } from '@kiosk/domain/catalog';
import { Logger } from 'pino';
import { runInVendorTime, VendorTimedWork } from '../platform/vendor-time';

/** Rounds of work at one instant: effects of effects (a move's event makes a bill due...) settle within a few. */
const MAX_ROUNDS = 10;

/**
 * What advancing a test clock runs at each instant: every module's
 * time-driven work of the vendor (`TOKENS.VendorTimedWork`: timed contract
 * moves, the outbox), in the vendor's time at that instant, repeated until a
 * round does nothing, so a step's effects are handled before the next step.
 */
export class TestClockDueWork implements VendorDueWork {
  constructor(
    private readonly works: () => readonly VendorTimedWork[],
    private readonly logger: Logger,
  ) {}

  async nextDueAt(vendorId: string, after: Date | null, until: Date): Promise<Date | null> {
    const dues = await Promise.all(this.works().map((w) => w.nextDueAt(vendorId, after, until)));
    const times = dues.filter((d): d is Date => d !== null).map((d) => d.getTime());
    return times.length > 0 ? new Date(Math.min(...times)) : null;
  }

  runDueAt(vendorId: string, at: Date): Promise<void> {
    return runInVendorTime(vendorId, at, async () => {
      for (let round = 0; round < MAX_ROUNDS; round += 1) {
        let done = 0;
        for (const work of this.works()) done += await work.runDue(vendorId);
        if (done === 0) return;
      }
      this.logger.warn({ vendorId, at }, 'test clock: work still due after every round at this instant; the worker takes the rest');
    });
  }
}
