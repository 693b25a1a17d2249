import { TestClock, TestClockRepository } from '../catalog';

/**
 * Test clocks in memory. `add` is what a vendor repository does for a
 * test-mode vendor; `InMemoryVendorRepository` calls it when given this.
 */
export class InMemoryTestClockRepository implements TestClockRepository {
  readonly rows = new Map<string, TestClock>();

  add(vendorId: string, at: Date): void {
    this.rows.set(vendorId, { vendorId, frozenTime: at, status: 'ready', advancingTo: null, createdAt: at, updatedAt: at });
  }

  async find(vendorId: string): Promise<TestClock | null> {
    return this.rows.get(vendorId) ?? null;
  }

  async beginAdvance(vendorId: string, to: Date): Promise<boolean> {
    const clock = this.rows.get(vendorId);
    if (!clock || clock.status !== 'ready') return false;
    this.rows.set(vendorId, { ...clock, status: 'advancing', advancingTo: to });
    return true;
  }

  async moveTo(vendorId: string, instant: Date): Promise<void> {
    const clock = this.rows.get(vendorId);
    if (clock) this.rows.set(vendorId, { ...clock, frozenTime: instant, updatedAt: instant });
  }

  async finishAdvance(vendorId: string, instant: Date): Promise<TestClock> {
    const clock = this.rows.get(vendorId)!;
    const done: TestClock = { ...clock, frozenTime: instant, status: 'ready', advancingTo: null, updatedAt: instant };
    this.rows.set(vendorId, done);
    return done;
  }
}
