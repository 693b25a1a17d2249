import { execFile } from 'node:child_process';
import { join } from 'node:path';
import type { Response } from 'superagent';
import { PostgresReceiptNumbers } from '../../src/billing/typeorm-receipts';
import { inTransaction } from '../../src/platform/database/transaction';
import { givenShop, pagePath } from '../checkout/support';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { rowsOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The text of a PDF, extracted by pdf.js in a child process (pdfjs-dist is an ES module). */
function pdfText(pdf: Buffer): Promise<{ pages: string[]; title: string | null }> {
  return new Promise((resolve, reject) => {
    const child = execFile(process.execPath, [join(__dirname, 'pdf-text.mjs')], { maxBuffer: 16 * 1024 * 1024 }, (error, stdout, stderr) =>
      error ? reject(new Error(`${error.message}\n${stderr}`)) : resolve(JSON.parse(stdout)),
    );
    child.stdin!.end(pdf);
  });
}

const binary = (res: Response, done: (error: Error | null, body: Buffer) => void) => {
  const chunks: Buffer[] = [];
  res.on('data', (c: Buffer) => chunks.push(c));
  res.on('end', () => done(null, Buffer.concat(chunks)));
};

const SETTINGS = {
  legalName: 'Nordisk Tidning Förlag AB',
  street: 'Sveavägen 12',
  zip: '111 57',
  city: 'Stockholm',
  country: 'SE',
  vatNumber: 'SE556703748501',
  paymentInstructions: 'Bankgiro 5050-1055',
};

interface BillRow {
  id: string;
  status: string;
  receipt_url: string | null;
  invoice_number: string;
  paid_at: Date;
}

/** A shop with billing settings; `buy` pays a checkout of `news` (99 SEK, VAT 25 % included) with the test card. */
async function givenReceiptShop() {
  const v = await givenShop(app);
  const full = await v.apiToken('full');
  await app.http.patch('/management/billing-settings').set(bearer(full)).send(SETTINGS).expect(200);
  const vendorName = (await app.runtime.database.db.query(`SELECT name FROM vendors WHERE id = $1`, [v.vendorId]))[0].name as string;
  const buy = async (language?: string) => {
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'news' }], ...(language ? { language } : {}) })).body;
    const pay = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({ payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(pay.status).toBe(303);
    const [contract] = await rowsOf(app, 'contracts', v.vendorId, `AND snapshot->'origin'->>'id' = $2`, [created.id]);
    const [bill] = (await rowsOf(app, 'bills', v.vendorId, 'AND contract_id = $2', [contract.id])) as BillRow[];
    return { r, bill };
  };
  return { v, full, vendorName, buy };
}

const pathOf = (url: string) => {
  const u = new URL(url);
  return `${u.pathname}${u.search}`;
};

