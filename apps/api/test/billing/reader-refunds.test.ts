import { givenShop, pagePath } from '../checkout/support';
import { bearer, startTestApp, TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A reader who paid 99 SEK by card on the hosted checkout (embedded processor), and a staff token that may refund. */
async function paidReader() {
  const shop = await givenShop(app);
  const reader = await shop.reader();
  const created = await app.http.post('/checkouts').set(reader.auth).send({ items: [{ sku: 'news' }] });
  await app.http
    .post(pagePath(created.body.checkoutUrl, '/pay'))
    .type('form')
    .send({ payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' })
    .expect(303);
  const staff = bearer(await shop.apiToken('full', ['bills:write']));
  const [payment] = (await app.http.get('/management/transactions').query({ userId: reader.userId }).set(staff)).body;
  const refund = (body: object) => app.http.post(`/management/transactions/${payment.id}/refund`).set(staff).send(body);
  return { reader, payment, refund };
}

describe("the reader's own bills after a refund (GET /bills, /transactions, /bills/{id}/receipt)", () => {
  it('a part refund leaves the bill paid and lists the refund; the rest makes it REFUNDED, its receipt still opens and its credit note downloads', async () => {
    const { reader, payment, refund } = await paidReader();
    expect((await refund({ amount: 49.5 })).status).toBe(201);
    const [partly] = (await app.http.get('/bills').set(reader.auth)).body;
    expect([partly.id, partly.status]).toEqual([payment.billId, 'PAID']);
    const moves = (await app.http.get('/transactions').set(reader.auth)).body as { isRefund: boolean; amount: number }[];
    expect(moves.map((t) => [t.isRefund, t.amount]).sort()).toEqual([
      [false, 99],
      [true, 49.5],
    ]);
    // The part paid back is credited at once: its credit note downloads; a number of another document is a 404.
    const partNote = await app.http.get(`/bills/${payment.billId}/receipt`).query({ kind: 'CREDIT_NOTE' }).set(reader.auth);
    expect([partNote.status, partNote.headers['content-type']]).toEqual([200, 'application/pdf']);
    const partNumber = /credit-note-(\w+)\.pdf/.exec(partNote.headers['content-disposition'])![1];
    expect((await app.http.get(`/bills/${payment.billId}/receipt`).query({ kind: 'CREDIT_NOTE', number: '999999' }).set(reader.auth)).status).toBe(404);

    expect((await refund({})).status).toBe(201);
    const [refunded] = (await app.http.get('/bills').set(reader.auth)).body;
    expect(refunded.status).toBe('REFUNDED');
    // The receipt of what was paid still opens (the account page links it beside "refunded").
    const receipt = new URL(refunded.receiptUrl);
    expect((await app.http.get(`${receipt.pathname}${receipt.search}`)).status).toBe(200);
    const note = await app.http.get(`/bills/${payment.billId}/receipt`).query({ kind: 'CREDIT_NOTE', format: 'pdf' }).set(reader.auth);
    expect([note.status, note.headers['content-type']]).toEqual([200, 'application/pdf']);
    expect(note.headers['content-disposition']).toMatch(/credit-note-\d+\.pdf/);
    // The newest is the rest's; the part's is still there by its number.
    expect(note.headers['content-disposition']).not.toContain(`credit-note-${partNumber}.pdf`);
    const byNumber = await app.http.get(`/bills/${payment.billId}/receipt`).query({ kind: 'CREDIT_NOTE', number: partNumber }).set(reader.auth);
    expect([byNumber.status, byNumber.headers['content-disposition']]).toEqual([200, `inline; filename="credit-note-${partNumber}.pdf"`]);
  });
});
