import { DomainEvent } from '@kiosk/domain';
import { FakeClock } from '@kiosk/domain/testing';
import pino from 'pino';
import { Database } from '../src/platform/database/open-database';
import { appendToOutbox } from '../src/platform/outbox/outbox';
import { EventHandler, OUTBOX_LEASE_MS, PeriodicTask, Worker } from '../src/platform/outbox/worker';
import { TOKENS } from '../src/platform/tokens';
import { givenContractVendor } from './contracts/support';
import { onRealPostgres, openTestDatabase, startTestApp, TestApp, uniqueId } from './support/harness';

const silent = pino({ level: 'silent' });
let app: TestApp;
let second: Database;

beforeAll(async () => {
  app = await startTestApp();
  second = await openTestDatabase();
});
afterAll(async () => {
  await second.close();
  await app.close();
});

/**
 * The vendor of this file's made-up events. Its workers claim only that
 * vendor's events (or the vendor of the test), so they never take, and mark
 * handled, the events of other test files sharing the database.
 */
const WORKER_VENDOR = 'worker-test';

const eventsFor = (type: string, count: number, at: Date): DomainEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    type,
    vendorId: WORKER_VENDOR,
    aggregateId: `agg-${i}`,
    occurredAt: at,
    payload: { n: i },
  }));

function recorder(type: string): EventHandler & { seen: number[] } {
  const seen: number[] = [];
  return { eventType: type, seen, handle: async (event) => void seen.push(event.payload.n as number) };
}

