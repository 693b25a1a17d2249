import { SetStreamingLink } from '@kiosk/domain/engagement';
import { givenVendor, startTestApp, TestApp } from '../support/harness';
import { givenReader } from './reader-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ADDRESS = { country: 'se', zip: '111 22', city: 'Stockholm', street: 'Drottninggatan 1', co: 'c/o Andersson' };

describe('GET /profile', () => {
  it('shows identity names and e-mail with every 2.7 field; fields without a value are null', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId, { email: `ada@${v.vendorId}.example.com`, firstName: 'Ada', lastName: 'Lovelace' });
    const res = await app.http.get('/profile').set(r.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({
      userId: r.userId,
      sub: r.userId,
      email: `ada@${v.vendorId}.example.com`,
      emailVerified: false,
      firstName: 'Ada',
      lastName: 'Lovelace',
      given_name: 'Ada',
      family_name: 'Lovelace',
      name: 'Ada Lovelace',
      nickname: null,
      locale: null,
      picture: null,
      mobilePhone: null,
      phone_number: null,
      workPhone: null,
      homePhone: null,
      tags: [],
      user_metadata: {},
      billingAddress: null,
      deliveryAddress: null,
      companyInfo: null,
      company: null,
      createdAt: r.user.createdAt.toISOString(),
      updatedAt: r.user.createdAt.toISOString(),
    });
  });

  it('needs a reader token: none 401, a vendor API token 403', async () => {
    const v = await givenVendor(app);
    expect((await app.http.get('/profile')).status).toBe(401);
    const token = await v.apiToken('full');
    const res = await app.http.get('/profile').set({ Authorization: `Bearer ${token}` });
    expect(res.status).toBe(403);
    expect(res.body.code).toBe('AUTH.READER_ONLY');
  });
});

