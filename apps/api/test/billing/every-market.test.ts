import { money } from '@kiosk/domain';
import { CreatePurchaseOption } from '@kiosk/domain/catalog';
import type { Response } from 'superagent';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { compiledRules, fatalOf, swedishRuleFailures, validateUbl } from './en16931';
import { rowsOf } from './support';

/**
 * Every market can be invoiced (issue 26): a Swedish publisher sells a
 * standard-rated pass at 80.00 SEK excluding VAT and news at 99.99 SEK
 * including VAT to a US consumer, a French consumer, an Italian business
 * with a VAT number, a Norwegian business and a consumer with a German
 * address who gave no payment country. The businesses' e-invoices pass the
 * EN 16931 rules.
 */
let app: TestApp;
let sef: string;
beforeAll(async () => {
  app = await startTestApp();
  sef = compiledRules();
}, 180_000);
afterAll(() => app.close());

const text = (res: Response, done: (error: Error | null, body: string) => void) => {
  let body = '';
  res.setEncoding('utf8');
  res.on('data', (c: string) => (body += c));
  res.on('end', () => done(null, body));
};

async function givenPublisher() {
  const v = await givenVendor(app);
  const full = await v.apiToken('full', ['contracts:write']);
  const settings = await app.http.patch('/management/billing-settings').set(bearer(full)).send({
    legalName: 'Nordisk Tidning Förlag AB',
    street: 'Sveavägen 12',
    zip: '111 57',
    city: 'Stockholm',
    country: 'SE',
    vatNumber: 'SE556703748501',
    iban: 'SE45 5000 0000 0583 9825 7466',
    bic: 'ESSESESS',
    bankgiro: '5050-1055',
  });
  expect(settings.status).toBe(200);
  expect(settings.body).toMatchObject({ iban: 'SE4550000000058398257466', bic: 'ESSESESS', bankgiro: '50501055', plusgiro: null, organisationNumber: null });
  for (const [sku, taxCategory] of [['news', 'news'], ['pass', 'standard']]) {
    const res = await app.http.post('/management/products').set(bearer(full)).send({ sku, title: sku, productType: 'publication', taxCategory });
    expect(res.status).toBe(201);
  }
  const c = app.runtime.container;
  const base = { vendorId: v.vendorId, recurring: { interval: 'MONTH' as const, time: 1 }, seatsPerUnit: 1, minQuantity: 1, maxQuantity: 10 };
  await c.get(CreatePurchaseOption).execute({ ...base, id: 'news-monthly', sku: 'news', name: 'Monthly', price: money(9_999, 'SEK'), taxIncluded: true });
  await c.get(CreatePurchaseOption).execute({ ...base, id: 'pass-monthly', sku: 'pass', name: 'Monthly', price: money(8_000, 'SEK'), taxIncluded: false });
  const buy = async (body: object) => {
    const res = await app.http.post('/management/contracts').set(bearer(full)).send({ sku: 'pass', purchaseOptionId: 'pass-monthly', confirm: true, ...body });
    expect(res.status).toBe(201);
    const [bill] = await rowsOf(app, 'bills', v.vendorId, 'AND contract_id = $2', [res.body.id]);
    const [invoice] = await rowsOf(app, 'invoice_documents', v.vendorId, 'AND bill_id = $2', [bill.id]);
    return { bill, invoice };
  };
  const eInvoice = async (billId: string) => {
    const res = await app.http.get(`/management/bills/${billId}/e-invoice`).set(bearer(full)).buffer(true).parse(text);
    expect(res.status).toBe(200);
    return res.body as string;
  };
  return { v, full, buy, eInvoice };
}

