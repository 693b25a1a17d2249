import { onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { givenSellingVendor, rowsOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// Drawing a number holds no lock until commit, so parallel confirmations of one vendor run side by side;
// only a real PostgreSQL with many connections can show that they still get distinct numbers.
const onPostgres = onRealPostgres() ? it : it.skip;

describe('invoice numbers', () => {
  onPostgres('20 contracts of one vendor created and confirmed in parallel get 20 distinct numbers, 1 to 20', async () => {
    const v = await givenSellingVendor(app);
    await Promise.all(
      Array.from({ length: 20 }, (_, i) => v.contracts.create.execute(v.order({ confirm: true, user: { email: `par-${i}@${v.vendorId}.example.com` } }))),
    );
    const bills = await rowsOf(app, 'bills', v.vendorId, 'ORDER BY invoice_number');
    expect(bills.map((b: { invoice_number: string }) => b.invoice_number)).toEqual(Array.from({ length: 20 }, (_, i) => String(i + 1).padStart(6, '0')));
  });

  it('numbers of two vendors are independent sequences', async () => {
    const a = await givenSellingVendor(app);
    const b = await givenSellingVendor(app);
    await a.contracts.create.execute(a.order({ confirm: true }));
    await b.contracts.create.execute(b.order({ confirm: true }));
    await a.contracts.create.execute(a.order({ confirm: true, user: { email: `second@${a.vendorId}.example.com` } }));
    const numbers = async (vendorId: string) => (await rowsOf(app, 'bills', vendorId, 'ORDER BY invoice_number')).map((r: { invoice_number: string }) => r.invoice_number);
    expect(await numbers(a.vendorId)).toEqual(['000001', '000002']);
    expect(await numbers(b.vendorId)).toEqual(['000001']);
  });
});