describe('PATCH /profile', () => {
  it('changes every listed field, normalises addresses and company, and GET shows the same', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    app.clock.advance(1000);
    const res = await app.http
      .patch('/profile')
      .set(r.auth)
      .send({
        firstName: ' Grace ',
        lastName: 'Hopper',
        nickname: 'amazing',
        mobilePhone: '+46 70 123 45 67',
        workPhone: '08-123 456',
        homePhone: '(08) 99 88',
        billingAddress: ADDRESS,
        deliveryAddress: { country: 'NO', city: 'Oslo', firstName: 'G', lastName: 'H' },
        companyInfo: { companyName: 'Navy', vatNr: 'se 5560-1234.5601', invoiceEmail: 'Billing@Navy.example.com' },
        user_metadata: { theme: 'dark', lang: 'sv' },
      });
    expect(res.body.code).toBeUndefined();
    expect(res.status).toBe(200);
    const expected = {
      userId: r.userId,
      sub: r.userId,
      email: r.user.email,
      emailVerified: false,
      firstName: 'Grace',
      lastName: 'Hopper',
      given_name: 'Grace',
      family_name: 'Hopper',
      name: 'Grace Hopper',
      nickname: 'amazing',
      locale: null,
      picture: null,
      mobilePhone: '+46 70 123 45 67',
      phone_number: '+46 70 123 45 67',
      workPhone: '08-123 456',
      homePhone: '(08) 99 88',
      tags: [],
      user_metadata: { lang: 'sv', theme: 'dark' },
      billingAddress: { ...ADDRESS, country: 'SE', firstName: null, lastName: null },
      deliveryAddress: { country: 'NO', city: 'Oslo', firstName: 'G', lastName: 'H', zip: null, street: null, co: null },
      companyInfo: { companyName: 'Navy', vatNr: 'SE556012345601', invoiceEmail: 'billing@navy.example.com' },
      company: 'Navy',
      createdAt: r.user.createdAt.toISOString(),
      updatedAt: app.clock.now().toISOString(),
    };
    expect(res.body).toEqual(expected);
    expect((await app.http.get('/profile').set(r.auth)).body).toEqual(expected);
    const [user] = await app.runtime.database.db.query(`SELECT first_name, last_name FROM users WHERE vendor_id = $1 AND id = $2`, [
      v.vendorId,
      r.userId,
    ]);
    expect(user).toEqual({ first_name: 'Grace', last_name: 'Hopper' });
  });

  it('keeps the OpenID aliases in step both ways; null clears; absent fields stay', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId, { firstName: 'Old', lastName: 'Name' });
    let res = await app.http.patch('/profile').set(r.auth).send({ given_name: 'New', phone_number: '+4611' });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ firstName: 'New', given_name: 'New', lastName: 'Name', family_name: 'Name', mobilePhone: '+4611', phone_number: '+4611' });
    res = await app.http.patch('/profile').set(r.auth).send({ family_name: 'Same', lastName: 'Same', mobilePhone: null });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ lastName: 'Same', family_name: 'Same', name: 'New Same' });
    expect(res.body).toMatchObject({ mobilePhone: null, phone_number: null });
    res = await app.http.patch('/profile').set(r.auth).send({ firstName: null, billingAddress: null });
    expect(res.body).toMatchObject({ firstName: null, given_name: null, billingAddress: null });
    expect(res.body.name).toBe('Same');
  });

  it.each([
    [{ firstName: 'A', given_name: 'B' }, 'PROFILE.ALIAS_CONFLICT'],
    [{ lastName: 'A', family_name: null }, 'PROFILE.ALIAS_CONFLICT'],
    [{ mobilePhone: '+461', phone_number: '+462' }, 'PROFILE.ALIAS_CONFLICT'],
    [{ email: 'x@example.com' }, 'REQUEST.INVALID'],
    [{ locale: 'sv' }, 'REQUEST.INVALID'],
    [{ tags: ['a'] }, 'REQUEST.INVALID'],
    [{ firstName: 5 }, 'REQUEST.INVALID'],
    [{ firstName: 'x'.repeat(201) }, 'REQUEST.INVALID'],
    [{ firstName: 'x'.repeat(101) }, 'PROFILE.BAD_FIELD'],
    [{ nickname: 'tab\there' }, 'PROFILE.BAD_FIELD'],
    [{ mobilePhone: 'call me' }, 'PROFILE.BAD_PHONE'],
    [{ billingAddress: { city: 'Oslo' } }, 'REQUEST.INVALID'],
    [{ billingAddress: { country: 'SWE' } }, 'PROFILE.BAD_ADDRESS'],
    [{ billingAddress: { country: '1E' } }, 'PROFILE.BAD_ADDRESS'],
    [{ billingAddress: { country: 'SE', zip: '#1' } }, 'PROFILE.BAD_ADDRESS'],
    [{ billingAddress: { country: 'SE', planet: 'Mars' } }, 'REQUEST.INVALID'],
    [{ billingAddress: 'Main street 1' }, 'REQUEST.INVALID'],
    [{ deliveryAddress: [{ country: 'SE' }] }, 'REQUEST.INVALID'],
    [{ companyInfo: { vatNr: '12' } }, 'PROFILE.BAD_COMPANY'],
    [{ companyInfo: { invoiceEmail: 'nope' } }, 'PROFILE.BAD_COMPANY'],
    [{ user_metadata: { 'bad key': 'x' } }, 'USER_METADATA.BAD_KEY'],
    [{ user_metadata: { ok: 5 } }, 'USER_METADATA.BAD_VALUE'],
    [{ user_metadata: { big: 'x'.repeat(2049) } }, 'USER_METADATA.VALUE_TOO_LARGE'],
    [{ user_metadata: ['a'] }, 'REQUEST.INVALID'],
  ])('refuses patch case %# with 400, writing nothing', async (body, code) => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId, { firstName: 'Keep', lastName: 'Me' });
    const before = (await app.http.get('/profile').set(r.auth)).body;
    const res = await app.http.patch('/profile').set(r.auth).send({ nickname: 'changed', firstName: undefined, ...body });
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.code).toBe(code);
    expect((await app.http.get('/profile').set(r.auth)).body).toEqual(before);
  });

  it('refuses a metadata merge past 50 keys, rolling back the names changed with it', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId, { firstName: 'Keep' });
    const many = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`k${i}`, 'v']));
    expect((await app.http.patch('/profile').set(r.auth).send({ user_metadata: many })).status).toBe(200);
    const res = await app.http.patch('/profile').set(r.auth).send({ firstName: 'Changed', user_metadata: { k0: null, extra1: 'a', extra2: 'b' } });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('USER_METADATA.TOO_MANY_KEYS');
    const after = (await app.http.get('/profile').set(r.auth)).body;
    expect(after.firstName).toBe('Keep');
    expect(Object.keys(after.user_metadata)).toHaveLength(50);
    expect(after.user_metadata.k0).toBe('v');
    // Removing one makes room for one.
    const ok = await app.http.patch('/profile').set(r.auth).send({ user_metadata: { k0: null, extra1: 'a' } });
    expect(ok.status).toBe(200);
    expect(ok.body.user_metadata).toMatchObject({ extra1: 'a' });
    expect(ok.body.user_metadata).not.toHaveProperty('k0');
  });

  it('refuses malformed JSON and a non-JSON body without a 500', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const bad = await app.http.patch('/profile').set(r.auth).set('Content-Type', 'application/json').send('{"firstName":');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('REQUEST.MALFORMED_BODY');
    const text = await app.http.patch('/profile').set(r.auth).set('Content-Type', 'text/plain').send('firstName=x');
    expect(text.status).toBe(415);
    const array = await app.http.patch('/profile').set(r.auth).send([{ firstName: 'x' }]);
    expect(array.status).toBe(400);
  });

  it("changes only the caller's profile, never another reader's of the same or another vendor", async () => {
    const v = await givenVendor(app);
    const w = await givenVendor(app);
    const a = await givenReader(app, v.vendorId, { firstName: 'Alice' });
    const b = await givenReader(app, v.vendorId, { firstName: 'Bob' });
    const c = await givenReader(app, w.vendorId, { firstName: 'Carol' });
    await app.http.patch('/profile').set(a.auth).send({ nickname: 'a', user_metadata: { mine: 'a' } });
    expect((await app.http.get('/profile').set(b.auth)).body).toMatchObject({ firstName: 'Bob', user_metadata: {} });
    expect((await app.http.get('/profile').set(b.auth)).body.nickname).toBeNull();
    expect((await app.http.get('/profile').set(c.auth)).body).toMatchObject({ firstName: 'Carol', user_metadata: {} });
  });
});

describe('streaming link', () => {
  it('is false until linked; unlink answers success and turns it off; unlink again is still a success', async () => {
    const v = await givenVendor(app);
    const r = await givenReader(app, v.vendorId);
    const other = await givenReader(app, v.vendorId);
    expect((await app.http.get('/profile/streaming-link').set(r.auth)).body).toEqual({ isStreamingLinked: false });
    await app.runtime.container.get(SetStreamingLink).execute({ vendorId: v.vendorId, userId: r.userId, linked: true });
    expect((await app.http.get('/profile/streaming-link').set(r.auth)).body).toEqual({ isStreamingLinked: true });
    expect((await app.http.get('/profile/streaming-link').set(other.auth)).body).toEqual({ isStreamingLinked: false });
    const res = await app.http.post('/profile/unlink-streaming').set(r.auth);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ success: true });
    expect((await app.http.get('/profile/streaming-link').set(r.auth)).body).toEqual({ isStreamingLinked: false });
    expect((await app.http.post('/profile/unlink-streaming').set(r.auth)).body).toEqual({ success: true });
    expect((await app.http.get('/profile/streaming-link')).status).toBe(401);
  });
});