describe('receipts of card payments (issue 25)', () => {
  let shop: Awaited<ReturnType<typeof givenReceiptShop>>;
  let sale: Awaited<ReturnType<typeof shop.buy>>;

  beforeAll(async () => {
    shop = await givenReceiptShop();
    sale = await shop.buy();
  });

  it("points the paid bill's receiptUrl at its receipt, a signed link; GET /bills/{id} shows it", async () => {
    expect(sale.bill.status).toBe('PAID');
    expect(sale.bill.receipt_url).toMatch(new RegExp(`^http://kiosk.test/receipts/${shop.v.vendorId}/${sale.bill.id}\\?t=[A-Za-z0-9_-]{32}$`));
    const shown = await app.http.get(`/bills/${sale.bill.id}`).set(sale.r.auth);
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ status: 'PAID', receiptUrl: sale.bill.receipt_url });
    const [receipt] = await rowsOf(app, 'receipts', shop.v.vendorId, 'AND bill_id = $2', [sale.bill.id]);
    expect(receipt).toMatchObject({ receipt_number: 'R-000001', sequence: '1', total_minor: '9900', currency: 'SEK' });
    // Only the last four digits of the card are kept.
    expect(JSON.stringify(receipt.document)).not.toContain('424242');
  });

  it('opens as a page in a browser without signing in: vendor name and colour, the receipt figures, printable, 390 px', async () => {
    const page = await app.http.get(pathOf(sale.bill.receipt_url!)).set('Accept', 'text/html,application/xhtml+xml,*/*;q=0.8');
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    const html = page.text;
    expect(html).toContain('<html lang="en"');
    expect(html).toContain('<meta name="viewport" content="width=device-width,initial-scale=1">');
    expect(html).toContain(`<span class="name" id="vendor-name">${shop.vendorName}</span>`);
    expect(html).toContain('--brand:#');
    expect(html).toContain('@media print');
    for (const text of [
      'Receipt R-000001',
      'SEK 99.00',
      'Visa ending in 4242',
      `<th scope="row">Settles invoice</th><td>${sale.bill.invoice_number}</td>`,
      'Of which VAT 25 %</th><td>SEK 19.80',
      'Nordisk Tidning Förlag AB',
      'VAT number: SE556703748501',
      sale.r.email,
      `PAID ${new Intl.DateTimeFormat('en-GB', { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(sale.bill.paid_at))}`,
    ]) {
      expect(html).toContain(text);
    }
    expect(html).not.toMatch(/Due date|Pay SEK|Payment instructions/);
  });

  it('is a PDF on request (format=pdf or Accept: application/pdf) with the same figures', async () => {
    const path = pathOf(sale.bill.receipt_url!);
    for (const res of [
      await app.http.get(`${path}&format=pdf`).buffer(true).parse(binary),
      await app.http.get(path).set('Accept', 'application/pdf').buffer(true).parse(binary),
    ]) {
      expect(res.status).toBe(200);
      expect(res.headers['content-type']).toBe('application/pdf');
      const text = await pdfText(res.body as Buffer);
      expect(text.title).toBe('Receipt R-000001');
      const page = text.pages[0];
      for (const field of ['Receipt R-000001', 'PAID', 'SEK 99.00', 'Receipt number R-000001', 'Payment method Visa ending in 4242', `Settles invoice ${sale.bill.invoice_number}`, 'Of which VAT 25 % SEK 19.80', 'Seller: Nordisk Tidning Förlag AB', 'VAT number: SE556703748501', `Paid by: ${sale.r.email}`]) {
        expect(page).toContain(field);
      }
    }
  });

  it("is the reader's at GET /bills/{id}/receipt (PDF, the page on Accept: text/html); another reader's or vendor's link is a 404", async () => {
    const own = await app.http.get(`/bills/${sale.bill.id}/receipt`).set(sale.r.auth).buffer(true).parse(binary);
    expect(own.status).toBe(200);
    expect(own.headers['content-type']).toBe('application/pdf');
    expect((await pdfText(own.body as Buffer)).pages[0]).toContain('Receipt R-000001');
    const page = await app.http.get(`/bills/${sale.bill.id}/receipt`).set(sale.r.auth).set('Accept', 'text/html');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.text).toContain('Receipt R-000001');
    const other = await shop.v.reader();
    const theirs = await app.http.get(`/bills/${sale.bill.id}/receipt`).set(other.auth);
    expect(theirs.status).toBe(404);
    expect(theirs.headers['content-type']).toMatch(/^application\/problem\+json/);
    expect((await app.http.get(`/bills/${sale.bill.id}/receipt`)).status).toBe(401);

    const url = new URL(sale.bill.receipt_url!);
    const token = url.searchParams.get('t')!;
    const elsewhere = await givenReceiptShop();
    const wrong = [
      `/receipts/${shop.v.vendorId}/${sale.bill.id}`,
      `/receipts/${shop.v.vendorId}/${sale.bill.id}?t=${'A'.repeat(32)}`,
      `/receipts/${elsewhere.v.vendorId}/${sale.bill.id}?t=${token}`,
      `/receipts/${shop.v.vendorId}/nope?t=${token}`,
    ];
    for (const path of wrong) {
      const res = await app.http.get(path).set('Accept', 'application/json');
      expect(res.status).toBe(404);
      expect(res.body.code).toBe('BILL.RECEIPT_NOT_FOUND');
      const html = await app.http.get(path).set('Accept', 'text/html');
      expect(html.status).toBe(404);
      expect(html.text).toContain('Receipt not found');
    }
    expect((await app.http.get(`${url.pathname}?t=${token}&format=xml`)).status).toBe(400);
  });

  it('mails a receipt after the card payment, with a link to it and a sign-in link to the site: never an invoice to pay', async () => {
    const mails = await rowsOf(app, 'mail_messages', shop.v.vendorId, 'AND to_address = $2', [sale.r.email]);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail.subject).toBe(`Receipt from ${shop.vendorName}`);
    for (const text of ['Receipt R-000001', 'Amount paid: SEK 99.00', 'Payment method: Visa ending in 4242', `Settles invoice: ${sale.bill.invoice_number}`, 'Of which VAT 25 %: SEK 19.80', sale.bill.receipt_url!]) {
      expect(mail.body).toContain(text);
    }
    const signIn = /Sign in to .* to read: (\S+)/.exec(mail.body)![1];
    const url = new URL(signIn);
    expect(url.pathname).toBe(`/auth/${shop.v.client.clientId}/login`);
    expect(url.searchParams.get('return_to')).toBe(`https://${shop.v.vendorId}.example.com`);
    expect(url.searchParams.get('login_hint')).toBe(sale.r.email);
    expect(mail.body).not.toMatch(/\bPay\b|\bdue\b|Due date|Payment instructions/);
    expect(mail.attachments).toEqual([]);
    // The login route takes the client and return_to (a wrong one is 400/404); this app runs no OpenID provider, so 503.
    const started = await app.http.get(pathOf(signIn));
    expect(started.body.code ?? 'redirect').not.toMatch(/RETURN_TO|NOT_FOUND|BAD/);
    expect([302, 503]).toContain(started.status);
  });

  it("marks the paid bill's invoice PAID with the date; its due date and payment instructions are not asked for", async () => {
    const res = await app.http.get(`/management/bills/${sale.bill.id}/invoice`).set(bearer(await shop.v.apiToken('read'))).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    const page = (await pdfText(res.body as Buffer)).pages[0];
    const day = new Date(sale.bill.paid_at).toISOString().slice(0, 10);
    expect(page).toContain(`PAID ${day}`);
    expect(page).toContain(`Paid: ${day}`);
    expect(page).toContain('Total paid: SEK 99.00');
    expect(page).toContain(`Paid in full on ${day}. Nothing to pay.`);
    expect(page).not.toMatch(/Due date|Total to pay|Payment instructions|Pay 99/);
    const invoice = await app.http.get(`/bills/${sale.bill.id}/receipt?kind=INVOICE`).set(sale.r.auth).buffer(true).parse(binary);
    expect((await pdfText(invoice.body as Buffer)).pages[0]).toContain(`PAID ${day}`);
  });

  it('numbers receipts 1, 2, 3 per vendor, and speaks the checkout\'s language (Swedish)', async () => {
    const second = await shop.buy('sv');
    const [receipt] = await rowsOf(app, 'receipts', shop.v.vendorId, 'AND bill_id = $2', [second.bill.id]);
    expect(receipt.receipt_number).toBe('R-000002');
    const [mail] = await rowsOf(app, 'mail_messages', shop.v.vendorId, 'AND to_address = $2', [second.r.email]);
    expect(mail.subject).toBe(`Kvitto från ${shop.vendorName}`);
    for (const text of ['Kvitto R-000002', 'Betalt belopp: 99,00 kr', 'Betalningssätt: Visa som slutar på 4242', 'Varav moms 25 %: 19,80 kr']) expect(mail.body).toContain(text);
    expect(mail.body).toContain('ui_locales=sv');
    const page = await app.http.get(pathOf(second.bill.receipt_url!)).set('Accept', 'text/html');
    expect(page.text).toContain('<html lang="sv"');
    expect(page.text).toContain('Avser faktura');
    // Another vendor starts at 1.
    const other = await givenReceiptShop();
    const first = await other.buy();
    expect((await rowsOf(app, 'receipts', other.v.vendorId, 'AND bill_id = $2', [first.bill.id]))[0].receipt_number).toBe('R-000001');
  });

  it('gives a number back when the payment is undone: no gap', async () => {
    const numbers = new PostgresReceiptNumbers(app.runtime.database.db);
    const vendorId = shop.v.vendorId;
    const [{ last_number: before }] = await app.runtime.database.db.query(`SELECT last_number FROM receipt_number_sequences WHERE vendor_id = $1`, [vendorId]);
    await expect(
      inTransaction(app.runtime.database.db, async () => {
        await numbers.next(vendorId);
        throw new Error('the payment fails after the number was drawn');
      }),
    ).rejects.toThrow('the payment fails');
    const third = await shop.buy();
    const [receipt] = await rowsOf(app, 'receipts', vendorId, 'AND bill_id = $2', [third.bill.id]);
    expect(Number(receipt.sequence)).toBe(Number(before) + 1);
  });
});

