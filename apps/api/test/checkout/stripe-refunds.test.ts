import { bearer, startTestApp, TestApp } from '../support/harness';
import { startStripeDouble } from './stripe-double';
import { givenShop, pagePath, rowsOf } from './support';

// Refunds of stripe card payments through the Refunds API (issue 27), against the local double of stripe's endpoints.
let app: TestApp;
let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
beforeAll(async () => {
  stripe = await startStripeDouble();
  app = await startTestApp({ STRIPE_SECRET_KEY: 'sk_test_kiosk', STRIPE_WEBHOOK_SECRET: 'whsec_kiosk_test_secret', STRIPE_API_URL: stripe.url });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

/** A reader who paid 99 SEK with stripe's succeeding test card, and how staff refund that payment. */
async function paidWithStripe() {
  const shop = await givenShop(app);
  const reader = await shop.reader();
  const created = await app.http.post('/checkouts').set(reader.auth).send({ items: [{ sku: 'news' }] });
  await app.http
    .post(pagePath(created.body.checkoutUrl, '/pay'))
    .type('form')
    .send({ payment: 'stripe:card', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' })
    .expect(303);
  const staff = bearer(await shop.apiToken('full', ['bills:write']));
  const [payment] = (await app.http.get('/management/transactions').query({ userId: reader.userId }).set(staff)).body as { id: string; billId: string }[];
  const intent = [...stripe.intents.values()].find((i) => i.metadata.checkoutId === created.body.id)!;
  const refund = (body: object, key?: string) => {
    const req = app.http.post(`/management/transactions/${payment.id}/refund`).set(staff);
    return (key ? req.set('Idempotency-Key', key) : req).send(body);
  };
  const recorded = async () => (await rowsOf(app, 'transactions', 'vendor_id = $1 AND is_refund', [shop.vendorId])).length;
  const billStatus = async () => (await app.http.get(`/management/bills/${payment.billId}`).set(staff)).body.status;
  const refundsAtStripe = () => stripe.refunds.filter((r) => r.payment_intent === intent.id);
  return { payment, intent, refund, recorded, billStatus, refundsAtStripe };
}

describe('stripe refunds (POST /management/transactions/{id}/refund on a stripe payment)', () => {
  it("refunds the bill's PaymentIntent in part (minor units, the Idempotency-Key passed through), once per key, then the rest", async () => {
    const s = await paidWithStripe();
    const half = await s.refund({ amount: 49.5 }, 'half-1');
    expect([half.status, half.body.amount, half.body.isRefund]).toEqual([201, 49.5, true]);
    const sent = stripe.requests.filter((q) => q.path === '/v1/refunds' && q.body.payment_intent === s.intent.id);
    expect(sent).toEqual([
      {
        method: 'POST',
        path: '/v1/refunds',
        idempotencyKey: `refund:${s.payment.id}:half-1`,
        body: { payment_intent: s.intent.id, amount: '4950', metadata: { vendorId: expect.any(String), billId: s.payment.billId } },
      },
    ]);
    // The same request again is answered from the first: stripe is not asked twice.
    const again = await s.refund({ amount: 49.5 }, 'half-1');
    expect([again.status, again.headers['idempotent-replayed'], again.body.id]).toEqual([201, 'true', half.body.id]);
    expect(s.refundsAtStripe().map((r) => r.amount)).toEqual([4950]);
    expect(await s.billStatus()).toBe('PAID');

    const rest = await s.refund({});
    expect([rest.status, rest.body.amount]).toEqual([201, 49.5]);
    expect(s.refundsAtStripe().map((r) => r.amount)).toEqual([4950, 4950]);
    expect(await s.billStatus()).toBe('REFUNDED');
    expect(await s.recorded()).toBe(2);
  });

  it('a refund stripe refuses (a disputed charge) or reports failed is a 422 in its words, and nothing is recorded', async () => {
    const s = await paidWithStripe();
    stripe.refundTrouble.set(s.intent.id, 'disputed');
    const disputed = await s.refund({ amount: 10 });
    expect([disputed.status, disputed.body.code, disputed.body.provider]).toEqual([422, 'TRANSACTION.REFUND_REFUSED', 'stripe']);
    expect(disputed.body.reason).toMatch(/has been disputed/);
    expect(disputed.headers['content-type']).toMatch(/application\/problem\+json/);

    stripe.refundTrouble.set(s.intent.id, 'failed');
    const failed = await s.refund({ amount: 10 });
    expect([failed.status, failed.body.code]).toEqual([422, 'TRANSACTION.REFUND_REFUSED']);
    expect(failed.body.reason).toMatch(/failed \(expired_or_canceled_card\)/);
    expect([await s.recorded(), await s.billStatus()]).toEqual([0, 'PAID']);
  });

  it('stripe failing is a 503 with nothing recorded; the refund goes through once stripe is back', async () => {
    const s = await paidWithStripe();
    stripe.refundTrouble.set(s.intent.id, 'down');
    const down = await s.refund({ amount: 20 }, 'down-1');
    expect([down.status, down.body.code, down.headers['retry-after']]).toEqual([503, 'CHECKOUT.PROVIDER_UNAVAILABLE', '5']);
    expect(await s.recorded()).toBe(0);
    stripe.refundTrouble.delete(s.intent.id);
    const back = await s.refund({ amount: 20 }, 'down-2');
    expect([back.status, back.body.amount]).toEqual([201, 20]);
    expect(await s.recorded()).toBe(1);
  });

  it("a stripe payment whose bill names no PaymentIntent (paid before bills kept it) is a 422 that says to refund it at stripe", async () => {
    const s = await paidWithStripe();
    await app.runtime.database.db.query(`UPDATE bills SET payment_reference = NULL WHERE id = $1`, [s.payment.billId]);
    const res = await s.refund({ amount: 10 });
    expect([res.status, res.body.code]).toEqual([422, 'TRANSACTION.REFUND_NOT_SUPPORTED']);
    expect(res.body.detail).toMatch(/refund it at stripe/);
    expect(s.refundsAtStripe()).toEqual([]);
  });
});
