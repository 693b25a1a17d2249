import { bearer, startTestApp, TestApp } from '../support/harness';
import { givenShop, HOUR, rowsOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const FULL_REQUEST = {
  items: [{ sku: 'news', purchaseOptionId: 'news-monthly', price: 99, currency: 'SEK', geoRestrictions: { countries: ['SE', 'NO'], type: 'ALLOW' } }],
  address: { country: 'SE', zip: '111 22', city: 'Stockholm', street: 'Gatan 1', co: 'c/o Office', lastName: 'Reader', firstName: 'Rita' },
  businessAddress: { country: 'SE', zip: '111 33', city: 'Stockholm', street: 'Kontoret 2', co: null, lastName: null, firstName: null },
  email: 'rita@example.com',
  givenName: 'Rita',
  familyName: 'Reader',
  birthDate: '1990-02-03',
  phoneNumber: '+46 70 123 45 67',
  country: 'SE',
  referralEmail: 'friend@example.com',
  language: 'sv',
  redirectUrl: 'https://shop.example.com/thanks',
  currency: 'SEK',
  anonymousUserId: 'anon-1',
  isBusiness: true,
  giftMode: false,
  requireAddress: true,
  price: 49.5,
  attribution: {
    utmSource: 'news', utmMedium: 'email', utmCampaign: 'spring', utmTerm: 't', utmContent: 'c', source: 'src', sourceId: 'sid',
    itemSrc: 'is', referrer: 'https://ref.example', publisherContentId: 'pc1', _ga: 'ga', _gid: 'gid', _fbp: 'fbp', _fbc: 'fbc',
    _pk_id: 'pk', gaSessionId: 'gs',
  },
  paymentData: { provider: 'embedded', method: 'card' },
  paymentMethodsFilter: [{ provider: 'embedded', methods: ['card'] }],
  fieldSettings: { name: { enabled: true, required: true }, phone: { enabled: true, required: false }, birthdate: { enabled: true, required: false }, referral: { enabled: true } },
  metadata: { campaign: 'spring', n: '1' },
  requestedDiscountCodes: ['half', 'NOPE'],
  payerEmail: 'boss@example.com',
  companyName: 'Rita AB',
  vatNumber: 'SE556677889901',
};

describe('POST /checkouts, GET and PATCH', () => {
  it('creates with every field of 2.8, shows them back, and GET answers the same', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const now = app.clock.now();
    // The return address is on the vendor's own site (its registered domain and browser client origin).
    const body = {
      ...FULL_REQUEST,
      redirectUrl: `https://${v.vendorId}.example.com/thanks`,
      businessAddress: { country: 'SE', zip: '111 33', city: 'Stockholm', street: 'Kontoret 2' },
    };
    const res = await app.http.post('/checkouts').set(r.auth).send(body);
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.any(String),
      checkoutUrl: expect.stringMatching(new RegExp(`^http://kiosk.test/checkout/${v.vendorId}/[^/?]+\\?t=[A-Za-z0-9_-]{32}$`)),
      status: 'PENDING',
      type: 'RECURRING',
      items: [{ sku: 'news', url: null, purchaseOptionId: 'news-monthly', price: 99, currency: 'SEK', geoRestrictions: { type: 'ALLOW', countries: ['SE', 'NO'] } }],
      address: FULL_REQUEST.address,
      businessAddress: FULL_REQUEST.businessAddress,
      email: 'rita@example.com',
      givenName: 'Rita',
      familyName: 'Reader',
      birthDate: '1990-02-03',
      phoneNumber: '+46 70 123 45 67',
      country: 'SE',
      referralEmail: 'friend@example.com',
      language: 'sv',
      redirectUrl: `https://${v.vendorId}.example.com/thanks`,
      currency: 'SEK',
      anonymousUserId: 'anon-1',
      companyName: 'Rita AB',
      vatNumber: 'SE556677889901',
      isBusiness: true,
      giftMode: false,
      requireAddress: true,
      price: 49.5,
      tax: expect.objectContaining({ gross: 49.5, country: 'SE', reverseCharge: false }),
      attribution: FULL_REQUEST.attribution,
      paymentData: { provider: 'embedded', method: 'card' },
      paymentMethodsFilter: [{ provider: 'embedded', methods: ['card'] }],
      fieldSettings: FULL_REQUEST.fieldSettings,
      metadata: { campaign: 'spring', n: '1' },
      itemsOwned: [],
      appliedDiscountCodes: [
        { name: 'Half price', id: expect.any(String), code: 'HALF', description: 'Half off the first month', status: 'APPLIED' },
        { name: 'NOPE', id: null, code: 'NOPE', description: '', status: 'UNAPPLICABLE' },
      ],
      availablePaymentMethods: [{ provider: 'embedded', methods: ['card'] }],
      payer: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 24 * HOUR).toISOString(),
      contractIds: [],
    });
    const got = await app.http.get(`/checkouts/${res.body.id}`).set(r.auth);
    expect(got.status).toBe(200);
    expect(got.body).toEqual(res.body);
  });

  it('a minimal checkout: defaults and nulls; an item by url; SINGLE', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const res = await app.http.post('/checkouts').set(r.auth).send({ items: [{ url: 'https://shop.example.com/books/a-book' }] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      type: 'SINGLE',
      price: 49.5,
      currency: 'SEK',
      items: [{ sku: 'book', url: 'https://shop.example.com/books/a-book', purchaseOptionId: 'book-once', price: 49.5, currency: 'SEK', geoRestrictions: null }],
      address: null, businessAddress: null, email: null, givenName: null, payer: null, paymentData: null, paymentMethodsFilter: null,
      isBusiness: false, giftMode: false, requireAddress: false, attribution: {}, metadata: {}, appliedDiscountCodes: [],
      fieldSettings: { name: { enabled: true, required: false }, phone: { enabled: false, required: false }, birthdate: { enabled: false, required: false }, referral: { enabled: false } },
    });
  });

  it('PATCH changes the fields sent and keeps the rest; prices are computed again', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'news' }], email: 'a@example.com', metadata: { a: '1' } })).body;
    expect(created.price).toBe(99);
    app.clock.advance(60_000);
    const res = await app.http
      .patch(`/checkouts/${created.id}`)
      .set(r.auth)
      .send({ requestedDiscountCodes: ['HALF'], givenName: 'Rita', items: [{ sku: 'news' }, { sku: 'book' }], isBusiness: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({
      email: 'a@example.com', givenName: 'Rita', metadata: { a: '1' }, price: 99, isBusiness: true,
      appliedDiscountCodes: [{ code: 'HALF', status: 'APPLIED' }],
      updatedAt: app.clock.now().toISOString(), createdAt: created.createdAt,
    });
    expect(res.body.items.map((i: { sku: string }) => i.sku)).toEqual(['news', 'book']);
    const cleared = await app.http.patch(`/checkouts/${created.id}`).set(r.auth).send({ requestedDiscountCodes: [] });
    expect(cleared.body.price).toBe(148.5);
  });

  it('itemsOwned lists what the reader already holds', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    await v.entitle(r.userId, 'book');
    const res = await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }, { sku: 'news' }] });
    expect(res.body.itemsOwned).toEqual([{ sku: 'book', purchaseOptionId: 'book-once', title: 'A Book' }]);
  });

  it('payment methods: vendor settings and the filter narrow them; invoice for business buyers where allowed', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const settings = await app.http.patch('/management/checkout-settings').set(bearer(await v.apiToken('full'))).send({ invoiceForBusiness: true });
    expect(settings.status).toBe(200);
    const business = await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }], isBusiness: true });
    expect(business.body.availablePaymentMethods).toEqual([{ provider: 'embedded', methods: ['card'] }, { provider: 'invoice', methods: ['invoice'] }]);
    const filtered = await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }], isBusiness: true, paymentMethodsFilter: [{ provider: 'invoice', methods: ['invoice'] }] });
    expect(filtered.body.availablePaymentMethods).toEqual([{ provider: 'invoice', methods: ['invoice'] }]);
    const personal = await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }] });
    expect(personal.body.availablePaymentMethods).toEqual([{ provider: 'embedded', methods: ['card'] }]);
  });
});