describe('invoices go to buyers who pay by invoice', () => {
  it('an invoice sale mails the invoice with its due date and payment instructions; paying it makes a receipt (not mailed)', async () => {
    const shop = await givenReceiptShop();
    await app.http.patch('/management/checkout-settings').set(bearer(shop.full)).send({ invoiceForBusiness: true }).expect(200);
    const r = await shop.v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }] })).body;
    const pay = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({
      payment: 'invoice:invoice', isBusiness: 'on', companyName: 'Rita AB', vatNumber: 'SE556677889901',
      business_street: 'Kontoret 2', business_zip: '111 33', business_city: 'Stockholm', business_country: 'se',
    });
    expect(pay.status).toBe(303);
    const [bill] = (await rowsOf(app, 'bills', shop.v.vendorId)) as BillRow[];
    expect(bill).toMatchObject({ status: 'OPEN', receipt_url: null });
    const mails = await rowsOf(app, 'mail_messages', shop.v.vendorId, 'AND to_address = $2', [r.email]);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toMatch(new RegExp(`^Invoice ${bill.invoice_number} from Nordisk Tidning Förlag AB, due \\d{4}-\\d{2}-\\d{2}$`));
    expect(mails[0].body).toMatch(/Due date: \d{4}-\d{2}-\d{2}/);
    expect(mails[0].body).toContain('Payment instructions: Bankgiro 5050-1055');
    expect(mails[0].body).toMatch(/Pay SEK 49\.50 by \d{4}-\d{2}-\d{2}/);
    expect((await app.http.get(`/bills/${bill.id}`).set(r.auth)).body.receiptUrl).toBeNull();

    const paid = await app.http.post(`/management/bills/${bill.id}/payments`).set(bearer(await shop.v.apiToken('full', ['contracts:write']))).send({});
    expect(paid.status).toBe(201);
    const shown = (await app.http.get(`/bills/${bill.id}`).set(r.auth)).body;
    expect(shown.status).toBe('PAID');
    expect(shown.receiptUrl).toMatch(new RegExp(`/receipts/${shop.v.vendorId}/${bill.id}\\?t=`));
    const page = await app.http.get(pathOf(shown.receiptUrl)).set('Accept', 'text/html');
    expect(page.text).toContain('Payment method</th><td>Invoice');
    expect(page.text).toContain(`Settles invoice</th><td>${bill.invoice_number}`);
    // The invoice buyer already has their invoice; the payment adds no mail.
    expect(await rowsOf(app, 'mail_messages', shop.v.vendorId, 'AND to_address = $2', [r.email])).toHaveLength(1);
  });
});
