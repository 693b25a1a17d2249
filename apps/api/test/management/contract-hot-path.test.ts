import { givenSellingVendor } from '../billing/support';
import { bearer, onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { withinASecond } from '../support/polling';
import { cacheSettled, statementsOf } from '../support/statements';

/*
 * Issue 28: a warm contract create + confirm reads none of the vendor's
 * catalogue or settings (its product and purchase option, its billing and
 * checkout settings): those come from the configuration cache, which
 * every change empties, in this process at once and in the others when it
 * commits (a trigger announces writes made past the service too).
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const CONFIGURATION = /\b(FROM|INTO|UPDATE) "?(products|purchase_options|vendor_billing_settings|checkout_settings)"?\b/;

async function givenWriter(on: TestApp = app) {
  const v = await givenSellingVendor(on);
  const token = await v.apiToken('full', ['contracts:write']);
  let readers = 0;
  const create = (through: TestApp = on) =>
    through.http
      .post('/management/contracts')
      .set(bearer(token))
      .send({
        sku: 'news',
        purchaseOptionId: 'news-yearly',
        user: { email: `reader-${(readers += 1)}@${v.vendorId}.example.com` },
        payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
        confirm: true,
      });
  return { ...v, token, create };
}

describe('contract create + confirm, warm', () => {
  it('reads none of the vendor\'s products, options or settings: its product, purchase option, billing and checkout settings are cached', async () => {
    const v = await givenWriter();
    await v.create().expect(201);
    await cacheSettled(app);
    const statements = await statementsOf(() => v.create().expect(201));
    expect(statements.filter((s) => CONFIGURATION.test(s))).toEqual([]);
    // The rest, in order: what is per reader and per contract (12 round trips, prepared where they are reads; 29 before issue 28).
    expect(statements).toEqual(
      [
        /^INSERT INTO users .* RETURNING/, // a new reader, answered by the insert
        /^WITH change AS \(INSERT INTO contracts .*\) INSERT INTO outbox/, // the contract and its event, one statement
        /^START TRANSACTION$/,
        /^SELECT snapshot FROM contracts .* FOR UPDATE$/, // the confirm, under the contract's lock
        /FROM bills WHERE vendor_id = \$1 AND id = \$2$/, // the bill is not there yet (a retried confirm finds it)
        /FROM engagement_profiles WHERE/,
        /FROM users WHERE vendor_id = \$1 AND id = \$2$/,
        // The bill and its invoice's draft, held, run in the step's last statement.
        /^WITH held_1 AS \(INSERT INTO "bills" .*\), held_2 AS \(INSERT INTO invoice_drafts .*\), change AS \(UPDATE contracts .*\) INSERT INTO outbox/,
        /^COMMIT$/,
        // Decision 37: the invoice number, drawn on its own once the step is kept; the vendor's counter is locked only for it.
        // Its commit does not wait for the WAL flush: the invoice's statement, which uses the number, does (decision 37).
        /^SELECT kiosk_number_invoice_draft\(\$1, \$2\) AS n, set_config\('synchronous_commit', 'off', true\) AS commit_mode$/,
        // The invoice issued in one statement of its own: the bill's number, the document and its mail, with the
        // draft's removal (the claim, which fails the statement when another step issued the invoice first).
        /^WITH held_1 AS \(UPDATE bills SET invoice_number .*\), held_2 AS \(INSERT INTO "invoice_documents" .*\), held_3 AS \(INSERT INTO mail_messages .*\), removed AS \(DELETE FROM invoice_drafts .*\) SELECT kiosk_claimed\(count\(\*\)\) AS claimed FROM removed$/,
        /FROM engagement_profiles WHERE/, // the answer's tax view: the buyer's country
      ].map((pattern) => expect.stringMatching(pattern)),
    );
  });

  it('the management products list, once read, is read again only after a change, which it shows at once', async () => {
    const v = await givenWriter();
    const list = () => app.http.get('/management/products').set(bearer(v.token)).expect(200);
    await list();
    await cacheSettled(app);
    expect(await statementsOf(list)).toEqual([]);
    await app.http.post('/management/products').set(bearer(v.token)).send({ sku: 'extra', title: 'Extra', productType: 'article' }).expect(201);
    expect((await list()).body.map((p: { sku: string }) => p.sku)).toContain('extra');
    await app.http.patch('/management/products/extra').set(bearer(v.token)).send({ title: 'Renamed' }).expect(200);
    expect((await list()).body.find((p: { sku: string }) => p.sku === 'extra').title).toBe('Renamed');
  });

  it('the seller\'s name on an invoice is read from the vendors table once, not by every confirm', async () => {
    const v = await givenWriter();
    await v.create().expect(201);
    await cacheSettled(app);
    const statements = await statementsOf(() => v.create().expect(201));
    expect(statements.filter((s) => /FROM vendors\b/.test(s))).toEqual([]);
  });

  it('a change of the billing settings is on the next invoice of this process', async () => {
    const v = await givenWriter();
    await v.create().expect(201);
    await app.http.patch('/management/billing-settings').set(bearer(v.token)).send({ legalName: 'Renamed Publishing AB' }).expect(200);
    const created = await v.create().expect(201);
    const [row] = await app.runtime.database.db.query(
      `SELECT document FROM invoice_documents WHERE vendor_id = $1 AND contract_id = $2`,
      [v.vendorId, created.body.id],
    );
    expect(JSON.stringify(row)).toContain('Renamed Publishing AB');
  });
});

// A second app on the same database is a second process as far as caches go: its own container, cache and connections.
const onPostgres = onRealPostgres() ? it : it.skip;

describe('another process', () => {
  onPostgres('its product change, and a product changed in SQL, reach this one within a second', async () => {
    const other = await startTestApp();
    try {
      const v = await givenWriter();
      const title = async () =>
        (await app.http.get('/management/products').set(bearer(v.token)).expect(200)).body.find((p: { sku: string }) => p.sku === 'news').title;
      await title();
      await other.http.patch('/management/products/news').set(bearer(v.token)).send({ title: 'Changed there' }).expect(200);
      expect(await withinASecond(title, 'Changed there')).toBe('Changed there');
      await other.runtime.database.db.query(`UPDATE products SET title = 'Changed in SQL' WHERE vendor_id = $1 AND sku = 'news'`, [v.vendorId]);
      expect(await withinASecond(title, 'Changed in SQL')).toBe('Changed in SQL');
    } finally {
      await other.close();
    }
  });

  onPostgres('a vendor renamed in SQL is the seller on the invoices of every process within a second', async () => {
    const other = await startTestApp();
    try {
      const v = await givenWriter();
      const sellerOnNextInvoice = async () => {
        const created = await v.create().expect(201);
        const [row] = await app.runtime.database.db.query(`SELECT document FROM invoice_documents WHERE vendor_id = $1 AND contract_id = $2`, [
          v.vendorId,
          created.body.id,
        ]);
        return (row.document as { seller: { name: string } }).seller.name;
      };
      expect(await sellerOnNextInvoice()).not.toBe('Renamed in SQL');
      await other.runtime.database.db.query(`UPDATE vendors SET name = 'Renamed in SQL' WHERE id = $1`, [v.vendorId]);
      expect(await withinASecond(sellerOnNextInvoice, 'Renamed in SQL')).toBe('Renamed in SQL');
    } finally {
      await other.close();
    }
  });
});
