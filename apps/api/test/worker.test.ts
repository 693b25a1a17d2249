import { DomainEvent } from '@kiosk/domain';
import { FakeClock } from '@kiosk/domain/testing';
import pino from 'pino';
import { Database } from '../src/platform/database/open-database';
import { appendToOutbox } from '../src/platform/outbox/outbox';
import { EventHandler, PeriodicTask, Worker } from '../src/platform/outbox/worker';
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

const eventsFor = (type: string, count: number, at: Date): DomainEvent[] =>
  Array.from({ length: count }, (_, i) => ({
    type,
    vendorId: 'worker-test',
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
    const worker = new Worker(app.runtime.database.db, clock, [handler, later], [], silent);

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
    const worker = new Worker(app.runtime.database.db, clock, [flaky], [], silent);
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

  it('runs a periodic task once per interval across workers', async () => {
    const clock = new FakeClock(app.clock.now());
    let runs = 0;
    const task: PeriodicTask = { name: uniqueId('task'), intervalMs: 60_000, run: async () => void (runs += 1) };
    const a = new Worker(app.runtime.database.db, clock, [], [task], silent);
    const b = new Worker(second.db, clock, [], [task], silent);
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
    const a = new Worker(app.runtime.database.db, clock, [handler], [], silent);
    const b = new Worker(second.db, clock, [handler], [], silent);
    await Promise.all([a.tick(), b.tick(), a.tick(), b.tick()]);
    expect(seen.length).toBe(200);
    expect(new Set(seen).size).toBe(200);
  });
});