describe('validation errors answer problem+json 400', () => {
  const cases: [string, object, string][] = [
    ['unknown field', { items: [{ sku: 'book' }], nope: 1 }, 'REQUEST.INVALID'],
    ['items not an array', { items: 'book' }, 'REQUEST.INVALID'],
    ['bad email', { items: [{ sku: 'book' }], email: 'not-mail' }, 'REQUEST.INVALID'],
    ['bad payerEmail', { items: [{ sku: 'book' }], payerEmail: 'x' }, 'REQUEST.INVALID'],
    ['bad referralEmail', { items: [{ sku: 'book' }], referralEmail: 'x' }, 'REQUEST.INVALID'],
    ['bad country', { items: [{ sku: 'book' }], country: 'Sweden' }, 'REQUEST.INVALID'],
    ['bad birthDate', { items: [{ sku: 'book' }], birthDate: '3/2/1990' }, 'REQUEST.INVALID'],
    ['bad redirectUrl', { items: [{ sku: 'book' }], redirectUrl: 'javascript:alert(1)' }, 'REQUEST.INVALID'],
    ['bad currency', { items: [{ sku: 'book' }], currency: 'kr' }, 'REQUEST.INVALID'],
    ['price not a number', { items: [{ sku: 'book' }], price: '49.5' }, 'REQUEST.INVALID'],
    ['negative item price', { items: [{ sku: 'book', price: -1 }] }, 'REQUEST.INVALID'],
    ['bad geo type', { items: [{ sku: 'book', geoRestrictions: { countries: ['SE'], type: 'MAYBE' } }] }, 'REQUEST.INVALID'],
    ['metadata not strings', { items: [{ sku: 'book' }], metadata: { a: 1 } }, 'REQUEST.INVALID'],
    ['fieldSettings not booleans', { items: [{ sku: 'book' }], fieldSettings: { name: { enabled: 'yes' } } }, 'REQUEST.INVALID'],
    ['isBusiness not boolean', { items: [{ sku: 'book' }], isBusiness: 'true' }, 'REQUEST.INVALID'],
    ['unknown attribution key', { items: [{ sku: 'book' }], attribution: { evil: 'x' } }, 'REQUEST.INVALID'],
    ['too many items', { items: Array.from({ length: 11 }, () => ({ sku: 'book' })) }, 'REQUEST.INVALID'],
    ['no items', {}, 'CHECKOUT.NO_ITEMS'],
    ['an item without sku or url', { items: [{ purchaseOptionId: 'book-once' }] }, 'CHECKOUT.BAD_ITEM'],
    ['unknown sku', { items: [{ sku: 'nothing' }] }, 'CHECKOUT.ITEM_NOT_FOUND'],
    ['url of no product', { items: [{ url: 'https://x.example/unknown' }] }, 'CHECKOUT.ITEM_NOT_FOUND'],
    ['option of another product', { items: [{ sku: 'book', purchaseOptionId: 'news-monthly' }] }, 'CHECKOUT.ITEM_NOT_FOUND'],
    ['item price not the list price', { items: [{ sku: 'book', price: 1 }] }, 'CHECKOUT.PRICE_MISMATCH'],
    ['item currency not the list currency', { items: [{ sku: 'book', currency: 'EUR' }] }, 'CHECKOUT.PRICE_MISMATCH'],
    ['checkout price not the total', { items: [{ sku: 'book' }], price: 10 }, 'CHECKOUT.PRICE_MISMATCH'],
    ['checkout currency not the items', { items: [{ sku: 'book' }], currency: 'EUR' }, 'CHECKOUT.PRICE_MISMATCH'],
    ['the same product twice', { items: [{ sku: 'book' }, { sku: 'book' }] }, 'CHECKOUT.DUPLICATE_ITEM'],
  ];
  it.each(cases)('%s', async (_name, body, code) => {
    const v = await givenShop(app);
    const r = await v.reader();
    const res = await app.http.post('/checkouts').set(r.auth).send(body);
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.code).toBe(code);
  });

  it('gift or business when the vendor turned them off', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    await app.http.patch('/management/checkout-settings').set(bearer(await v.apiToken('full'))).send({ giftEnabled: false, businessEnabled: false }).expect(200);
    expect((await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }], giftMode: true })).body.code).toBe('CHECKOUT.GIFT_DISABLED');
    expect((await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }], isBusiness: true })).body.code).toBe('CHECKOUT.BUSINESS_DISABLED');
  });

  it('no credentials: 401', async () => {
    expect((await app.http.post('/checkouts').send({ items: [{ sku: 'book' }] })).status).toBe(401);
  });
});