describe('the worker', () => {
  it('handles each outbox event once, and only when it is due', async () => {
    const clock = new FakeClock(app.clock.now());
    const type = uniqueId('test.event');
    const handler = recorder(type);
    await appendToOutbox(app.runtime.database.db.manager, eventsFor(type, 3, clock.now()));
    await appendToOutbox(app.runtime.database.db.manager, eventsFor(`${type}.later`, 1, clock.now()), new Date(clock.now().getTime() + 60_000));
    const later = recorder(`${type}.later`);
    const worker = new Worker(app.runtime.database.db, clock, [handler, later], [], silent, [], WORKER_VENDOR);

    await worker.tick();
    await worker.tick();
    expect(handler.seen.sort()).toEqual([0, 1, 2]);
    expect(later.seen).toEqual([]);
    clock.advance(60_001);
    await worker.tick();
    expect(later.seen).toEqual([0]);
  });

  it('retries a failing handler with backoff, then succeeds', async () => {
    const clock = new FakeClock(app.clock.now());
    const type = uniqueId('test.flaky');
    let calls = 0;
    const flaky: EventHandler = {
      eventType: type,
      handle: async () => {
        calls += 1;
        if (calls === 1) throw new Error('provider down');
      },
    };
    await appendToOutbox(app.runtime.database.db.manager, eventsFor(type, 1, clock.now()));
    const worker = new Worker(app.runtime.database.db, clock, [flaky], [], silent, [], WORKER_VENDOR);
    await worker.tick();
    expect(calls).toBe(1);
    await worker.tick();
    expect(calls).toBe(1); // not before its backoff
    clock.advance(5_000);
    await worker.tick();
    expect(calls).toBe(2);
    const [row] = await app.runtime.database.db.query(`SELECT attempts, processed_at, last_error FROM outbox WHERE type = $1`, [type]);
    expect(row.attempts).toBe(2);
    expect(row.processed_at).not.toBeNull();
    expect(row.last_error).toBeNull();
  });

  // These run at a time long past, on events due then: other test files' events (due now) are never claimed here.
  const PAST = new Date('2001-01-01T00:00:00Z');

  it('hands the rest of its claimed batch back when stopped, so another worker handles it at once', async () => {
    const clock = new FakeClock(PAST);
    const type = uniqueId('test.shutdown');
    await appendToOutbox(app.runtime.database.db.manager, eventsFor(type, 3, clock.now()));
    let reached: () => void = () => undefined;
    const firstReached = new Promise<void>((resolve) => (reached = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    const seenByA: number[] = [];
    const slow: EventHandler = {
      eventType: type,
      handle: async (event) => {
        seenByA.push(event.payload.n as number);
        reached();
        await released;
      },
    };
    const a = new Worker(app.runtime.database.db, clock, [slow], [], silent, [], WORKER_VENDOR);
    const ticking = a.tick();
    await firstReached;
    const stopped = a.stop(); // SIGTERM while the first event is being handled
    release();
    await Promise.all([ticking, stopped]);
    expect(seenByA).toEqual([0]);

    // Same instant: no lease to wait for.
    const b = recorder(type);
    await new Worker(second.db, clock, [b], [], silent, [], WORKER_VENDOR).tick();
    expect(b.seen.sort()).toEqual([1, 2]);
    const rows = await app.runtime.database.db.query(
      `SELECT payload->>'n' AS n, attempts, processed_at IS NOT NULL AS done FROM outbox WHERE type = $1 ORDER BY payload->>'n'`,
      [type],
    );
    expect(rows).toEqual([
      { n: '0', attempts: 1, done: true },
      { n: '1', attempts: 1, done: true },
      { n: '2', attempts: 1, done: true },
    ]);
  });

  it("a confirmed contract's entitlements: the worker stopping mid-batch hands them to another at once", async () => {
    const v = await givenContractVendor(app);
    const created = await v.create(v.order({ sku: 'news', purchaseOptionId: 'news-yearly', confirm: true }));
    expect(created.status).toBe(201);
    const db = app.runtime.database.db;
    // Its events, made due at the past instant the workers below live at.
    await db.query(`UPDATE outbox SET available_at = $2 WHERE vendor_id = $1`, [v.vendorId, PAST]);
    const handlers = app.runtime.container.getAll(TOKENS.EventHandler);
    let reached: () => void = () => undefined;
    const firstReached = new Promise<void>((resolve) => (reached = resolve));
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => (release = resolve));
    // Worker A is slow in the contract's first event and is told to stop (SIGTERM) meanwhile.
    const slow: EventHandler[] = [
      ...handlers,
      {
        eventType: 'contract.created',
        handle: async () => {
          reached();
          await released;
        },
      },
    ];
    const clock = new FakeClock(PAST);
    const a = new Worker(db, clock, slow, [], silent, [], v.vendorId);
    const ticking = a.tick();
    await firstReached;
    const stopped = a.stop();
    release();
    await Promise.all([ticking, stopped]);

    const unprocessed = `SELECT count(*)::int AS n FROM outbox WHERE vendor_id = $1 AND processed_at IS NULL`;
    const [handedBack] = await db.query(unprocessed, [v.vendorId]);
    expect(handedBack.n).toBe(3); // confirmed, bill issued, activated
    await new Worker(second.db, clock, handlers, [], silent, [], v.vendorId).tick(); // same instant, no lease to wait for
    const granted = await db.query(`SELECT sku FROM entitlements WHERE vendor_id = $1 AND revoked_at IS NULL`, [v.vendorId]);
    expect(granted).toEqual([{ sku: 'news' }]);
    // Every event handed back is handled; the grant recorded its own event (for a later tick at the service's time).
    expect((await db.query(`${unprocessed} AND type <> 'entitlement.granted'`, [v.vendorId]))[0].n).toBe(0);
  });

  it('takes over the events of a worker that died mid-lease once its lease of 15 seconds lapses', async () => {
    const clock = new FakeClock(PAST);
    const type = uniqueId('test.crash');
    await appendToOutbox(app.runtime.database.db.manager, eventsFor(type, 1, clock.now()));
    // A worker claimed it and was killed: the row stays leased.
    await app.runtime.database.db.query(`UPDATE outbox SET locked_until = $2, attempts = 1 WHERE type = $1`, [
      type,
      new Date(clock.now().getTime() + OUTBOX_LEASE_MS),
    ]);
    expect(OUTBOX_LEASE_MS).toBe(15_000);
    const handler = recorder(type);
    const worker = new Worker(second.db, clock, [handler], [], silent, [], WORKER_VENDOR);
    clock.advance(OUTBOX_LEASE_MS - 1);
    await worker.tick();
    expect(handler.seen).toEqual([]);
    clock.advance(2);
    await worker.tick();
    expect(handler.seen).toEqual([0]);
  });

  it('renews the lease of the rest of its batch while it works through it', async () => {
    const clock = new FakeClock(PAST);
    const type = uniqueId('test.long');
    await appendToOutbox(app.runtime.database.db.manager, eventsFor(type, 2, clock.now()));
    const leases: (Date | null)[] = [];
    const slow: EventHandler = {
      eventType: type,
      handle: async (event) => {
        if (event.payload.n === 0) clock.advance(OUTBOX_LEASE_MS - 1_000); // a long first handler
        else {
          const [row] = await app.runtime.database.db.query(`SELECT locked_until FROM outbox WHERE id = $1`, [event.id]);
          leases.push(row.locked_until);
        }
      },
    };
    const start = clock.now().getTime();
    await new Worker(app.runtime.database.db, clock, [slow], [], silent, [], WORKER_VENDOR).tick();
    expect(leases).toEqual([new Date(start + OUTBOX_LEASE_MS - 1_000 + OUTBOX_LEASE_MS)]);
  });

  it('runs a periodic task once per interval across workers', async () => {
    const clock = new FakeClock(app.clock.now());
    let runs = 0;
    const task: PeriodicTask = { name: uniqueId('task'), intervalMs: 60_000, run: async () => void (runs += 1) };
    const a = new Worker(app.runtime.database.db, clock, [], [task], silent, [], WORKER_VENDOR);
    const b = new Worker(second.db, clock, [], [task], silent, [], WORKER_VENDOR);
    await Promise.all([a.runDueTasks(), b.runDueTasks()]);
    expect(runs).toBe(1);
    await Promise.all([a.runDueTasks(), b.runDueTasks()]);
    expect(runs).toBe(1);
    clock.advance(60_000);
    await Promise.all([a.runDueTasks(), b.runDueTasks()]);
    expect(runs).toBe(2);
  });

  (onRealPostgres() ? it : it.skip)('on PostgreSQL, two workers draining at once handle each of 200 events exactly once', async () => {
    const clock = new FakeClock(app.clock.now());
    const type = uniqueId('test.parallel');
    await appendToOutbox(app.runtime.database.db.manager, eventsFor(type, 200, clock.now()));
    const seen: number[] = [];
    const handler: EventHandler = {
      eventType: type,
      handle: async (event) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        seen.push(event.payload.n as number);
      },
    };
    const a = new Worker(app.runtime.database.db, clock, [handler], [], silent, [], WORKER_VENDOR);
    const b = new Worker(second.db, clock, [handler], [], silent, [], WORKER_VENDOR);
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(seen.length).toBe(200);
    expect(new Set(seen).size).toBe(200);
  });
});
