import { formatMinor, InvoiceBill, issuingDraftsFirst, RecordPayment } from '../../src/billing';
import { createUser } from '../../src/identity/user';
import { money } from '../../src/shared';
import {
  FakeClock,
  InMemoryBillRepository,
  InMemoryEventOutbox,
  InMemoryInvoiceDocumentRepository,
  InMemoryTransactionRepository,
  InMemoryUserRepository,
  RecordingContractPayments,
  RecordingMailer,
  SequentialIds,
  InMemoryInvoiceDraftRepository,
} from '../../src/testing';
import { contractIn, DAY, T0, VENDOR } from '../contracts/fixtures';

async function world() {
  const clock = new FakeClock(T0);
  const ids = new SequentialIds('b-');
  const users = new InMemoryUserRepository();
  await users.addOrGet(createUser({ id: 'owner', vendorId: VENDOR, email: 'owner@example.com', firstName: 'Olga', lastName: 'Owner' }, T0));
  await users.addOrGet(createUser({ id: 'payer', vendorId: VENDOR, email: 'ap@corp.example.com' }, T0));
  const bills = new InMemoryBillRepository();
  const invoices = new InMemoryInvoiceDocumentRepository();
  const mailer = new RecordingMailer();
  const transactions = new InMemoryTransactionRepository();
  const payments = new RecordingContractPayments();
  const invoice = new InvoiceBill(bills, invoices, new InMemoryInvoiceDraftRepository(), mailer, users, ids, clock);
  const outbox = new InMemoryEventOutbox();
  const pay = new RecordPayment(bills, transactions, payments, ids, clock, outbox);
  return { clock, bills, invoices, mailer, transactions, payments, invoice, pay, outbox };
}

/** A confirmed contract and the first bill it issued. */
function confirmed(overrides: Parameters<typeof contractIn>[1] = {}) {
  const contract = contractIn('PENDING', overrides);
  contract.confirm(T0);
  const [bill] = contract.takeIssuedBills();
  return { contract: contract.toSnapshot(), bill };
}

describe('InvoiceBill in two steps: drafted, then issued', () => {
  it('drafts without a number, and a reader of the bill\'s invoice (a receipt, a credit note) issues it first', async () => {
    const w = await world();
    const { contract, bill } = confirmed();
    const { bill: record, draft } = await w.invoice.draft({ bill, contract });
    expect(record.invoiceNumber).toBeNull();
    expect(draft).toMatchObject({ billId: bill.id, mail: true });
    expect(w.invoices.rows).toEqual([]);
    expect(w.mailer.outbox).toEqual([]);

    const read = issuingDraftsFirst(w.invoices, w.invoice);
    expect(await read.findByBill(VENDOR, bill.id)).toMatchObject({ billId: bill.id, number: '000001' });
    expect((await w.bills.find(VENDOR, bill.id))?.invoiceNumber).toBe('000001');
    expect(w.mailer.outbox).toHaveLength(1);
    // Issued once: reading again issues nothing more.
    expect((await read.listByBill(VENDOR, bill.id)).map((d) => d.number)).toEqual(['000001']);
    expect(await w.invoice.issue({ vendorId: VENDOR, billId: bill.id })).toBeNull();
    expect(w.mailer.outbox).toHaveLength(1);
  });
});

