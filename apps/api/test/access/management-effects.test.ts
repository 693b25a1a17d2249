import { bearer, startTestApp, TestApp } from '../support/harness';
import { givenSellingVendor, rowsOf, settleEvents } from '../billing/support';

// The billing and access effects end to end, through the management routes.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('management routes with their billing and access effects', () => {
  it('confirm -> bill, invoice and mail; seat assign -> entitlement and ACTIVE seat after the worker; removal -> revoked; payment -> transaction', async () => {
    const v = await givenSellingVendor(app);
    const token = await v.apiToken('full', ['contracts:write']);
    const created = await app.http
      .post('/management/contracts')
      .set(bearer(token))
      .send({
        sku: 'news-multi',
        purchaseOptionId: 'news-multi-yearly',
        contractType: 'BUSINESS',
        user: { email: `boss@${v.vendorId}.example.com` },
        payer: { email: `ap@${v.vendorId}.example.com` },
        invoice: { customerReference: 'PO-9', vendorReference: 'x'.repeat(34) },
        payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
        confirm: true,
      });
    expect(created.status).toBe(201);
    expect(created.body.status).toBe('ACTIVE');
    const contractId = created.body.id as string;
    const [bill] = await rowsOf(app, 'bills', v.vendorId);
    // 1,200 SEK excluding VAT plus 25 % Swedish VAT (docs/invoices.md).
    expect(bill).toMatchObject({ contract_id: contractId, status: 'OPEN', price_minor: '150000' });
    const [mail] = await rowsOf(app, 'mail_messages', v.vendorId);
    expect(mail.to_address).toBe(`ap@${v.vendorId}.example.com`);
    expect(mail.body).toContain(`On behalf of: boss@${v.vendorId}.example.com`);
    expect(mail.body).toContain(`Our reference: ${'x'.repeat(34)}`);

    const assigned = await app.http
      .post(`/management/contracts/${contractId}/seats/users`)
      .set(bearer(token))
      .send({ email: `member@${v.vendorId}.example.com` });
    expect(assigned.status).toBe(204);
    await settleEvents(app, v.vendorId);
    const seats = await app.http.get(`/management/contracts/${contractId}/seats/users`).set(bearer(token));
    expect(seats.status).toBe(200);
    const entitlements = await rowsOf(app, 'entitlements', v.vendorId);
    expect(entitlements).toHaveLength(2);
    for (const seat of seats.body) {
      const granted = entitlements.find((e: { user_id: string }) => e.user_id === seat.userId);
      expect(seat).toMatchObject({ sku: 'news', status: 'ACTIVE', entitlementId: granted.id });
    }
    const member = seats.body.find((s: { email?: string }) => s.email === `member@${v.vendorId}.example.com`);
    expect((await app.http.delete(`/management/contracts/${contractId}/seats/users/${member.userId}`).set(bearer(token))).status).toBe(204);
    await settleEvents(app, v.vendorId);
    const after = await rowsOf(app, 'entitlements', v.vendorId, 'AND user_id = $2', [member.userId]);
    expect(after[0].revoked_at).not.toBeNull();

    const paid = await app.http.post(`/management/bills/${bill.id}/payments`).set(bearer(token)).send({});
    expect(paid.status).toBe(201);
    expect(paid.body).toMatchObject({ amount: 1500, currency: 'SEK', contractId, billId: bill.id, isRefund: false });
  });
});

describe('POST /management/contracts with an unreachable invoicing provider', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await startTestApp({ INVOICING_PROVIDER: 'unreachable' });
  });
  afterAll(() => down.close());

  it('answers 503 and leaves a PENDING contract with no bill, invoice or mail', async () => {
    const v = await givenSellingVendor(down);
    const token = await v.apiToken('full', ['contracts:write']);
    const res = await down.http
      .post('/management/contracts')
      .set(bearer(token))
      .send({
        sku: 'news',
        purchaseOptionId: 'news-yearly',
        user: { email: `r@${v.vendorId}.example.com` },
        payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
        confirm: true,
      });
    expect(res.status).toBe(503);
    expect(res.body.code).toBe('CONTRACT.INVOICING_UNAVAILABLE');
    expect((await rowsOf(down, 'contracts', v.vendorId)).map((c: { status: string }) => c.status)).toEqual(['PENDING']);
    expect(await rowsOf(down, 'bills', v.vendorId)).toEqual([]);
    expect(await rowsOf(down, 'invoice_documents', v.vendorId)).toEqual([]);
    expect(await rowsOf(down, 'mail_messages', v.vendorId)).toEqual([]);
    await settleEvents(down, v.vendorId);
    expect(await rowsOf(down, 'entitlements', v.vendorId)).toEqual([]);
  });
});
