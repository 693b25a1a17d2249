import { ConflictError, InvalidError, NotFoundError } from '../shared';
import { VendorRepository } from './ports';
import { VendorNotFound } from './use-cases';

/**
 * A test-mode vendor's own time. It stands still (frozen) until a management
 * call advances it; everything that reads time for that vendor reads it
 * instead of the system clock. `advancing` while an advance is running the
 * moves that fell due.
 */
export interface TestClock {
  readonly vendorId: string;
  readonly frozenTime: Date;
  readonly status: TestClockStatus;
  /** Where a running advance is going; null when ready. */
  readonly advancingTo: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export type TestClockStatus = 'ready' | 'advancing';

/** Distinct instants one advance steps through at most; a longer way is finished by asking again. */
export const MAX_ADVANCE_STEPS = 1_000;

export class TestClockNotFound extends NotFoundError {
  constructor(vendorId: string) {
    super('TEST_CLOCK.NOT_FOUND', `vendor ${vendorId} has no test clock: it is a production vendor and keeps the system clock`, { vendorId });
  }
}

export class ProductionVendorClock extends ConflictError {
  constructor(vendorId: string) {
    super('TEST_CLOCK.PRODUCTION_VENDOR', `vendor ${vendorId} is a production vendor: its clock is the system clock and cannot be moved`, {
      vendorId,
    });
  }
}

export class TestClockBackwards extends InvalidError {
  constructor(frozenTime: Date, to: Date) {
    super('TEST_CLOCK.BACKWARDS', `a test clock only moves forward: it is at ${frozenTime.toISOString()}, asked for ${to.toISOString()}`, {
      frozenTime: frozenTime.toISOString(),
      requested: to.toISOString(),
    });
  }
}

export class TestClockBusy extends ConflictError {
  constructor(vendorId: string) {
    super('TEST_CLOCK.ADVANCING', `the test clock of ${vendorId} is being advanced; ask again when its status is ready`, { vendorId });
  }
}

export interface TestClockRepository {
  find(vendorId: string): Promise<TestClock | null>;
  /** Marks the clock advancing towards `to`; false when another advance holds it. */
  beginAdvance(vendorId: string, to: Date): Promise<boolean>;
  /** Moves the frozen time to a step of a running advance (announced to every process's clock). */
  moveTo(vendorId: string, instant: Date): Promise<void>;
  /** Ends the advance at `instant`: status ready. */
  finishAdvance(vendorId: string, instant: Date): Promise<TestClock>;
}

/**
 * Time-driven work of one vendor (contract moves, due outbox jobs): the
 * earliest instant something falls due, and running what is due at an instant.
 */
export interface VendorDueWork {
  /** The earliest due instant after `after` (or any, when null) and not after `until`; null when none. */
  nextDueAt(vendorId: string, after: Date | null, until: Date): Promise<Date | null>;
  /** Runs everything of the vendor due at `at`, with the vendor's time reading `at`. */
  runDueAt(vendorId: string, at: Date): Promise<void>;
}

async function clockOf(vendors: VendorRepository, clocks: TestClockRepository, vendorId: string, refuse: (id: string) => Error) {
  const vendor = await vendors.find(vendorId);
  if (!vendor) throw new VendorNotFound(vendorId);
  const clock = vendor.testMode ? await clocks.find(vendorId) : null;
  if (!clock) throw refuse(vendorId);
  return clock;
}

/** GET /management/test-clock. */
export class GetTestClock {
  constructor(
    private readonly vendors: VendorRepository,
    private readonly clocks: TestClockRepository,
  ) {}

  execute(vendorId: string): Promise<TestClock> {
    return clockOf(this.vendors, this.clocks, vendorId, (id) => new TestClockNotFound(id));
  }
}

/**
 * POST /management/test-clock/advance: moves a test clock forward to `to`,
 * stepping through every instant at which something of the vendor fell due,
 * in order, so each move happens at its own time and sees the effects of the
 * moves before it. One advance at a time per clock.
 */
export class AdvanceTestClock {
  constructor(
    private readonly vendors: VendorRepository,
    private readonly clocks: TestClockRepository,
    private readonly work: VendorDueWork,
  ) {}

  async execute(command: { vendorId: string; to: Date }): Promise<TestClock> {
    const { vendorId, to } = command;
    const clock = await clockOf(this.vendors, this.clocks, vendorId, (id) => new ProductionVendorClock(id));
    if (to < clock.frozenTime) throw new TestClockBackwards(clock.frozenTime, to);
    if (!(await this.clocks.beginAdvance(vendorId, to))) throw new TestClockBusy(vendorId);
    let at = clock.frozenTime;
    try {
      // First what is already due (at the current time), then each later instant once.
      let after: Date | null = null;
      let due = await this.work.nextDueAt(vendorId, after, to);
      for (let steps = 0; due && steps < MAX_ADVANCE_STEPS; steps += 1) {
        if (due > at) {
          at = due;
          await this.clocks.moveTo(vendorId, at);
        }
        await this.work.runDueAt(vendorId, at);
        after = at;
        due = await this.work.nextDueAt(vendorId, after, to);
      }
      // Out of steps with work left, the clock stays at the last one (the answer shows where); asking again goes on.
      if (!due && at < to) {
        at = to;
        await this.clocks.moveTo(vendorId, at);
      }
    } finally {
      await this.clocks.finishAdvance(vendorId, at);
    }
    return (await this.clocks.find(vendorId)) ?? clock;
  }
}
