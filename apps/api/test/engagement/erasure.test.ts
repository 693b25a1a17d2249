import { EraseAccount, PersonalDataEraser } from '@kiosk/domain/engagement';
import { IssueUserToken } from '@kiosk/domain/identity';
import { ENGAGEMENT } from '../../src/engagement/engagement.module';
import { TOKENS } from '../../src/platform/tokens';
import { IDENTITY } from '../../src/identity/identity.module';
import { givenSellingVendor, settleEvents } from '../billing/support';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { givenReader } from './reader-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const db = () => app.runtime.database.db;

/** Every text-like column of every table of the schema: where personal data could hide. */
async function textColumns(): Promise<{ table: string; column: string }[]> {
  const rows: { table_name: string; column_name: string }[] = await db().query(
    `SELECT c.table_name, c.column_name FROM information_schema.columns c
       JOIN information_schema.tables t ON t.table_schema = c.table_schema AND t.table_name = c.table_name
      WHERE c.table_schema = current_schema() AND t.table_type = 'BASE TABLE'
        AND c.data_type IN ('text', 'character varying', 'character', 'json', 'jsonb', 'ARRAY')
      ORDER BY 1, 2`,
  );
  return rows.map((r) => ({ table: r.table_name, column: r.column_name }));
}

/** `table.column` of every value that holds one of the needles, case-insensitively. */
async function whereFound(needles: string[]): Promise<string[]> {
  const found: string[] = [];
  for (const { table, column } of await textColumns()) {
    const [{ n }] = await db().query(
      `SELECT count(*)::int AS n FROM "${table}" WHERE EXISTS (SELECT 1 FROM unnest($1::text[]) x WHERE strpos(lower("${column}"::text), x) > 0)`,
      [needles.map((s) => s.toLowerCase())],
    );
    if (n > 0) found.push(`${table}.${column}`);
  }
  return found;
}

