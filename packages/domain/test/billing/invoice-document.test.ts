import {
  composeCreditNote,
  emptyBillingSettings,
  InvoiceBill,
  invoiceMail,
  invoiceText,
  InvoicingFacts,
  IssueCreditNote,
  renderInvoice,
  toUbl,
  VoidBillsOfCanceledContract,
} from '../../src/billing';
import { createUser } from '../../src/identity/user';
import { money } from '../../src/shared';
import {
  FakeClock,
  InMemoryBillRepository,
  InMemoryInvoiceDocumentRepository,
  InMemoryUserRepository,
  RecordingMailer,
  SequentialIds,
  InMemoryInvoiceDraftRepository,
  SequentialInvoiceNumbers,
} from '../../src/testing';
import { contractIn, T0, VENDOR } from '../contracts/fixtures';

const element = (xml: string, name: string) => new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml)?.[1]?.trim() ?? '';

/** A Swedish seller; the buyer is a Finnish company (reverse charge) or a consumer, by the facts given. */
function facts(buyerVat: string | null, languages: { buyer?: string; vendor?: string } = {}): InvoicingFacts {
  return {
    seller: async (vendorId) => ({
      vendorName: 'Acme',
      defaultLanguage: languages.vendor ?? null,
      settings: {
        ...emptyBillingSettings(vendorId),
        legalName: 'Acme Media AB',
        street: 'Storgatan 1',
        zip: '111 22',
        city: 'Stockholm',
        country: 'SE',
        vatNumber: 'SE556703748501',
        paymentInstructions: 'Bankgiro 123-4567',
      },
    }),
    taxCategories: async () => new Map([['news-multi', 'news' as const]]),
    buyer: async () => ({
      companyName: 'Oy Esimerkki Ab',
      vatNumber: buyerVat,
      address: { street: 'Mannerheimintie 1', zip: '00100', city: 'Helsinki', country: 'FI' },
      language: languages.buyer ?? null,
    }),
    receiptUrl: (_v, billId) => `https://kiosk.example.com/bills/${billId}/receipt`,
  };
}

async function world(buyerVat: string | null, country = 'FI', languages: { buyer?: string; vendor?: string } = {}) {
  const clock = new FakeClock(T0);
  const ids = new SequentialIds('d-');
  const users = new InMemoryUserRepository();
  await users.addOrGet(createUser({ id: 'owner', vendorId: VENDOR, email: 'owner@example.fi', firstName: 'Äänekoski', lastName: 'Åberg' }, T0));
  const bills = new InMemoryBillRepository();
  const invoices = new InMemoryInvoiceDocumentRepository();
  const mailer = new RecordingMailer();
  const numbers = new SequentialInvoiceNumbers();
  const kept: string[] = [];
  const eInvoices = { add: async (e: { xml: string }) => void kept.push(e.xml) };
  const invoice = new InvoiceBill(bills, invoices, new InMemoryInvoiceDraftRepository(numbers), mailer, users, ids, clock, { facts: facts(buyerVat, languages), eInvoices });
  const contract = contractIn('PENDING', {
    payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country },
    invoice: { email: null, customerReference: 'PO-9', vendorReference: null, ediNumber: '0088:7365560000000' },
  });
  contract.confirm(T0);
  const [bill] = contract.takeIssuedBills();
  const credit = new IssueCreditNote(invoices, numbers, mailer, ids, clock, { eInvoices });
  return { bills, invoices, mailer, kept, invoice, contract: contract.toSnapshot(), bill, credit, clock };
}

