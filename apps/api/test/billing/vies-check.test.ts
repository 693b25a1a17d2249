import { createServer, IncomingMessage, Server, ServerResponse } from 'node:http';
import { AddressInfo } from 'node:net';
import { money } from '@kiosk/domain';
import { CreatePurchaseOption } from '@kiosk/domain/catalog';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { rowsOf } from './support';

/**
 * VAT numbers checked, not only shaped (issue 26): with VAT_NUMBER_CHECK=vies
 * the service asks VIES (here a local double of its REST API) before it
 * reverse-charges; a number VIES does not know, or a VIES that does not
 * answer, taxes the business as a consumer of its country, with the check,
 * its time and the reason on the bill's tax and the invoice.
 */
const requests: { countryCode: string; vatNumber: string }[] = [];
const ANSWERS: Record<string, { status: number; body: object }> = {
  IT00743110157: { status: 200, body: { countryCode: 'IT', vatNumber: '00743110157', valid: true, requestIdentifier: 'WAPIAAAAZ1' } },
  DE136695976: { status: 200, body: { countryCode: 'DE', vatNumber: '136695976', valid: false, requestIdentifier: '' } },
  FR40303265045: { status: 500, body: { actionSucceed: false, errorWrappers: [{ error: 'MS_UNAVAILABLE', message: 'Member State service unavailable.' }] } },
};
let vies: Server;
let app: TestApp;
beforeAll(async () => {
  vies = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = '';
    req.on('data', (c: Buffer) => (raw += c.toString('utf8')));
    req.on('end', () => {
      const body = JSON.parse(raw) as { countryCode: string; vatNumber: string };
      requests.push(body);
      const answer = req.url === '/rest-api/check-vat-number' && req.method === 'POST' ? ANSWERS[`${body.countryCode}${body.vatNumber}`] : undefined;
      res.writeHead(answer?.status ?? 404, { 'content-type': 'application/json' }).end(JSON.stringify(answer?.body ?? {}));
    });
  });
  await new Promise<void>((resolve) => vies.listen(0, '127.0.0.1', resolve));
  const port = (vies.address() as AddressInfo).port;
  app = await startTestApp({ VAT_NUMBER_CHECK: 'vies', VIES_URL: `http://127.0.0.1:${port}/rest-api` });
}, 180_000);
afterAll(async () => {
  await app.close();
  await new Promise((resolve) => vies.close(resolve));
});

async function givenSeller() {
  const v = await givenVendor(app);
  const full = await v.apiToken('full', ['contracts:write']);
  const settings = await app.http.patch('/management/billing-settings').set(bearer(full)).send({
    legalName: 'Nordisk Tidning Förlag AB', street: 'Sveavägen 12', zip: '111 57', city: 'Stockholm', country: 'SE', vatNumber: 'SE556703748501',
  });
  expect(settings.status).toBe(200);
  expect((await app.http.post('/management/products').set(bearer(full)).send({ sku: 'pass', title: 'pass', productType: 'publication', taxCategory: 'standard' })).status).toBe(201);
  await app.runtime.container.get(CreatePurchaseOption).execute({
    vendorId: v.vendorId, id: 'pass-monthly', sku: 'pass', name: 'Monthly', price: money(8_000, 'SEK'), taxIncluded: false,
    recurring: { interval: 'MONTH', time: 1 }, seatsPerUnit: 1, minQuantity: 1, maxQuantity: 10,
  });
  const buy = async (country: string, vatNr: string, email: string) => {
    const res = await app.http.post('/management/contracts').set(bearer(full)).send({
      sku: 'pass', purchaseOptionId: 'pass-monthly', confirm: true, contractType: 'BUSINESS',
      user: { email, businessDetails: { companyName: 'Firma', vatNr }, address: { street: 'Street 1', zip: '12345', city: 'City', country } },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE', country },
    });
    expect(res.status).toBe(201);
    const [bill] = await rowsOf(app, 'bills', v.vendorId, 'AND contract_id = $2', [res.body.id]);
    const [invoice] = await rowsOf(app, 'invoice_documents', v.vendorId, 'AND bill_id = $2', [bill.id]);
    const [mail] = await rowsOf(app, 'mail_messages', v.vendorId, 'AND to_address = $2', [email]);
    return { bill, invoice, mail };
  };
  return { v, buy };
}

describe('VAT numbers checked with VIES before reverse charge (issue 26)', () => {
  let s: Awaited<ReturnType<typeof givenSeller>>;
  beforeAll(async () => {
    s = await givenSeller();
  });

  it('a number VIES knows: reverse charge, the check with its time and reference on the tax and the invoice', async () => {
    const { bill, invoice, mail } = await s.buy('IT', 'IT00743110157', `it@${s.v.vendorId}.example.it`);
    expect(requests).toContainEqual({ countryCode: 'IT', vatNumber: '00743110157' });
    const check = { vatNumber: 'IT00743110157', country: 'IT', method: 'VIES', status: 'VALID', checkedAt: expect.any(String), reference: 'WAPIAAAAZ1', reason: null };
    expect(bill.tax).toMatchObject({ country: 'IT', reverseCharge: true, tax: 0, vatNumberCheck: check });
    expect(invoice.document).toMatchObject({ reverseCharge: true, vatNumberCheck: check });
    expect(new Date(bill.tax.vatNumberCheck.checkedAt).getTime()).toBe(app.clock.now().getTime());
    expect(mail.body).toContain(`VAT number check: IT00743110157 valid (VIES, ${bill.tax.vatNumberCheck.checkedAt}, ref WAPIAAAAZ1)`);
  });

  it('a number VIES does not know: taxed as a German consumer (19 %), the reason on the invoice', async () => {
    const { bill, invoice, mail } = await s.buy('DE', 'DE136695976', `de@${s.v.vendorId}.example.de`);
    expect(bill.tax).toMatchObject({ country: 'DE', reverseCharge: false, buyerVatNumber: null, net: 8000, tax: 1520, totals: [{ rate: 1900, code: 'S' }] });
    expect(bill.tax.vatNumberCheck).toMatchObject({ method: 'VIES', status: 'INVALID', reference: null, reason: 'VIES does not know the number as a valid registration' });
    expect(invoice.document).toMatchObject({ reverseCharge: false, notes: [] });
    expect(mail.body).toContain('VAT number check: DE136695976 not valid (VIES, ');
    expect(mail.body).toContain('; taxed as a consumer in DE (VIES does not know the number as a valid registration)');
  });

  it('VIES unavailable for the member state: taxed as a French consumer (20 %), the check could not be made and says why', async () => {
    const { bill, mail } = await s.buy('FR', 'FR40303265045', `fr@${s.v.vendorId}.example.fr`);
    expect(bill.tax).toMatchObject({ country: 'FR', reverseCharge: false, tax: 1600 });
    expect(bill.tax.vatNumberCheck).toMatchObject({ method: 'VIES', status: 'UNAVAILABLE', reason: 'VIES did not answer: MS_UNAVAILABLE' });
    expect(mail.body).toContain('VAT number check: FR40303265045 could not be checked (VIES, ');
  });

  it('a number of wrong form is never sent to VIES', async () => {
    const before = requests.length;
    const { bill } = await s.buy('DE', 'DE136695977', `bad@${s.v.vendorId}.example.de`);
    expect(requests).toHaveLength(before);
    expect(bill.tax).toMatchObject({ country: 'DE', reverseCharge: false, tax: 1520 });
    expect(bill.tax.vatNumberCheck).toBeUndefined();
  });
});