describe('DELETE /profile', () => {
  it('erases the reader from every module, keeps financial records detached, and refuses the old token', async () => {
    const v = await givenSellingVendor(app);
    const email = `zephyrine.q@${v.vendorId}.example.com`;
    const person = { email, firstName: 'Zephyrine', lastName: 'Quillfeather' };
    const needles = [email, 'Zephyrine', 'Quillfeather'];

    // Contracts module: the reader's own contract (bill, invoice, mail, entitlement) ...
    const own = await v.contracts.create.execute(v.order({ user: person, confirm: true }));
    const userId = own.userId;
    // ... and one they pay for someone else, created over HTTP with an Idempotency-Key (the stored answer shows them).
    const writer = await v.apiToken('full', ['contracts:write']);
    const paid = await app.http
      .post('/management/contracts')
      .set(bearer(writer))
      .set('Idempotency-Key', `pay-${v.vendorId}`)
      .send({
        sku: 'news',
        purchaseOptionId: 'news-yearly',
        user: { email: `kid@${v.vendorId}.example.com` },
        payer: person,
        payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
        confirm: true,
      });
    expect(paid.status).toBe(201);
    expect(paid.body.payer).toEqual({ id: userId, email });
    // The payer pays the invoice: a receipt names them.
    const [paidBill] = await db().query(`SELECT id FROM bills WHERE vendor_id = $1 AND contract_id = $2`, [v.vendorId, paid.body.id]);
    expect((await app.http.post(`/management/bills/${paidBill.id}/payments`).set(bearer(await v.apiToken('full', ['contracts:write']))).send({})).status).toBe(201);
    await settleEvents(app, v.vendorId);

    // Engagement: profile, metadata, tags, fulfillment with a delivery request; part A's tallies and diagnostics.
    const { accessToken: token } = await app.runtime.container.get(IssueUserToken).execute({ vendorId: v.vendorId, userId });
    const auth = bearer(token);
    const other = await givenReader(app, v.vendorId, { firstName: 'Otto', lastName: 'Other' });
    let res = await app.http
      .patch('/profile')
      .set(auth)
      .send({
        nickname: 'Zephyrine Q',
        mobilePhone: '+46701234567',
        deliveryAddress: { country: 'SE', city: 'Lund', street: 'Quillfeather väg 1', firstName: 'Zephyrine', lastName: 'Quillfeather' },
        companyInfo: { companyName: 'Quillfeather AB', invoiceEmail: email },
        user_metadata: { contact: email },
      });
    expect(res.body.detail).toBeUndefined();
    expect(res.status).toBe(200);
    await app.http.post('/tags').set(auth).set('Content-Type', 'text/plain').send('Zephyrine');
    await app.http.put(`/user-metadata/note`).set(auth).set('Content-Type', 'text/plain').send('Dear Zephyrine');
    await app.http
      .post('/management/fulfillments')
      .set(bearer(await v.apiToken('full')))
      .send({ fulfillments: [{ id: 'print-1', userId, sku: 'news', title: 'Print' }] });
    res = await app.http.post('/fulfillments/print-1/request-delivery').set(auth).set('Idempotency-Key', 'deliver-1').send({ sku: 'news' });
    expect(res.body).toEqual({ ok: true });
    await app.http.put('/tallies/recent').set(auth).send({ value: `seen by ${email}` });
    await app.http.post('/diagnostics').set(auth).send({ userId, profile: { email, name: 'Zephyrine Quillfeather' }, pageTitle: 'Hi Zephyrine' });
    // Part A's license tables: a key the reader holds.
    await db().query(`INSERT INTO license_pools (vendor_id, id, sku, created_at) VALUES ($1, 'pool', 'news', now())`, [v.vendorId]);
    await db().query(
      `INSERT INTO license_keys (vendor_id, pool_id, key, loaded_at, claimed_by, claimed_at) VALUES ($1, 'pool', 'KEY-1', now(), $2, now())`,
      [v.vendorId, userId],
    );
    await db().query(`INSERT INTO license_holders (vendor_id, pool_id, user_id, created_at) VALUES ($1, 'pool', $2, now())`, [v.vendorId, userId]);
    // The other reader's data, which must survive.
    await app.http.post('/tags').set(other.auth).set('Content-Type', 'text/plain').send('keep-me');

    const before = await whereFound(needles);
    expect(before).toEqual(expect.arrayContaining(['users.email', 'contracts.snapshot', 'invoice_documents.document', 'receipts.document', 'mail_messages.body', 'engagement_profiles.delivery_address', 'engagement_user_metadata.value', 'engagement_tags.tag', 'idempotency_keys.body']));
    const financial = async () => ({
      contracts: (await db().query(`SELECT id, user_id, status FROM contracts WHERE vendor_id = $1 ORDER BY id`, [v.vendorId])),
      bills: (await db().query(`SELECT id, user_id, payer_id, price_minor, status FROM bills WHERE vendor_id = $1 ORDER BY id`, [v.vendorId])),
      transactions: (await db().query(`SELECT id, user_id FROM transactions WHERE vendor_id = $1 ORDER BY id`, [v.vendorId])),
      invoices: (await db().query(`SELECT id, billed_user_id, invoice_number, total_minor FROM invoice_documents WHERE vendor_id = $1 ORDER BY id`, [v.vendorId])),
    });
    const kept = await financial();
    expect(kept.contracts).toHaveLength(2);
    expect(kept.invoices.length).toBeGreaterThanOrEqual(2);

    res = await app.http.delete('/profile').set(auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });

    // Not one text or JSON value of any table holds the e-mail or a name any more.
    expect(await whereFound(needles)).toEqual([]);
    // The old token is refused everywhere.
    for (const call of [app.http.get('/profile'), app.http.get('/tags'), app.http.delete('/profile'), app.http.get('/user-metadata')]) {
      const refused = await call.set(auth);
      expect(refused.status).toBe(401);
      expect(refused.body.code).toBe('AUTH.INVALID_TOKEN');
      expect(refused.body.detail).toMatch(/no longer exists/);
    }
    // A token minted afterwards for the tombstone is refused too.
    const fresh = await app.runtime.container.get(IssueUserToken).execute({ vendorId: v.vendorId, userId });
    expect((await app.http.get('/profile').set(bearer(fresh.accessToken))).status).toBe(401);

    // Financial records stay, tied to the opaque user id only.
    expect(await financial()).toEqual(kept);
    // The reader's own contract stops renewing: nobody is left to serve or bill.
    const ownContracts = await app.http.get(`/management/contracts?userId=${encodeURIComponent(userId)}`).set(bearer(writer));
    expect(ownContracts.body).toEqual([expect.objectContaining({ cancelReason: 'ACCOUNT_ERASED', willCancelAt: expect.any(String) })]);
    const [user] = await db().query(`SELECT email, first_name, last_name, erased_at FROM users WHERE vendor_id = $1 AND id = $2`, [v.vendorId, userId]);
    expect(user).toEqual({ email: `erased-${userId}@erased.invalid`, first_name: null, last_name: null, erased_at: expect.any(Date) });
    const contracts = await app.http.get(`/management/contracts?userId=${encodeURIComponent(paid.body.userId)}`).set(bearer(writer));
    expect(contracts.status).toBe(200);
    expect(JSON.stringify(contracts.body)).toContain(`erased-${userId}@erased.invalid`);
    const [invoice] = await db().query(`SELECT email, document FROM invoice_documents WHERE vendor_id = $1 AND billed_user_id = $2 LIMIT 1`, [v.vendorId, userId]);
    expect(invoice.email).toBe(`erased-${userId}@erased.invalid`);
    expect(invoice.document.billedTo).toEqual({ userId, email: `erased-${userId}@erased.invalid`, name: null, companyName: null, vatNumber: null, address: null });

    // The reader's own data is gone; license keys stay used by nobody; the other reader's data is untouched.
    const count = async (sql: string) => (await db().query(sql, [v.vendorId, userId]))[0].n;
    expect(await count(`SELECT count(*)::int AS n FROM entitlements WHERE vendor_id = $1 AND user_id = $2`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM engagement_profiles WHERE vendor_id = $1 AND user_id = $2`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM engagement_fulfillments WHERE vendor_id = $1 AND user_id = $2`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM engagement_delivery_requests WHERE vendor_id = $1 AND user_id = $2`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM tallies WHERE vendor_id = $1 AND owner_id = $2`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM diagnostics WHERE vendor_id = $1 AND sender_id = $2`)).toBe(0);
    expect(await count(`SELECT count(*)::int AS n FROM license_holders WHERE vendor_id = $1 AND user_id = $2`)).toBe(0);
    expect(await db().query(`SELECT key, claimed_by FROM license_keys WHERE vendor_id = $1`, [v.vendorId])).toEqual([{ key: 'KEY-1', claimed_by: 'erased-user' }]);
    expect(await count(`SELECT count(*)::int AS n FROM idempotency_keys WHERE scope = $1 || ':user:' || $2`)).toBe(0);
    expect((await app.http.get('/tags').set(other.auth)).body).toEqual(['keep-me']);
    expect((await app.http.get('/profile').set(other.auth)).body).toMatchObject({ firstName: 'Otto', lastName: 'Other' });
    // The same e-mail can become a new, different user later.
    const again = await v.contracts.create.execute(v.order({ user: { email } }));
    expect(again.userId).not.toBe(userId);
  });

  it('answers 401 without a token; a look-alike tombstone e-mail of another user does not block erasure', async () => {
    const v = await givenSellingVendor(app);
    const r = await givenReader(app, v.vendorId, { email: `squat@${v.vendorId}.example.com` });
    expect((await app.http.delete('/profile')).status).toBe(401);
    const squatter = await v.contracts.create.execute(v.order({ user: { email: `erased-${r.userId}@erased.invalid` } }));
    const res = await app.http.delete('/profile').set(r.auth);
    expect(res.status).toBe(200);
    const [user] = await db().query(`SELECT email FROM users WHERE vendor_id = $1 AND id = $2`, [v.vendorId, r.userId]);
    expect(user.email).toMatch(new RegExp(`^erased-${r.userId}-\\d+@erased\\.invalid$`));
    const [kept] = await db().query(`SELECT email FROM users WHERE vendor_id = $1 AND id = $2`, [v.vendorId, squatter.userId]);
    expect(kept.email).toBe(`erased-${r.userId}@erased.invalid`);
  });

  it('runs every eraser in one transaction: when one fails, nothing is erased', async () => {
    const v = await givenSellingVendor(app);
    const r = await givenReader(app, v.vendorId, { email: `atomic@${v.vendorId}.example.com`, firstName: 'Atomic' });
    await app.http.post('/tags').set(r.auth).set('Content-Type', 'text/plain').send('t');
    await app.http.patch('/profile').set(r.auth).send({ nickname: 'nick' });
    const c = app.runtime.container;
    const failing: PersonalDataEraser = { module: 'failing', erase: async () => Promise.reject(new Error('disk full')) };
    const outbox = { append: async () => undefined };
    const erase = new EraseAccount(c.get(IDENTITY.Users), [...c.getAll(TOKENS.PersonalDataEraser), failing], c.get(ENGAGEMENT.UnitOfWork), app.clock, outbox);
    await expect(erase.execute({ vendorId: v.vendorId, userId: r.userId })).rejects.toThrow('disk full');
    expect((await app.http.get('/tags').set(r.auth)).body).toEqual(['t']);
    expect((await app.http.get('/profile').set(r.auth)).body).toMatchObject({ email: `atomic@${v.vendorId}.example.com`, firstName: 'Atomic', nickname: 'nick' });
  });
});
