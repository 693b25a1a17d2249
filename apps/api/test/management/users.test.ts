import { SignIn } from '@kiosk/domain/identity';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { givenReader } from '../engagement/reader-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const USER_FIELDS = ['createdAt', 'email', 'id', 'name', 'updatedAt'];

async function givenUsersVendor() {
  const v = await givenVendor(app);
  const read = await v.apiToken('read');
  const full = await v.apiToken('full');
  const create = async (email: string, name?: string | null) => {
    app.clock.advance(1_000);
    const res = await app.http.post('/management/users').set(bearer(full)).send(name === undefined ? { email } : { email, name });
    expect(res.status).toBe(201);
    return res.body as { id: string; email: string; name: string | null; createdAt: string; updatedAt: string };
  };
  const mail = (local: string) => `${local}@${v.vendorId}.example.com`;
  return { ...v, read, full, create, mail };
}

describe('GET/POST /management/users', () => {
  it('creates users and lists them newest first, a page at a time, with search on e-mail and name', async () => {
    const v = await givenUsersVendor();
    const anna = await v.create(v.mail('anna'), 'Anna Maria Svensson');
    expect(Object.keys(anna).sort()).toEqual(USER_FIELDS);
    expect(anna).toMatchObject({ email: v.mail('anna'), name: 'Anna Maria Svensson' });
    expect(anna.updatedAt).toBe(anna.createdAt);
    const bo = await v.create(v.mail('Bo.Ek'), null);
    expect(bo).toMatchObject({ email: v.mail('bo.ek'), name: null });
    const cy = await v.create(v.mail('cy'), '  Cy   Twombly ');
    expect(cy.name).toBe('Cy Twombly');

    const list = (query: Record<string, string | number>) => app.http.get('/management/users').query(query).set(bearer(v.read));
    const ids = (res: { body: { id: string }[] }) => res.body.map((u) => u.id);
    // The staff user made with the vendor is a user too, the oldest.
    const all = await list({});
    expect(all.status).toBe(200);
    expect(Array.isArray(all.body)).toBe(true);
    expect(ids(all).slice(0, 3)).toEqual([cy.id, bo.id, anna.id]);
    expect(all.body[0]).toEqual(cy);
    expect(ids(await list({ limit: 2 }))).toEqual([cy.id, bo.id]);
    expect(ids(await list({ limit: 2, offset: 1 }))).toEqual([bo.id, anna.id]);
    expect((await list({ offset: 100 })).body).toEqual([]);

    expect(ids(await list({ search: 'MARIA' }))).toEqual([anna.id]);
    expect(ids(await list({ search: 'bo.ek@' }))).toEqual([bo.id]);
    expect(ids(await list({ search: 'twombly', limit: 1 }))).toEqual([cy.id]);
    // LIKE's own characters are literal.
    expect((await list({ search: '%' })).body).toEqual([]);
    expect((await list({ search: '_' })).body).toEqual([]);
  });

  it('answers 409 naming the user for an e-mail the vendor already has, and 400 for bad bodies', async () => {
    const v = await givenUsersVendor();
    const anna = await v.create(v.mail('anna'));
    const again = await app.http.post('/management/users').set(bearer(v.full)).send({ email: v.mail('ANNA') });
    expect(again.status).toBe(409);
    expect(again.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(again.body).toMatchObject({ code: 'USER.EXISTS', userId: anna.id });

    for (const body of [{}, { email: 'not-an-email' }, { email: 5 }, { email: v.mail('x'), name: 7 }, { email: v.mail('x'), role: 'admin' }, { email: v.mail('x'), name: 'A ' + 'b'.repeat(150) }]) {
      const res = await app.http.post('/management/users').set(bearer(v.full)).send(body);
      expect([res.status, res.headers['content-type']]).toEqual([400, expect.stringMatching(/application\/problem\+json/)]);
    }
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '501' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    const v = await givenUsersVendor();
    const res = await app.http.get('/management/users').query(query).set(bearer(v.read));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REQUEST.INVALID');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });
});

describe('scopes and tenancy', () => {
  it('a read token cannot write, a token without users:read cannot read, and another vendor sees 404s', async () => {
    const v = await givenUsersVendor();
    const anna = await v.create(v.mail('anna'));
    const write = (token: string) => [
      app.http.post('/management/users').set(bearer(token)).send({ email: v.mail('new') }),
      app.http.patch(`/management/users/${anna.id}`).set(bearer(token)).send({ name: 'X' }),
      app.http.delete(`/management/users/${anna.id}`).set(bearer(token)),
      app.http.post(`/management/users/${anna.id}/set-password`).set(bearer(token)).send({ password: 'a long enough password' }),
      app.http.post(`/management/users/${anna.id}/change-login-identifier`).set(bearer(token)).send({ email: v.mail('other') }),
      app.http.put(`/management/users/${anna.id}/user_metadata/k`).set(bearer(token)).type('text/plain').send('v'),
      app.http.delete(`/management/users/${anna.id}/user_metadata/k`).set(bearer(token)),
    ];
    for (const res of await Promise.all(write(v.read))) {
      expect([res.status, res.body.code]).toEqual([403, 'AUTH.INSUFFICIENT_SCOPE']);
    }
    const productsOnly = await v.apiToken('full', [], 'products:read users:write');
    for (const path of ['/management/users', `/management/users/${anna.id}`, `/management/customers/${anna.id}`]) {
      const res = await app.http.get(path).set(bearer(productsOnly));
      expect([res.status, res.body.code]).toEqual([403, 'AUTH.INSUFFICIENT_SCOPE']);
    }

    const other = await givenUsersVendor();
    for (const res of await Promise.all([
      app.http.get(`/management/users/${anna.id}`).set(bearer(other.read)),
      app.http.get(`/management/customers/${anna.id}`).set(bearer(other.read)),
      ...write(other.full).slice(1),
    ])) {
      expect([res.status, res.body.code]).toEqual([404, 'USER.NOT_FOUND']);
    }
    expect((await app.http.get('/management/users').query({ search: 'anna' }).set(bearer(other.read))).body).toEqual([]);
    // Nothing changed for vendor A.
    expect((await app.http.get(`/management/users/${anna.id}`).set(bearer(v.read))).body).toEqual(anna);
  });

  it('refuses to change or erase a staff member of the vendor (403), and lists them', async () => {
    const v = await givenUsersVendor();
    const staff = (await app.http.get(`/management/users/${v.staff.id}`).set(bearer(v.read)));
    expect(staff.status).toBe(200);
    for (const res of [
      await app.http.delete(`/management/users/${v.staff.id}`).set(bearer(v.full)),
      await app.http.post(`/management/users/${v.staff.id}/set-password`).set(bearer(v.full)).send({ password: 'a long enough password' }),
      await app.http.post(`/management/users/${v.staff.id}/change-login-identifier`).set(bearer(v.full)).send({ email: v.mail('z') }),
      await app.http.patch(`/management/users/${v.staff.id}`).set(bearer(v.full)).send({ name: 'Z' }),
    ]) {
      expect([res.status, res.body.code]).toEqual([403, 'USER.STAFF']);
    }
  });
});

describe('PATCH, set-password, change-login-identifier', () => {
  it('changes the name as the profile shows it, and the sign-in e-mail', async () => {
    const v = await givenUsersVendor();
    const reader = await givenReader(app, v.vendorId, { email: v.mail('reader'), firstName: 'Rea', lastName: 'Der' });
    app.clock.advance(60_000);
    const patched = await app.http.patch(`/management/users/${reader.userId}`).set(bearer(v.full)).send({ name: 'Anna Maria Svensson' });
    expect(patched.status).toBe(200);
    expect(Object.keys(patched.body).sort()).toEqual(USER_FIELDS);
    expect(patched.body).toMatchObject({ id: reader.userId, email: v.mail('reader'), name: 'Anna Maria Svensson', updatedAt: app.clock.now().toISOString() });
    const profile = await app.http.get('/profile').set(reader.auth);
    expect(profile.body).toMatchObject({ firstName: 'Anna', lastName: 'Maria Svensson', name: 'Anna Maria Svensson' });

    expect((await app.http.patch(`/management/users/${reader.userId}`).set(bearer(v.full)).send({ name: null })).body.name).toBeNull();
    const withEmail = await app.http.patch(`/management/users/${reader.userId}`).set(bearer(v.full)).send({ email: v.mail('patched'), name: 'P Q' });
    expect(withEmail.body).toMatchObject({ email: v.mail('patched'), name: 'P Q' });
    // A bad name leaves the e-mail as it was.
    const bad = await app.http.patch(`/management/users/${reader.userId}`).set(bearer(v.full)).send({ email: v.mail('never'), name: 'x'.repeat(101) });
    expect(bad.status).toBe(400);
    expect((await app.http.get(`/management/users/${reader.userId}`).set(bearer(v.read))).body.email).toBe(v.mail('patched'));
    for (const body of [{ email: 'nope' }, { name: 5 }, { staff: true }]) {
      expect((await app.http.patch(`/management/users/${reader.userId}`).set(bearer(v.full)).send(body)).status).toBe(400);
    }
  });

  it('sets a password the user signs in with, then moves the sign-in to the new e-mail (409 when taken)', async () => {
    const v = await givenUsersVendor();
    const anna = await v.create(v.mail('anna'), 'Anna S');
    const bo = await v.create(v.mail('bo'));
    const signIn = (email: string, password: string) => app.runtime.container.get(SignIn).execute({ vendorId: v.vendorId, email, password });

    const short = await app.http.post(`/management/users/${anna.id}/set-password`).set(bearer(v.full)).send({ password: 'short' });
    expect([short.status, short.body.code]).toEqual([400, 'ACCOUNT.WEAK_PASSWORD']);
    expect((await app.http.post(`/management/users/${anna.id}/set-password`).set(bearer(v.full)).send({})).status).toBe(400);
    const set = await app.http.post(`/management/users/${anna.id}/set-password`).set(bearer(v.full)).send({ password: 'a long enough password' });
    expect(set.status).toBe(204);
    expect(set.text).toBe('');
    expect((await signIn(v.mail('anna'), 'a long enough password')).id).toBe(anna.id);

    const taken = await app.http.post(`/management/users/${anna.id}/change-login-identifier`).set(bearer(v.full)).send({ email: v.mail('BO') });
    expect([taken.status, taken.body.code]).toEqual([409, 'USER.EMAIL_TAKEN']);
    expect((await app.http.post(`/management/users/${anna.id}/change-login-identifier`).set(bearer(v.full)).send({ email: 'x' })).status).toBe(400);

    app.clock.advance(5_000);
    const moved = await app.http.post(`/management/users/${anna.id}/change-login-identifier`).set(bearer(v.full)).send({ email: v.mail('Anna.New') });
    expect(moved.status).toBe(204);
    expect((await signIn(v.mail('anna.new'), 'a long enough password')).id).toBe(anna.id);
    await expect(signIn(v.mail('anna'), 'a long enough password')).rejects.toThrow();
    const after = await app.http.get(`/management/users/${anna.id}`).set(bearer(v.read));
    expect(after.body).toMatchObject({ email: v.mail('anna.new'), updatedAt: app.clock.now().toISOString() });
    // The same e-mail again changes nothing.
    expect((await app.http.post(`/management/users/${anna.id}/change-login-identifier`).set(bearer(v.full)).send({ email: v.mail('anna.new') })).status).toBe(204);
    expect(bo.id).not.toBe(anna.id);
  });
});

describe('user_metadata and DELETE', () => {
  it("sets and removes metadata the reader sees, with the reader's limits", async () => {
    const v = await givenUsersVendor();
    const reader = await givenReader(app, v.vendorId);
    const put = (key: string, value: string, type = 'text/plain') =>
      app.http.put(`/management/users/${reader.userId}/user_metadata/${key}`).set(bearer(v.full)).type(type).send(value);
    const res = await put('newsletter', 'weekly <b>&');
    expect([res.status, res.text]).toEqual([204, '']);
    expect((await app.http.get('/user-metadata').set(reader.auth)).body).toEqual({ newsletter: 'weekly <b>&' });
    expect((await put('empty', '')).status).toBe(204);
    expect((await put('bad key!', 'x')).status).toBe(400);
    expect((await put('big', 'x'.repeat(2049))).status).toBe(413);
    expect((await put('xml', '<a/>', 'application/xml')).status).toBe(415);
    const del = await app.http.delete(`/management/users/${reader.userId}/user_metadata/newsletter`).set(bearer(v.full));
    expect(del.status).toBe(204);
    expect((await app.http.delete(`/management/users/${reader.userId}/user_metadata/newsletter`).set(bearer(v.full))).status).toBe(204);
    expect((await app.http.get('/user-metadata').set(reader.auth)).body).toEqual({ empty: '' });
    for (let i = 0; i < 49; i += 1) expect((await put(`k${i}`, 'v')).status).toBe(204);
    expect((await put('one-too-many', 'v')).body.code).toBe('USER_METADATA.TOO_MANY_KEYS');
    expect((await app.http.put('/management/users/nobody/user_metadata/k').set(bearer(v.full)).type('text/plain').send('v')).status).toBe(404);
  });

  it('erases the user through the account erasure: gone from the list, 404, old token refused, personal data gone', async () => {
    const v = await givenUsersVendor();
    const reader = await givenReader(app, v.vendorId, { email: v.mail('gone'), firstName: 'Quintessa', lastName: 'Gone' });
    await app.http.put(`/management/users/${reader.userId}/user_metadata/secret`).set(bearer(v.full)).type('text/plain').send('Quintessa');
    await app.http.patch('/profile').set(reader.auth).send({ mobilePhone: '+46 70 123 45 67' });
    const res = await app.http.delete(`/management/users/${reader.userId}`).set(bearer(v.full));
    expect([res.status, res.text]).toEqual([204, '']);

    expect((await app.http.get(`/management/users/${reader.userId}`).set(bearer(v.read))).status).toBe(404);
    expect((await app.http.delete(`/management/users/${reader.userId}`).set(bearer(v.full))).status).toBe(404);
    expect((await app.http.get('/management/users').query({ search: 'gone' }).set(bearer(v.read))).body).toEqual([]);
    expect((await app.http.get('/profile').set(reader.auth)).status).toBe(401);
    const db = app.runtime.database.db;
    const [user] = await db.query(`SELECT email, first_name, erased_at FROM users WHERE vendor_id = $1 AND id = $2`, [v.vendorId, reader.userId]);
    expect(user.email).not.toContain('gone@');
    expect(user.first_name).toBeNull();
    expect(user.erased_at).not.toBeNull();
    expect(await db.query(`SELECT 1 FROM engagement_user_metadata WHERE vendor_id = $1 AND user_id = $2`, [v.vendorId, reader.userId])).toEqual([]);
    // The e-mail is free again for a new user.
    expect((await app.http.post('/management/users').set(bearer(v.full)).send({ email: v.mail('gone') })).status).toBe(201);
  });
});

describe('GET /management/customers/{customerId}', () => {
  it('answers a JSON string holding the XML record, every value escaped', async () => {
    const v = await givenUsersVendor();
    const reader = await givenReader(app, v.vendorId, { email: v.mail('o.brien'), firstName: "Seán <O'Brien>", lastName: '& Sons' });
    await app.http
      .patch('/profile')
      .set(reader.auth)
      .send({
        billingAddress: { street: 'Storgatan 1 "B"', zip: '11122', city: 'Stockholm', country: 'SE' },
        companyInfo: { companyName: 'Svensson & Dotter AB', vatNr: 'SE556677889901' },
      });
    const res = await app.http.get(`/management/customers/${reader.userId}`).set(bearer(v.read));
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/application\/json/);
    expect(typeof res.body).toBe('string');
    const xml: string = res.body;
    expect(xml.startsWith('<?xml version="1.0" encoding="UTF-8"?>\n<customer id="')).toBe(true);
    expect(xml).toContain(`<customer id="${reader.userId}">`);
    expect(xml).toContain('<firstName>Seán &lt;O&apos;Brien&gt;</firstName><lastName>&amp; Sons</lastName>');
    expect(xml).toContain(`<email>${v.mail('o.brien')}</email>`);
    expect(xml).toContain('<street>Storgatan 1 &quot;B&quot;</street><zip>11122</zip><city>Stockholm</city><country>SE</country>');
    expect(xml).toContain('<deliveryAddress/>');
    expect(xml).toContain('<company><companyName>Svensson &amp; Dotter AB</companyName><vatNr>SE556677889901</vatNr><invoiceEmail/></company>');
    // No raw markup from the values: every < opens one of the record's own elements.
    const tags = [...xml.matchAll(/<\/?([A-Za-z?]+)/g)].map((m) => m[1]);
    expect(new Set(tags)).toEqual(
      new Set(['?xml', 'customer', 'name', 'firstName', 'lastName', 'email', 'phone', 'billingAddress', 'co', 'street', 'zip', 'city', 'country', 'deliveryAddress', 'company', 'companyName', 'vatNr', 'invoiceEmail', 'createdAt', 'updatedAt']),
    );
    expect((await app.http.get('/management/customers/nobody').set(bearer(v.read))).status).toBe(404);
  });
});
