import { appendToOutbox } from '../../src/platform/outbox/outbox';
import { WebhookDeliveries } from '../../src/webhooks/webhooks.module';
import { bearer, givenVendor, onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { startReceiver } from './receiver';

// Claims are decided by the database (FOR UPDATE SKIP LOCKED); only a real
// PostgreSQL with many connections shows it, so this runs there.
const onPostgres = onRealPostgres() ? describe : describe.skip;
const EVENTS = Number(process.env.WEBHOOK_CONCURRENCY_EVENTS ?? 1000);
const OBJECTS = 50;

let first: TestApp;
let second: TestApp;
beforeAll(async () => {
  first = await startTestApp({ WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true' });
  second = await startTestApp({ WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true' });
});
afterAll(async () => {
  await second.close();
  await first.close();
});

onPostgres('webhook delivery by two workers (PostgreSQL)', () => {
  it(`delivers ${EVENTS} events once each, every object's events in order`, async () => {
    const receiver = await startReceiver();
    try {
      const v = await givenVendor(first);
      const hooks = await v.apiToken('full', ['webhooks:write']);
      expect((await first.http.post('/management/webhooks/endpoints').set(bearer(hooks)).send({ url: receiver.url })).status).toBe(201);
      const now = first.clock.now();
      second.clock.set(now);
      const objects = Array.from({ length: OBJECTS }, (_, i) => `${v.vendorId}-contract-${i}`);
      await first.runtime.database.db.transaction((m) =>
        appendToOutbox(
          m,
          Array.from({ length: EVENTS }, (_, i) => ({
            type: 'contract.seats_changed',
            vendorId: v.vendorId,
            aggregateId: objects[i % OBJECTS],
            occurredAt: now,
            payload: { n: i },
          })),
        ),
      );
      // One worker makes the events into messages; then both deliver them at once.
      while ((await first.runtime.worker.drainOnce()) > 0) {
        // until the outbox is drained
      }
      const deliver = async (app: TestApp) => {
        const deliveries = app.runtime.container.get(WebhookDeliveries);
        let idle = 0;
        while (idle < 3) idle = (await deliveries.deliverOnce()) === 0 ? idle + 1 : 0;
      };
      const started = Date.now();
      await Promise.all([deliver(first), deliver(second)]);
      const ms = Date.now() - started;

      const ids = receiver.received.map((r) => r.id);
      expect(ids).toHaveLength(EVENTS);
      expect(new Set(ids).size).toBe(EVENTS);
      const attempts = await first.runtime.database.db.query(
        `SELECT count(*)::int AS n, count(DISTINCT delivery_id)::int AS d, max(attempt) AS max FROM webhook_attempts WHERE vendor_id = $1`,
        [v.vendorId],
      );
      expect(attempts[0]).toEqual({ n: EVENTS, d: EVENTS, max: 1 });
      const byObject = new Map<string, number[]>();
      for (const r of receiver.received) {
        const key = String(r.event.data.contractId);
        byObject.set(key, [...(byObject.get(key) ?? []), r.event.data.n as number]);
      }
      expect(byObject.size).toBe(OBJECTS);
      for (const sequence of byObject.values()) expect(sequence).toEqual([...sequence].sort((a, b) => a - b));
      const sequences = new Map<string, number[]>();
      for (const r of receiver.received) {
        const key = String(r.event.data.contractId);
        sequences.set(key, [...(sequences.get(key) ?? []), r.event.sequence]);
      }
      for (const s of sequences.values()) expect(s).toEqual(s.map((_, i) => i + 1));
      // A figure for the log, never an assertion (DESIGN.md 7).
      process.stdout.write(`two workers delivered ${EVENTS} webhook events in ${ms} ms\n`);
    } finally {
      await receiver.close();
    }
  }, 120_000);
});