describe('tenancy', () => {
  it("another reader's, another visitor's or another vendor's checkout is 404", async () => {
    const v = await givenShop(app);
    const other = await givenShop(app);
    const r = await v.reader();
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }] })).body;
    const second = await v.reader();
    const visitor = v.visitor();
    const foreign = await other.reader();
    for (const auth of [second.auth, visitor.auth, foreign.auth]) {
      expect((await app.http.get(`/checkouts/${created.id}`).set(auth)).status).toBe(404);
      expect((await app.http.patch(`/checkouts/${created.id}`).set(auth).send({ email: 'x@example.com' })).status).toBe(404);
    }
    expect((await app.http.get(`/checkouts/${created.id}`).set(r.auth)).status).toBe(200);
    expect((await app.http.get('/checkouts/nothing').set(r.auth)).status).toBe(404);
  });

  it('a visitor with Basic credentials makes and reads their own checkout; anonymousUserId is the visitor id', async () => {
    const v = await givenShop(app);
    const visitor = v.visitor();
    const res = await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'book' }] });
    expect(res.status).toBe(201);
    expect(res.body.anonymousUserId).toBe(visitor.visitorId);
    expect((await app.http.get(`/checkouts/${res.body.id}`).set(visitor.auth)).status).toBe(200);
    expect((await app.http.get(`/checkouts/${res.body.id}`).set(v.visitor().auth)).status).toBe(404);
  });
});

