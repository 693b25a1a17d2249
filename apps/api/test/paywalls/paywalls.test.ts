import { MergeVisitorReads } from '@kiosk/domain/paywalls';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { basic, givenPaywallVendor } from './support';

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
const ADMIN_ONLY = ['name', 'status', 'entity', 'createdAt', 'modifiedAt', 'previewUrl'];

const publicOf = (admin: Record<string, unknown>) => Object.fromEntries(Object.entries(admin).filter(([k]) => !ADMIN_ONLY.includes(k)));

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

const readsOf = (vendorId: string) =>
  app.runtime.database.db.query(`SELECT reader_key, content_id FROM paywall_reads WHERE vendor_id = $1 ORDER BY read_at, content_id`, [vendorId]);

describe('POST /paywalls/{paywallId}/access and /access/check', () => {
  it('counts distinct contents in a rolling window; re-reads are free; check records nothing', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(2, 1);
    const visitor = v.visitor('visitor-window-1');
    const access = (id: string) => app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send({ publisherContentId: id, url: `https://news.example.com/${id}?a=1#top` });
    const check = (id: string) => app.http.post(`/paywalls/${paywall.id}/access/check`).set(visitor).send({ publisherContentId: id, url: `https://news.example.com/${id}` });

    const first = await access('a1');
    expect(first.status).toBe(200);
    expect(first.body).toEqual({ status: 'allowed', signedLink: expect.any(String), remaining: 1, renewsAt: null });
    const link = new URL(first.body.signedLink);
    expect(`${link.origin}${link.pathname}`).toBe('https://news.example.com/a1');
    expect(link.searchParams.get('a')).toBe('1');
    expect(link.hash).toBe('#top');
    expect(link.searchParams.get('service_token')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    expect((await access('a1')).body).toMatchObject({ status: 'allowed', remaining: 1 });
    expect((await check('a2')).body).toEqual({ status: 'allowed', remaining: 0, paywall: expect.objectContaining({ id: paywall.id }), renewsAt: null });
    expect((await check('a2')).body.status).toBe('allowed');
    expect(await readsOf(v.vendorId)).toEqual([{ reader_key: 'visitor:visitor-window-1', content_id: 'a1' }]);
    expect((await access('a2')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    const blocked = await access('a3');
    expect(blocked.status).toBe(200);
    // The allowance renews when the oldest read of the window (a1) is an hour (the window) old.
    const [oldest] = (await app.runtime.database.db.query(`SELECT min(read_at) AS at FROM paywall_reads WHERE vendor_id = $1`, [v.vendorId])) as { at: Date }[];
    const renewsAt = new Date(new Date(oldest.at).getTime() + 3_600_000).toISOString();
    expect(blocked.body).toEqual({ status: 'blocked', remaining: 0, paywall: publicOf(paywall), renewsAt });
    const checked = await check('a3');
    expect(checked.body).toEqual({ status: 'blocked', remaining: 0, paywall: publicOf(paywall), renewsAt });
    expect((await check('a1')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect((await access('a2')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect(await readsOf(v.vendorId)).toHaveLength(2);

    // Another visitor has its own allowance.
    const other = await app.http.post(`/paywalls/${paywall.id}/access`).set(v.visitor('visitor-window-2')).send({ publisherContentId: 'a3', url: 'https://news.example.com/a3' });
    expect(other.body).toMatchObject({ status: 'allowed', remaining: 1 });

    // A read exactly periodInHours old has expired; one minute short of it has not.
    app.clock.advance(59 * 60_000);
    expect((await access('a3')).body.status).toBe('blocked');
    app.clock.advance(60_000);
    expect((await access('a3')).body).toMatchObject({ status: 'allowed', remaining: 1 });
    expect((await access('a1')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect((await access('a2')).body.status).toBe('blocked');
  });

  it('counts a signed-in reader under its user id, apart from visitors', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(1);
    const reader = await v.reader();
    const res = await app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send({ publisherContentId: 'x1', url: 'https://news.example.com/x1' });
    expect(res.body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect(await readsOf(v.vendorId)).toEqual([{ reader_key: `user:${reader.userId}`, content_id: 'x1' }]);
    const token = new URL(res.body.signedLink).searchParams.get('service_token');
    const verified = await app.http.post(`/capsule/vendors/${v.vendorId}/verify`).send({ token });
    expect(verified.body.payload).toMatchObject({ userId: reader.userId, contentId: 'x1' });
  });

  it("merges a visitor's reads into the user on sign-in (the ledger's mergeReader), idempotently", async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(3);
    const reader = await v.reader();
    const visitor = v.visitor('visitor-merge-1');
    for (const id of ['m1', 'm2']) {
      await app.http.post(`/paywalls/${paywall.id}/access`).set(visitor).send({ publisherContentId: id, url: `https://n.example.com/${id}` });
    }
    await app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send({ publisherContentId: 'm2', url: 'https://n.example.com/m2' });
    const merge = app.runtime.container.get(MergeVisitorReads);
    await merge.execute({ vendorId: v.vendorId, visitorId: 'visitor-merge-1', userId: reader.userId });
    await merge.execute({ vendorId: v.vendorId, visitorId: 'visitor-merge-1', userId: reader.userId });
    const access = (id: string) => app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send({ publisherContentId: id, url: `https://n.example.com/${id}` });
    expect((await access('m1')).body).toMatchObject({ status: 'allowed', remaining: 1 });
    expect((await access('m3')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect((await access('m4')).body.status).toBe('blocked');
    // The visitor keeps its own reads.
    expect((await app.http.post(`/paywalls/${paywall.id}/access/check`).set(visitor).send({ publisherContentId: 'm5', url: 'https://n.example.com/m5' })).body).toMatchObject({ status: 'allowed', remaining: 0 });
  });

  it('answers a signed link the capsule verify route accepts, with the vendor tier per grant', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(3);
    expect((await app.http.get('/management/paywall-link-tiers').set(v.read)).body).toEqual({ metered: 'premium', entitled: 'premium' });
    const url = 'https://news.example.com/story?x=1';
    const res = await app.http.post(`/paywalls/${paywall.id}/access`).set(v.visitor('visitor-link-1')).send({ publisherContentId: 'story-1', url });
    const token = new URL(res.body.signedLink).searchParams.get('service_token');
    const verified = await app.http.post(`/capsule/vendors/${v.vendorId}/verify`).send({ token });
    expect(verified.status).toBe(200);
    const iat = Math.floor(app.clock.now().getTime() / 1000);
    expect(verified.body).toEqual({
      valid: true,
      message: 'token is valid',
      payload: {
        iss: v.vendorId,
        tier: 'premium',
        contentId: 'story-1',
        tid: expect.any(String),
        url,
        userId: '',
        iat,
        exp: iat + 3600,
        maxUses: 10,
        meta: { paywallId: paywall.id, reason: 'free_read', grant: 'metered', reader: 'visitor' },
      },
    });
    // Another vendor's verify route does not accept it: a vendor without keys is unknown, one with keys refuses the kid.
    const other = await givenPaywallVendor(app);
    expect((await app.http.post(`/capsule/vendors/${other.vendorId}/verify`).send({ token })).body).toMatchObject({ status: 404, code: 'CAPSULE.VENDOR_NOT_FOUND' });
    const otherPaywall = await other.leakyPaywall(1);
    await app.http.post(`/paywalls/${otherPaywall.id}/access`).set(other.visitor()).send({ publisherContentId: 'o', url });
    expect((await app.http.post(`/capsule/vendors/${other.vendorId}/verify`).send({ token })).body).toEqual({
      valid: false,
      message: 'token is signed by an unknown key',
      payload: null,
    });

    const tiers = await app.http.put('/management/paywall-link-tiers').set(v.write).send({ metered: 'metered-read' });
    expect(tiers.body).toEqual({ metered: 'metered-read', entitled: 'premium' });
    expect((await app.http.put('/management/paywall-link-tiers').set(v.write).send({ entitled: 'bad tier!' })).body).toMatchObject({ status: 400, code: 'PAYWALL.BAD_LINK_TIER' });
    expect((await app.http.put('/management/paywall-link-tiers').set(v.read).send({ entitled: 'x' })).status).toBe(403);
    const again = await app.http.post(`/paywalls/${paywall.id}/access`).set(v.visitor('visitor-link-1')).send({ publisherContentId: 'story-1', url });
    const second = await app.http.post(`/capsule/vendors/${v.vendorId}/verify`).send({ token: new URL(again.body.signedLink).searchParams.get('service_token') });
    expect(second.body.payload).toMatchObject({ tier: 'metered-read', meta: { reason: 'already_read' } });
  });

  it('allows an entitled reader without spending a read, with the entitled tier', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(1);
    await app.http.put('/management/paywall-link-tiers').set(v.write).send({ entitled: 'subscriber' });
    const reader = await v.entitledReader('bought-article');
    const access = (id: string) => app.http.post(`/paywalls/${paywall.id}/access`).set(reader.auth).send({ publisherContentId: id, url: `https://news.example.com/${id}` });
    for (let i = 0; i < 3; i += 1) {
      const res = await access('bought-article');
      expect(res.body).toEqual({ status: 'allowed', signedLink: expect.any(String), remaining: 1, renewsAt: null });
      const token = new URL(res.body.signedLink).searchParams.get('service_token');
      const verified = await app.http.post(`/capsule/vendors/${v.vendorId}/verify`).send({ token });
      expect(verified.body.payload).toMatchObject({ tier: 'subscriber', userId: reader.userId, meta: { grant: 'entitled', reason: 'entitled' } });
    }
    expect(await readsOf(v.vendorId)).toEqual([]);
    expect((await app.http.post(`/paywalls/${paywall.id}/access/check`).set(reader.auth).send({ publisherContentId: 'bought-article', url: 'https://n.example.com/' })).body).toMatchObject({ status: 'allowed', remaining: 1 });
    // Other content still costs a read.
    expect((await access('free-one')).body).toMatchObject({ status: 'allowed', remaining: 0 });
    expect((await access('free-two')).body).toMatchObject({ status: 'blocked', remaining: 0 });
    expect((await access('bought-article')).body).toMatchObject({ status: 'allowed', remaining: 0 });
  });

  it('blocks everyone but entitled readers when the allowance is off', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.createPaywall();
    const res = await app.http.post(`/paywalls/${paywall.id}/access`).set(v.visitor()).send({ publisherContentId: 'a', url: 'https://n.example.com/a' });
    // Nothing renews: the allowance is off.
    expect(res.body).toEqual({ status: 'blocked', remaining: 0, paywall: publicOf(paywall), renewsAt: null });
    expect(await readsOf(v.vendorId)).toEqual([]);
  });

  it('refuses malformed bodies and credentials with exact problems, recording nothing', async () => {
    const v = await givenPaywallVendor(app);
    const paywall = await v.leakyPaywall(5);
    const post = (body: unknown, headers: Record<string, string> = v.visitor()) =>
      app.http.post(`/paywalls/${paywall.id}/access`).set(headers).send(body as object);
    for (const [body, code] of [
      [{ publisherContentId: 'a', url: 'ftp://x.example/a' }, 'PAYWALL.BAD_ACCESS_REQUEST'],
      [{ publisherContentId: 'a', url: '/relative' }, 'PAYWALL.BAD_ACCESS_REQUEST'],
      [{ publisherContentId: 'a', url: 'javascript:alert(1)' }, 'PAYWALL.BAD_ACCESS_REQUEST'],
      [{ publisherContentId: '   ', url: 'https://x.example/a' }, 'PAYWALL.BAD_ACCESS_REQUEST'],
      [{ publisherContentId: 'a' }, 'REQUEST.INVALID'],
      [{ url: 'https://x.example/a' }, 'REQUEST.INVALID'],
      [{ publisherContentId: 'a'.repeat(257), url: 'https://x.example/a' }, 'REQUEST.INVALID'],
      [{ publisherContentId: 'a', url: `https://x.example/${'a'.repeat(2048)}` }, 'REQUEST.INVALID'],
      [{ publisherContentId: 7, url: 'https://x.example/a' }, 'REQUEST.INVALID'],
      [{ publisherContentId: 'a', url: 'https://x.example/a', extra: true }, 'REQUEST.INVALID'],
      [[1, 2], 'REQUEST.INVALID'],
    ] as const) {
      const res = await post(body);
      expect([res.status, res.body.code]).toEqual([400, code]);
    }
    const malformed = await app.http.post(`/paywalls/${paywall.id}/access`).set(v.visitor()).set('Content-Type', 'application/json').send('{');
    expect([malformed.status, malformed.body.code]).toEqual([400, 'REQUEST.MALFORMED_BODY']);
    const ok = { publisherContentId: 'a', url: 'https://x.example/a' };
    expect((await post(ok, {})).status).toBe(401);
    expect((await post(ok, basic('client_unknown000000000000000000', 'visitor-12345'))).body.code).toBe('AUTH.BAD_VISITOR');
    expect((await post(ok, { Authorization: 'Basic %%%' })).body.code).toBe('AUTH.BAD_VISITOR');
    expect((await post(ok, { Authorization: 'Bearer not-a-token' })).status).toBe(401);
    expect(await readsOf(v.vendorId)).toEqual([]);
  });
});
