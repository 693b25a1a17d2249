import Stripe from 'stripe';
import { startTestApp, TestApp } from '../support/harness';
import { startStripeDouble } from './stripe-double';
import { givenShop, pagePath, rowsOf } from './support';

const SECRET = 'whsec_kiosk_test_secret';
let app: TestApp;
let stripe: Awaited<ReturnType<typeof startStripeDouble>>;
beforeAll(async () => {
  stripe = await startStripeDouble();
  app = await startTestApp({ STRIPE_SECRET_KEY: 'sk_test_kiosk', STRIPE_WEBHOOK_SECRET: SECRET, STRIPE_API_URL: stripe.url });
});
afterAll(async () => {
  await app.close();
  await stripe.close();
});

const card = (cardNumber: string) => ({ payment: 'stripe:card', cardNumber, expiry: '12/34', cvc: '123' });

async function newCheckout(sku = 'news') {
  const v = await givenShop(app);
  const r = await v.reader();
  const created = await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku }] });
  expect(created.status).toBe(201);
  return { v, r, checkout: created.body as { id: string; checkoutUrl: string; availablePaymentMethods: unknown } };
}

const contractsOf = (vendorId: string) => rowsOf(app, 'contracts', 'vendor_id = $1', [vendorId]);

/** A webhook event signed as stripe signs it. */
function signed(event: object, secret = SECRET) {
  const payload = JSON.stringify(event, null, 2);
  const header = new Stripe('sk_test_x').webhooks.generateTestHeaderString({ payload, secret });
  return { payload, header };
}

describe('the stripe adapter against a local double of its endpoints', () => {
  it('offers stripe cards; the succeeding card makes a PaymentIntent (customer, saved for renewals, checkout id as idempotency key) and completes', async () => {
    const { v, r, checkout } = await newCheckout();
    expect(checkout.availablePaymentMethods).toEqual([{ provider: 'stripe', methods: ['card'] }]);
    const pay = await app.http.post(pagePath(checkout.checkoutUrl, '/pay')).type('form').send(card('4242424242424242'));
    expect(pay.status).toBe(303);
    expect(pay.headers.location).toBe(pagePath(checkout.checkoutUrl, '/receipt'));
    const created = stripe.requests.find((q) => q.path === '/v1/payment_intents' && q.body.metadata && (q.body.metadata as Record<string, string>).checkoutId === checkout.id)!;
    expect(created).toMatchObject({
      idempotencyKey: `checkout:${checkout.id}`,
      body: { amount: '9900', currency: 'sek', payment_method: 'pm_card_visa', confirm: 'true', setup_future_usage: 'off_session', customer: expect.stringMatching(/^cus_/) },
    });
    const done = (await app.http.get(`/checkouts/${checkout.id}`).set(r.auth)).body;
    expect(done.status).toBe('COMPLETED');
    const contract = (await app.http.get(`/contracts/${done.contractIds[0]}`).set(r.auth)).body;
    expect(contract).toMatchObject({ origin: { type: 'CHECKOUT', id: checkout.id }, paymentData: { method: 'card' }, status: 'ACTIVE' });
    expect(await contractsOf(v.vendorId)).toHaveLength(1);
  });

  it('a declined card (stripe card_error) shows the error and makes nothing', async () => {
    const { v, r, checkout } = await newCheckout();
    const pay = await app.http.post(pagePath(checkout.checkoutUrl, '/pay')).type('form').send(card('4000000000000002'));
    expect(pay.status).toBe(400);
    expect(pay.text).toContain('Your card was declined.');
    expect((await app.http.get(`/checkouts/${checkout.id}`).set(r.auth)).body.status).toBe('PENDING');
    expect(await contractsOf(v.vendorId)).toHaveLength(0);
  });

  it('requires_action waits for the confirmation page, which confirms the PaymentIntent', async () => {
    const { r, checkout } = await newCheckout('book');
    const pay = await app.http.post(pagePath(checkout.checkoutUrl, '/pay')).type('form').send(card('4000002500003155'));
    expect(pay.headers.location).toBe(pagePath(checkout.checkoutUrl, '/confirm'));
    expect((await app.http.get(`/checkouts/${checkout.id}`).set(r.auth)).body.status).toBe('WAITING_PAYMENT_CONFIRMATION');
    const confirm = await app.http.post(pagePath(checkout.checkoutUrl, '/confirm')).type('form').send({ decision: 'approve' });
    expect(confirm.headers.location).toBe(pagePath(checkout.checkoutUrl, '/receipt'));
    expect(stripe.requests.some((q) => /^\/v1\/payment_intents\/pi_\d+\/confirm$/.test(q.path))).toBe(true);
    expect((await app.http.get(`/checkouts/${checkout.id}`).set(r.auth)).body.status).toBe('COMPLETED');
  });

  it('a signed payment_intent.succeeded webhook completes the waiting checkout once; the replayed event changes nothing; a bad signature is 400', async () => {
    const { v, r, checkout } = await newCheckout('book');
    await app.http.post(pagePath(checkout.checkoutUrl, '/pay')).type('form').send(card('4000002500003155')).expect(303);
    const intent = [...stripe.intents.values()].find((i) => i.metadata.checkoutId === checkout.id)!;
    intent.status = 'succeeded';
    const event = { id: `evt_${checkout.id}`, object: 'event', type: 'payment_intent.succeeded', data: { object: intent } };
    const { payload, header } = signed(event);
    const send = (body: string, signature: string) =>
      app.http.post('/webhooks/stripe').set('content-type', 'application/json').set('stripe-signature', signature).send(body);

    const bad = await send(payload, signed(event, 'whsec_wrong').header);
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('STRIPE.BAD_SIGNATURE');
    expect((await send(payload, '')).status).toBe(400);

    const first = await send(payload, header);
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ received: true, duplicate: false });
    const done = (await app.http.get(`/checkouts/${checkout.id}`).set(r.auth)).body;
    expect(done.status).toBe('COMPLETED');
    const replay = await send(payload, header);
    expect(replay.body).toEqual({ received: true, duplicate: true });
    // The buyer's own confirmation arriving late makes nothing more either.
    await app.http.post(pagePath(checkout.checkoutUrl, '/confirm')).type('form').send({ decision: 'approve' }).expect(303);
    const contracts = await contractsOf(v.vendorId);
    expect(contracts).toHaveLength(1);
    expect(await rowsOf(app, 'bills', 'vendor_id = $1', [v.vendorId])).toHaveLength(1);
    expect(await rowsOf(app, 'transactions', 'vendor_id = $1', [v.vendorId])).toHaveLength(1);
  });
});
