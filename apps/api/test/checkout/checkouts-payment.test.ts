import { money } from '@kiosk/domain';
import { CreateProduct, CreatePurchaseOption } from '@kiosk/domain/catalog';
import { CHECKOUT } from '../../src/checkout/checkout.module';
import { settleEvents } from '../billing/support';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { givenShop, HOUR, pagePath, rowsOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('status changes', () => {
  it('PENDING -> EXPIRED after the lifetime (vendor setting); then PATCH is 409', async () => {
    const v = await givenShop(app);
    await app.http.patch('/management/checkout-settings').set(bearer(await v.apiToken('full'))).send({ lifetimeHours: 2 }).expect(200);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }] })).body;
    expect(new Date(created.expiresAt).getTime() - new Date(created.createdAt).getTime()).toBe(2 * HOUR);
    app.clock.advance(2 * HOUR);
    expect((await app.http.get(`/checkouts/${created.id}`).set(r.auth)).body.status).toBe('EXPIRED');
    const res = await app.http.patch(`/checkouts/${created.id}`).set(r.auth).send({ email: 'x@example.com' });
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('CHECKOUT.CLOSED');
  });

  it('PENDING -> COMPLETED on payment: one contract (origin CHECKOUT, paymentData), a paid bill, a transaction, the entitlement; then PATCH is 409', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'news' }], requestedDiscountCodes: ['HALF'] })).body;
    expect(created.price).toBe(49.5);
    const pay = await app.http
      .post(pagePath(created.checkoutUrl, '/pay'))
      .type('form')
      .send({ payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(pay.status).toBe(303);
    expect(pay.headers.location).toBe(pagePath(created.checkoutUrl, '/receipt'));
    const done = (await app.http.get(`/checkouts/${created.id}`).set(r.auth)).body;
    expect(done).toMatchObject({ status: 'COMPLETED', payer: { id: r.userId, email: r.email } });
    expect(done.contractIds).toHaveLength(1);
    const contract = await app.http.get(`/contracts/${done.contractIds[0]}`).set(r.auth);
    expect(contract.body).toMatchObject({
      userId: r.userId,
      status: 'ACTIVE',
      origin: { type: 'CHECKOUT', id: created.id },
      paymentData: { method: 'card', brand: 'visa', description: '•••• 4242' },
      appliedDiscounts: [{ code: 'HALF', status: 'APPLIED' }],
    });
    const bills = await rowsOf(app, 'bills', 'vendor_id = $1 AND contract_id = $2', [v.vendorId, done.contractIds[0]]);
    expect(bills.map((b: { status: string; price_minor?: string }) => b.status)).toEqual(['PAID']);
    const transactions = await app.http.get('/transactions').set(r.auth);
    expect(transactions.body).toEqual([expect.objectContaining({ amount: 49.5, currency: 'SEK', contractId: done.contractIds[0], isRefund: false })]);
    await settleEvents(app, v.vendorId);
    const entitlements = await app.http.get('/entitlements').set(r.auth);
    expect(entitlements.body).toEqual([expect.objectContaining({ sku: 'news', hasAccess: true })]);

    const patch = await app.http.patch(`/checkouts/${created.id}`).set(r.auth).send({ email: 'x@example.com' });
    expect(patch.status).toBe(409);
    expect(patch.body.code).toBe('CHECKOUT.CLOSED');
    // Paying again changes nothing.
    const again = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    expect(again.status).toBe(303);
    expect(await rowsOf(app, 'contracts', 'vendor_id = $1', [v.vendorId])).toHaveLength(1);
  });

  it('PENDING -> WAITING_PAYMENT_CONFIRMATION -> COMPLETED with the extra-confirmation card; PATCH meanwhile is 409', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }] })).body;
    const pay = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({ cardNumber: '4000002500003155', expiry: '12/34', cvc: '123' });
    expect(pay.status).toBe(303);
    expect(pay.headers.location).toBe(pagePath(created.checkoutUrl, '/confirm'));
    expect((await app.http.get(`/checkouts/${created.id}`).set(r.auth)).body.status).toBe('WAITING_PAYMENT_CONFIRMATION');
    expect((await app.http.patch(`/checkouts/${created.id}`).set(r.auth).send({ email: 'x@example.com' })).status).toBe(409);
    const page = await app.http.get(pagePath(created.checkoutUrl, '/confirm'));
    expect(page.text).toContain('Confirm your payment');
    const confirm = await app.http.post(pagePath(created.checkoutUrl, '/confirm')).type('form').send({ decision: 'approve' });
    expect(confirm.headers.location).toBe(pagePath(created.checkoutUrl, '/receipt'));
    expect((await app.http.get(`/checkouts/${created.id}`).set(r.auth)).body.status).toBe('COMPLETED');
  });

  it('a declined card leaves it PENDING and nothing made', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }] })).body;
    const pay = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({ cardNumber: '4000000000000002', expiry: '12/34', cvc: '123' });
    expect(pay.status).toBe(400);
    expect(pay.text).toContain('Your card was declined');
    expect((await app.http.get(`/checkouts/${created.id}`).set(r.auth)).body.status).toBe('PENDING');
    expect(await rowsOf(app, 'contracts', 'vendor_id = $1', [v.vendorId])).toHaveLength(0);
    expect(await rowsOf(app, 'bills', 'vendor_id = $1', [v.vendorId])).toHaveLength(0);
  });
});

