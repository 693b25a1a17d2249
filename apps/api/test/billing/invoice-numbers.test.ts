import { PostgresInvoiceNumbers } from '../../src/billing/typeorm-billing.repositories';
import { inTransaction } from '../../src/platform/database/transaction';
import { GaplessInvoiceNumbers1766600000000 } from '../../src/platform/database/migrations/1766600000000-gapless-invoice-numbers';
import { onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { givenSellingVendor, rowsOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const invoiceNumbers = async (vendorId: string) =>
  ((await rowsOf(app, 'invoice_documents', vendorId)) as { invoice_number: string }[]).map((d) => Number(d.invoice_number)).sort((a, b) => a - b);
const oneTo = (n: number) => Array.from({ length: n }, (_, i) => i + 1);

describe('invoice numbers (issue 28: gapless and ordered per vendor)', () => {
  it('gives a number back when the confirmation is undone: no gap', async () => {
    const v = await givenSellingVendor(app);
    await v.contracts.create.execute(v.order({ confirm: true }));
    const numbers = new PostgresInvoiceNumbers(app.runtime.database.db);
    await expect(
      inTransaction(app.runtime.database.db, async () => {
        expect(await numbers.next(v.vendorId)).toBe(2);
        throw new Error('the confirmation fails after the number was drawn');
      }),
    ).rejects.toThrow('the confirmation fails');
    await v.contracts.create.execute(v.order({ confirm: true, user: { email: `second@${v.vendorId}.example.com` } }));
    expect(await invoiceNumbers(v.vendorId)).toEqual([1, 2]);
  });

  it('numbers one vendor\'s parallel confirmations 1, 2, 3, ... with none missing or twice; another vendor counts on its own', async () => {
    const v = await givenSellingVendor(app);
    const other = await givenSellingVendor(app);
    const confirms = Array.from({ length: 12 }, (_, i) =>
      v.contracts.create.execute(v.order({ confirm: true, user: { email: `r${i}@${v.vendorId}.example.com` } })),
    );
    await Promise.all([...confirms, other.contracts.create.execute(other.order({ confirm: true }))]);
    expect(await invoiceNumbers(v.vendorId)).toEqual(oneTo(12));
    expect(await invoiceNumbers(other.vendorId)).toEqual([1]);
  });

  it('a vendor numbered by a sequence before goes on after its last number, and the sequence goes', async () => {
    const v = await givenSellingVendor(app);
    const db = app.runtime.database.db;
    // As the former numbering left it: the vendor's sequence at 41, its counter row behind.
    const [{ seq }] = await db.query(`SELECT 'invoice_numbers_' || md5($1) AS seq`, [v.vendorId]);
    await db.query(`CREATE SEQUENCE "${seq}" AS bigint START WITH 41`);
    await db.query(`SELECT nextval('"${seq}"')`);
    await db.query(`INSERT INTO invoice_number_sequences (vendor_id, last_number) VALUES ($1, 7)`, [v.vendorId]);
    const runner = db.createQueryRunner();
    try {
      await new GaplessInvoiceNumbers1766600000000().up(runner);
    } finally {
      await runner.release();
    }
    expect(await db.query(`SELECT 1 FROM pg_sequences WHERE sequencename = $1`, [seq])).toEqual([]);
    await v.contracts.create.execute(v.order({ confirm: true }));
    expect(await invoiceNumbers(v.vendorId)).toEqual([42]);
  });
});

describe('invoice numbers under load', () => {
  // Only a real PostgreSQL with many connections makes them wait on each other.
  (onRealPostgres() ? it : it.skip)('20 contracts of one vendor created and confirmed in parallel get 20 distinct numbers, 1 to 20', async () => {
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
