import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '@kiosk/domain/webhooks';
import { Webhook } from 'standardwebhooks';
import { WEBHOOKS } from '../../src/webhooks/webhooks.module';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { Received, startReceiver, verify } from '../webhooks/receiver';
import { givenTestVendor, plusDays } from './support';

/*
 * Webhooks of a test-mode vendor follow its test clock: the events its
 * advances cause carry the instants the moves fell due, deliveries are
 * signed at the clock's time, and the retry schedule runs by advancing the
 * clock (the service's own clock never moves, nothing sleeps). The
 * `webhook-timestamp` header alone is the real sending time: it is replay
 * protection, so a receiver's Standard Webhooks library, checking it against
 * its own clock, accepts every delivery.
 */

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  app = await startTestApp({ WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true' });
  // No retry jitter: every wait is the schedule's own, so the walk below is the same on every run.
  app.runtime.container.get(WEBHOOKS.Random).next = () => 0;
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});

const T0 = new Date('2032-06-01T00:00:00.000Z');
const ENDPOINTS = '/management/webhooks/endpoints';
/** As a vendor's receiver checks a delivery: the library's own `verify`, at the real time (no clock moved). */
const verifiedNow = (secret: string, r: Received) =>
  new Webhook(secret).verify(r.body, {
    'webhook-id': r.id,
    'webhook-timestamp': String(r.headers['webhook-timestamp']),
    'webhook-signature': String(r.headers['webhook-signature']),
  });
const signedBy = (secret: string) => (r: Received) => {
  try {
    verify(secret, r);
    return true;
  } catch {
    return false;
  }
};

async function givenHookedTestVendor() {
  const v = await givenTestVendor(app, T0, ['webhooks:read', 'webhooks:write']);
  const created = await app.http.post(ENDPOINTS).set(bearer(v.clockToken)).send({ url: receiver.url });
  expect(created.status).toBe(201);
  const endpoint = created.body as { id: string; secret: string };
  return { ...v, endpoint, mine: () => receiver.received.filter(signedBy(endpoint.secret)) };
}

/** The worker as it runs in every process: the outbox, then due deliveries (due by each vendor's own clock). */
const work = async (times = 2) => {
  for (let i = 0; i < times; i += 1) await app.runtime.worker.tick();
};

describe('webhooks of a test vendor', () => {
  it('carry the test clock’s instants in the body, and the real sending time in the signed header', async () => {
    receiver.answer(() => 200);
    const v = await givenHookedTestVendor();
    const startsAt = plusDays(T0, 3);
    const created = await v.create(v.order({ sku: 'news', purchaseOptionId: 'news-yearly', confirm: true, startsAt: startsAt.toISOString() }), v.clockToken);
    expect(created.status).toBe(201);
    // Made at T0, but not sent before the vendor's clock says so: nothing is due by the service's time alone.
    expect((await v.advance(plusDays(T0, 20))).status).toBe(200);
    await work();

    const sent = v.mine().filter((r) => r.event.data.contractId === created.body.id);
    const byType = (type: string) => sent.filter((r) => r.event.type === type);
    expect(byType('contract.created')[0].event.timestamp).toBe(T0.toISOString());
    expect(byType('contract.status_changed').map((r) => r.event.timestamp)).toEqual(
      expect.arrayContaining([startsAt.toISOString(), plusDays(startsAt, 14).toISOString()]),
    );
    // Signed at the real sending time (the test clock is years away), verified as a receiver would, in order per object.
    for (const r of sent) {
      expect(Math.abs(r.timestamp * 1000 - Date.now())).toBeLessThan(60_000);
      expect(verifiedNow(v.endpoint.secret, r)).toMatchObject({ id: r.event.id, timestamp: r.event.timestamp });
    }
    const sequences = sent.map((r) => r.event.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
  });

  it('retries on the schedule as the test clock advances, and disables an endpoint failing for three days of test time', async () => {
    const v = await givenHookedTestVendor();
    receiver.answer((r) => (signedBy(v.endpoint.secret)(r) ? 503 : 200));
    const created = await v.create(v.order({ sku: 'news', purchaseOptionId: 'news-yearly' }), v.clockToken);
    expect(created.status).toBe(201);
    expect((await v.advance(T0)).status).toBe(200); // the contract's events made into webhooks, at T0
    await work();
    expect(v.mine().map((r) => r.event.type)).toEqual(['contract.created']);

    const db = app.runtime.database.db;
    const nextAttemptAt = async () =>
      new Date(
        (await db.query(`SELECT next_attempt_at FROM webhook_deliveries WHERE vendor_id = $1 AND endpoint_id = $2 AND state = 'pending' ORDER BY sequence LIMIT 1`, [
          v.vendorId,
          v.endpoint.id,
        ]))[0].next_attempt_at,
      );
    let at = T0;
    for (const delay of RETRY_DELAYS_MS) {
      const next = await nextAttemptAt();
      // The delivery log says when the failed attempt is tried again.
      const logged = await app.http.get(`${ENDPOINTS}/${v.endpoint.id}/attempts`).set(bearer(v.clockToken));
      expect(logged.body[0]).toMatchObject({ outcome: 'failed', nextAttemptAt: next.toISOString() });
      if (logged.body.length > 1) expect(logged.body[1].nextAttemptAt).toBeNull();
      const wait = next.getTime() - at.getTime();
      expect(wait).toBeGreaterThanOrEqual(Math.floor(delay * 0.9));
      expect(wait).toBeLessThanOrEqual(Math.ceil(delay * 1.1));
      // Just before it, nothing goes out; at it, the next attempt does, signed at that instant.
      expect((await v.advance(new Date(next.getTime() - 1))).status).toBe(200);
      const before = v.mine().length;
      await work(1);
      expect(v.mine()).toHaveLength(before);
      expect((await v.advance(next)).status).toBe(200);
      await work(1);
      expect(v.mine()).toHaveLength(before + 1);
      expect(() => verifiedNow(v.endpoint.secret, v.mine()[before])).not.toThrow();
      at = next;
    }
    expect(v.mine()).toHaveLength(MAX_ATTEMPTS);
    expect(new Set(v.mine().map((r) => r.id)).size).toBe(1);
    expect(at.getTime() - T0.getTime()).toBeGreaterThanOrEqual(3 * 24 * 3_600_000);

    const shown = await app.http.get(`${ENDPOINTS}/${v.endpoint.id}`).set(bearer(v.clockToken));
    expect(shown.body).toMatchObject({ status: 'disabled', failingSince: T0.toISOString() });
    const log = await app.http.get(`${ENDPOINTS}/${v.endpoint.id}/attempts`).set(bearer(v.clockToken));
    expect(log.body[0]).toMatchObject({ outcome: 'given_up', attempt: MAX_ATTEMPTS, startedAt: at.toISOString() });
  });
});
