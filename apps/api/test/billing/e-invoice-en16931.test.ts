import {
  BuyerDetails,
  composeCreditNote,
  composeInvoice,
  emptyBillingSettings,
  InvoiceDocument,
  taxOfBill,
  TaxCategory,
  toUbl,
  VendorBillingSettings,
} from '@kiosk/domain/billing';
import { createUser } from '@kiosk/domain/identity';
import { money } from '@kiosk/domain';
import { compiledRules, fatalOf, swedishRuleFailures, validateUbl } from './en16931';

/**
 * Every kind of e-invoice the service writes, checked with the official CEN
 * EN 16931 UBL rules: invoices and credit notes; categories S (a domestic
 * business), AE (reverse charge to an EU business), O (a business outside
 * the EU); SEK and EUR; prices with and without VAT; a discount; a card-paid
 * bill. K (intra-community supply of goods) is never written: the service
 * sells services and electronic publications.
 */
let sef: string;
beforeAll(() => {
  sef = compiledRules();
}, 180_000);

const T0 = new Date('2026-11-27T10:00:00.000Z');

const SWEDISH_SELLER: VendorBillingSettings = {
  ...emptyBillingSettings('acme'),
  legalName: 'Nordisk Tidning Förlag AB',
  street: 'Sveavägen 12',
  zip: '111 57',
  city: 'Stockholm',
  country: 'SE',
  vatNumber: 'SE556703748501',
  paymentInstructions: 'Bankgiro 5050-1055',
  iban: 'SE4550000000058398257466',
  bic: 'ESSESESS',
  bankgiro: '50501055',
};

interface Case {
  name: string;
  country: string;
  currency: 'SEK' | 'EUR';
  buyer: BuyerDetails;
  ediNumber: string;
  category?: TaxCategory;
  taxIncluded?: boolean;
  discount?: boolean;
  card?: boolean;
  seller?: VendorBillingSettings;
}

function documentOf(c: Case): InvoiceDocument {
  const unit = money(c.currency === 'SEK' ? 120_000 : 12_000, c.currency);
  const payment = c.card
    ? { provider: 'EMBEDDED', method: 'card', country: c.country, reference: 'ch_1', brand: 'visa', description: 'Visa ending 4242' }
    : { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country: c.country };
  const contract = {
    userId: 'u1',
    payer: null,
    invoice: { email: null, customerReference: 'PO-9', vendorReference: 'Anna', ediNumber: c.ediNumber },
    payment,
    taxIncluded: c.taxIncluded ?? false,
    items: [{ sku: 'news', purchaseOptionId: 'news-yearly', quantity: 2, unitPrice: unit }],
    billingDetails: null,
  };
  const bill = {
    id: 'b1',
    vendorId: 'acme',
    contractId: 'c1',
    items: [{ sku: 'news', title: 'Dagens Nyheter Digital', purchaseOptionId: 'news-yearly' }],
    price: money(c.discount ? unit.minor * 2 - unit.minor / 2 : unit.minor * 2, c.currency),
    status: 'OPEN' as const,
    periodStart: T0,
    periodEnd: new Date('2027-11-27T10:00:00.000Z'),
    dueAt: new Date('2026-12-27T10:00:00.000Z'),
    createdAt: T0,
    updatedAt: T0,
  };
  const seller = c.seller ?? SWEDISH_SELLER;
  const tax = taxOfBill({ bill, contract: contract as never, categories: new Map([['news', c.category ?? 'news']]), seller, buyer: c.buyer });
  const record = {
    ...bill,
    userId: 'u1',
    payerId: null,
    tax,
    price: money(tax.gross, c.currency),
    paymentProvider: payment.provider,
    paymentMethod: payment.method,
    receiptUrl: null,
    invoiceNumber: '000042',
    paidAt: null,
  };
  const user = createUser({ id: 'u1', vendorId: 'acme', email: 'ap@buyer.example.com', firstName: 'Åsa', lastName: 'Öberg' }, T0);
  return composeInvoice({
    id: 'i1',
    number: '000042',
    bill: record,
    contract: contract as never,
    user,
    payer: null,
    seller: { vendorName: 'Acme', settings: seller },
    buyer: c.buyer,
    now: T0,
  });
}

