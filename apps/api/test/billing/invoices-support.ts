import { CreatePurchaseOption } from '@kiosk/domain/catalog';
import { createUser, IssueUserToken } from '@kiosk/domain/identity';
import { money } from '@kiosk/domain';
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { Response } from 'superagent';
import { IDENTITY } from '../../src/identity/identity.module';
import { bearer, givenVendor, TestApp } from '../support/harness';
import { contractUseCases, rowsOf } from './support';

// Set-up shared by the invoice tests (invoices-vat, invoices-documents).

interface PdfText {
  pages: string[];
  numPages: number;
  title: string | null;
  author: string | null;
}

/** The text of a PDF, extracted by pdf.js in a child process (pdfjs-dist is an ES module). */
export function pdfText(pdf: Buffer): Promise<PdfText> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(__dirname, 'pdf-text.mjs')], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout) as PdfText),
    );
    child.stdin!.end(pdf);
  });
}

/** A supertest parser that keeps a binary answer (PDF, XML) as a Buffer. */
export const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

/**
 * A Swedish publisher (with full billing settings) selling `news` (tax
 * category news) at 99.99 SEK including VAT, and `pass` (standard) at
 * 80.00 SEK excluding VAT; a Swedish consumer, a German consumer and a
 * German business with a VAT number and billing address in its profile.
 */
export async function givenPublisher(app: TestApp) {
  const v = await givenVendor(app);
  const full = await v.apiToken('full');
  const c = app.runtime.container;
  const settings = await app.http.patch('/management/billing-settings').set(bearer(full)).send({
    legalName: 'Nordisk Tidning Förlag AB',
    street: 'Sveavägen 12',
    zip: '111 57',
    city: 'Stockholm',
    country: 'SE',
    vatNumber: 'SE556703748501',
    paymentInstructions: 'Bankgiro 5050-1055, or IBAN SE45 5000 0000 0583 9825 7466 (BIC ESSESESS)',
  });
  expect(settings.status).toBe(200);
  const news = await app.http
    .post('/management/products')
    .set(bearer(full))
    .send({ sku: 'news', title: 'Dagens Nyheter Digital', productType: 'publication', taxCategory: 'news' });
  expect(news.status).toBe(201);
  expect(news.body.taxCategory).toBe('news');
  const pass = await app.http.post('/management/products').set(bearer(full)).send({ sku: 'pass', title: 'Året runt-pass', productType: 'pass' });
  expect(pass.body.taxCategory).toBe('standard');
  const base = { vendorId: v.vendorId, taxIncluded: true, recurring: { interval: 'MONTH' as const, time: 1 }, seatsPerUnit: 1, minQuantity: 1, maxQuantity: 10 };
  await c.get(CreatePurchaseOption).execute({ ...base, id: 'news-monthly', sku: 'news', name: 'Monthly', price: money(9_999, 'SEK') });
  await c.get(CreatePurchaseOption).execute({ ...base, id: 'pass-monthly', sku: 'pass', name: 'Monthly', price: money(8_000, 'SEK'), taxIncluded: false });

  const contracts = contractUseCases(c);
  const germanBusiness = await c.get(IDENTITY.Users).addOrGet(
    createUser({ id: `${v.vendorId}-gmbh`, vendorId: v.vendorId, email: `einkauf@${v.vendorId}.example.de`, firstName: 'Jürgen', lastName: 'Groß' }, app.clock.now()),
  );
  const readerToken = async (userId: string) => (await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId })).accessToken;
  const profile = await app.http
    .patch('/profile')
    .set(bearer(await readerToken(germanBusiness.id)))
    .send({
      companyInfo: { companyName: 'Müller & Söhne GmbH', vatNr: 'DE136695976' },
      billingAddress: { country: 'DE', zip: '10117', city: 'Berlin', street: 'Friedrichstraße 100' },
    });
  expect(profile.status).toBe(200);

  const order = (email: string, country: string, extra: object = {}) =>
    contracts.create.execute({
      vendorId: v.vendorId,
      sku: 'news',
      purchaseOptionId: 'news-monthly',
      quantity: 3,
      user: { email, firstName: 'Åsa', lastName: 'Öberg' },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country },
      confirm: true,
      ...extra,
    });
  const billOf = async (contractId: string) => {
    const [row] = await rowsOf(app, 'bills', v.vendorId, 'AND contract_id = $2', [contractId]);
    return row as { id: string; price_minor: string; tax: Record<string, unknown>; receipt_url: string; invoice_number: string };
  };
  const read = await v.apiToken('read');
  const pdfOf = async (billId: string, query = '') => {
    const res = await app.http.get(`/management/bills/${billId}/invoice${query}`).set(bearer(read)).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    return res.body as Buffer;
  };
  return { v, full, read, order, billOf, pdfOf, readerToken, germanBusiness, contracts };
}

export type Publisher = Awaited<ReturnType<typeof givenPublisher>>;
export interface MarketBill {
  contractId: string;
  bill: Awaited<ReturnType<Publisher['billOf']>>;
}

/**
 * The publisher and the first bill of three orders of 3 x `news` by invoice:
 * a Swedish consumer's (`se`), a German consumer's (`de`) and the German
 * business's (`b2b`: reverse-charged, with references and an ediNumber).
 */
export async function givenMarketBills(app: TestApp): Promise<{ p: Publisher; se: MarketBill; de: MarketBill; b2b: MarketBill }> {
  const p = await givenPublisher(app);
  const seContract = await p.order(`anna@${p.v.vendorId}.example.se`, 'SE');
  const deContract = await p.order(`karl@${p.v.vendorId}.example.de`, 'DE');
  const b2bContract = await p.order(p.germanBusiness.email, 'DE', {
    contractType: 'BUSINESS',
    user: { email: p.germanBusiness.email },
    invoice: { customerReference: 'Bestellung 4711', vendorReference: 'Kundenbetreuung Ada', ediNumber: '0088:4035811991014' },
  });
  const se = { contractId: seContract.id, bill: await p.billOf(seContract.id) };
  const de = { contractId: deContract.id, bill: await p.billOf(deContract.id) };
  const b2b = { contractId: b2bContract.id, bill: await p.billOf(b2bContract.id) };
  return { p, se, de, b2b };
}
