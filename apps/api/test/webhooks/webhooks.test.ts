import { MAX_ATTEMPTS, RETRY_DELAYS_MS } from '@kiosk/domain/webhooks';
import { Webhook } from 'standardwebhooks';
import { givenContractVendor } from '../contracts/support';
import { inTransaction } from '../../src/platform/database/transaction';
import { TOKENS } from '../../src/platform/tokens';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { Received, startReceiver, verify } from './receiver';

let app: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  app = await startTestApp({ WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true' });
  receiver = await startReceiver();
});
afterAll(async () => {
  await receiver.close();
  await app.close();
});
beforeEach(() => {
  receiver.received.length = 0;
  receiver.answer(() => 200);
});

const ENDPOINTS = '/management/webhooks/endpoints';

async function givenWebhookVendor() {
  const v = await givenContractVendor(app);
  const hooks = await v.apiToken('full', ['contracts:write', 'webhooks:read', 'webhooks:write']);
  const createEndpoint = async (body: Record<string, unknown> = {}) => {
    const res = await app.http
      .post(ENDPOINTS)
      .set(bearer(hooks))
      .send({ url: receiver.url, ...body });
    expect(res.status).toBe(201);
    return res.body as { id: string; secret: string; url: string };
  };
  return { ...v, hooks, createEndpoint };
}

/** Runs the worker until nothing more happens now (events made into deliveries, due deliveries attempted). */
async function work(times = 3) {
  for (let i = 0; i < times; i += 1) await app.runtime.worker.tick();
}

/** Events about a contract: its own, its seats' and bills', and those of the entitlements it granted. */
const ofContract = (received: Received[], contractId: string) =>
  received.filter((r) => r.event.data.contractId === contractId || (r.event.data.origin as { id?: string } | undefined)?.id === contractId);

/** The event types of a contract itself (not of the entitlements it grants, which are objects of their own). */
const CONTRACT_TYPES = ['contract.created', 'contract.confirmed', 'contract.status_changed', 'bill.issued'];

