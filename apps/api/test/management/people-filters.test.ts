import { rowsOf, settleEvents } from '../billing/support';
import { givenVendor, startTestApp, TestApp } from '../support/harness';
import { givenBilledVendor } from './support';

// The portal shows people, not ids (issue 27): every management list of a
// reader's things is found by the reader's e-mail, the user list answers
// names for ids and tells staff from readers, a bill names its invoice, and
// the vendor says its currency.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ids = (r: { body: { id: string }[] }) => r.body.map((x) => x.id);

describe('the e-mail filter of the management lists', () => {
  it('finds contracts, bills, transactions and entitlements by the whole e-mail, case ignored; none for an unknown e-mail', async () => {
    const v = await givenBilledVendor(app);
    await settleEvents(app, v.vendorId);
    const a = `a@${v.vendorId}.example.com`;
    const shouted = `  A@${v.vendorId.toUpperCase()}.EXAMPLE.COM `;
    const [contractsOfA, billsOfA, transactionsOfA, entitlementsOfA] = await Promise.all(
      ['/management/contracts', '/management/bills', '/management/transactions', '/management/entitlements'].map((path) => v.get(path, { userId: v.first.userId })),
    );
    expect(ids(contractsOfA)).toEqual([v.third.id, v.first.id]);
    expect(ids(billsOfA)).toEqual([v.billOf(v.third.id), v.billOf(v.first.id)]);
    expect(ids(transactionsOfA)).toEqual([v.refundId, v.payment.id]);
    expect(entitlementsOfA.body.length).toBeGreaterThan(0);
    for (const [path, byId] of [
      ['/management/contracts', contractsOfA],
      ['/management/bills', billsOfA],
      ['/management/transactions', transactionsOfA],
      ['/management/entitlements', entitlementsOfA],
    ] as const) {
      for (const email of [a, shouted]) {
        const res = await v.get(path, { email });
        expect([path, res.status, res.body]).toEqual([path, 200, byId.body]);
      }
      // With userId too, both must name the same user.
      expect((await v.get(path, { email: a, userId: v.first.userId })).body).toEqual(byId.body);
      expect([path, (await v.get(path, { email: a, userId: v.second.userId })).body]).toEqual([path, []]);
      // Nobody has it: an empty list; not an address: 400 in words.
      expect([path, (await v.get(path, { email: `nobody@${v.vendorId}.example.com` })).body]).toEqual([path, []]);
      const bad = await v.get(path, { email: 'not-an-address' });
      expect([path, bad.status, bad.body.code, bad.headers['content-type']]).toEqual([path, 400, 'USER.BAD_EMAIL', expect.stringMatching(/problem\+json/)]);
      const long = await v.get(path, { email: `${'x'.repeat(330)}@example.com` });
      expect([path, long.status]).toEqual([path, 400]);
    }
    // The payer finds the bill they pay by their e-mail, as by their id.
    expect(ids(await v.get('/management/bills', { email: `payer@${v.vendorId}.example.com` }))).toEqual([v.billOf(v.second.id)]);
    // Another vendor's reader with the same local part is not this vendor's.
    const other = await givenVendor(app);
    expect((await app.http.get('/management/contracts').query({ email: a }).set({ Authorization: `Bearer ${await other.apiToken('read')}` })).body).toEqual([]);
  });
});

describe('GET /management/users: ids and staff', () => {
  it('answers the users named by ids, and tells the staff from the readers', async () => {
    const v = await givenBilledVendor(app);
    const all = await v.get('/management/users', { limit: 500 });
    const emailOf = (r: { body: { email: string }[] }) => r.body.map((u) => u.email).sort();
    const mail = (local: string) => `${local}@${v.vendorId}.example.com`;
    expect(emailOf(all)).toEqual([mail('a'), mail('b'), mail('payer'), mail('staff')]);

    const named = await v.get('/management/users', { ids: `${v.first.userId},${v.second.userId},${v.first.userId},no-such-user` });
    expect(named.status).toBe(200);
    expect(emailOf(named)).toEqual([mail('a'), mail('b')]);
    expect(named.body.find((u: { id: string }) => u.id === v.first.userId)).toEqual(all.body.find((u: { id: string }) => u.id === v.first.userId));

    expect(emailOf(await v.get('/management/users', { staff: 'true' }))).toEqual([mail('staff')]);
    expect(emailOf(await v.get('/management/users', { staff: 'false' }))).toEqual([mail('a'), mail('b'), mail('payer')]);
    expect(emailOf(await v.get('/management/users', { staff: 'false', search: 'staff@' }))).toEqual([]);
    expect(emailOf(await v.get('/management/users', { staff: 'true', ids: v.first.userId }))).toEqual([]);

    const tooMany = await v.get('/management/users', { ids: Array.from({ length: 101 }, (_, i) => `u${i}`).join(',') });
    expect([tooMany.status, tooMany.body.code]).toEqual([400, 'USER.TOO_MANY_IDS']);
    for (const query of [{ ids: '' }, { ids: 'a,,b' }, { ids: 'a b' }, { staff: 'yes' }, { ids: 'x'.repeat(200) }] as Record<string, string>[]) {
      const res = await v.get('/management/users', query);
      expect([query, res.status, res.headers['content-type']]).toEqual([query, 400, expect.stringMatching(/problem\+json/)]);
    }
  });
});

describe('invoice numbers and the vendor currency', () => {
  it('names the invoice of each invoiced bill, as its invoice document does', async () => {
    const v = await givenBilledVendor(app);
    const invoices = (await rowsOf(app, 'invoice_documents', v.vendorId, `AND kind = 'INVOICE'`)) as { bill_id: string; invoice_number: string }[];
    expect(invoices).toHaveLength(3);
    const bills = (await v.get('/management/bills')).body as { id: string; invoiceNumber: string | null }[];
    expect(bills.map((b) => [b.id, b.invoiceNumber]).sort()).toEqual(invoices.map((i) => [i.bill_id, i.invoice_number]).sort());
    expect((await v.get(`/management/bills/${v.billOf(v.first.id)}`)).body.invoiceNumber).toBe(invoices.find((i) => i.bill_id === v.billOf(v.first.id))!.invoice_number);
  });

  it("says the currency most of the vendor's purchase options are priced in, null while it has none", async () => {
    const v = await givenVendor(app);
    const token = { Authorization: `Bearer ${await v.apiToken('read')}` };
    expect((await app.http.get('/management/vendors').set(token)).body).toEqual([{ id: v.vendorId, name: `Vendor ${v.vendorId}`, logo: null, currency: null }]);
    await v.product('news');
    expect((await app.http.get('/management/vendors').set(token)).body[0].currency).toBe('SEK');
  });
});
