import { BILLING } from '../../src/billing/billing.module';
import { givenSellingVendor, rowsOf } from '../billing/support';
import { bearer, TestApp } from '../support/harness';

/** Three contracts of two readers (one billed to a payer), the first bill paid and then refunded in part. */
export async function givenBilledVendor(app: TestApp) {
  const v = await givenSellingVendor(app);
  const mail = (local: string) => `${local}@${v.vendorId}.example.com`;
  const first = await v.contracts.create.execute(v.order({ user: { email: mail('a') }, confirm: true }));
  app.clock.advance(1_000);
  const second = await v.contracts.create.execute(v.order({ user: { email: mail('b') }, payer: { email: mail('payer') }, confirm: true }));
  app.clock.advance(1_000);
  const third = await v.contracts.create.execute(v.order({ user: { email: mail('a') }, confirm: true }));
  const bills = (await rowsOf(app, 'bills', v.vendorId, 'ORDER BY created_at')) as { id: string; contract_id: string; payer_id: string | null }[];
  const billOf = (contractId: string) => bills.find((b) => b.contract_id === contractId)!.id;
  const writer = await v.apiToken('full', ['contracts:write']);
  app.clock.advance(1_000);
  const paid = await app.http.post(`/management/bills/${billOf(first.id)}/payments`).set(bearer(writer)).send({});
  expect(paid.status).toBe(201);
  app.clock.advance(1_000);
  const refundId = `${v.vendorId}-refund`;
  const now = app.clock.now();
  await app.runtime.container.get(BILLING.Transactions).add({
    id: refundId,
    vendorId: v.vendorId,
    amount: { minor: 10_000, currency: 'SEK' },
    contractId: first.id,
    isRefund: true,
    userId: first.userId,
    billId: billOf(first.id),
    createdAt: now,
    updatedAt: now,
  });
  const read = await v.apiToken('read');
  const get = (path: string, query: Record<string, string | number> = {}, token = read) => app.http.get(path).query(query).set(bearer(token));
  const payerId = bills.find((b) => b.contract_id === second.id)!.payer_id!;
  return { ...v, first, second, third, billOf, payment: paid.body, refundId, read, get, payerId };
}
