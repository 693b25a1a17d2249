import { givenShop, pagePath } from '../checkout/support';
import { onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { rowsOf } from './support';

// Receipt numbers are decided by the database (the vendor's counter row, locked until the payment commits); only a
// real PostgreSQL with a pool of many connections shows parallel payments, so this runs there.
const onPostgres = onRealPostgres() ? describe : describe.skip;

let app: TestApp;
let second: TestApp;
beforeAll(async () => {
  app = await startTestApp();
  second = await startTestApp();
});
afterAll(async () => {
  await second.close();
  await app.close();
});

onPostgres('receipt numbers under concurrency (PostgreSQL)', () => {
  it('24 parallel card payments of one vendor (two processes) get receipts 1 to 24, each once, no gap', async () => {
    const v = await givenShop(app);
    const checkouts = [];
    for (let i = 0; i < 24; i++) {
      const r = await v.reader();
      checkouts.push((await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: i % 2 ? 'news' : 'book' }] })).body);
    }
    const answers = await Promise.all(
      checkouts.map((created, i) =>
        (i % 2 === 0 ? app : second).http
          .post(pagePath(created.checkoutUrl, '/pay'))
          .type('form')
          .send({ payment: 'embedded:card', cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(checkouts.map(() => 303));
    const receipts = await rowsOf(app, 'receipts', v.vendorId);
    expect(receipts).toHaveLength(24);
    expect(receipts.map((r: { sequence: string }) => Number(r.sequence)).sort((a: number, b: number) => a - b)).toEqual(Array.from({ length: 24 }, (_, i) => i + 1));
    expect(new Set(receipts.map((r: { bill_id: string }) => r.bill_id)).size).toBe(24);
    const bills = await rowsOf(app, 'bills', v.vendorId);
    expect(bills.every((b: { status: string; receipt_url: string | null }) => b.status === 'PAID' && b.receipt_url !== null)).toBe(true);
    const [{ last_number }] = await app.runtime.database.db.query(`SELECT last_number FROM receipt_number_sequences WHERE vendor_id = $1`, [v.vendorId]);
    expect(Number(last_number)).toBe(24);
  });
});
