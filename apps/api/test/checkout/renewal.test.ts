import { AdvanceContract } from '@kiosk/domain/contracts';
import { IssueUserToken } from '@kiosk/domain/identity';
import { bearer } from '../support/harness';
import { settleEvents } from '../billing/support';
import { startTestApp, TestApp } from '../support/harness';
import { givenShop, pagePath, rowsOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const DAY = 24 * 3_600_000;

async function subscribe(v: Awaited<ReturnType<typeof givenShop>>, card: string) {
  const r = await v.reader();
  const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'news' }] })).body;
  const pay = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({ cardNumber: card, expiry: '12/34', cvc: '123' });
  expect(pay.status).toBe(303);
  const checkout = (await app.http.get(`/checkouts/${created.id}`).set(r.auth)).body;
  return { r, contractId: checkout.contractIds[0] as string };
}

/** A fresh token for the reader (the clock moved past the first one's expiry). */
const authOf = async (vendorId: string, userId: string) =>
  bearer((await app.runtime.container.get(IssueUserToken).execute({ vendorId, userId })).accessToken);

const billsOf = async (vendorId: string, contractId: string) =>
  (await rowsOf(app, 'bills', 'vendor_id = $1 AND contract_id = $2 ORDER BY created_at', [vendorId, contractId])).map((b: { status: string }) => b.status);

describe('renewals of checkout-made subscriptions charge the saved card through the port', () => {
  it('the succeeding card pays the renewal bill; the card that fails at renewal leaves it OPEN, then OVERDUE and a payment issue', async () => {
    const v = await givenShop(app);
    const good = await subscribe(v, '4242424242424242');
    const bad = await subscribe(v, '4000000000000341');
    expect(await billsOf(v.vendorId, good.contractId)).toEqual(['PAID']);
    expect(await billsOf(v.vendorId, bad.contractId)).toEqual(['PAID']);
    await settleEvents(app, v.vendorId);

    app.clock.advance(32 * DAY);
    const advance = app.runtime.container.get(AdvanceContract);
    await advance.execute({ vendorId: v.vendorId, contractId: good.contractId });
    await advance.execute({ vendorId: v.vendorId, contractId: bad.contractId });
    await settleEvents(app, v.vendorId);
    expect(await billsOf(v.vendorId, good.contractId)).toEqual(['PAID', 'PAID']);
    expect(await billsOf(v.vendorId, bad.contractId)).toEqual(['PAID', 'OPEN']);
    // Each paid bill keeps the reference of the charge that paid it: a refund reverses that charge at the provider.
    const references = await rowsOf(app, 'bills', 'vendor_id = $1 AND contract_id = $2 ORDER BY created_at', [v.vendorId, good.contractId]);
    expect(references.map((b: { payment_reference: string | null }) => b.payment_reference)).toEqual([expect.stringMatching(/^ch_/), expect.stringMatching(/^ch_bill:/)]);
    expect((await app.http.get('/transactions').set(await authOf(v.vendorId, good.r.userId))).body).toHaveLength(2);
    expect((await app.http.get('/transactions').set(await authOf(v.vendorId, bad.r.userId))).body).toHaveLength(1);

    app.clock.advance(15 * DAY);
    await advance.execute({ vendorId: v.vendorId, contractId: bad.contractId });
    const issues = await app.http.get('/payment-issues').set(await authOf(v.vendorId, bad.r.userId));
    expect(issues.body).toEqual([expect.objectContaining({ contractId: bad.contractId, status: 'OVERDUE' })]);
    expect((await app.http.get('/payment-issues').set(await authOf(v.vendorId, good.r.userId))).body).toEqual([]);
  });
});
