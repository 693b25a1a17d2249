import { bearer, startTestApp, TestApp } from '../support/harness';
import { DAY, givenSellingVendor, rowsOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('invoicing a confirmed contract (embedded provider)', () => {
  it('records the OPEN bill, the invoice addressed to the payer on behalf of the user, and queues the e-mail', async () => {
    const v = await givenSellingVendor(app);
    const contract = await v.contracts.create.execute(
      v.license({
        confirm: true,
        payer: { email: `ap@${v.vendorId}.example.com`, firstName: 'Paula', lastName: 'Payer' },
        invoice: {
          email: `invoices@${v.vendorId}.example.com`,
          customerReference: 'PO-4711',
          vendorReference: 'Account manager Ada',
          ediNumber: '7365560000000',
        },
      }),
    );
    expect(contract.status).toBe('ACTIVE');
    const snapshot = contract.toSnapshot();

    const [bill] = await rowsOf(app, 'bills', v.vendorId, 'AND contract_id = $2', [contract.id]);
    expect(bill).toMatchObject({
      id: `${contract.id}-bill-1`,
      user_id: contract.userId,
      payer_id: snapshot.payer!.id,
      // 1,200 SEK excluding VAT, plus 25 % Swedish VAT: the buyer pays 1,500 SEK.
      price_minor: '150000',
      currency: 'SEK',
      status: 'OPEN',
      payment_provider: 'INVOICE_PROVIDER',
      payment_method: 'INVOICE',
      invoice_number: expect.stringMatching(/^\d{6}$/),
      items: [{ sku: 'news-multi', title: 'News for teams', purchaseOptionId: 'news-multi-yearly' }],
    });
    expect(new Date(bill.due_at).getTime()).toBe(app.clock.now().getTime() + 14 * DAY);

    const [invoice] = await rowsOf(app, 'invoice_documents', v.vendorId, 'AND bill_id = $2', [bill.id]);
    expect(invoice).toMatchObject({
      invoice_number: bill.invoice_number,
      billed_user_id: snapshot.payer!.id,
      on_behalf_of_user_id: contract.userId,
      email: `invoices@${v.vendorId}.example.com`,
      customer_reference: 'PO-4711',
      vendor_reference: 'Account manager Ada',
      edi_number: '7365560000000',
      delivery: 'E_INVOICE',
      total_minor: '150000',
    });
    expect(invoice.document.billedTo).toMatchObject({ userId: snapshot.payer!.id, email: `ap@${v.vendorId}.example.com`, name: 'Paula Payer' });
    expect(invoice.document.onBehalfOf).toMatchObject({ userId: contract.userId, email: `reader@${v.vendorId}.example.com`, name: 'Rita Reader' });

    const mails = await rowsOf(app, 'mail_messages', v.vendorId);
    expect(mails).toHaveLength(1);
    expect(mails[0].to_address).toBe(`invoices@${v.vendorId}.example.com`);
    expect(mails[0].subject).toContain(`Invoice ${bill.invoice_number}`);
    for (const line of [
      `Bill to: Paula Payer, ap@${v.vendorId}.example.com`,
      `On behalf of: Rita Reader, reader@${v.vendorId}.example.com`,
      'Your reference: PO-4711',
      'Our reference: Account manager Ada',
      'E-invoice number: 7365560000000',
      'Quantity: 1, unit price: SEK 1,200.00, VAT 25 %: SEK 300.00, amount excl. VAT: SEK 1,200.00',
      'VAT 25 % on SEK 1,200.00: SEK 300.00',
      'Total to pay: SEK 1,500.00',
    ]) {
      expect(mails[0].body).toContain(line);
    }
  });

  it('sends the invoice to the billed person when invoice.email is not given, and numbers invoices in sequence', async () => {
    const v = await givenSellingVendor(app);
    const first = await v.contracts.create.execute(v.order({ confirm: true }));
    const second = await v.contracts.create.execute(v.order({ confirm: true, user: { email: `other@${v.vendorId}.example.com` } }));
    const bills = await rowsOf(app, 'bills', v.vendorId, 'ORDER BY invoice_number');
    expect(bills.map((b: { contract_id: string; invoice_number: string }) => [b.contract_id, b.invoice_number])).toEqual([
      [first.id, '000001'],
      [second.id, '000002'],
    ]);
    const [invoice] = await rowsOf(app, 'invoice_documents', v.vendorId, 'AND contract_id = $2', [first.id]);
    expect(invoice).toMatchObject({ billed_user_id: first.userId, on_behalf_of_user_id: null, delivery: 'EMAIL', email: `reader@${v.vendorId}.example.com` });
    const mails = await rowsOf(app, 'mail_messages', v.vendorId, 'ORDER BY created_at, id');
    expect(mails.map((m: { to_address: string }) => m.to_address)).toEqual([`reader@${v.vendorId}.example.com`, `other@${v.vendorId}.example.com`]);
    expect(mails[0].body).not.toContain('On behalf of');
  });

  it('records a zero-amount bill PAID, with no invoice and no e-mail', async () => {
    const v = await givenSellingVendor(app);
    const contract = await v.contracts.create.execute(v.order({ confirm: true, unitPrice: { amountMinor: 0 } }));
    const [bill] = await rowsOf(app, 'bills', v.vendorId, 'AND contract_id = $2', [contract.id]);
    expect(bill).toMatchObject({ status: 'PAID', price_minor: '0', invoice_number: null });
    expect(bill.paid_at).not.toBeNull();
    expect(await rowsOf(app, 'invoice_documents', v.vendorId)).toEqual([]);
    expect(await rowsOf(app, 'mail_messages', v.vendorId)).toEqual([]);
  });

  it('records nothing when the contract is not confirmed', async () => {
    const v = await givenSellingVendor(app);
    await v.contracts.create.execute(v.order());
    expect(await rowsOf(app, 'bills', v.vendorId)).toEqual([]);
  });
});

describe('an unreachable invoicing provider', () => {
  let down: TestApp;
  beforeAll(async () => {
    down = await startTestApp({ INVOICING_PROVIDER: 'unreachable' });
  });
  afterAll(() => down.close());

  it('fails the confirm with InvoicingUnavailable and leaves the contract PENDING with no bill, invoice or mail', async () => {
    const v = await givenSellingVendor(down);
    await expect(v.contracts.create.execute(v.order({ confirm: true }))).rejects.toMatchObject({
      kind: 'unavailable',
      code: 'CONTRACT.INVOICING_UNAVAILABLE',
    });
    const [contract] = await rowsOf(down, 'contracts', v.vendorId);
    expect(contract.status).toBe('PENDING');
    await expect(v.contracts.confirm.execute({ vendorId: v.vendorId, contractId: contract.id })).rejects.toMatchObject({
      kind: 'unavailable',
    });
    expect((await rowsOf(down, 'contracts', v.vendorId))[0].status).toBe('PENDING');
    expect(await rowsOf(down, 'bills', v.vendorId)).toEqual([]);
    expect(await rowsOf(down, 'invoice_documents', v.vendorId)).toEqual([]);
    expect(await rowsOf(down, 'mail_messages', v.vendorId)).toEqual([]);
  });
});

describe('POST /management/bills/{billId}/payments', () => {
  it('makes the OPEN bill PAID, writes the transaction and answers it in major units', async () => {
    const v = await givenSellingVendor(app);
    const contract = await v.contracts.create.execute(v.order({ confirm: true }));
    const billId = `${contract.id}-bill-1`;
    app.clock.advance(DAY);
    const token = await v.apiToken('full', ['contracts:write']);
    const paidAt = new Date(app.clock.now().getTime() - 3_600_000).toISOString();

    const res = await app.http.post(`/management/bills/${billId}/payments`).set(bearer(token)).send({ paidAt });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      amount: 1200,
      currency: 'SEK',
      contractId: contract.id,
      isRefund: false,
      userId: contract.userId,
      billId,
      createdAt: paidAt,
      updatedAt: app.clock.now().toISOString(),
    });
    const [bill] = await rowsOf(app, 'bills', v.vendorId, 'AND id = $2', [billId]);
    expect(bill.status).toBe('PAID');
    expect(new Date(bill.paid_at).toISOString()).toBe(paidAt);
    const transactions = await rowsOf(app, 'transactions', v.vendorId, 'AND bill_id = $2', [billId]);
    expect(transactions).toHaveLength(1);
    expect(transactions[0]).toMatchObject({ id: res.body.id, amount_minor: '120000', currency: 'SEK', is_refund: false });
    expect((await v.contracts.get.execute({ vendorId: v.vendorId, contractId: contract.id })).openBills).toEqual([]);

    const again = await app.http.post(`/management/bills/${billId}/payments`).set(bearer(token)).send({});
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('BILL.NOT_PAYABLE');
    expect(await rowsOf(app, 'transactions', v.vendorId, 'AND bill_id = $2', [billId])).toHaveLength(1);
  });

  it('returns an OVERDUE contract to ACTIVE', async () => {
    const v = await givenSellingVendor(app);
    const contract = await v.contracts.create.execute(v.order({ confirm: true }));
    app.clock.advance(15 * DAY);
    await v.contracts.advance.execute({ vendorId: v.vendorId, contractId: contract.id });
    const token = await v.apiToken('full', ['contracts:write']);
    expect((await v.contracts.get.execute({ vendorId: v.vendorId, contractId: contract.id })).status).toBe('OVERDUE');

    const res = await app.http.post(`/management/bills/${contract.id}-bill-1/payments`).set(bearer(token));
    expect(res.status).toBe(201);
    expect(res.body.createdAt).toBe(app.clock.now().toISOString());
    const after = await v.contracts.get.execute({ vendorId: v.vendorId, contractId: contract.id });
    expect(after.status).toBe('ACTIVE');
    const events = await app.runtime.database.db.query(
      `SELECT type FROM outbox WHERE aggregate_id = $1 AND type IN ('contract.bill_paid', 'contract.reinstated') ORDER BY id`,
      [contract.id],
    );
    expect(events.map((e: { type: string }) => e.type)).toEqual(['contract.bill_paid', 'contract.reinstated']);
  });

  it("answers 404 for another vendor's bill or none, 403 without contracts:write, 400 for a bad or future paidAt", async () => {
    const v = await givenSellingVendor(app);
    const other = await givenSellingVendor(app);
    const contract = await v.contracts.create.execute(v.order({ confirm: true }));
    const billId = `${contract.id}-bill-1`;
    const otherToken = await other.apiToken('full', ['contracts:write']);
    const foreign = await app.http.post(`/management/bills/${billId}/payments`).set(bearer(otherToken)).send({});
    expect(foreign.status).toBe(404);
    expect(foreign.body.code).toBe('BILL.NOT_FOUND');
    expect((await app.http.post('/management/bills/nope/payments').set(bearer(otherToken)).send({})).status).toBe(404);

    const readOnly = await v.apiToken('read');
    expect((await app.http.post(`/management/bills/${billId}/payments`).set(bearer(readOnly)).send({})).status).toBe(403);

    const token = await v.apiToken('full', ['contracts:write']);
    const future = new Date(app.clock.now().getTime() + DAY).toISOString();
    const late = await app.http.post(`/management/bills/${billId}/payments`).set(bearer(token)).send({ paidAt: future });
    expect(late.status).toBe(400);
    expect(late.body.code).toBe('BILL.BAD_PAYMENT_DATE');
    const bad = await app.http.post(`/management/bills/${billId}/payments`).set(bearer(token)).send({ paidAt: 'yesterday' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('REQUEST.INVALID');
    const unknown = await app.http.post(`/management/bills/${billId}/payments`).set(bearer(token)).send({ amount: 5 });
    expect(unknown.status).toBe(400);
    expect((await rowsOf(app, 'bills', v.vendorId))[0].status).toBe('OPEN');
    expect(await rowsOf(app, 'transactions', v.vendorId)).toEqual([]);
  });

  it('undoes the whole payment when the contract cannot take it', async () => {
    const v = await givenSellingVendor(app);
    const token = await v.apiToken('full', ['contracts:write']);
    const contract = await v.contracts.create.execute(v.order({ confirm: true }));
    // The bill points at a contract that is not there: the contract step fails, so nothing of the payment stays.
    await app.runtime.database.db.query(`UPDATE bills SET contract_id = 'missing' WHERE vendor_id = $1`, [v.vendorId]);
    const res = await app.http.post(`/management/bills/${contract.id}-bill-1/payments`).set(bearer(token)).send({});
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('CONTRACT.NOT_FOUND');
    expect((await rowsOf(app, 'bills', v.vendorId))[0].status).toBe('OPEN');
    expect(await rowsOf(app, 'transactions', v.vendorId)).toEqual([]);
  });
});
