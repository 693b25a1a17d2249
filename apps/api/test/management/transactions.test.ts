import { givenVendor, startTestApp, TestApp } from '../support/harness';
import { givenBilledVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const TRANSACTION_FIELDS = ['amount', 'billId', 'contractId', 'createdAt', 'currency', 'id', 'isRefund', 'updatedAt', 'userId'];

describe('GET /management/transactions', () => {
  it('lists payments and refunds newest first, by userId and type', async () => {
    const v = await givenBilledVendor(app);
    const res = await v.get('/management/transactions');
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(2);
    for (const t of res.body) expect(Object.keys(t).sort()).toEqual(TRANSACTION_FIELDS);
    const [refund, payment] = res.body;
    expect(refund).toMatchObject({ id: v.refundId, isRefund: true, amount: 100, currency: 'SEK', contractId: v.first.id, userId: v.first.userId });
    expect(payment).toEqual(v.payment);
    expect(payment).toMatchObject({ isRefund: false, amount: 1200, billId: v.billOf(v.first.id) });

    const ids = async (query: Record<string, string | number>) => (await v.get('/management/transactions', query)).body.map((t: { id: string }) => t.id);
    expect(await ids({ type: 'payment' })).toEqual([payment.id]);
    expect(await ids({ type: 'refund' })).toEqual([v.refundId]);
    expect(await ids({ userId: v.first.userId })).toEqual([v.refundId, payment.id]);
    expect(await ids({ userId: v.second.userId })).toEqual([]);
    expect(await ids({ limit: 1 })).toEqual([v.refundId]);
    expect(await ids({ limit: 1, offset: 1 })).toEqual([payment.id]);
    expect(await ids({ status: '' })).toEqual([v.refundId, payment.id]);
  });

  it('refuses status (transactions have none) and bad filters with 400; needs transactions:read; tenancy', async () => {
    const v = await givenBilledVendor(app);
    for (const [query, field] of [
      [{ status: 'COMPLETED' }, 'status'],
      [{ type: 'charge' }, 'type'],
      [{ limit: '501' }, 'limit'],
    ] as const) {
      const res = await v.get('/management/transactions', query);
      expect(res.status).toBe(400);
      expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    }
    expect((await v.get('/management/transactions', { status: 'PAID' })).body.errors[0].messages[0]).toMatch(/type=payment\|refund/);
    const noScope = await v.apiToken('read', [], 'bills:read');
    expect((await v.get('/management/transactions', {}, noScope)).status).toBe(403);
    const other = await givenVendor(app);
    expect((await v.get('/management/transactions', {}, await other.apiToken('read'))).body).toEqual([]);
  });
});
