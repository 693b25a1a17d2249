import { IssueUserToken } from '@kiosk/domain/identity';
import { pagePath, givenShop } from '../checkout/support';
import { givenContractVendor } from '../contracts/support';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { Received, startReceiver, verify } from './receiver';

// Each event type made from a module's outbox event is delivered, signed, and
// carries the view the HTTP route answers for its object.

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
});

/** An endpoint of the vendor for every event type; answers its secret. */
async function listen(v: { apiToken: (role?: 'read' | 'full', grants?: string[]) => Promise<string> }) {
  const hooks = await v.apiToken('full', ['webhooks:write']);
  const res = await app.http.post('/management/webhooks/endpoints').set(bearer(hooks)).send({ url: receiver.url });
  expect(res.status).toBe(201);
  return res.body.secret as string;
}

/** Runs the worker until nothing more happens now. */
async function work(times = 3) {
  for (let i = 0; i < times; i += 1) await app.runtime.worker.tick();
}

/** The events of one type the endpoint with `secret` received, each verified with the standard library. */
function receivedOf(secret: string, type: string): Received['event'][] {
  const mine = receiver.received.filter((r) => r.event.type === type);
  for (const r of mine) expect(() => verify(secret, r)).not.toThrow();
  return mine.map((r) => r.event);
}

describe('event payloads are the HTTP views of their objects', () => {
  it('a paid checkout: checkout.completed, transaction.created, entitlement.granted and its bill', async () => {
    const v = await givenShop(app);
    const secret = await listen(v);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'news' }] })).body;
    const pay = await app.http
      .post(pagePath(created.checkoutUrl, '/pay'))
      .type('form')
      .send({ payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(pay.status).toBe(303);
    await work();

    const [completed] = receivedOf(secret, 'checkout.completed');
    const checkout = (await app.http.get(`/checkouts/${created.id}`).set(r.auth)).body;
    expect(checkout.status).toBe('COMPLETED');
    expect(completed.data).toEqual(checkout);
    expect(completed.sequence).toBe(1);

    const [transaction] = receivedOf(secret, 'transaction.created');
    const transactions = (await app.http.get('/transactions').set(r.auth)).body;
    expect(transactions).toHaveLength(1);
    expect(transaction.data).toEqual(transactions[0]);

    const [granted] = receivedOf(secret, 'entitlement.granted');
    const entitlement = (await app.http.get(`/entitlements/${granted.data.id}`).set(r.auth)).body;
    expect(entitlement).toMatchObject({ sku: 'news', hasAccess: true });
    expect(granted.data).toEqual({ ...entitlement, userId: r.userId });

    const billId = transactions[0].billId;
    const bill = (await app.http.get(`/bills/${billId}`).set(r.auth)).body;
    const paid = receivedOf(secret, 'bill.paid').find((e) => e.data.id === billId)!;
    expect(paid.data).toEqual(bill);
  });

  it('seats: seat.assigned is the seat list entry, entitlement.granted and entitlement.revoked follow the seat holder', async () => {
    const v = await givenContractVendor(app);
    const secret = await listen(v);
    const contract = (await v.create(v.order({ confirm: true, seats: 5 }))).body;
    await app.http.post(`/management/contracts/${contract.id}/seats/users`).set(bearer(v.write)).send({ email: `seat-${contract.id}@corp.example` });
    await work();

    const seats = (await app.http.get(`/management/contracts/${contract.id}/seats/users`).set(bearer(v.read))).body;
    const holder = seats.find((s: { email: string | null }) => s.email === `seat-${contract.id}@corp.example`);
    const assigned = receivedOf(secret, 'seat.assigned').find((e) => e.data.userId === holder.userId)!;
    // Read when the event was made into a message: the seat may not have shown its entitlement yet.
    expect(assigned.data).toEqual({ ...holder, status: expect.any(String), entitlementId: assigned.data.entitlementId, contractId: contract.id });

    const seatToken = (await app.runtime.container.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: holder.userId })).accessToken;
    const granted = receivedOf(secret, 'entitlement.granted').find((e) => e.data.userId === holder.userId)!;
    const shown = (await app.http.get(`/entitlements/${granted.data.id}`).set(bearer(seatToken))).body;
    expect(granted.data).toEqual({ ...shown, userId: holder.userId });

    app.clock.advance(60_000);
    const removed = await app.http.delete(`/management/contracts/${contract.id}/seats/users/${holder.userId}`).set(bearer(v.write));
    expect(removed.status).toBe(204);
    await work();
    const [seatRemoved] = receivedOf(secret, 'seat.removed');
    expect(seatRemoved.data).toMatchObject({ contractId: contract.id, userId: holder.userId, sku: holder.sku });
    const [revoked] = receivedOf(secret, 'entitlement.revoked');
    expect((await app.http.get(`/entitlements/${granted.data.id}`).set(bearer(seatToken))).status).toBe(404);
    expect(revoked.data).toEqual({ ...granted.data, hasAccess: false, updatedAt: app.clock.now().toISOString() });
    expect(revoked.sequence).toBe(granted.sequence + 1);
  });

  it('license.claimed is the key as GET /licenses lists it; user.erased names the erased reader only', async () => {
    const v = await givenShop(app);
    const secret = await listen(v);
    const write = await v.apiToken('full');
    expect((await app.http.post('/management/license-pools').set(bearer(write)).send({ id: 'codes', sku: 'book' })).status).toBe(201);
    await app.http.post('/management/license-pools/codes/keys').set(bearer(write)).send({ keys: [{ key: 'CODE-1' }] });
    const r = await v.reader();
    await v.entitle(r.userId, 'book');
    expect((await app.http.post('/licenses/claim').set(r.auth).send({ poolId: 'codes' })).status).toBe(200);
    await work();

    const [claimed] = receivedOf(secret, 'license.claimed');
    const listed = (await app.http.get('/licenses?poolId=codes').set(r.auth)).body;
    expect(claimed.data).toEqual({ ...listed[0], userId: r.userId });

    expect((await app.http.delete('/profile').set(r.auth)).status).toBe(200);
    await work();
    const [erased] = receivedOf(secret, 'user.erased');
    expect(erased.data).toEqual({ userId: r.userId, erasedAt: app.clock.now().toISOString() });
  });
});