describe('gift', () => {
  it("a visitor's gift: the recipient's contract, the buyer as payer, and the recipient's e-mail with the redeem link to the gift's page", async () => {
    const v = await givenShop(app);
    const visitor = v.visitor();
    const recipient = await v.reader();
    const created = (await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'book' }], redirectUrl: `https://${v.vendorId}.example.com/thanks` })).body;
    const pay = await app.http
      .post(pagePath(created.checkoutUrl, '/pay'))
      .type('form')
      .send({ buyerEmail: 'giver@example.com', gift: 'on', recipientEmail: recipient.email, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    expect(pay.status).toBe(303);
    const done = (await app.http.get(`/checkouts/${created.id}`).set(visitor.auth)).body;
    expect(done).toMatchObject({ status: 'COMPLETED', giftMode: true, email: recipient.email, payer: { email: 'giver@example.com' } });
    const contract = (await app.http.get(`/contracts/${done.contractIds[0]}`).set(recipient.auth)).body;
    expect(contract).toMatchObject({ userId: recipient.userId, payer: { email: 'giver@example.com' } });
    await settleEvents(app, v.vendorId);
    const mails = await rowsOf(app, 'mail_messages', 'vendor_id = $1 AND to_address = $2', [v.vendorId, recipient.email]);
    const gift = mails.find((m: { subject: string }) => m.subject.startsWith('A gift for you from '));
    expect(gift.body).toContain('giver@example.com gave you A Book');
    const link = /Redeem your gift: (\S+)/.exec(gift.body)![1];
    const page = await app.http.get(link.replace('http://kiosk.test', ''));
    expect(page.status).toBe(200);
    expect(page.text).toContain('A gift for you');
    expect(page.text).toContain(recipient.email);
    // The gift's token opens only the gift's page; the checkout's own link does not open it.
    expect((await app.http.get(pagePath(created.checkoutUrl, '/gift'))).status).toBe(404);
    expect((await app.http.get(link.replace('http://kiosk.test', '').replace('/gift', ''))).status).toBe(404);
  });
});