describe('every market can be invoiced, in the vendor currency, with the right category (issue 26)', () => {
  let p: Awaited<ReturnType<typeof givenPublisher>>;
  beforeAll(async () => {
    p = await givenPublisher();
  });

  it('refuses a bank account that is not one: a bad IBAN checksum, a bankgiro with a wrong check digit (400, nothing changed)', async () => {
    for (const [field, value] of [['iban', 'SE45 5000 0000 0583 9825 7467'], ['bankgiro', '5050-1056'], ['organisationNumber', '5567037486']]) {
      const res = await app.http.patch('/management/billing-settings').set(bearer(p.full)).send({ [field]: value });
      expect(res.status).toBe(400);
      expect(res.body).toMatchObject({ code: 'BILLING.BAD_SETTINGS', field });
    }
    const now = await app.http.get('/management/billing-settings').set(bearer(p.full));
    expect(now.body).toMatchObject({ iban: 'SE4550000000058398257466', bankgiro: '50501055', organisationNumber: null });
  });

  it('a US consumer: outside the scope of EU VAT, no VAT, category O with its note', async () => {
    const { bill, invoice } = await p.buy({
      user: { email: `joe@${p.v.vendorId}.example.com`, address: { street: '1 Main St', zip: '10001', city: 'New York', country: 'US' } },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country: 'US' },
    });
    expect(bill.price_minor).toBe('8000');
    expect(bill.tax).toMatchObject({ country: 'US', net: 8000, tax: 0, gross: 8000, totals: [{ rate: 0, code: 'O', net: 8000, tax: 0 }] });
    expect(bill.tax.note).toMatch(/^Outside the scope of EU VAT/);
    expect(invoice.document).toMatchObject({ currency: 'SEK', delivery: 'EMAIL', notes: [bill.tax.note] });
  });

  it('a French consumer: OSS at the French standard rate, 20 % on top of 80.00 SEK', async () => {
    const { bill, invoice } = await p.buy({
      user: { email: `marie@${p.v.vendorId}.example.fr`, address: { street: '1 rue de Rivoli', zip: '75001', city: 'Paris', country: 'FR' } },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country: 'FR' },
    });
    expect(bill.price_minor).toBe('9600');
    expect(bill.tax).toMatchObject({ country: 'FR', reverseCharge: false, net: 8000, tax: 1600, gross: 9600, totals: [{ rate: 2000, code: 'S' }] });
    expect(bill.tax.placeOfSupply).toMatchObject({ country: 'FR', conclusive: true });
    expect(invoice.document).toMatchObject({ currency: 'SEK', taxCountry: 'FR' });
  });

  it('an Italian business with a VAT number: reverse charge, and its e-invoice passes EN 16931', async () => {
    const { bill } = await p.buy({
      contractType: 'BUSINESS',
      user: {
        email: `acquisti@${p.v.vendorId}.example.it`,
        businessDetails: { companyName: 'Giornale Srl', vatNr: 'IT00743110157' },
        address: { street: 'Via Roma 1', zip: '00184', city: 'Roma', country: 'IT' },
      },
      invoice: { ediNumber: '0211:IT00743110157', customerReference: 'Ordine 12' },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country: 'IT' },
    });
    expect(bill.tax).toMatchObject({ country: 'IT', reverseCharge: true, buyerVatNumber: 'IT00743110157', net: 8000, tax: 0, totals: [{ rate: 0, code: 'AE' }] });
    // The embedded default checks the form only, and the facts say so.
    expect(bill.tax.vatNumberCheck).toEqual({ vatNumber: 'IT00743110157', country: 'IT', method: 'FORMAT_ONLY', status: 'VALID', checkedAt: expect.any(String), reason: null });
    const xml = await p.eInvoice(bill.id);
    expect(fatalOf(validateUbl(sef, xml))).toEqual([]);
    expect(swedishRuleFailures(xml)).toEqual([]);
    expect(xml).toContain('<cbc:EndpointID schemeID="0211">IT00743110157</cbc:EndpointID>');
    expect(xml).toContain('<cbc:ID>SE4550000000058398257466</cbc:ID>');
  });

  it('a Norwegian business: outside the scope of EU VAT (category O), no VAT identifiers on its e-invoice, which passes EN 16931', async () => {
    const { bill } = await p.buy({
      contractType: 'BUSINESS',
      user: {
        email: `innkjop@${p.v.vendorId}.example.no`,
        businessDetails: { companyName: 'Avis AS', vatNr: 'NO974760673MVA' },
        address: { street: 'Karl Johans gate 1', zip: '0154', city: 'Oslo', country: 'NO' },
      },
      invoice: { ediNumber: '0192:974760673', customerReference: 'Innkjøp 7' },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country: 'NO' },
    });
    expect(bill.tax).toMatchObject({ country: 'NO', reverseCharge: false, net: 8000, tax: 0, gross: 8000, totals: [{ rate: 0, code: 'O' }] });
    const xml = await p.eInvoice(bill.id);
    expect(fatalOf(validateUbl(sef, xml))).toEqual([]);
    expect(xml).not.toContain('<cac:PartyTaxScheme>');
    expect(xml).toContain('<cbc:TaxExemptionReason>Outside the scope of EU VAT</cbc:TaxExemptionReason>');
  });

  it('a consumer with a German address and no payment country is taxed in Germany (7 % news), the evidence on the bill and the invoice', async () => {
    const { bill, invoice } = await p.buy({
      sku: 'news',
      purchaseOptionId: 'news-monthly',
      user: { email: `karl@${p.v.vendorId}.example.de`, address: { street: 'Friedrichstraße 100', zip: '10117', city: 'Berlin', country: 'DE' } },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
    });
    // 99.99 x 7/107 = 6.541... -> 6.54.
    expect(bill.tax).toMatchObject({ country: 'DE', net: 9345, tax: 654, gross: 9999, totals: [{ rate: 700, code: 'S' }] });
    const evidence = { country: 'DE', evidence: [{ source: 'BILLING_ADDRESS', country: 'DE' }], conclusive: false, contradicted: false };
    expect(bill.tax.placeOfSupply).toEqual(evidence);
    expect(invoice.document).toMatchObject({ taxCountry: 'DE', placeOfSupply: evidence });
    const [mail] = await rowsOf(app, 'mail_messages', p.v.vendorId, 'AND to_address = $2', [`karl@${p.v.vendorId}.example.de`]);
    expect(mail.body).toContain('Place of supply: DE (billing address DE)');
    expect(mail.body).toContain('Pay to: IBAN SE4550000000058398257466, BIC ESSESESS, Bankgiro 50501055');
  });

  it('a consumer with no evidence at all is taxed in the default market, and the invoice says so', async () => {
    const { bill } = await p.buy({ user: { email: `anon@${p.v.vendorId}.example.com` }, payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' } });
    expect(bill.tax).toMatchObject({ country: 'SE', tax: 2000, placeOfSupply: { country: 'SE', evidence: [{ source: 'DEFAULT', country: 'SE' }], conclusive: false } });
    const [mail] = await rowsOf(app, 'mail_messages', p.v.vendorId, 'AND to_address = $2', [`anon@${p.v.vendorId}.example.com`]);
    expect(mail.body).toContain("Place of supply: SE (the seller's default market, no other evidence)");
  });
});
