import { IssueUserToken } from '@kiosk/domain/identity';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { givenBilledVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /management/bills', () => {
  it('lists every bill newest first with the bill view, its user and payer, a page at a time, by userId and status', async () => {
    const v = await givenBilledVendor(app);
    const res = await v.get('/management/bills');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    // Exactly the reader's bill view (interface 2.5) plus the user and the payer.
    const reader = (await app.runtime.container.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: v.first.userId })).accessToken;
    const readerBill = (await app.http.get(`/bills/${v.billOf(v.first.id)}`).set(bearer(reader))).body;
    for (const bill of res.body) expect(Object.keys(bill).sort()).toEqual([...Object.keys(readerBill), 'userId', 'payerId', 'invoiceNumber'].sort());
    expect(res.body[2]).toEqual({ ...readerBill, userId: v.first.userId, payerId: null, invoiceNumber: expect.stringMatching(/^\d+$/) });
    const ids = (r: { body: { id: string }[] }) => r.body.map((b) => b.id);
    const newestFirst = [v.third, v.second, v.first].map((c) => v.billOf(c.id));
    expect(ids(res)).toEqual(newestFirst);
    expect(res.body[2]).toMatchObject({
      contractId: v.first.id,
      userId: v.first.userId,
      payerId: null,
      items: [{ sku: 'news', title: 'Product news', purchaseOptionId: 'news-yearly' }],
      price: 1200,
      currency: 'SEK',
      paymentProvider: 'INVOICE_PROVIDER',
      paymentMethod: 'INVOICE',
      status: 'PAID',
    });
    expect(res.body[1]).toMatchObject({ userId: v.second.userId, payerId: v.payerId, status: 'OPEN' });

    expect(ids(await v.get('/management/bills', { limit: 1 }))).toEqual(newestFirst.slice(0, 1));
    expect(ids(await v.get('/management/bills', { limit: 1, offset: 2 }))).toEqual(newestFirst.slice(2));
    expect(ids(await v.get('/management/bills', { status: 'OPEN' }))).toEqual(newestFirst.slice(0, 2));
    expect(ids(await v.get('/management/bills', { status: 'PAID' }))).toEqual([v.billOf(v.first.id)]);
    expect(ids(await v.get('/management/bills', { userId: v.first.userId }))).toEqual([v.billOf(v.third.id), v.billOf(v.first.id)]);
    expect(ids(await v.get('/management/bills', { userId: v.first.userId, status: 'OPEN' }))).toEqual([v.billOf(v.third.id)]);
    // The payer finds the bills they pay.
    expect(ids(await v.get('/management/bills', { userId: v.payerId }))).toEqual([v.billOf(v.second.id)]);

    const one = await v.get(`/management/bills/${v.billOf(v.first.id)}`);
    expect(one.status).toBe(200);
    expect(one.body).toEqual(res.body[2]);
  });

  it('needs bills:read; another vendor gets 404 and an empty list; bad queries are 400', async () => {
    const v = await givenBilledVendor(app);
    const noScope = await v.apiToken('read', [], 'users:read');
    for (const path of ['/management/bills', `/management/bills/${v.billOf(v.first.id)}`]) {
      const res = await v.get(path, {}, noScope);
      expect([res.status, res.body.code]).toEqual([403, 'AUTH.INSUFFICIENT_SCOPE']);
    }
    const other = await givenVendor(app);
    const otherRead = await other.apiToken('read');
    const notFound = await v.get(`/management/bills/${v.billOf(v.first.id)}`, {}, otherRead);
    expect([notFound.status, notFound.body.code]).toEqual([404, 'BILL.NOT_FOUND']);
    expect((await v.get('/management/bills', {}, otherRead)).body).toEqual([]);
    expect((await v.get('/management/bills', { userId: v.first.userId }, otherRead)).body).toEqual([]);
    for (const [query, field] of [
      [{ limit: '0' }, 'limit'],
      [{ limit: '1000' }, 'limit'],
      [{ offset: 'x' }, 'offset'],
      [{ status: 'SETTLED' }, 'status'],
      [{ other: '1' }, 'other'],
    ] as const) {
      const res = await v.get('/management/bills', query);
      expect([res.status, res.headers['content-type']]).toEqual([400, expect.stringMatching(/application\/problem\+json/)]);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
  });
});