const SWEDISH_BUSINESS: BuyerDetails = { companyName: 'Kontor AB', vatNumber: 'SE556036079301', address: { street: 'Kungsgatan 2', zip: '411 19', city: 'Göteborg', country: 'SE' } };
const GERMAN_BUSINESS: BuyerDetails = { companyName: 'Zeitung GmbH', vatNumber: 'DE136695976', address: { street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', country: 'DE' } };
const NORWEGIAN_BUSINESS: BuyerDetails = { companyName: 'Avis AS', vatNumber: 'NO974760673MVA', address: { street: 'Karl Johans gate 1', zip: '0154', city: 'Oslo', country: 'NO' } };
const US_BUSINESS: BuyerDetails = { companyName: 'Gazette Inc.', vatNumber: null, address: { street: '1 Main St', zip: '10001', city: 'New York', country: 'US' } };

const cases: Case[] = [
  { name: 'S, SEK, a Swedish business, price excl. VAT', country: 'SE', currency: 'SEK', buyer: SWEDISH_BUSINESS, ediNumber: '0007:5560360793' },
  { name: 'S, SEK, a Swedish business, price incl. VAT, standard rate, discounted', country: 'SE', currency: 'SEK', buyer: SWEDISH_BUSINESS, ediNumber: '0088:7365560000000', category: 'standard', taxIncluded: true, discount: true },
  { name: 'S, SEK, card-paid', country: 'SE', currency: 'SEK', buyer: SWEDISH_BUSINESS, ediNumber: '5560360793', card: true },
  { name: 'AE, EUR, a German business (reverse charge)', country: 'DE', currency: 'EUR', buyer: GERMAN_BUSINESS, ediNumber: '9930:DE136695976' },
  { name: 'AE, SEK, a German business, discounted', country: 'DE', currency: 'SEK', buyer: GERMAN_BUSINESS, ediNumber: '0088:4000001000005', discount: true },
  { name: 'O, EUR, a Norwegian business', country: 'NO', currency: 'EUR', buyer: NORWEGIAN_BUSINESS, ediNumber: '0192:974760673' },
  { name: 'O, SEK, a US business', country: 'US', currency: 'SEK', buyer: US_BUSINESS, ediNumber: '0060:123456789' },
  {
    name: 'S, SEK, a seller paid by plusgiro only, with a GLN',
    country: 'SE',
    currency: 'SEK',
    buyer: SWEDISH_BUSINESS,
    ediNumber: '7365560000000',
    seller: { ...SWEDISH_SELLER, iban: null, bic: null, bankgiro: null, plusgiro: '4000006', gln: '7300010000001' },
  },
];

describe('e-invoices pass the EN 16931 rules (CEN UBL validation artefacts)', () => {
  it.each(cases)('$name: the invoice, its credit note and a partial credit note have no fatal assertion', (c) => {
    const invoice = documentOf(c);
    expect(invoice.taxTotals.map((t) => t.code)).toEqual([c.name.split(',')[0]]);
    expect(invoice.delivery).toBe('E_INVOICE');
    const credit = composeCreditNote(invoice, { id: 'i2', number: '000043', now: new Date('2026-11-28T10:00:00.000Z') });
    // A partial refund's credit note: an odd part of the invoice, shared among its lines with their VAT.
    const part = composeCreditNote(invoice, { id: 'i3', number: '000044', now: new Date('2026-11-28T10:00:00.000Z'), grossMinor: Math.floor(invoice.total.minor / 3) + 7 });
    expect(part.total.minor).toBe(-(Math.floor(invoice.total.minor / 3) + 7));
    expect(part.net + part.tax).toBe(part.total.minor);
    for (const doc of [invoice, credit, part]) {
      const xml = toUbl(doc);
      const failed = validateUbl(sef, xml);
      expect({ kind: doc.kind, fatal: fatalOf(failed), swedish: swedishRuleFailures(xml) }).toEqual({ kind: doc.kind, fatal: [], swedish: [] });
    }
  });

  it('a consumer gets no e-invoice, even with an e-invoice number: an OSS sale to Germany at 7 % goes by e-mail', () => {
    const consumer: BuyerDetails = { companyName: null, vatNumber: null, address: { street: 'Hauptstraße 1', zip: '10115', city: 'Berlin', country: 'DE' } };
    const doc = documentOf({ name: 'consumer', country: 'DE', currency: 'EUR', buyer: consumer, ediNumber: '0088:7365560000000' });
    expect(doc).toMatchObject({ ediNumber: null, delivery: 'EMAIL', taxTotals: [{ rate: 700, code: 'S' }] });
  });

  it('the Swedish rules we check do catch a rate other than 6, 12 or 25 % and a short bankgiro', () => {
    const xml = toUbl(documentOf(cases[0])).replace(/<cbc:Percent>6<\/cbc:Percent>/g, '<cbc:Percent>7</cbc:Percent>').replace('>50501055<', '>505010<');
    expect(swedishRuleFailures(xml)).toEqual(['SE-R-006', 'SE-R-008/009']);
  });

  it('the rules do reject a broken document (the check is live)', () => {
    const xml = toUbl(documentOf(cases[0])).replace(/<cbc:PayableAmount([^>]*)>[^<]*</, '<cbc:PayableAmount$1>1.00<');
    expect(fatalOf(validateUbl(sef, xml)).some((f) => f.startsWith('BR-CO-16'))).toBe(true);
  });
});