describe('invoice for business buyers', () => {
  it('charges a price without tax with its VAT added: the amount the checkout shows as gross and the first bill records as paid', async () => {
    const v = await givenShop(app);
    const c = app.runtime.container;
    await c.get(CreateProduct).execute({ vendorId: v.vendorId, sku: 'report', title: 'Market report', productType: 'article' });
    await c.get(CreatePurchaseOption).execute({
      id: 'report-once', vendorId: v.vendorId, sku: 'report', name: 'Buy once', price: money(10_000, 'SEK'), taxIncluded: false,
      recurring: null, seatsPerUnit: 1, minQuantity: 1, maxQuantity: 1,
    });
    // What the card provider is asked to charge.
    const card = c.get(CHECKOUT.Providers).card;
    const charged: { minor: number; currency: string }[] = [];
    const charge = card.charge.bind(card);
    card.charge = async (request) => {
      charged.push(request.amount);
      return charge(request);
    };
    try {
      const r = await v.reader();
      const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'report' }] })).body;
      expect(created.price).toBe(100);
      expect(created.tax).toMatchObject({ taxIncluded: false, net: 100 });
      expect(created.tax.gross).toBeGreaterThan(100);
      const shown = (minor: number) => `SEK ${(minor / 100).toLocaleString('en', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`;
      const page = await app.http.get(pagePath(created.checkoutUrl));
      expect(page.text).toContain(`<td>VAT</td><td class="amount">${shown(Math.round((created.tax.gross - 100) * 100))}</td>`);
      expect(page.text).toContain(`id="total">${shown(Math.round(created.tax.gross * 100))}</td>`);
      const pay = await app.http
        .post(pagePath(created.checkoutUrl, '/pay'))
        .type('form')
        .send({ payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
      expect(pay.status).toBe(303);
      expect(charged).toEqual([{ minor: Math.round(created.tax.gross * 100), currency: 'SEK' }]);
      const transactions = (await app.http.get('/transactions').set(r.auth)).body as { amount: number }[];
      expect(transactions.map((t) => t.amount)).toEqual([created.tax.gross]);
    } finally {
      card.charge = charge;
    }
  });

  it('where the vendor allows it, a business buyer pays by invoice: a contract with the invoice, its bill OPEN, no transaction yet', async () => {
    const v = await givenShop(app);
    await app.http.patch('/management/checkout-settings').set(bearer(await v.apiToken('full'))).send({ invoiceForBusiness: true }).expect(200);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }] })).body;
    const pay = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({
      payment: 'invoice:invoice', isBusiness: 'on', companyName: 'Rita AB', vatNumber: 'SE556677889901',
      business_street: 'Kontoret 2', business_zip: '111 33', business_city: 'Stockholm', business_country: 'se',
    });
    expect(pay.status).toBe(303);
    const receipt = await app.http.get(pay.headers.location);
    expect(receipt.text).toContain('the invoice is on its way');
    const done = (await app.http.get(`/checkouts/${created.id}`).set(r.auth)).body;
    expect(done).toMatchObject({ status: 'COMPLETED', isBusiness: true, companyName: 'Rita AB', businessAddress: { country: 'SE', city: 'Stockholm' } });
    const contract = (await app.http.get(`/contracts/${done.contractIds[0]}`).set(r.auth)).body;
    expect(contract).toMatchObject({ origin: { type: 'CHECKOUT', id: created.id }, paymentData: { method: 'INVOICE' } });
    const bills = await rowsOf(app, 'bills', 'vendor_id = $1', [v.vendorId]);
    expect(bills.map((b: { status: string }) => b.status)).toEqual(['OPEN']);
    expect(await rowsOf(app, 'transactions', 'vendor_id = $1', [v.vendorId])).toHaveLength(0);
  });

  it('a personal buyer is not offered the invoice', async () => {
    const v = await givenShop(app);
    await app.http.patch('/management/checkout-settings').set(bearer(await v.apiToken('full'))).send({ invoiceForBusiness: true }).expect(200);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }] })).body;
    const pay = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({ payment: 'invoice:invoice' });
    expect(pay.status).toBe(400);
    expect(pay.text).toContain('That payment method cannot be used for this order.'); // the catalogue's sentence for CHECKOUT.PAYMENT_METHOD_UNAVAILABLE
    expect(await rowsOf(app, 'contracts', 'vendor_id = $1', [v.vendorId])).toHaveLength(0);
  });
});
