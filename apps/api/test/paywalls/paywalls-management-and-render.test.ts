import { bearer, startTestApp, TestApp } from '../support/harness';
import { basic, givenPaywallVendor, publicOf } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const PUBLIC_KEYS = [
  'id',
  'vendorId',
  'currency',
  'version',
  'settings',
  'showLoginButton',
  'subscriptions',
  'subscriptionsUrl',
  'mainColor',
  'headline',
  'description',
  'logoUrl',
  'features',
  'footerPaymentMethods',
  'singlePurchase',
];

const subscription = {
  id: 'yearly',
  sku: 'news',
  poId: 'news-yearly',
  title: 'Yearly',
  description: '<p>All articles</p>',
  price: 1200,
  discountPrice: 999.5,
  discountCode: 'SPRING',
  periodText: 'per year',
  comparePeriodText: '100 per month',
  tag: 'Best value',
  selected: true,
  features: [['Everything', 'yes']],
  buttonText: 'Buy',
  readMoreLink: 'https://news.example.com/more',
  readMoreText: 'More',
  preferBusiness: false,
  redirectUrl: 'https://news.example.com/thanks',
  url: 'https://news.example.com/buy',
};

describe('paywall management', () => {
  it('creates, shows, lists, changes and retires a paywall in the admin shape; the version rises per change', async () => {
    const v = await givenPaywallVendor(app);
    const created = await app.http
      .post('/management/paywalls')
      .set(v.write)
      .send({
        name: '  Main  ',
        entity: 'news.example.com',
        previewUrl: 'https://news.example.com/preview',
        currency: 'SEK',
        settings: { leaky: { enabled: true, count: 3, periodInHours: 24 }, styling: { backgroundColor: '#ffffff' } },
        subscriptions: [subscription],
        headline: 'Read on',
        features: [['a', 'b']],
      });
    expect(created.status).toBe(201);
    const now = app.clock.now().toISOString();
    expect(created.body).toEqual({
      id: expect.any(String),
      vendorId: v.vendorId,
      currency: 'SEK',
      version: 1,
      settings: {
        template: 'BOXES',
        useDefaultLogo: true,
        useDefaultCurrency: true,
        useDefaultColor: true,
        styling: { dropShadow: false, backgroundColor: '#ffffff', showBackground: false },
        displayOptions: { enableGift: false, enableCompany: false, enableLoginButton: true },
        loginFields: { name: false },
        leaky: { enabled: true, count: 3, periodInHours: 24 },
        redirectUrl: '',
      },
      showLoginButton: true,
      subscriptions: [subscription],
      subscriptionsUrl: '',
      mainColor: '',
      headline: 'Read on',
      description: '',
      logoUrl: '',
      features: [['a', 'b']],
      footerPaymentMethods: [],
      singlePurchase: { enabled: false, title: '', description: '', discountCode: '' },
      name: 'Main',
      status: 'ACTIVE',
      entity: 'news.example.com',
      createdAt: now,
      modifiedAt: now,
      previewUrl: 'https://news.example.com/preview',
    });
    const id = created.body.id;
    expect((await app.http.get(`/management/paywalls/${id}`).set(v.read)).body).toEqual(created.body);

    app.clock.advance(60_000);
    const changed = await app.http.patch(`/management/paywalls/${id}`).set(v.write).send({ headline: 'Subscribe', settings: { leaky: { count: 5 } } });
    expect(changed.status).toBe(200);
    expect(changed.body).toEqual({
      ...created.body,
      version: 2,
      headline: 'Subscribe',
      settings: { ...created.body.settings, leaky: { enabled: true, count: 5, periodInHours: 24 } },
      modifiedAt: app.clock.now().toISOString(),
    });
    // A change that alters nothing keeps the version.
    const same = await app.http.patch(`/management/paywalls/${id}`).set(v.write).send({ headline: 'Subscribe' });
    expect(same.body.version).toBe(2);
    const renamed = await app.http.patch(`/management/paywalls/${id}`).set(v.write).send({ name: 'Renamed' });
    expect(renamed.body).toMatchObject({ version: 3, name: 'Renamed' });

    const second = await v.createPaywall({ name: 'Second' });
    const list = await app.http.get('/management/paywalls').set(v.read);
    expect(list.status).toBe(200);
    expect(list.body.map((p: { id: string }) => p.id)).toEqual([id, second.id]);

    const retired = await app.http.post(`/management/paywalls/${id}/retire`).set(v.write);
    expect(retired.status).toBe(200);
    expect(retired.body).toMatchObject({ status: 'ARCHIVED', version: 4 });
    expect((await app.http.post(`/management/paywalls/${id}/retire`).set(v.write)).body).toMatchObject({ status: 'ARCHIVED', version: 4 });
    const refused = await app.http.patch(`/management/paywalls/${id}`).set(v.write).send({ headline: 'x' });
    expect(refused.status).toBe(409);
    expect(refused.body).toMatchObject({ code: 'PAYWALL.ARCHIVED' });
    expect((await app.http.get('/management/paywalls').set(v.read)).body.map((p: { status: string }) => p.status)).toEqual(['ARCHIVED', 'ACTIVE']);
    expect((await app.http.get(`/paywalls/${id}`).set(v.visitor())).status).toBe(404);
  });

  it('needs sites:write to change and sites:read to look; another vendor sees 404', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.createPaywall();
    expect((await app.http.post('/management/paywalls').set(v.read).send({ name: 'x' })).body).toMatchObject({ status: 403, code: 'AUTH.INSUFFICIENT_SCOPE' });
    expect((await app.http.post('/management/paywalls').send({ name: 'x' })).status).toBe(401);
    const other = await givenPaywallVendor(app);
    for (const res of [
      await app.http.get(`/management/paywalls/${paywall.id}`).set(other.read),
      await app.http.patch(`/management/paywalls/${paywall.id}`).set(other.write).send({ headline: 'x' }),
      await app.http.post(`/management/paywalls/${paywall.id}/retire`).set(other.write),
      await app.http.get(`/paywalls/${paywall.id}`).set(other.visitor()),
      await app.http.post(`/paywalls/${paywall.id}/access`).set(other.visitor()).send({ publisherContentId: 'a', url: 'https://x.example/a' }),
    ]) {
      expect(res.status).toBe(404);
      expect(res.body).toMatchObject({ code: 'PAYWALL.NOT_FOUND' });
    }
    expect((await app.http.get('/management/paywalls').set(other.read)).body).toEqual([]);
    expect((await app.http.get(`/management/paywalls/${paywall.id}`).set(v.read)).body.headline).toBe('');
  });

  it('refuses invalid paywalls with every problem listed, and writes nothing', async () => {
    const v = await givenPaywallVendor(app);
    const post = (body: unknown) => app.http.post('/management/paywalls').set(v.write).send(body as object);
    const bad = await post({ name: 'x', currency: 'sek', settings: { leaky: { enabled: 'yes', count: -1, periodInHours: 0 } }, mainColor: 'red' });
    expect(bad.status).toBe(400);
    expect(bad.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(bad.body).toMatchObject({ code: 'PAYWALL.BAD_SETTINGS' });
    expect(bad.body.errors.map((e: { field: string }) => e.field).sort()).toEqual(
      ['currency', 'mainColor', 'settings.leaky.count', 'settings.leaky.enabled', 'settings.leaky.periodInHours'].sort(),
    );
    for (const body of [
      {},
      { name: '' },
      { name: 'x', unknown: 1 },
      { name: 'x', subscriptions: [null] },
      { name: 'x', subscriptions: 'all' },
      { name: 'x', settings: 'BOXES' },
      { name: 'x', headline: 'h'.repeat(1001) },
      { name: 42 },
    ]) {
      const res = await post(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('REQUEST.INVALID');
    }
    const malformed = await app.http.post('/management/paywalls').set(v.write).set('Content-Type', 'application/json').send('{"name":');
    expect(malformed.status).toBe(400);
    expect(malformed.body.code).toBe('REQUEST.MALFORMED_BODY');
    const badSub = await post({ name: 'x', subscriptions: [{ id: 'a', sku: 's', poId: 'p', title: 't', price: 1.234, discountPrice: 5 }] });
    expect(badSub.status).toBe(400);
    expect(badSub.body.errors).toEqual([
      { field: 'subscriptions[0].price', message: 'must have at most two decimals' },
      { field: 'subscriptions[0].discountPrice', message: 'must not exceed price' },
    ]);
    expect((await app.http.get('/management/paywalls').set(v.read)).body).toEqual([]);
    const paywall = await v.createPaywall();
    const change = await app.http.patch(`/management/paywalls/${paywall.id}`).set(v.write).send({ settings: { leaky: { count: 1.5 } } });
    expect(change.status).toBe(400);
    expect((await app.http.get(`/management/paywalls/${paywall.id}`).set(v.read)).body.version).toBe(1);
  });
});

describe('GET /paywalls/{paywallId}', () => {
  it('answers exactly the public render shape to a visitor or a signed-in reader, and nothing to anyone else', async () => {
    const v = await givenPaywallVendor(app);
    const admin = await v.createPaywall({ name: 'Secret name', entity: 'internal', previewUrl: 'https://p.example.com/x', subscriptions: [subscription] });
    const res = await app.http.get(`/paywalls/${admin.id}`).set(v.visitor());
    expect(res.status).toBe(200);
    expect(Object.keys(res.body)).toEqual(PUBLIC_KEYS);
    expect(res.body).toEqual(publicOf(admin));
    expect(JSON.stringify(res.body)).not.toContain('Secret name');
    const reader = await v.reader();
    expect((await app.http.get(`/paywalls/${admin.id}`).set(reader.auth)).body).toEqual(res.body);

    await app.http.patch(`/management/paywalls/${admin.id}`).set(v.write).send({ headline: 'New' });
    expect((await app.http.get(`/paywalls/${admin.id}`).set(v.visitor())).body).toMatchObject({ version: 2, headline: 'New' });

    expect((await app.http.get(`/paywalls/${admin.id}`)).status).toBe(401);
    expect((await app.http.get(`/paywalls/${admin.id}`).set(bearer(await v.apiToken('full')))).body.code).toBe('AUTH.READER_ONLY');
    expect((await app.http.get(`/paywalls/no-such-paywall`).set(v.visitor())).body).toMatchObject({ status: 404, code: 'PAYWALL.NOT_FOUND' });
  });

  it('takes Basic visitor credentials only when well-formed and of a known client', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.createPaywall();
    const get = (headers: Record<string, string>) => app.http.get(`/paywalls/${paywall.id}`).set(headers);
    expect((await get(v.visitor('visitor-0001'))).status).toBe(200);
    for (const headers of [
      basic('client_000000000000000000000000', 'visitor-0001'),
      basic(v.client.clientId, 'short'),
      basic(v.client.clientId, 'bad visitor id!'),
      { Authorization: 'Basic !!!not-base64' },
      { Authorization: `Basic ${Buffer.from('no-colon').toString('base64')}` },
    ]) {
      const res = await get(headers);
      expect(res.status).toBe(401);
      expect(res.body.code).toBe('AUTH.BAD_VISITOR');
    }
  });
});
