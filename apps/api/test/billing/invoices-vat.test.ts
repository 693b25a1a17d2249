import { bearer, startTestApp, TestApp } from '../support/harness';
import { givenMarketBills, MarketBill, pdfText, Publisher } from './invoices-support';
import { rowsOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('VAT by market on invoices (issue 18)', () => {
  let p: Publisher;
  let se: MarketBill;
  let de: MarketBill;
  let b2b: MarketBill;

  beforeAll(async () => {
    ({ p, se, de, b2b } = await givenMarketBills(app));
  });

  it('taxes a Swedish consumer at 6 % (news), carved out of the price that includes it', () => {
    // 3 x 99.99 = 299.97 SEK including VAT; VAT = 299.97 x 6/106 = 16.979... -> 16.98.
    expect(se.bill.price_minor).toBe('29997');
    expect(se.bill.tax).toMatchObject({ mode: 'TAX_INCLUDED', country: 'SE', reverseCharge: false, net: 28299, tax: 1698, gross: 29997, note: null });
  });

  it('taxes a German consumer where they live: 7 % (news)', () => {
    // 299.97 x 7/107 = 19.624... -> 19.62.
    expect(de.bill.tax).toMatchObject({ country: 'DE', reverseCharge: false, net: 28035, tax: 1962, gross: 29997 });
  });

  it('reverse-charges a German business with a VAT number of valid form: no VAT, the legal note', () => {
    expect(b2b.bill.tax).toMatchObject({ country: 'DE', reverseCharge: true, buyerVatNumber: 'DE136695976', net: 29997, tax: 0, gross: 29997 });
    expect(String(b2b.bill.tax.note)).toMatch(/Reverse charge.*Article 196/);
  });

  it('takes the business details and billing address given when the contract is made (POST /management/contracts) for the invoice', async () => {
    const contractsToken = await p.v.apiToken('full', ['contracts:write']);
    const created = await app.http
      .post('/management/contracts')
      .set(bearer(contractsToken))
      .send({
        sku: 'news',
        purchaseOptionId: 'news-monthly',
        contractType: 'BUSINESS',
        user: {
          email: `buero@${p.v.vendorId}.example.at`,
          firstName: 'Lena',
          businessDetails: { companyName: 'Wiener Zeitungshaus GmbH', vatNr: 'ATU13585627' },
          address: { street: 'Ringstraße 1', zip: '1010', city: 'Wien', country: 'AT' },
        },
        payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country: 'AT' },
        confirm: true,
      });
    expect(created.status).toBe(201);
    const bill = await p.billOf(created.body.id);
    expect(bill.tax).toMatchObject({ country: 'AT', reverseCharge: true, buyerVatNumber: 'ATU13585627', tax: 0 });
    const page = (await pdfText(await p.pdfOf(bill.id))).pages[0];
    for (const expected of ['Wiener Zeitungshaus GmbH', 'ATU13585627', 'Ringstraße 1', '1010', 'Wien']) expect(page).toContain(expected);
  });

  it('shows net, VAT, gross and the rate beside the price on the bill; an unpaid bill has no receiptUrl yet', async () => {
    const token = await p.readerToken((await app.runtime.database.db.query(`SELECT user_id FROM bills WHERE vendor_id = $1 AND id = $2`, [p.v.vendorId, de.bill.id]))[0].user_id);
    const res = await app.http.get(`/bills/${de.bill.id}`).set(bearer(token));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      price: 299.97,
      currency: 'SEK',
      tax: { net: 280.35, vat: 19.62, gross: 299.97, rate: 7, country: 'DE', reverseCharge: false, taxIncluded: true },
      // Null until a receipt exists (docs/invoices.md "Receipts"): an invoice is not a receipt.
      receiptUrl: null,
    });
  });

  it('shows the VAT of the contract price on the contract, as its next invoice will', async () => {
    const contracts = await p.v.apiToken('read');
    const res = await app.http.get(`/management/contracts/${de.contractId}`).set(bearer(contracts));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ price: 299.97, tax: { net: 280.35, vat: 19.62, gross: 299.97, rate: 7, country: 'DE', taxIncluded: true } });
    const business = await app.http.get(`/management/contracts/${b2b.contractId}`).set(bearer(contracts));
    expect(business.body.tax).toMatchObject({ vat: 0, rate: 0, reverseCharge: true, rates: [{ rate: 0, category: 'AE', net: 299.97, vat: 0 }] });
  });

  it('lets the vendor set billing settings and product tax categories, and refuses what is not valid', async () => {
    const got = await app.http.get('/management/billing-settings').set(bearer(p.read));
    expect(got.body).toMatchObject({ legalName: 'Nordisk Tidning Förlag AB', country: 'SE', vatNumber: 'SE556703748501', rateOverrides: [] });
    const bad = await app.http.patch('/management/billing-settings').set(bearer(p.full)).send({ vatNumber: 'SE123' });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('BILLING.BAD_SETTINGS');
    expect((await app.http.patch('/management/billing-settings').set(bearer(p.read)).send({ city: 'Malmö' })).status).toBe(403);
    const overridden = await app.http
      .patch('/management/billing-settings')
      .set(bearer(p.full))
      .send({ rateOverrides: [{ country: 'SE', category: 'standard', rate: 12.5 }] });
    expect(overridden.body.rateOverrides).toEqual([{ country: 'SE', category: 'standard', rate: 12.5 }]);
    const patched = await app.http.patch('/management/products/pass').set(bearer(p.full)).send({ taxCategory: 'e_publication' });
    expect(patched.body.taxCategory).toBe('e_publication');
    expect((await app.http.patch('/management/products/pass').set(bearer(p.full)).send({ taxCategory: 'food' })).status).toBe(400);
    await p.contracts.create.execute({
      vendorId: p.v.vendorId,
      sku: 'pass',
      purchaseOptionId: 'pass-monthly',
      user: { email: `pass@${p.v.vendorId}.example.se` },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
      confirm: true,
    });
    const [row] = await rowsOf(app, 'bills', p.v.vendorId, "AND items->0->>'sku' = 'pass'");
    // 80.00 SEK excluding VAT, e-publication in Sweden: 6 % added on top.
    expect(row.tax).toMatchObject({ mode: 'TAX_EXCLUDED', net: 8000, tax: 480, gross: 8480 });
    expect(row.price_minor).toBe('8480');
    await app.http.patch('/management/products/pass').set(bearer(p.full)).send({ taxCategory: 'standard' });
    await p.contracts.create.execute({
      vendorId: p.v.vendorId,
      sku: 'pass',
      purchaseOptionId: 'pass-monthly',
      user: { email: `pass2@${p.v.vendorId}.example.se` },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
      confirm: true,
    });
    const rows = await rowsOf(app, 'bills', p.v.vendorId, "AND items->0->>'sku' = 'pass' ORDER BY invoice_number");
    // The vendor's own rate for standard goods in Sweden: 12.5 %.
    expect(rows[1].tax).toMatchObject({ net: 8000, tax: 1000, gross: 9000 });
  });
});
