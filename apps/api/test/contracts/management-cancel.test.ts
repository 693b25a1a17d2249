import { RecordBillPayment } from '@kiosk/domain/contracts';
import { TimedContractMoves } from '../../src/contracts/timed-contract-moves';
import { settleEvents } from '../billing/support';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { givenContractVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const DAY = 86_400_000;
const moveTime = () => app.runtime.container.get(TimedContractMoves).run();
type Vendor = Awaited<ReturnType<typeof givenContractVendor>>;

const cancel = (id: string, token: string, body?: unknown) => {
  const call = app.http.post(`/management/contracts/${id}/cancel`).set(bearer(token));
  return body === undefined ? call : call.send(body as object);
};

/** The reader's entitlements as the vendor sees them (a fresh token: tests move the clock). */
async function entitlements(v: Vendor, userId: string) {
  const res = await app.http.get('/management/entitlements').query({ userId }).set(bearer(await v.apiToken('read')));
  expect(res.status).toBe(200);
  return res.body as { sku: string; hasAccess: boolean }[];
}

describe('POST /management/contracts/{id}/cancel', () => {
  it('sets a running subscription to cancel at the end of its paid period; access lasts until then; repeating answers it unchanged', async () => {
    const v = await givenContractVendor(app);
    const created = await v.create(v.order({ sku: 'news', purchaseOptionId: 'news-yearly', confirm: true }));
    expect(created.status).toBe(201);
    const { id, userId, nextBillAt } = created.body as { id: string; userId: string; nextBillAt: string };
    await settleEvents(app, v.vendorId);
    expect(await entitlements(v, userId)).toEqual([expect.objectContaining({ sku: 'news', hasAccess: true })]);

    const now = app.clock.now().toISOString();
    const res = await cancel(id, v.write, { reason: 'CUSTOMER_REQUEST', comment: 'Asked by phone.' });
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toMatchObject({
      id,
      status: 'ACTIVE',
      isActive: true,
      willCancelAt: nextBillAt,
      expiresAt: nextBillAt,
      cancelRequestedAt: now,
      cancelReason: 'CUSTOMER_REQUEST',
    });
    // The state after the call, as the vendor and the reader's entitlements show it.
    expect((await v.get(id)).body).toEqual(res.body);
    await settleEvents(app, v.vendorId);
    expect(await entitlements(v, userId)).toEqual([expect.objectContaining({ sku: 'news', hasAccess: true })]);

    // Safe to repeat while it runs: the first request stands (reason and date).
    const again = await cancel(id, v.write, { reason: 'SOMETHING_ELSE' });
    expect(again.status).toBe(200);
    expect(again.body).toEqual(res.body);

    // Paid (so it does not end for non-payment first), it ends at willCancelAt; no further bill was issued.
    const [bill] = await v.bills(id);
    await app.runtime.container.get(RecordBillPayment).execute({ vendorId: v.vendorId, contractId: id, billId: bill.id });
    app.clock.advance(366 * DAY);
    await moveTime();
    await settleEvents(app, v.vendorId);
    const ended = await v.get(id);
    expect(ended.body).toMatchObject({ status: 'CANCELED', isActive: false, cancelReason: 'CUSTOMER_REQUEST' });
    expect((await v.bills(id)).length).toBe(1);
    expect((await entitlements(v, userId)).filter((e) => e.hasAccess)).toEqual([]);

    // An ended contract cannot be canceled again.
    const late = await cancel(id, await v.apiToken('full', ['contracts:write']));
    expect(late.status).toBe(409);
    expect(late.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(late.body).toMatchObject({ status: 409, code: 'CONTRACT.ALREADY_CANCELED', contractId: id });
    expect(late.body.detail).toBe(`contract ${id} is already canceled`);
  });

  it('ends a PENDING contract at once with the default reason VENDOR_REQUEST (no body needed); then 409', async () => {
    const v = await givenContractVendor(app);
    const created = await v.create(v.order());
    expect(created.body.status).toBe('PENDING');
    const res = await cancel(created.body.id, v.write);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      id: created.body.id,
      status: 'CANCELED',
      isActive: false,
      willCancelAt: null,
      cancelReason: 'VENDOR_REQUEST',
      cancelRequestedAt: app.clock.now().toISOString(),
    });
    expect((await v.get(created.body.id)).body.status).toBe('CANCELED');
    expect(await v.bills(created.body.id)).toEqual([]);

    const again = await cancel(created.body.id, v.write, {});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('CONTRACT.ALREADY_CANCELED');
    // A confirm afterwards is refused as before.
    expect((await v.confirm(created.body.id)).status).toBe(409);
  });

  it('answers 403 without contracts:write and leaves the contract as it was', async () => {
    const v = await givenContractVendor(app);
    const created = await v.create(v.order({ confirm: true }));
    for (const token of [v.read, await v.apiToken('full')]) {
      const res = await cancel(created.body.id, token, {});
      expect(res.status).toBe(403);
      expect(res.body).toMatchObject({ status: 403, code: 'AUTH.INSUFFICIENT_SCOPE' });
    }
    expect((await cancel(created.body.id, 'not-a-token', {})).status).toBe(401);
    expect((await v.get(created.body.id)).body).toMatchObject({ status: 'ACTIVE', willCancelAt: null, cancelRequestedAt: null, cancelReason: null });
  });

  it("answers 404 for another vendor's contract or an unknown id, and the other vendor's contract stays as it was", async () => {
    const v = await givenContractVendor(app);
    const other = await givenContractVendor(app);
    const theirs = await other.create(other.order({ confirm: true }));
    const foreign = await cancel(theirs.body.id, v.write, {});
    expect(foreign.status).toBe(404);
    expect(foreign.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect(foreign.body).toMatchObject({ status: 404, code: 'CONTRACT.NOT_FOUND' });
    expect((await cancel('0190a4c2-0000-7000-8000-000000000000', v.write, {})).status).toBe(404);
    expect((await other.get(theirs.body.id)).body).toMatchObject({ status: 'ACTIVE', willCancelAt: null, cancelReason: null });
  });

  it.each([
    ['a reason that is not text', { reason: 42 }, 'reason'],
    ['a reason over 500 characters', { reason: 'x'.repeat(501) }, 'reason'],
    ['a comment over 2,000 characters', { comment: 'x'.repeat(2001) }, 'comment'],
  ])('answers 400 naming the field for %s, and changes nothing', async (_name, body, field) => {
    const v = await givenContractVendor(app);
    const created = await v.create(v.order({ confirm: true }));
    const res = await cancel(created.body.id, v.write, body);
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: 'REQUEST.INVALID' });
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
    expect((await v.get(created.body.id)).body).toMatchObject({ status: 'ACTIVE', willCancelAt: null });
  });

  it('is in the OpenAPI document under contracts:write with its example and its 409', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    const op = doc.paths['/management/contracts/{id}/cancel'].post;
    expect(op.operationId).toBe('cancelContract');
    expect(op.security).toEqual(expect.arrayContaining([{ apiKeyToken: ['contracts:write'] }]));
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '400', '401', '403', '404', '409']));
    expect(op.responses['200'].content['application/json'].example).toMatchObject({ willCancelAt: expect.any(String) });
  });
});