describe('webhook endpoints (management)', () => {
  it('are created with a whsec_ secret shown once, listed, read, changed, disabled and deleted; scopes and tenancy hold', async () => {
    const v = await givenWebhookVendor();
    const endpoint = await v.createEndpoint({ eventTypes: ['bill.issued'], description: 'ledger' });
    expect(endpoint.secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(endpoint).toMatchObject({ url: receiver.url, eventTypes: ['bill.issued'], status: 'enabled', description: 'ledger', failingSince: null });

    const listed = await app.http.get(ENDPOINTS).set(bearer(v.hooks));
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([expect.objectContaining({ id: endpoint.id })]);
    expect(JSON.stringify(listed.body)).not.toContain(endpoint.secret);
    const stored = await app.runtime.database.db.query(`SELECT secrets::text AS s FROM webhook_endpoints WHERE id = $1`, [endpoint.id]);
    expect(stored[0].s).not.toContain(endpoint.secret.slice(6));

    const changed = await app.http.patch(`${ENDPOINTS}/${endpoint.id}`).set(bearer(v.hooks)).send({ eventTypes: null, description: null });
    expect(changed.body).toMatchObject({ eventTypes: null, description: null });
    const disabled = await app.http.post(`${ENDPOINTS}/${endpoint.id}/disable`).set(bearer(v.hooks));
    expect(disabled.body).toMatchObject({ status: 'disabled', disabledReason: 'by request' });

    const other = await givenWebhookVendor();
    const foreign = await app.http.get(`${ENDPOINTS}/${endpoint.id}`).set(bearer(other.hooks));
    expect(foreign.status).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(foreign.body.code).toBe('WEBHOOK.ENDPOINT_NOT_FOUND');
    expect((await app.http.delete(`${ENDPOINTS}/${endpoint.id}`).set(bearer(other.hooks))).status).toBe(404);

    const withoutScope = await app.http.get(ENDPOINTS).set(bearer(v.read));
    expect(withoutScope.status).toBe(403);

    expect((await app.http.delete(`${ENDPOINTS}/${endpoint.id}`).set(bearer(v.hooks))).status).toBe(204);
    expect((await app.http.get(`${ENDPOINTS}/${endpoint.id}`).set(bearer(v.hooks))).status).toBe(404);
  });

  it('refuses private, link-local and metadata addresses, bad schemes and unknown event types with problem+json', async () => {
    const v = await givenWebhookVendor();
    for (const url of ['http://10.0.0.5/hook', 'http://169.254.169.254/latest', 'http://[fd00::1]/x', 'ftp://example.com/']) {
      const res = await app.http.post(ENDPOINTS).set(bearer(v.hooks)).send({ url });
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('WEBHOOK.BAD_URL');
    }
    const unknown = await app.http.post(ENDPOINTS).set(bearer(v.hooks)).send({ url: 'https://example.com/', eventTypes: ['contract.exploded'] });
    expect(unknown.status).toBe(400);
    expect(unknown.headers['content-type']).toMatch(/application\/problem\+json/);
  });

  it('the event catalogue is served and listed in the OpenAPI webhooks section', async () => {
    const v = await givenWebhookVendor();
    const catalogue = await app.http.get('/management/webhooks/event-types').set(bearer(v.hooks));
    const types = catalogue.body.eventTypes.map((t: { type: string }) => t.type);
    expect(types).toEqual(
      expect.arrayContaining([
        ...['contract.created', 'bill.issued', 'seat.assigned', 'endpoint.disabled'],
        ...['transaction.created', 'entitlement.granted', 'entitlement.revoked', 'checkout.completed', 'license.claimed', 'user.erased'],
      ]),
    );
    const doc = await app.http.get('/openapi.json');
    expect(Object.keys(doc.body.webhooks).sort()).toEqual([...types].sort());
    expect(doc.body.components.schemas.WebhookEvent).toBeDefined();
    expect(doc.body.webhooks['transaction.created'].post.description).toMatch(/GET \/transactions/);
  });
});

describe('webhook delivery', () => {
  it('sends each event once, signed (Standard Webhooks), in order per object, with the payload and a delivery log', async () => {
    const v = await givenWebhookVendor();
    const endpoint = await v.createEndpoint();
    const billsOnly = await v.createEndpoint({ eventTypes: ['bill.issued'] });
    const contract = (await v.create(v.order({ confirm: true, seats: 5 }), v.hooks)).body;
    const seat = await app.http.post(`/management/contracts/${contract.id}/seats/users`).set(bearer(v.hooks)).send({ email: 'reader@corp.example' });
    expect(seat.status).toBe(204);
    await work();

    const all = ofContract(receiver.received, contract.id);
    const toMain = all.filter((r) => {
      try {
        verify(endpoint.secret, r);
        return true;
      } catch {
        return false;
      }
    });
    const toBills = all.filter((r) => !toMain.includes(r));
    for (const r of toBills) expect(() => verify(billsOnly.secret, r)).not.toThrow();
    expect(toBills.map((r) => r.event.type)).toEqual(['bill.issued']);

    const types = toMain.map((r) => r.event.type);
    expect(types).toEqual(expect.arrayContaining(['contract.created', 'contract.confirmed', 'bill.issued', 'seat.assigned', 'entitlement.granted']));
    expect(new Set(toMain.map((r) => r.id)).size).toBe(toMain.length);
    const sequences = toMain.filter((r) => !r.event.type.startsWith('entitlement.')).map((r) => r.event.sequence);
    expect(sequences).toEqual([...sequences].sort((a, b) => a - b));
    // The contract's first event is its creation; the entitlement is another object, whose events may go out before it.
    const created = toMain.filter((r) => !r.event.type.startsWith('entitlement.'))[0];
    expect(created.event).toMatchObject({ type: 'contract.created', id: created.id, data: { contractId: contract.id } });
    expect(created.headers['content-type']).toBe('application/json');
    // data is the contract as GET /management/contracts/{id} shows it, with what the event recorded.
    const shown = (await v.get(contract.id)).body;
    expect(Object.keys(created.event.data)).toEqual(expect.arrayContaining([...Object.keys(shown), 'contractId', 'change']));
    expect(created.event.data).toMatchObject({ id: contract.id, currency: shown.currency, manageUrl: shown.manageUrl });
    const issued = toMain.find((r) => r.event.type === 'bill.issued')!;
    // data of a bill event is the bill as GET /bills/{id} shows it (interface 2.5).
    const [bill] = await v.bills(contract.id);
    expect(issued.event.data).toEqual({
      id: bill.id,
      contractId: contract.id,
      items: [{ sku: 'news-multi', title: expect.any(String), purchaseOptionId: 'news-multi-yearly' }],
      price: Number(bill.price_minor) / 100,
      currency: shown.currency,
      // No receipt before payment, and the VAT beside the price (docs/invoices.md).
      receiptUrl: null,
      tax: expect.objectContaining({ gross: Number(bill.price_minor) / 100 }),
      paymentProvider: expect.any(String),
      paymentMethod: expect.any(String),
      status: 'OPEN',
      updatedAt: expect.any(String),
      createdAt: expect.any(String),
    });

    const log = await app.http.get(`${ENDPOINTS}/${endpoint.id}/attempts`).set(bearer(v.hooks));
    expect(log.status).toBe(200);
    expect(log.body).toHaveLength(toMain.length);
    expect(log.body[0]).toMatchObject({ attempt: 1, outcome: 'delivered', statusCode: 200, responseExcerpt: 'thanks', error: null });
    expect(typeof log.body[0].durationMs).toBe('number');

    // Nothing more goes out when nothing happened.
    const before = receiver.received.length;
    await work();
    expect(receiver.received.length).toBe(before);
  });

  it('retries on the schedule (fake clock), holds later events of the object back, then disables the endpoint and says so', async () => {
    const v = await givenWebhookVendor();
    const failing = await v.createEndpoint({ eventTypes: CONTRACT_TYPES });
    const healthy = await v.createEndpoint({ eventTypes: ['endpoint.disabled'] });
    receiver.answer((r) => (verifies(failing.secret, r) ? 503 : 200));
    const contract = (await v.create(v.order(), v.hooks)).body;
    await work();
    await v.confirm(contract.id, v.hooks);
    await work();

    const attemptsAt: number[] = [];
    const toFailing = () => ofContract(receiver.received, contract.id).filter((r) => verifies(failing.secret, r));
    expect(toFailing().map((r) => r.event.type)).toEqual(['contract.created']);
    attemptsAt.push(app.clock.now().getTime());
    for (const delay of RETRY_DELAYS_MS) {
      app.clock.advance(Math.ceil(delay * 0.9) - 1_000);
      await work(1);
      // Not yet: the jittered wait is at least 90% of the delay.
      expect(toFailing()).toHaveLength(attemptsAt.length);
      app.clock.advance(Math.ceil(delay * 0.2) + 1_000);
      await work();
      expect(toFailing()).toHaveLength(attemptsAt.length + 1);
      attemptsAt.push(app.clock.now().getTime());
    }
    // Every attempt was the first event: the later ones of the contract waited.
    expect(toFailing().every((r) => r.event.type === 'contract.created')).toBe(true);
    expect(new Set(toFailing().map((r) => r.id)).size).toBe(1);
    expect(toFailing()).toHaveLength(MAX_ATTEMPTS);

    const shown = await app.http.get(`${ENDPOINTS}/${failing.id}`).set(bearer(await v.apiToken('read', ['webhooks:read'])));
    expect(shown.body.status).toBe('disabled');
    expect(shown.body.disabledReason).toMatch(/every attempt failed since/);
    const told = receiver.received.filter((r) => r.event.type === 'endpoint.disabled' && verifies(healthy.secret, r));
    expect(told).toHaveLength(1);
    expect(told[0].event.data).toMatchObject({ endpointId: failing.id, url: receiver.url });
    const log = await app.http.get(`${ENDPOINTS}/${failing.id}/attempts`).set(bearer(await v.apiToken('read', ['webhooks:read'])));
    expect(log.body[0]).toMatchObject({ outcome: 'given_up', attempt: MAX_ATTEMPTS, statusCode: 503 });
    expect(log.body[0].error).toMatch(/endpoint is disabled/);
    expect(log.body.slice(1).every((a: { outcome: string }) => a.outcome === 'failed')).toBe(true);

    // No more attempts once disabled, however long one waits.
    const count = receiver.received.length;
    app.clock.advance(7 * 24 * 3_600_000);
    await work();
    expect(receiver.received.length).toBe(count);
  });

  it('replays exactly the chosen events: one by id, or every one since a time', async () => {
    const v = await givenWebhookVendor();
    const endpoint = await v.createEndpoint({ eventTypes: CONTRACT_TYPES });
    const first = (await v.create(v.order(), v.hooks)).body;
    await work();
    app.clock.advance(60_000);
    const since = app.clock.now().toISOString();
    const second = (await v.create(v.order(), v.hooks)).body;
    await v.confirm(second.id, v.hooks);
    await work();
    const sent = receiver.received.filter((r) => verifies(endpoint.secret, r));
    const firstCreated = sent.find((r) => r.event.data.contractId === first.id)!;
    const afterSince = sent.filter((r) => r.event.data.contractId === second.id).map((r) => r.id);
    expect(afterSince.length).toBeGreaterThanOrEqual(2);
    receiver.received.length = 0;

    const one = await app.http.post(`${ENDPOINTS}/${endpoint.id}/replay`).set(bearer(v.hooks)).send({ messageId: firstCreated.id });
    expect(one.status).toBe(202);
    expect(one.body.messageIds).toEqual([firstCreated.id]);
    await work();
    expect(receiver.received.map((r) => r.id)).toEqual([firstCreated.id]);
    expect(receiver.received[0].body).toBe(firstCreated.body);

    receiver.received.length = 0;
    const many = await app.http.post(`${ENDPOINTS}/${endpoint.id}/replay`).set(bearer(v.hooks)).send({ since });
    expect(many.body.messageIds).toEqual(afterSince);
    await work();
    expect(receiver.received.map((r) => r.id)).toEqual(afterSince);

    const neither = await app.http.post(`${ENDPOINTS}/${endpoint.id}/replay`).set(bearer(v.hooks)).send({});
    expect(neither.status).toBe(400);
    const unknown = await app.http.post(`${ENDPOINTS}/${endpoint.id}/replay`).set(bearer(v.hooks)).send({ messageId: `msg_${'0'.repeat(32)}` });
    expect(unknown.status).toBe(404);
  });

  it('rotation signs with both secrets for 24 hours, then with the new one only; a test event reaches one endpoint', async () => {
    const v = await givenWebhookVendor();
    const endpoint = await v.createEndpoint();
    const rotated = await app.http.post(`${ENDPOINTS}/${endpoint.id}/rotate-secret`).set(bearer(v.hooks));
    expect(rotated.status).toBe(200);
    expect(rotated.body.secret).toMatch(/^whsec_/);
    expect(rotated.body.secret).not.toBe(endpoint.secret);

    const test = await app.http.post(`${ENDPOINTS}/${endpoint.id}/test`).set(bearer(v.hooks));
    expect(test.status).toBe(202);
    await work();
    const [r] = receiver.received.filter((x) => x.id === test.body.messageIds[0]);
    expect(r.event.type).toBe('endpoint.test');
    expect(r.signatures).toHaveLength(2);
    expect(() => verify(endpoint.secret, r)).not.toThrow();
    expect(() => verify(rotated.body.secret, r)).not.toThrow();

    app.clock.advance(24 * 3_600_000 + 1_000);
    const later = await app.http.post(`${ENDPOINTS}/${endpoint.id}/test`).set(bearer(await v.apiToken('full', ['webhooks:write'])));
    await work();
    const [s] = receiver.received.filter((x) => x.id === later.body.messageIds[0]);
    expect(s.signatures).toHaveLength(1);
    expect(() => verify(rotated.body.secret, s)).not.toThrow();
    expect(() => verify(endpoint.secret, s)).toThrow();
  });

  it('does not follow redirects: a 3xx is a failure', async () => {
    const v = await givenVendor(app);
    const hooks = await v.apiToken('full', ['webhooks:write', 'webhooks:read']);
    const created = (await app.http.post(ENDPOINTS).set(bearer(hooks)).send({ url: receiver.url })).body;
    receiver.answer(() => 307);
    await app.http.post(`${ENDPOINTS}/${created.id}/test`).set(bearer(hooks));
    await work();
    const log = await app.http.get(`${ENDPOINTS}/${created.id}/attempts`).set(bearer(hooks));
    expect(log.body[0]).toMatchObject({ outcome: 'failed', statusCode: 307 });
    expect(log.body[0].error).toMatch(/redirect/);
  });
});

describe('erasure', () => {
  it("scrubs the person from kept events (DELETE /profile runs every module's eraser)", async () => {
    const v = await givenWebhookVendor();
    await v.createEndpoint();
    const email = `erase-me-${Date.now()}@corp.example`;
    const contract = (await v.create(v.order({ confirm: true, payer: { email, firstName: 'Erin', lastName: 'Erasable' } }), v.hooks)).body;
    expect(contract.payer).toMatchObject({ email });
    await work();
    const held = () =>
      app.runtime.database.db.query(`SELECT count(*)::int AS n FROM webhook_messages WHERE vendor_id = $1 AND strpos(lower(payload::text), $2) > 0`, [
        v.vendorId,
        email,
      ]);
    expect((await held())[0].n).toBeGreaterThan(0);
    const eraser = app.runtime.container.getAll(TOKENS.PersonalDataEraser).find((e) => e.module === 'webhooks')!;
    await inTransaction(app.runtime.database.db, () =>
      eraser.erase({
        vendorId: v.vendorId,
        userId: contract.payer.id,
        email,
        firstName: 'Erin',
        lastName: 'Erasable',
        tombstoneEmail: `erased-${contract.payer.id}@erased.invalid`,
        erasedAt: app.clock.now(),
      }),
    );
    expect((await held())[0].n).toBe(0);
  });
});

function verifies(secret: string, r: Received): boolean {
  try {
    verify(secret, r);
    return true;
  } catch {
    return false;
  }
}

// The library's own signer agrees with what the receiver checks (a sanity check of the helper).
it('the verify helper accepts what the library signs', () => {
  const secret = `whsec_${Buffer.alloc(32, 7).toString('base64')}`;
  const at = new Date('2026-01-01T00:00:00Z');
  const body = '{"a":1}';
  const signature = new Webhook(secret).sign('msg_1', at, body);
  expect(() =>
    verify(secret, { id: 'msg_1', timestamp: at.getTime() / 1000, signatures: [signature], headers: {}, body, event: JSON.parse('{}') }),
  ).not.toThrow();
});
