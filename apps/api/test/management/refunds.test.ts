import { rowsOf } from '../billing/support';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { givenBilledVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// The first bill of givenBilledVendor is paid (1200 SEK) and already refunded 100 SEK.
async function given() {
  const v = await givenBilledVendor(app);
  const refunder = await v.apiToken('full', ['bills:write', 'contracts:write']);
  const refund = (transactionId: string, body: object, token = refunder, key?: string) => {
    const req = app.http.post(`/management/transactions/${transactionId}/refund`).set(bearer(token));
    return (key ? req.set('Idempotency-Key', key) : req).send(body);
  };
  const refundsOf = async (billId: string) =>
    (await v.get('/management/transactions', { type: 'refund', limit: 500 })).body.filter((t: { billId: string }) => t.billId === billId);
  const billStatus = async (billId: string) => (await v.get(`/management/bills/${billId}`)).body.status;
  return { ...v, refunder, refund, refundsOf, billStatus };
}

describe('POST /management/transactions/{id}/refund', () => {
  it('refunds in part, refuses more than is left, then refunds the rest: the bill is REFUNDED and credited', async () => {
    const v = await given();
    const billId = v.billOf(v.first.id);

    const part = await v.refund(v.payment.id, { amount: 600.5 });
    expect(part.status).toBe(201);
    expect(part.body).toMatchObject({ isRefund: true, amount: 600.5, currency: 'SEK', billId, contractId: v.first.id, userId: v.first.userId });
    expect(part.body.id).not.toBe(v.payment.id);
    expect(await v.billStatus(billId)).toBe('PAID');

    const over = await v.refund(v.payment.id, { amount: 499.51 });
    expect([over.status, over.body.code]).toEqual([409, 'TRANSACTION.REFUND_EXCEEDS_REMAINING']);
    expect(over.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(over.body.remaining).toBe(499.5);
    expect((await v.refundsOf(billId)).map((t: { amount: number }) => t.amount).sort()).toEqual([100, 600.5]);

    const rest = await v.refund(v.payment.id, {});
    expect([rest.status, rest.body.amount, rest.body.isRefund]).toEqual([201, 499.5, true]);
    expect(await v.billStatus(billId)).toBe('REFUNDED');
    const documents = (await rowsOf(app, 'invoice_documents', v.vendorId)) as { bill_id: string; kind: string }[];
    const ofBill = documents.filter((d) => d.bill_id === billId).map((d) => d.kind);
    expect(ofBill.sort()).toEqual(['CREDIT_NOTE', 'CREDIT_NOTE', 'INVOICE']);
    // A credit note per refund: the part paid back, then all the invoice not yet credited (the seeded 100 SEK refund
    // was recorded without one), so together they credit the whole invoice.
    const notes = await v.get(`/management/bills/${billId}/credit-notes`);
    expect(notes.status).toBe(200);
    const invoiceNumber = (await v.get(`/management/bills/${billId}`)).body.invoiceNumber;
    expect(notes.body).toEqual([
      { number: expect.any(String), creditedInvoiceNumber: invoiceNumber, total: -600.5, currency: 'SEK', issuedAt: expect.any(String) },
      { number: expect.any(String), creditedInvoiceNumber: invoiceNumber, total: -599.5, currency: 'SEK', issuedAt: expect.any(String) },
    ]);
    expect(notes.body[0].number).not.toBe(notes.body[1].number);
    for (const note of notes.body) {
      const pdf = await v.get(`/management/bills/${billId}/invoice`, { kind: 'CREDIT_NOTE', number: note.number });
      expect([pdf.status, pdf.headers['content-type'], pdf.headers['content-disposition']]).toEqual([
        200,
        'application/pdf',
        `inline; filename="credit-note-${note.number}.pdf"`,
      ]);
    }
    const unknown = await v.get(`/management/bills/${billId}/invoice`, { kind: 'CREDIT_NOTE', number: '999999' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'BILL.NO_INVOICE']);
    const hostile = await v.get(`/management/bills/${billId}/invoice`, { kind: 'CREDIT_NOTE', number: '../x' });
    expect(hostile.status).toBe(400);

    const nothingLeft = await v.refund(v.payment.id, {});
    expect([nothingLeft.status, nothingLeft.body.code, nothingLeft.body.remaining]).toEqual([409, 'TRANSACTION.REFUND_EXCEEDS_REMAINING', 0]);
    const ofRefund = await v.refund(rest.body.id, { amount: 1 });
    expect([ofRefund.status, ofRefund.body.code]).toEqual([409, 'TRANSACTION.NOT_REFUNDABLE']);
    expect(await v.refundsOf(billId)).toHaveLength(3);
  });

  it('refunds a whole payment at once when no amount is given', async () => {
    const v = await given();
    const billId = v.billOf(v.third.id);
    const paid = await app.http.post(`/management/bills/${billId}/payments`).set(bearer(v.refunder)).send({});
    expect(paid.status).toBe(201);
    const all = await v.refund(paid.body.id, {});
    expect([all.status, all.body.amount, all.body.billId]).toEqual([201, paid.body.amount, billId]);
    expect(await v.billStatus(billId)).toBe('REFUNDED');
  });

  it('answers a retry with the same Idempotency-Key with the first refund, refunding once', async () => {
    const v = await given();
    const billId = v.billOf(v.first.id);
    const first = await v.refund(v.payment.id, { amount: 10 }, v.refunder, 'refund-key-1');
    expect(first.status).toBe(201);
    const again = await v.refund(v.payment.id, { amount: 10 }, v.refunder, 'refund-key-1');
    expect([again.status, again.headers['idempotent-replayed'], again.body]).toEqual([201, 'true', first.body]);
    expect((await v.refundsOf(billId)).map((t: { id: string }) => t.id).sort()).toEqual([first.body.id, v.refundId].sort());
    const otherBody = await v.refund(v.payment.id, { amount: 11 }, v.refunder, 'refund-key-1');
    expect(otherBody.status).toBe(422);
  });

  it("answers 404 for another vendor's transaction, 403 without bills:write, 400 for a bad amount", async () => {
    const v = await given();
    const other = await givenVendor(app);
    const stranger = await other.apiToken('full', ['bills:write']);
    const foreign = await v.refund(v.payment.id, { amount: 1 }, stranger);
    expect([foreign.status, foreign.body.code]).toEqual([404, 'TRANSACTION.NOT_FOUND']);
    const missing = await v.refund('no-such-transaction', {});
    expect([missing.status, missing.body.code]).toEqual([404, 'TRANSACTION.NOT_FOUND']);
    const noScope = await v.refund(v.payment.id, { amount: 1 }, await v.apiToken('full'));
    expect([noScope.status, noScope.body.code]).toEqual([403, 'AUTH.INSUFFICIENT_SCOPE']);
    for (const amount of [0, -1, 0.001, '5', 1e12]) {
      const bad = await v.refund(v.payment.id, { amount });
      expect(bad.status).toBe(400);
    }
    expect(await v.refundsOf(v.billOf(v.first.id))).toHaveLength(1);
  });
});

describe('endEntitlement', () => {
  it('ends the contract now (CANCELED, reason REFUNDED); without it the contract runs on', async () => {
    const v = await given();
    const contract = async () => (await v.get(`/management/contracts/${v.first.id}`)).body;
    const kept = await v.refund(v.payment.id, { amount: 1 });
    expect(kept.status).toBe(201);
    expect((await contract()).status).not.toBe('CANCELED');
    const ended = await v.refund(v.payment.id, { amount: 1, endEntitlement: true });
    expect(ended.status).toBe(201);
    expect(await contract()).toMatchObject({ status: 'CANCELED', cancelReason: 'REFUNDED' });
    const again = await v.refund(v.payment.id, { amount: 1, endEntitlement: true });
    expect(again.status).toBe(201);
    const bad = await v.refund(v.payment.id, { endEntitlement: 'yes' });
    expect(bad.status).toBe(400);
  });
});

describe('concurrent refunds of one payment', () => {
  it('queue on the bill: together they never exceed the payment', async () => {
    const v = await given();
    const answers = await Promise.all([v.refund(v.payment.id, { amount: 700 }), v.refund(v.payment.id, { amount: 700 })]);
    expect(answers.map((a) => a.status).sort()).toEqual([201, 409]);
    expect((await v.refundsOf(v.billOf(v.first.id))).map((t: { amount: number }) => t.amount).sort()).toEqual([100, 700]);
  });
});
