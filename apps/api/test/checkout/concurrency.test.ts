import { CompleteCheckout } from '@kiosk/domain/checkout';
import { onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { givenShop, pagePath, rowsOf } from './support';

// Races are decided by the database (a conditional UPDATE of the checkout's status); only a real
// PostgreSQL with a pool of many connections can show it, so these run there.
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

async function sale(vendorId: string, checkoutId: string) {
  const contracts = await rowsOf(app, 'contracts', `vendor_id = $1 AND snapshot->'origin'->>'id' = $2`, [vendorId, checkoutId]);
  const ids = contracts.map((c: { id: string }) => c.id);
  const bills = await rowsOf(app, 'bills', 'vendor_id = $1 AND contract_id = ANY($2)', [vendorId, ids]);
  const transactions = await rowsOf(app, 'transactions', 'vendor_id = $1 AND contract_id = ANY($2)', [vendorId, ids]);
  return { contracts, bills, transactions };
}

onPostgres('completing a checkout under concurrency (PostgreSQL)', () => {
  it('20 parallel payments of one checkout (two processes) make exactly one contract, one paid bill, one transaction', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'news' }] })).body;
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? app : second).http
          .post(pagePath(created.checkoutUrl, '/pay'))
          .type('form')
          .send({ cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' }),
      ),
    );
    expect(answers.map((a) => a.status)).toEqual(Array(20).fill(303));
    expect(new Set(answers.map((a) => a.headers.location))).toEqual(new Set([pagePath(created.checkoutUrl, '/receipt')]));
    const made = await sale(v.vendorId, created.id);
    expect(made.contracts).toHaveLength(1);
    expect(made.bills.map((b: { status: string }) => b.status)).toEqual(['PAID']);
    expect(made.transactions).toHaveLength(1);
    const checkout = (await app.http.get(`/checkouts/${created.id}`).set(r.auth)).body;
    expect(checkout).toMatchObject({ status: 'COMPLETED', contractIds: [made.contracts[0].id] });
  });

  it('20 parallel completions (double submits, retried callbacks, a racing webhook) through the use case make one sale', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }] })).body;
    const payment = { provider: 'embedded', method: 'card', reference: `ch_${created.id}`, brand: 'visa', description: '•••• 4242', savedMethod: null };
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        (i % 2 === 0 ? app : second).runtime.container.get(CompleteCheckout).execute({ vendorId: v.vendorId, checkoutId: created.id, payment }),
      ),
    );
    expect(new Set(results.map((c) => c.contractIds.join()))).toHaveProperty('size', 1);
    const made = await sale(v.vendorId, created.id);
    expect(made.contracts).toHaveLength(1);
    expect(made.bills.map((b: { status: string }) => b.status)).toEqual(['PAID']);
    expect(made.transactions).toHaveLength(1);
  });
});
