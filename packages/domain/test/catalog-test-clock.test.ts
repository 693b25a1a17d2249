import { AdvanceTestClock, CreateVendor, GetTestClock, VendorDueWork } from '../src/catalog';
import { FakeClock, InMemoryTestClockRepository, InMemoryVendorRepository } from '../src/testing';

const T0 = new Date('2030-01-01T00:00:00Z');
const day = (n: number) => new Date(T0.getTime() + n * 86_400_000);

/** Work due at fixed instants; running an instant records the time it ran at and takes it off the list. */
function scheduledWork(dueAt: Date[]): VendorDueWork & { ran: string[] } {
  const pending = [...dueAt];
  const ran: string[] = [];
  return {
    ran,
    async nextDueAt(_vendorId, after, until) {
      const due = pending.filter((d) => d <= until && (after === null || d > after)).sort((a, b) => a.getTime() - b.getTime());
      return due[0] ?? null;
    },
    async runDueAt(_vendorId, at) {
      for (const d of pending.filter((x) => x <= at)) pending.splice(pending.indexOf(d), 1);
      ran.push(at.toISOString());
    },
  };
}

function world(dueAt: Date[] = []) {
  const clocks = new InMemoryTestClockRepository();
  const vendors = new InMemoryVendorRepository(clocks);
  const work = scheduledWork(dueAt);
  return {
    clocks,
    work,
    create: new CreateVendor(vendors, new FakeClock(T0)),
    get: new GetTestClock(vendors, clocks),
    advance: new AdvanceTestClock(vendors, clocks, work),
  };
}

describe('test clocks', () => {
  it('a test-mode vendor owns one, starting now or where asked; a production vendor has none', async () => {
    const w = world();
    await w.create.execute({ id: 'sandbox', name: 'Sandbox', testMode: true });
    await w.create.execute({ id: 'past', name: 'Past', testMode: true, testClockStart: day(-100) });
    await w.create.execute({ id: 'live', name: 'Live' });
    expect(await w.get.execute('sandbox')).toMatchObject({ frozenTime: T0, status: 'ready' });
    expect(await w.get.execute('past')).toMatchObject({ frozenTime: day(-100) });
    await expect(w.get.execute('live')).rejects.toMatchObject({ code: 'TEST_CLOCK.NOT_FOUND', kind: 'not_found' });
    await expect(w.advance.execute({ vendorId: 'live', to: day(1) })).rejects.toMatchObject({ code: 'TEST_CLOCK.PRODUCTION_VENDOR', kind: 'conflict' });
    await expect(w.create.execute({ id: 'odd', name: 'Odd', testClockStart: T0 })).rejects.toMatchObject({ code: 'VENDOR.CLOCK_WITHOUT_TEST_MODE' });
  });

  it('advancing runs each instant that fell due, in order, once, and ends at the target', async () => {
    const w = world([day(30), day(5), day(5), day(400)]);
    await w.create.execute({ id: 'sandbox', name: 'Sandbox', testMode: true });
    const clock = await w.advance.execute({ vendorId: 'sandbox', to: day(60) });
    expect(w.work.ran).toEqual([day(5), day(30)].map((d) => d.toISOString()));
    expect(clock).toMatchObject({ frozenTime: day(60), status: 'ready', advancingTo: null });
  });

  it('never goes backwards, and one advance at a time', async () => {
    const w = world();
    await w.create.execute({ id: 'sandbox', name: 'Sandbox', testMode: true });
    await expect(w.advance.execute({ vendorId: 'sandbox', to: day(-1) })).rejects.toMatchObject({ code: 'TEST_CLOCK.BACKWARDS', kind: 'invalid' });
    await w.clocks.beginAdvance('sandbox', day(3));
    await expect(w.advance.execute({ vendorId: 'sandbox', to: day(2) })).rejects.toMatchObject({ code: 'TEST_CLOCK.ADVANCING', kind: 'conflict' });
  });
});