describe('erasure', () => {
  it("DELETE /profile removes the reader's checkouts and their personal data from others'", async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const friend = await v.reader();
    await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }], givenName: 'Zephyrine', familyName: 'Quillfeather' }).expect(201);
    await app.http.post('/checkouts').set(friend.auth).send({ items: [{ sku: 'book' }], giftMode: true, email: r.email }).expect(201);
    expect((await app.http.delete('/profile').set(r.auth)).status).toBe(200);
    const left = await rowsOf(app, 'checkouts', 'vendor_id = $1', [v.vendorId]);
    expect(left).toHaveLength(1);
    expect(JSON.stringify(left[0].snapshot).toLowerCase()).not.toContain(r.email.toLowerCase());
  });
});

describe('redirectUrl leads only to the vendor\'s own sites (issue 29)', () => {
  it('refuses another site on create and on PATCH, and keeps nothing; the vendor\'s domains, origins and this service pass', async () => {
    const v = await givenShop(app);
    const visitor = v.visitor();
    const before = (await app.runtime.database.db.query(`SELECT count(*)::int AS n FROM checkouts WHERE vendor_id = $1`, [v.vendorId]))[0].n;
    for (const away of [
      'https://evil.example.net/thanks',
      `https://${v.vendorId}.example.com.evil.net/thanks`,
      `https://user:pw@${v.vendorId}.example.com/thanks`,
      'https://example.com/thanks',
    ]) {
      const refused = await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'book' }], redirectUrl: away });
      expect([refused.status, refused.body.code]).toEqual([400, 'CHECKOUT.REDIRECT_NOT_ALLOWED']);
      expect(refused.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    expect((await app.runtime.database.db.query(`SELECT count(*)::int AS n FROM checkouts WHERE vendor_id = $1`, [v.vendorId]))[0].n).toBe(before);

    for (const home of [`https://${v.vendorId}.example.com/thanks`, `https://www.${v.vendorId}.example.com/a`, 'http://kiosk.test/demo/']) {
      const made = await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'book' }], redirectUrl: home });
      expect([made.status, made.body.redirectUrl]).toEqual([201, home]);
    }
    const made = (await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'book' }] })).body;
    const moved = await app.http.patch(`/checkouts/${made.id}`).set(visitor.auth).send({ redirectUrl: 'https://evil.example.net/' });
    expect([moved.status, moved.body.code]).toEqual([400, 'CHECKOUT.REDIRECT_NOT_ALLOWED']);
    expect((await app.http.get(`/checkouts/${made.id}`).set(visitor.auth)).body.redirectUrl).toBeNull();
  });
});