describe('InvoiceBill', () => {
  it('addresses the invoice to the payer on behalf of the user, with references and the e-invoice number', async () => {
    const w = await world();
    const { contract, bill } = confirmed({
      payer: { id: 'payer', email: 'ap@corp.example.com' },
      invoice: { email: null, customerReference: 'PO-1', vendorReference: 'Ref 2', ediNumber: '12345' },
    });
    const { bill: record, invoice } = await w.invoice.execute({ bill, contract });
    expect(record).toMatchObject({ status: 'OPEN', payerId: 'payer', userId: 'owner', invoiceNumber: '000001' });
    expect(invoice).toMatchObject({
      billedTo: { userId: 'payer', email: 'ap@corp.example.com', name: null },
      onBehalfOf: { userId: 'owner', email: 'owner@example.com', name: 'Olga Owner' },
      email: 'ap@corp.example.com',
      customerReference: 'PO-1',
      vendorReference: 'Ref 2',
      ediNumber: '12345',
      delivery: 'E_INVOICE',
    });
    expect(w.mailer.outbox).toEqual([expect.objectContaining({ vendorId: VENDOR, to: 'ap@corp.example.com' })]);
    expect(w.mailer.outbox[0].body).toContain('On behalf of: Olga Owner, owner@example.com');
  });

  it('uses invoice.email when given, and does nothing for a bill already recorded', async () => {
    const w = await world();
    const { contract, bill } = confirmed({ invoice: { email: 'books@corp.example.com', customerReference: null, vendorReference: null, ediNumber: null } });
    await w.invoice.execute({ bill, contract });
    await w.invoice.execute({ bill, contract });
    expect(w.mailer.outbox.map((m) => m.to)).toEqual(['books@corp.example.com']);
    expect(w.invoices.rows).toHaveLength(1);
    expect(w.invoices.rows[0]).toMatchObject({ onBehalfOf: null, delivery: 'EMAIL' });
  });

  it('records a bill issued PAID with no invoice and no mail', async () => {
    const w = await world();
    const { contract, bill } = confirmed();
    const free = { ...bill, price: money(0, 'SEK'), status: 'PAID' as const };
    const { bill: record, invoice } = await w.invoice.execute({ bill: free, contract });
    expect(record).toMatchObject({ status: 'PAID', invoiceNumber: null, paidAt: T0 });
    expect(invoice).toBeNull();
    expect(w.mailer.outbox).toEqual([]);
  });
});

describe('RecordPayment', () => {
  it('pays an OPEN bill once, writes a transaction and tells the contract', async () => {
    const w = await world();
    const { contract, bill } = confirmed();
    const { bill: recorded } = await w.invoice.execute({ bill, contract });
    w.clock.advance(DAY);
    const paidAt = new Date(T0.getTime() + DAY / 2);
    const { bill: paid, transaction } = await w.pay.execute({ vendorId: VENDOR, billId: bill.id, paidAt });
    expect(paid).toMatchObject({ status: 'PAID', paidAt, updatedAt: w.clock.now() });
    // The contract's price excludes VAT; the buyer pays the gross (25 % Swedish VAT added on top).
    expect(recorded.price).toEqual({ minor: Math.round(bill.price.minor * 1.25), currency: bill.price.currency });
    expect(transaction).toMatchObject({ amount: recorded.price, billId: bill.id, contractId: contract.id, userId: 'owner', isRefund: false, createdAt: paidAt });
    expect(w.payments.paid).toEqual([{ vendorId: VENDOR, contractId: contract.id, billId: bill.id }]);
    await expect(w.pay.execute({ vendorId: VENDOR, billId: bill.id })).rejects.toMatchObject({ kind: 'conflict', code: 'BILL.NOT_PAYABLE' });
    expect(w.transactions.rows).toHaveLength(1);
    expect(w.outbox.events).toEqual([
      {
        type: 'transaction.created',
        vendorId: VENDOR,
        aggregateId: transaction.id,
        occurredAt: w.clock.now(),
        payload: { billId: bill.id, contractId: contract.id, userId: 'owner', amount: recorded.price.minor, currency: bill.price.currency, isRefund: false },
      },
    ]);
  });

  it("refuses another vendor's bill, a future payment date, and keeps the bill OPEN when the contract step fails", async () => {
    const w = await world();
    const { contract, bill } = confirmed();
    await w.invoice.execute({ bill, contract });
    await expect(w.pay.execute({ vendorId: 'someone-else', billId: bill.id })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(w.pay.execute({ vendorId: VENDOR, billId: bill.id, paidAt: new Date(T0.getTime() + 1) })).rejects.toMatchObject({
      code: 'BILL.BAD_PAYMENT_DATE',
    });
    w.payments.failWith = new Error('contract store down');
    await expect(w.pay.execute({ vendorId: VENDOR, billId: bill.id })).rejects.toThrow('contract store down');
    expect((await w.bills.find(VENDOR, bill.id))!.status).toBe('OPEN');
  });
});

describe('formatMinor (the machine form of e-invoices; people read formatMoney)', () => {
  it('shows minor units as major units with two decimals, no grouping', () => {
    expect(formatMinor(120_000)).toBe('1200.00');
    expect(formatMinor(5)).toBe('0.05');
    expect(formatMinor(-1_999)).toBe('-19.99');
  });
});
