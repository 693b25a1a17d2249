import { VoidBillsOfCanceledContract } from '@kiosk/domain/billing';
import { mkdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { EmbeddedMailer } from '../../src/billing/billing.module';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { binary, givenMarketBills, givenPublisher, MarketBill, pdfText, Publisher } from './invoices-support';
import { rowsOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** The first element named `name` (with its namespace prefix) in `xml`, as text; '' when absent. */
const element = (xml: string, name: string) => new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`).exec(xml)?.[1]?.trim() ?? '';
const elements = (xml: string, name: string) => [...xml.matchAll(new RegExp(`<${name}(?:\\s[^>]*)?>([\\s\\S]*?)</${name}>`, 'g'))].map((m) => m[1].trim());

describe('VAT by market on invoices (issue 18)', () => {
  let p: Publisher;
  let se: MarketBill;
  let de: MarketBill;
  let b2b: MarketBill;

  beforeAll(async () => {
    ({ p, se, de, b2b } = await givenMarketBills(app));
  });

  it('serves the invoice PDF of an unpaid bill to the reader it belongs to, to the vendor, and to nobody else', async () => {
    const [{ user_id: userId }] = await app.runtime.database.db.query(`SELECT user_id FROM bills WHERE vendor_id = $1 AND id = $2`, [p.v.vendorId, se.bill.id]);
    const path = `/bills/${se.bill.id}/receipt`;
    const mine = await app.http.get(path).set(bearer(await p.readerToken(userId))).buffer(true).parse(binary);
    expect(mine.status).toBe(200);
    expect(mine.headers['content-type']).toBe('application/pdf');
    expect((mine.body as Buffer).subarray(0, 5).toString()).toBe('%PDF-');
    const [{ user_id: other }] = await app.runtime.database.db.query(`SELECT user_id FROM bills WHERE vendor_id = $1 AND id = $2`, [p.v.vendorId, de.bill.id]);
    expect((await app.http.get(path).set(bearer(await p.readerToken(other)))).status).toBe(404);
    const elsewhere = await givenVendor(app);
    expect((await app.http.get(`/management/bills/${se.bill.id}/invoice`).set(bearer(await elsewhere.apiToken('read')))).status).toBe(404);
    expect((await app.http.get(`/management/bills/${se.bill.id}/invoice`)).status).toBe(401);
    expect((await app.http.get(`/management/bills/nope/invoice`).set(bearer(p.read))).status).toBe(404);
  });

  it('puts every legal field in the PDF text: seller, buyer, number, dates, lines, totals per rate, references, payment, note', async () => {
    const text = await pdfText(await p.pdfOf(b2b.bill.id));
    expect(text.numPages).toBe(1);
    expect(text.author).toBe('Nordisk Tidning Förlag AB');
    const page = text.pages[0];
    for (const field of [
      `Invoice ${b2b.bill.invoice_number}`,
      'Seller: Nordisk Tidning Förlag AB',
      'Address: Sveavägen 12, 111 57 Stockholm, SE',
      'VAT number: SE556703748501',
      `Bill to: Jürgen Groß, einkauf@${p.v.vendorId}.example.de`,
      'Company: Müller & Söhne GmbH',
      'Address: Friedrichstraße 100, 10117 Berlin, DE',
      'Customer VAT number: DE136695976',
      `Invoice number: ${b2b.bill.invoice_number}`,
      `Issue date: ${app.clock.now().toISOString().slice(0, 10)}`,
      'Due date: ',
      'Currency: SEK',
      'Your reference: Bestellung 4711',
      'Our reference: Kundenbetreuung Ada',
      'Dagens Nyheter Digital (news) 3 SEK 99.99 0 % SEK 0.00 SEK 299.97',
      'VAT 0 % on SEK 299.97: SEK 0.00',
      'Total excl. VAT: SEK 299.97',
      'Total VAT: SEK 0.00',
      'Total to pay: SEK 299.97',
      'Payment instructions: Bankgiro 5050-1055',
      'Reverse charge: VAT to be accounted for by the recipient',
    ]) {
      expect(page).toContain(field);
    }
    expect(page).not.toMatch(/INVOICE_PROVIDER|INVOICE via/);
    const seText = (await pdfText(await p.pdfOf(se.bill.id))).pages[0];
    // Unit price without VAT (Art. 226(8)): 99.99 x 100/106 = 94.33.
    expect(seText).toContain('Dagens Nyheter Digital (news) 3 SEK 94.33 6 % SEK 16.98 SEK 282.99');
    expect(seText).toContain('(excl. VAT)');
    expect(seText).not.toContain('incl. VAT');
    expect(seText).toContain('VAT 6 % on SEK 282.99: SEK 16.98');
    expect(seText).not.toContain('Reverse charge');
    const deText = (await pdfText(await p.pdfOf(de.bill.id))).pages[0];
    expect(deText).toContain('VAT 7 % on SEK 280.35: SEK 19.62');
  });

  it('mails the invoice naming the vendor, with quantity and unit price, the PDF attached', async () => {
    const mails = await rowsOf(app, 'mail_messages', p.v.vendorId, 'AND to_address = $2', [`karl@${p.v.vendorId}.example.de`]);
    expect(mails).toHaveLength(1);
    expect(mails[0].subject).toBe(`Invoice ${de.bill.invoice_number} from Nordisk Tidning Förlag AB, due ${mails[0].subject.slice(-10)}`);
    expect(mails[0].body).toContain('Seller: Nordisk Tidning Förlag AB');
    expect(mails[0].body).toContain('Quantity: 3, unit price: SEK 93.45, VAT 7 %: SEK 19.62, amount excl. VAT: SEK 280.35');
    expect(mails[0].body).not.toMatch(/INVOICE_PROVIDER|via INVOICE/);
    // The row names the invoice; the PDF is rendered when the mail is delivered (here: read), outside the contract's step.
    expect(mails[0].attachments).toEqual([{ filename: `invoice-${de.bill.invoice_number}.pdf`, contentType: 'application/pdf', invoicePdf: { billId: de.bill.id, kind: 'INVOICE' } }]);
    const [delivered] = await app.runtime.container.get(EmbeddedMailer).list(p.v.vendorId, `karl@${p.v.vendorId}.example.de`);
    expect(delivered.attachments).toEqual([{ filename: `invoice-${de.bill.invoice_number}.pdf`, contentType: 'application/pdf', base64: expect.any(String) }]);
    const attached = (await pdfText(Buffer.from(delivered.attachments[0].base64, 'base64'))).pages[0];
    expect(attached).toContain('Total to pay: SEK 299.97');
  });

  it('keeps a Peppol BIS Billing 3.0 e-invoice (UBL 2.1) for the contract with an ediNumber, with every mandatory element and the PDF totals', async () => {
    expect((await app.http.get(`/management/bills/${se.bill.id}/e-invoice`).set(bearer(p.read))).status).toBe(404);
    const res = await app.http.get(`/management/bills/${b2b.bill.id}/e-invoice`).set(bearer(p.read)).buffer(true).parse(binary);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/xml/);
    const xml = (res.body as Buffer).toString('utf8');
    expect(xml).toMatch(/^<\?xml version="1.0" encoding="UTF-8"\?>\n<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2"/);
    expectMandatoryPeppolElements(xml, 'Invoice');
    expect(element(xml, 'cbc:ID')).toBe(b2b.bill.invoice_number);
    expect(element(xml, 'cbc:InvoiceTypeCode')).toBe('380');
    expect(element(xml, 'cbc:BuyerReference')).toBe('Bestellung 4711');
    expect(xml).toContain('<cbc:EndpointID schemeID="0088">4035811991014</cbc:EndpointID>');
    expect(xml).toContain('<cbc:EndpointID schemeID="0007">5567037485</cbc:EndpointID>');
    expect(elements(xml, 'cbc:CompanyID')).toEqual(['SE556703748501', '5567037485', 'DE136695976']);
    // Reverse charge: category AE at 0 % with its exemption reason.
    const subtotal = element(xml, 'cac:TaxSubtotal');
    expect(element(subtotal, 'cbc:ID')).toBe('AE');
    expect(element(subtotal, 'cbc:Percent')).toBe('0');
    expect(element(subtotal, 'cbc:TaxExemptionReasonCode')).toBe('VATEX-EU-AE');
    expect(element(xml, 'cbc:Note')).toMatch(/^Reverse charge/);
    // Totals equal the PDF's.
    const page = (await pdfText(await p.pdfOf(b2b.bill.id))).pages[0];
    // The PDF writes money for people ("SEK 1,299.97"); the e-invoice for machines ("1299.97").
    const pdfTotal = (label: string) => new RegExp(`${label}: (-?)SEK ([\\d,]+\\.\\d{2})`).exec(page)!.slice(1, 3).join('').replace(/,/g, '');
    const monetary = element(xml, 'cac:LegalMonetaryTotal');
    expect(element(monetary, 'cbc:TaxExclusiveAmount')).toBe(pdfTotal('Total excl. VAT'));
    expect(element(monetary, 'cbc:TaxInclusiveAmount')).toBe(pdfTotal('Total to pay'));
    expect(element(monetary, 'cbc:PayableAmount')).toBe(pdfTotal('Total to pay'));
    expect(element(element(xml, 'cac:TaxTotal'), 'cbc:TaxAmount')).toBe(pdfTotal('Total VAT'));
    // Line: quantity x price = line amount (Peppol rule R120).
    const line = element(xml, 'cac:InvoiceLine');
    expect(element(line, 'cbc:InvoicedQuantity')).toBe('3');
    expect(element(line, 'cbc:LineExtensionAmount')).toBe('299.97');
    expect(element(line, 'cbc:Name')).toBe('Dagens Nyheter Digital');
  });

  it('credits a voided bill with a credit note (PDF and UBL CreditNote) when the contract is canceled', async () => {
    // What the worker does on `contract.canceled` (the contract's own cancellation rules are the contracts tests').
    const voided = await app.runtime.container.get(VoidBillsOfCanceledContract).execute({ vendorId: p.v.vendorId, contractId: b2b.contractId });
    expect(voided).toEqual([b2b.bill.id]);
    const [bill] = await rowsOf(app, 'bills', p.v.vendorId, 'AND id = $2', [b2b.bill.id]);
    expect(bill.status).toBe('VOID');
    const notes = await rowsOf(app, 'invoice_documents', p.v.vendorId, "AND bill_id = $2 AND kind = 'CREDIT_NOTE'", [b2b.bill.id]);
    expect(notes).toHaveLength(1);
    expect(Number(notes[0].invoice_number)).toBeGreaterThan(Number(b2b.bill.invoice_number));
    const mails = await rowsOf(app, 'mail_messages', p.v.vendorId, 'AND subject LIKE $2', [`Credit note ${notes[0].invoice_number}%`]);
    expect(mails).toHaveLength(1);
    // Voiding again credits nothing twice.
    await app.runtime.container.get(VoidBillsOfCanceledContract).execute({ vendorId: p.v.vendorId, contractId: b2b.contractId });
    expect(await rowsOf(app, 'invoice_documents', p.v.vendorId, "AND bill_id = $2 AND kind = 'CREDIT_NOTE'", [b2b.bill.id])).toHaveLength(1);
    const text = (await pdfText(await p.pdfOf(b2b.bill.id, '?kind=CREDIT_NOTE'))).pages[0];
    expect(text).toContain(`Credits invoice: ${b2b.bill.invoice_number}`);
    expect(text).toContain('Amount credited: SEK 299.97');
    expect(text).not.toMatch(/Total to pay|Due date/);
    const res = await app.http.get(`/management/bills/${b2b.bill.id}/e-invoice?kind=CREDIT_NOTE`).set(bearer(p.read)).buffer(true).parse(binary);
    const xml = (res.body as Buffer).toString('utf8');
    expectMandatoryPeppolElements(xml, 'CreditNote');
    expect(element(xml, 'cbc:CreditNoteTypeCode')).toBe('381');
    expect(element(element(xml, 'cac:BillingReference'), 'cbc:ID')).toBe(b2b.bill.invoice_number);
    expect(element(element(xml, 'cac:LegalMonetaryTotal'), 'cbc:PayableAmount')).toBe('299.97');
  });
});

describeWithChromium('the invoice PDF rendered to an image', () => {
  it('renders page 1 with pdf.js in Chromium to a PNG with ink on it', async () => {
    const p = await givenPublisher(app);
    const contract = await p.order(`bild@${p.v.vendorId}.example.se`, 'SE');
    const bill = await p.billOf(contract.id);
    const pdf = await p.pdfOf(bill.id);
    const browser = await launchChromium();
    try {
      const page = await browser.newPage({ viewport: { width: 900, height: 1200 } });
      const build = join(require.resolve('pdfjs-dist/package.json'), '..', 'legacy', 'build');
      await page.route('http://pdf.test/**', async (route) => {
        const path = new URL(route.request().url()).pathname;
        if (path === '/invoice.pdf') return route.fulfill({ body: pdf, contentType: 'application/pdf' });
        if (path === '/') {
          return route.fulfill({
            contentType: 'text/html',
            body: `<!doctype html><body style="margin:0;background:#fff"><canvas id="c"></canvas><script type="module">
              import * as pdfjs from '/pdf.mjs';
              pdfjs.GlobalWorkerOptions.workerSrc = '/pdf.worker.mjs';
              const doc = await pdfjs.getDocument('/invoice.pdf').promise;
              const pdfPage = await doc.getPage(1);
              const viewport = pdfPage.getViewport({ scale: 1.4 });
              const canvas = document.getElementById('c');
              canvas.width = viewport.width; canvas.height = viewport.height;
              await pdfPage.render({ canvasContext: canvas.getContext('2d'), viewport }).promise;
              const data = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height).data;
              let ink = 0; for (let i = 0; i < data.length; i += 4) if (data[i + 3] > 0 && data[i] < 128) ink++;
              window.rendered = { width: canvas.width, height: canvas.height, ink };
            </script></body>`,
          });
        }
        return route.fulfill({ path: join(build, path.slice(1)), contentType: 'text/javascript' });
      });
      await page.goto('http://pdf.test/');
      const rendered = (await page.waitForFunction(() => (globalThis as unknown as { rendered?: unknown }).rendered, undefined, { timeout: 30_000 })).jsonValue() as Promise<{
        width: number;
        height: number;
        ink: number;
      }>;
      const result = await rendered;
      expect(result.width).toBeGreaterThan(800);
      expect(result.ink).toBeGreaterThan(5_000);
      // The image stays where a developer can look at it (KIOSK_TEST_ARTIFACTS, else the temporary folder).
      const out = process.env.KIOSK_TEST_ARTIFACTS ?? tmpdir();
      mkdirSync(out, { recursive: true });
      writeFileSync(join(out, 'kiosk-invoice-page-1.png'), await (await page.$('#c'))!.screenshot());
    } finally {
      await browser.close();
    }
  }, 60_000);
});

/** Every element Peppol BIS Billing 3.0 makes mandatory for an invoice or credit note (the ones this service has data for). */
function expectMandatoryPeppolElements(xml: string, root: 'Invoice' | 'CreditNote') {
  expect(element(xml, 'cbc:CustomizationID')).toBe('urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0');
  expect(element(xml, 'cbc:ProfileID')).toBe('urn:fdc:peppol.eu:2017:poacc:billing:01:1.0');
  expect(element(xml, 'cbc:ID')).toMatch(/^\d{6}$/);
  expect(element(xml, 'cbc:IssueDate')).toMatch(/^\d{4}-\d{2}-\d{2}$/);
  expect(element(xml, root === 'Invoice' ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode')).toMatch(/^38[01]$/);
  expect(element(xml, 'cbc:DocumentCurrencyCode')).toBe('SEK');
  expect(element(xml, 'cbc:BuyerReference')).not.toBe('');
  for (const party of ['cac:AccountingSupplierParty', 'cac:AccountingCustomerParty']) {
    const p = element(xml, party);
    expect(p).toMatch(/<cbc:EndpointID schemeID="\d{4}">[^<]+<\/cbc:EndpointID>/);
    expect(element(element(p, 'cac:PostalAddress'), 'cbc:IdentificationCode')).toMatch(/^[A-Z]{2}$/);
    expect(element(element(p, 'cac:PartyLegalEntity'), 'cbc:RegistrationName')).not.toBe('');
  }
  const taxTotal = element(xml, 'cac:TaxTotal');
  expect(taxTotal).toMatch(/<cbc:TaxAmount currencyID="SEK">\d+\.\d{2}<\/cbc:TaxAmount>/);
  for (const sub of elements(taxTotal, 'cac:TaxSubtotal')) {
    expect(element(sub, 'cbc:TaxableAmount')).toMatch(/^\d+\.\d{2}$/);
    expect(element(sub, 'cbc:TaxAmount')).toMatch(/^\d+\.\d{2}$/);
    expect(element(element(sub, 'cac:TaxCategory'), 'cbc:ID')).toMatch(/^(S|Z|AE|O)$/);
    expect(element(element(sub, 'cac:TaxScheme'), 'cbc:ID')).toBe('VAT');
  }
  const monetary = element(xml, 'cac:LegalMonetaryTotal');
  for (const amount of ['cbc:LineExtensionAmount', 'cbc:TaxExclusiveAmount', 'cbc:TaxInclusiveAmount', 'cbc:PayableAmount']) {
    expect(element(monetary, amount)).toMatch(/^\d+\.\d{2}$/);
  }
  const lines = elements(xml, root === 'Invoice' ? 'cac:InvoiceLine' : 'cac:CreditNoteLine');
  expect(lines.length).toBeGreaterThan(0);
  for (const line of lines) {
    expect(element(line, 'cbc:ID')).not.toBe('');
    expect(element(line, root === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity')).toMatch(/^\d+$/);
    expect(element(line, 'cbc:LineExtensionAmount')).toMatch(/^\d+\.\d{2}$/);
    expect(element(element(line, 'cac:Item'), 'cbc:Name')).not.toBe('');
    expect(element(element(line, 'cac:ClassifiedTaxCategory'), 'cbc:ID')).toMatch(/^(S|Z|AE|O)$/);
    expect(element(element(line, 'cac:Price'), 'cbc:PriceAmount')).toMatch(/^\d+\.\d{2}$/);
  }
  // The sum of line amounts is the line extension total (BR-CO-10), and VAT per subtotal adds to the total (BR-CO-14).
  const cents = (s: string) => Math.round(Number(s) * 100);
  expect(lines.reduce((s, l) => s + cents(element(l, 'cbc:LineExtensionAmount')), 0)).toBe(cents(element(monetary, 'cbc:LineExtensionAmount')));
  expect(elements(taxTotal, 'cac:TaxSubtotal').reduce((s, sub) => s + cents(element(sub, 'cbc:TaxAmount')), 0)).toBe(cents(element(taxTotal, 'cbc:TaxAmount')));
  expect(cents(element(monetary, 'cbc:TaxExclusiveAmount')) + cents(element(taxTotal, 'cbc:TaxAmount'))).toBe(cents(element(monetary, 'cbc:TaxInclusiveAmount')));
}
