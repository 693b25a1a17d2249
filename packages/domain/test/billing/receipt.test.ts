import {
  cardLastFour,
  emptyBillingSettings,
  formatReceiptNumber,
  InvoiceBill,
  IssueReceipt,
  paymentLabel,
  paysByInvoice,
  Receipt,
  ReceiptFacts,
  receiptLanguage,
  RecordPayment,
} from '../../src/billing';
import { createUser } from '../../src/identity/user';
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
import { contractIn, T0, VENDOR } from '../contracts/fixtures';

const CARD = { provider: 'embedded', method: 'card', country: 'SE', reference: 'ch_1', brand: 'visa', description: '•••• 4242', last4: '4242' };

async function world(payment: object = CARD, language: string | null = null) {
  const clock = new FakeClock(T0);
  const ids = new SequentialIds('r-');
  const users = new InMemoryUserRepository();
  await users.addOrGet(createUser({ id: 'owner', vendorId: VENDOR, email: 'owner@example.com', firstName: 'Olga', lastName: 'Owner' }, T0));
  const bills = new InMemoryBillRepository();
  const invoices = new InMemoryInvoiceDocumentRepository();
  const mailer = new RecordingMailer();
  const kept: Receipt[] = [];
  let last = 0;
  const facts = {
    seller: async (vendorId: string) => ({ vendorName: 'Acme', settings: { ...emptyBillingSettings(vendorId), legalName: 'Acme Media AB', vatNumber: 'SE556703748501', city: 'Stockholm' } }),
    taxCategories: async () => new Map(),
    buyer: async () => null,
  };
  const receiptFacts: ReceiptFacts = {
    paymentOf: async () => ({ provider: 'embedded', method: 'card', brand: 'visa', last4: cardLastFour(payment as { last4?: string }) }),
    languageOf: async () => language,
    vendorLanguage: async () => null,
    receiptUrl: (v, b) => `https://kiosk.example.com/receipts/${v}/${b}?t=x`,
    mailLinks: async () => ({ signInUrl: 'https://kiosk.example.com/auth/c/login', vendorName: 'Acme', color: '#aa0000' }),
  };
  const receipts = new IssueReceipt(
    { add: async (r) => void kept.push(r), findByBill: async (_v, b) => kept.find((r) => r.billId === b) ?? null },
    { next: async () => ++last },
    invoices,
    users,
    facts,
    receiptFacts,
    mailer,
    ids,
    clock,
  );
  const invoice = new InvoiceBill(bills, invoices, new InMemoryInvoiceDraftRepository(), mailer, users, ids, clock, { facts });
  const pay = new RecordPayment(bills, new InMemoryTransactionRepository(), new RecordingContractPayments(), ids, clock, new InMemoryEventOutbox(), receipts);
  const contract = contractIn('PENDING', { payment: payment as never });
  contract.confirm(T0);
  const [bill] = contract.takeIssuedBills();
  return { clock, mailer, kept, invoice, pay, contract: contract.toSnapshot(), bill };
}

describe('receipts', () => {
  it('keep only the last four digits of a card', () => {
    expect(cardLastFour({ last4: '4242' })).toBe('4242');
    expect(cardLastFour({ description: '•••• 1881' })).toBe('1881');
    expect(cardLastFour({ description: 'pm_card_visa' })).toBeNull();
    expect(cardLastFour({ last4: '4242424242424242' })).toBeNull();
    expect(paymentLabel({ provider: 'x', method: 'card', brand: 'visa', last4: '4242' }, 'en')).toBe('Visa ending in 4242');
    expect(paymentLabel({ provider: 'x', method: 'card', brand: 'card', last4: null }, 'sv')).toBe('Kort');
    expect(paymentLabel({ provider: 'x', method: 'INVOICE', brand: null, last4: null }, 'sv')).toBe('Faktura');
    expect(paysByInvoice('INVOICE')).toBe(true);
    expect(paysByInvoice('card')).toBe(false);
    expect(formatReceiptNumber(12)).toBe('R-000012');
    expect(receiptLanguage(null, 'sv-FI', 'en')).toBe('sv');
    expect(receiptLanguage('de', undefined)).toBe('en');
  });

  it('a card bill: no invoice e-mail when issued; paid, a receipt (number, method, invoice settled) and its e-mail, never "Pay ... by"', async () => {
    const w = await world();
    const { invoice } = await w.invoice.execute({ bill: w.bill, contract: w.contract });
    expect(invoice).not.toBeNull();
    expect(w.mailer.outbox).toHaveLength(0);
    const { bill } = await w.pay.execute({ vendorId: VENDOR, billId: w.bill.id });
    expect(bill.receiptUrl).toBe(`https://kiosk.example.com/receipts/${VENDOR}/${w.bill.id}?t=x`);
    expect(w.kept).toHaveLength(1);
    expect(w.kept[0]).toMatchObject({
      number: 'R-000001',
      invoiceNumber: invoice!.number,
      payment: { brand: 'visa', last4: '4242' },
      seller: { name: 'Acme Media AB', vatNumber: 'SE556703748501' },
      buyer: { email: 'owner@example.com', name: 'Olga Owner' },
      language: 'en',
    });
    expect(w.mailer.outbox).toHaveLength(1);
    const mail = w.mailer.outbox[0];
    expect(mail).toMatchObject({ to: 'owner@example.com', subject: 'Receipt from Acme' });
    expect(mail.body).toContain('Payment method: Visa ending in 4242');
    expect(mail.body).toContain(`Settles invoice: ${invoice!.number}`);
    expect(mail.body).toContain('https://kiosk.example.com/auth/c/login');
    expect(mail.body).not.toMatch(/\bPay\b|\bdue\b|Due date/);
    expect(mail.html).toContain('background:#aa0000');
  });

  it("speaks the reader's language when the payment does not say one", async () => {
    const w = await world(CARD, 'sv-SE');
    await w.invoice.execute({ bill: w.bill, contract: w.contract });
    await w.pay.execute({ vendorId: VENDOR, billId: w.bill.id });
    expect(w.mailer.outbox[0].subject).toBe('Kvitto från Acme');
    expect(w.mailer.outbox[0].body).toContain('Betalningssätt: Visa som slutar på 4242');
  });

  it('an invoiced bill: the invoice is mailed when issued; its payment makes a receipt without another e-mail', async () => {
    const w = await world({ provider: 'INVOICE_PROVIDER', method: 'INVOICE', country: 'SE' });
    await w.invoice.execute({ bill: w.bill, contract: w.contract });
    expect(w.mailer.outbox.map((m) => m.subject)).toEqual([expect.stringMatching(/^Invoice \d+ from Acme Media AB, due /)]);
    await w.pay.execute({ vendorId: VENDOR, billId: w.bill.id });
    expect(w.kept).toHaveLength(1);
    expect(w.mailer.outbox).toHaveLength(1);
  });
});