describe('the invoice document', () => {
  it('reverse-charges a Finnish company: 0 %, the note, both VAT numbers, the PDF attached (by reference) and the e-invoice kept', async () => {
    const w = await world('FI20774740');
    const { bill, invoice } = await w.invoice.execute({ bill: w.bill, contract: w.contract });
    expect(bill.price).toEqual(money(120_000, 'SEK'));
    // No receipt before the bill is paid (an invoice is not a receipt).
    expect(bill.receiptUrl).toBeNull();
    expect(invoice).toMatchObject({
      seller: { name: 'Acme Media AB', vatNumber: 'SE556703748501', address: { country: 'SE' } },
      billedTo: { companyName: 'Oy Esimerkki Ab', vatNumber: 'FI20774740', address: { city: 'Helsinki', country: 'FI' } },
      reverseCharge: true,
      taxTotals: [{ rate: 0, code: 'AE', net: 120_000, tax: 0, gross: 120_000 }],
    });
    const body = w.mailer.outbox[0].body;
    expect(body).toContain('Customer VAT number: FI20774740');
    expect(body).toContain('Reverse charge: VAT to be accounted for by the recipient');
    expect(body).not.toMatch(/INVOICE_PROVIDER|via/);
    expect(w.mailer.outbox[0].attachments).toEqual([
      { filename: 'invoice-000001.pdf', contentType: 'application/pdf', invoicePdf: { billId: bill.id, kind: 'INVOICE' } },
    ]);
    expect(w.kept).toHaveLength(1);
    expect(element(w.kept[0], 'cbc:PayableAmount')).toBe('1200.00');
  });

  it('says the reverse-charge note and the VAT number check in a Swedish document\'s words', async () => {
    const w = await world('FI20774740');
    const { invoice } = await w.invoice.execute({ bill: w.bill, contract: w.contract });
    const vatNumberCheck = { vatNumber: 'FI20774740', country: 'FI', method: 'FORMAT_ONLY', status: 'VALID', checkedAt: '2026-11-28T10:00:00.000Z' } as const;
    const sv = invoiceText({ ...invoice!, language: 'sv', vatNumberCheck });
    expect(sv.notes).toEqual(['Omvänd betalningsskyldighet: köparen redovisar momsen (artikel 196 i rådets direktiv 2006/112/EG).']);
    const check = sv.facts.find((f) => f.startsWith('Kontroll av momsregistreringsnummer'));
    expect(check).toMatch(/^Kontroll av momsregistreringsnummer: FI20774740 giltigt \(endast formen kontrollerad, inte mot VIES, \d{4}-/);
    expect(JSON.stringify(sv)).not.toMatch(/Reverse charge|VAT number check|format only/);
    // The stored document keeps tax's words; English renders them as they are.
    expect(invoiceText(invoice!).notes).toEqual([invoice!.notes[0]]);
  });

  it('taxes a Finnish consumer at the Finnish news rate, VAT added on top of a price that excludes it', async () => {
    const w = await world(null);
    const { bill, invoice } = await w.invoice.execute({ bill: w.bill, contract: w.contract });
    // 1,200.00 SEK + 10 % = 1,320.00 SEK.
    expect(bill.price).toEqual(money(132_000, 'SEK'));
    expect(invoice!.taxTotals).toEqual([{ rate: 1000, code: 'S', net: 120_000, tax: 12_000, gross: 132_000 }]);
    expect(renderInvoice(invoice!)).toContain('Quantity: 1, unit price: SEK 1,200.00, VAT 10 %: SEK 120.00, amount excl. VAT: SEK 1,200.00');
  });

  it('shows a discount as an allowance and keeps the UBL line arithmetic exact (quantity x price - allowance)', async () => {
    const w = await world(null);
    const discounted = { ...w.bill, price: money(90_000, 'SEK') };
    const { invoice } = await w.invoice.execute({ bill: discounted, contract: w.contract });
    expect(invoice!.lines[0]).toMatchObject({ quantity: 1, unitPrice: 120_000, allowance: 30_000, net: 90_000, tax: 9_000 });
    const xml = toUbl(invoice!);
    const line = element(xml, 'cac:InvoiceLine');
    expect(element(line, 'cbc:PriceAmount')).toBe('1200.00');
    expect(element(element(line, 'cac:AllowanceCharge'), 'cbc:Amount')).toBe('300.00');
    expect(element(element(line, 'cac:AllowanceCharge'), 'cbc:ChargeIndicator')).toBe('false');
    expect(element(line, 'cbc:LineExtensionAmount')).toBe('900.00');
    expect(element(element(xml, 'cac:LegalMonetaryTotal'), 'cbc:TaxInclusiveAmount')).toBe('990.00');
  });

  it('credits a voided bill once: negated amounts, a new number, a CreditNote e-invoice referring to the invoice', async () => {
    const w = await world('FI20774740');
    const { bill, invoice } = await w.invoice.execute({ bill: w.bill, contract: w.contract });
    const voiding = new VoidBillsOfCanceledContract(w.bills, w.clock, w.credit);
    expect(await voiding.execute({ vendorId: VENDOR, contractId: bill.contractId })).toEqual([bill.id]);
    expect(await voiding.execute({ vendorId: VENDOR, contractId: bill.contractId })).toEqual([]);
    expect(await w.credit.execute({ vendorId: VENDOR, billId: bill.id })).toBeNull();
    const notes = w.invoices.rows.filter((d) => d.kind === 'CREDIT_NOTE');
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ number: '000002', creditedInvoiceNumber: invoice!.number, net: -120_000, total: money(-120_000, 'SEK') });
    expect(w.mailer.outbox.map((m) => m.subject)).toEqual([expect.stringMatching(/^Invoice 000001 from Acme Media AB/), 'Credit note 000002 from Acme Media AB']);
    const xml = w.kept[1];
    expect(xml).toContain('<CreditNote xmlns="urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2"');
    expect(element(element(xml, 'cac:BillingReference'), 'cbc:ID')).toBe('000001');
    expect(element(element(xml, 'cac:LegalMonetaryTotal'), 'cbc:PayableAmount')).toBe('1200.00');
  });

  it("writes the invoice in the buyer's language, else the vendor's default, else English; money the one way", async () => {
    const w = await world(null);
    const { invoice } = await w.invoice.execute({ bill: w.bill, contract: w.contract });
    expect(invoice!.language).toBe('en');
    const sv = { ...invoice!, language: 'sv' };
    const text = invoiceText(sv);
    expect(text.title).toBe('Faktura 000001');
    expect(text.lineHeader).toEqual(['Beskrivning', 'Antal', 'À-pris (exkl. moms)', 'Momssats', 'Moms', 'Belopp exkl. moms']);
    expect(text.lines[0][2]).toBe('1 200,00 kr');
    expect(text.totals.at(-1)).toBe('Att betala: 1 320,00 kr');
    expect(text.facts[0]).toBe('Fakturanummer: 000001');
    expect(renderInvoice(sv)).toContain('Antal: 1, à-pris: 1 200,00 kr, moms 10 %: 120,00 kr, belopp exkl. moms: 1 200,00 kr');
    expect(invoiceMail(sv)).toMatchObject({ subject: expect.stringMatching(/^Faktura 000001 från Acme Media AB, förfaller \d{4}-\d{2}-\d{2}$/) });
    expect(invoiceMail(sv).attachments![0].filename).toBe('faktura-000001.pdf');
    const note = invoiceText(composeCreditNote(sv, { id: 'n1', number: '000009', now: T0 }));
    expect(note.title).toBe('Kreditnota 000009');
    expect(note.totals.at(-1)).toBe('Krediterat belopp: 1 320,00 kr');
    // A document stored before invoices had a language reads as English; an unknown one too.
    expect(invoiceText({ ...invoice!, language: undefined }).title).toBe('Invoice 000001');
    expect(invoiceText({ ...invoice!, language: 'xx' }).title).toBe('Invoice 000001');
    // Composed: the buyer's profile language first, then the vendor's default.
    const bySv = await world(null, 'FI', { buyer: 'sv' });
    expect((await bySv.invoice.execute({ bill: bySv.bill, contract: bySv.contract })).invoice!.language).toBe('sv');
    const byVendor = await world(null, 'FI', { vendor: 'sv' });
    expect((await byVendor.invoice.execute({ bill: byVendor.bill, contract: byVendor.contract })).invoice!.language).toBe('sv');
    const both = await world(null, 'FI', { buyer: 'en-GB', vendor: 'sv' });
    expect((await both.invoice.execute({ bill: both.bill, contract: both.contract })).invoice!.language).toBe('en');
  });

  it('prints the unit price without VAT, the last day of the period, and a credit note as an amount credited with no due date', async () => {
    const w = await world(null);
    const included = { ...w.contract, taxIncluded: true };
    const { invoice } = await w.invoice.execute({ bill: w.bill, contract: included });
    // 1,200.00 SEK including 10 % (Finland, news): 1,090.91 without.
    const text = invoiceText(invoice!);
    expect(text.lineHeader[2]).toBe('Unit price (excl. VAT)');
    expect(text.lines[0][2]).toBe('SEK 1,090.91');
    const end = new Date(invoice!.periodEnd!.getTime() - 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
    expect(text.facts).toContain(`Period: ${invoice!.periodStart.toISOString().slice(0, 10)} to ${end}`);
    expect(element(toUbl(invoice!), 'cbc:EndDate')).toBe(end);
    const note = invoiceText(composeCreditNote(invoice!, { id: 'n1', number: '000009', now: T0 }));
    expect(note.totals.at(-1)).toBe('Amount credited: SEK 1,200.00');
    expect(note.facts.some((f) => f.startsWith('Due date'))).toBe(false);
    expect(text.facts.some((f) => f.startsWith('Due date'))).toBe(true);
  });

  it('escapes text in the XML', async () => {
    const w = await world(null);
    const { invoice } = await w.invoice.execute({ bill: w.bill, contract: { ...w.contract, invoice: { ...w.contract.invoice, customerReference: 'R&D <5>' } } });
    expect(toUbl(invoice!)).toContain('<cbc:BuyerReference>R&amp;D &lt;5&gt;</cbc:BuyerReference>');
  });
});

describe('composeCreditNote', () => {
  it('keeps net + tax = gross with every sign turned', async () => {
    const w = await world(null);
    const { invoice } = await w.invoice.execute({ bill: w.bill, contract: w.contract });
    const note = composeCreditNote(invoice!, { id: 'n', number: '000009', now: T0 });
    for (const l of note.lines) expect(l.net + l.tax).toBe(l.gross);
    expect(note.net + note.tax).toBe(note.total.minor);
    expect(note.kind).toBe('CREDIT_NOTE');
  });

  it('credits part of an invoice: the amount paid back, its VAT carved out at the line\'s rate, one unit, every sign turned', async () => {
    const w = await world(null, 'SE');
    const { invoice } = await w.invoice.execute({ bill: w.bill, contract: w.contract });
    const gross = 60_050;
    const note = composeCreditNote(invoice!, { id: 'n', number: '000010', now: T0, grossMinor: gross });
    expect(note.total.minor).toBe(-gross);
    expect(note.lines).toHaveLength(1);
    const [line] = note.lines;
    const rate = invoice!.lines[0].rate;
    // The VAT inside 600.50 at the line's rate, rounded half away from zero; net the rest.
    const tax = Math.round((gross * rate) / (10_000 + rate));
    expect(line).toMatchObject({ quantity: 1, allowance: 0, gross: -gross, tax: -tax, net: -(gross - tax), rate });
    expect(note.taxTotals).toEqual([{ rate, code: line.vatCategory, net: -(gross - tax), tax: -tax, gross: -gross }]);
    expect([note.net, note.tax]).toEqual([-(gross - tax), -tax]);
    // More than the invoice, or all of it, is the whole invoice credited.
    expect(composeCreditNote(invoice!, { id: 'n2', number: '000011', now: T0, grossMinor: 10 ** 9 }).total.minor).toBe(-invoice!.total.minor);
  });

  it('shares a partial credit among several lines in proportion, adding up to the amount exactly', () => {
    const line = (sku: string, gross: number, rate: number) => ({
      sku, title: sku, purchaseOptionId: sku, quantity: 1, unitPrice: gross, allowance: 0, category: 'standard' as const, vatCategory: 'S' as const, rate, net: gross, tax: 0, gross,
    });
    const invoice = { lines: [line('a', 10_000, 2_500), line('b', 5_000, 600), line('c', 5_000, 600)], total: { minor: 20_000, currency: 'SEK' }, priceMode: 'TAX_INCLUDED', currency: 'SEK' };
    const note = composeCreditNote(invoice as unknown as Parameters<typeof composeCreditNote>[0], { id: 'n', number: '1', now: T0, grossMinor: 10_001 });
    expect(note.lines.map((l) => -l.gross)).toEqual([5_001, 2_500, 2_500]);
    expect(note.taxTotals.map((t) => [t.rate, -t.gross])).toEqual([[2_500, 5_001], [600, 5_000]]);
    expect(note.total.minor).toBe(-10_001);
    for (const l of note.lines) expect(l.net + l.tax).toBe(l.gross);
  });
});
