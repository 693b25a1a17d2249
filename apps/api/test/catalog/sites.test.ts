import { CreateStaffUser, IssueUserToken, StaffRole } from '@kiosk/domain/identity';
import { bearer, givenVendor, startTestApp, TestApp, uniqueId } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Vendor = Awaited<ReturnType<typeof givenVendor>>;

async function given() {
  const v = await givenVendor(app);
  return { v, full: bearer(await v.apiToken('full')), read: bearer(await v.apiToken('read')) };
}

async function member(v: Vendor, role: StaffRole) {
  const c = app.runtime.container;
  const user = await c.get(CreateStaffUser).execute({ vendorId: v.vendorId, email: `${uniqueId(role)}@${v.vendorId}.example.com`, role });
  return bearer((await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: user.id })).accessToken);
}

async function browserClient(auth: Record<string, string>) {
  const res = await app.http.post('/management/browser-clients').set(auth).send({ name: 'Site', redirectUris: ['https://www.news.example.com/cb'] });
  expect(res.status).toBe(201);
  return res.body.clientId as string;
}

/** The fields a 400 names: a domain rule's `field`, or the request validation's `errors[].field`. */
const fieldsOf = (body: { field?: string; errors?: { field: string }[] }) => (body.field ? [body.field] : (body.errors ?? []).map((e) => e.field));

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;

describe('/management/domains', () => {
  it('adds a normalised domain, lists it as a bare array, shows it, refuses it twice, and removes it', async () => {
    const { full, read } = await given();
    const added = await app.http.post('/management/domains').set(full).send({ domain: ' News.Example.COM ' });
    expect(added.status).toBe(201);
    expect(added.body).toEqual({ domain: 'news.example.com', createdAt: expect.stringMatching(ISO), sites: [] });
    const unicode = await app.http.post('/management/domains').set(full).send({ domain: 'BÜCHER.example' });
    expect(unicode.status).toBe(201);
    expect(unicode.body.domain).toBe('xn--bcher-kva.example');

    expect((await app.http.get('/management/domains').set(read)).body).toEqual([added.body, unicode.body]);
    expect((await app.http.get('/management/domains/news.example.com').set(read)).body).toEqual(added.body);
    expect((await app.http.get(`/management/domains/${encodeURIComponent('bücher.example')}`).set(read)).body).toEqual(unicode.body);

    const again = await app.http.post('/management/domains').set(full).send({ domain: 'news.example.com' });
    expect(again.status).toBe(409);
    expect(again.body.code).toBe('DOMAIN.EXISTS');
    expect(again.headers['content-type']).toMatch(/application\/problem\+json/);

    expect((await app.http.delete('/management/domains/NEWS.example.com').set(full)).status).toBe(204);
    expect((await app.http.get('/management/domains/news.example.com').set(read)).status).toBe(404);
    expect((await app.http.delete('/management/domains/news.example.com').set(full)).status).toBe(404);
    expect((await app.http.get('/management/domains').set(read)).body).toEqual([unicode.body]);
  });

  it.each([
    ['https://news.example.com'],
    ['news.example.com:443'],
    ['news.example.com/path'],
    ['localhost'],
    ['10.0.0.1'],
    ['[::1]'],
    ['bad_label.example.com'],
    [`${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(63)}.com`],
    ['x'.repeat(100_000)],
    [''],
    [42],
    [null],
  ])('refuses domain %# with a 400 naming the field', async (domain) => {
    const { full } = await given();
    const res = await app.http.post('/management/domains').set(full).send({ domain });
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toEqual(['domain']);
  });

  it('answers hostile input without a 500', async () => {
    const { full, read } = await given();
    expect((await app.http.post('/management/domains').set(full).send({ domain: 'a\u0000.example.com' })).status).toBe(400);
    expect((await app.http.post('/management/domains').set(full).send({ domain: '\ud800.example.com' })).status).toBe(400);
    for (const path of ['%00', 'a%00b.example.com', encodeURIComponent('💥💥.example'), 'x'.repeat(5000), '%E0%A4%A', '..', 'a.b.c.d.e']) {
      const res = await app.http.get(`/management/domains/${path}`).set(read);
      expect([400, 404, 414]).toContain(res.status);
    }
  });

  it("keeps a domain a site uses, and is a 404 for another vendor's domain", async () => {
    const { full, read } = await given();
    const other = await given();
    await app.http.post('/management/domains').set(full).send({ domain: 'news.example.com' }).expect(201);
    const site = await app.http
      .post('/management/sites')
      .set(full)
      .send({ name: 'Main', domain: 'news.example.com', url: 'https://www.news.example.com/' });
    expect(site.status).toBe(201);
    expect((await app.http.get('/management/domains/news.example.com').set(read)).body.sites).toEqual([site.body.id]);
    const inUse = await app.http.delete('/management/domains/news.example.com').set(full);
    expect(inUse.status).toBe(409);
    expect(inUse.body.code).toBe('DOMAIN.IN_USE');

    expect((await app.http.get('/management/domains/news.example.com').set(other.read)).status).toBe(404);
    expect((await app.http.delete('/management/domains/news.example.com').set(other.full)).status).toBe(404);
    expect((await app.http.get('/management/domains').set(other.read)).body).toEqual([]);
    // The other vendor may have the same domain of its own.
    expect((await app.http.post('/management/domains').set(other.full).send({ domain: 'news.example.com' })).status).toBe(201);
    expect((await app.http.get('/management/domains/news.example.com').set(other.read)).body.sites).toEqual([]);

    await app.http.delete(`/management/sites/${site.body.id}`).set(full).expect(204);
    expect((await app.http.delete('/management/domains/news.example.com').set(full)).status).toBe(204);
  });
});

describe('/management/sites', () => {
  async function withDomain() {
    const g = await given();
    await app.http.post('/management/domains').set(g.full).send({ domain: 'news.example.com' }).expect(201);
    return g;
  }

  it('creates a site with its fields, lists, shows, changes and deletes it', async () => {
    const { full, read } = await withDomain();
    const clientId = await browserClient(full);
    const created = await app.http
      .post('/management/sites')
      .set(full)
      .send({ name: ' Main site ', domain: 'News.example.com', url: 'https://WWW.news.example.com', clientId });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^site_[0-9a-f]{24}$/),
      name: 'Main site',
      domain: 'news.example.com',
      url: 'https://www.news.example.com/',
      clientId,
      allowedOrigins: ['https://www.news.example.com'],
      createdAt: expect.stringMatching(ISO),
      updatedAt: created.body.createdAt,
    });
    const id = created.body.id as string;
    // The site's origin is now one of its browser client's allowed origins (CORS, cookie-session calls).
    const clientOrigins = async () =>
      ((await app.http.get('/management/browser-clients').set(read)).body as { clientId: string; allowedOrigins: string[] }[]).find(
        (c) => c.clientId === clientId,
      )!.allowedOrigins;
    expect(await clientOrigins()).toEqual(['https://www.news.example.com']);
    expect((await app.http.options('/entitlements').set('Origin', 'https://www.news.example.com').set('Access-Control-Request-Method', 'GET')).headers['access-control-allow-origin']).toBe('https://www.news.example.com');
    expect((await app.http.get('/management/sites').set(read)).body).toEqual([created.body]);
    expect((await app.http.get(`/management/sites/${id}`).set(read)).body).toEqual(created.body);

    const dev = await app.http.post('/management/sites').set(full).send({ name: 'Dev', domain: 'news.example.com', url: 'http://localhost:5173/' });
    expect(dev.status).toBe(201);
    expect(dev.body).toMatchObject({ clientId: null, allowedOrigins: ['http://localhost:5173'] });

    const changed = await app.http.patch(`/management/sites/${id}`).set(full).send({ name: 'Renamed', url: 'https://news.example.com:8443/a', clientId: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, name: 'Renamed', url: 'https://news.example.com:8443/a', clientId: null, allowedOrigins: ['https://news.example.com:8443'] });
    expect((await app.http.get(`/management/sites/${id}`).set(read)).body).toEqual(changed.body);
    await app.http.patch(`/management/sites/${dev.body.id}`).set(full).send({ clientId }).expect(200);
    expect(await clientOrigins()).toEqual(['https://www.news.example.com', 'http://localhost:5173']);
    // Oldest first; two sites made in the same millisecond go by id.
    expect([...(await app.http.get('/management/domains/news.example.com').set(read)).body.sites].sort()).toEqual([id, dev.body.id].sort());

    expect((await app.http.delete(`/management/sites/${id}`).set(full)).status).toBe(204);
    expect((await app.http.get(`/management/sites/${id}`).set(read)).status).toBe(404);
    expect((await app.http.delete(`/management/sites/${id}`).set(full)).status).toBe(404);
    expect((await app.http.get('/management/sites').set(read)).body.map((s: { id: string }) => s.id)).toEqual([dev.body.id]);
  });

  it.each([
    ['name', { name: '', domain: 'news.example.com', url: 'https://news.example.com/' }],
    ['name', { name: 'x'.repeat(201), domain: 'news.example.com', url: 'https://news.example.com/' }],
    ['domain', { name: 'x', domain: 'other.example.com', url: 'https://other.example.com/' }],
    ['domain', { name: 'x', domain: 'not a domain', url: 'https://news.example.com/' }],
    ['url', { name: 'x', domain: 'news.example.com', url: 'http://news.example.com/' }],
    ['url', { name: 'x', domain: 'news.example.com', url: 'https://news.example.com.evil.org/' }],
    ['url', { name: 'x', domain: 'news.example.com', url: 'https://user:pw@news.example.com/' }],
    ['url', { name: 'x', domain: 'news.example.com', url: 'javascript:alert(1)' }],
    ['url', { name: 'x', domain: 'news.example.com', url: `https://news.example.com/${'x'.repeat(5000)}` }],
    ['clientId', { name: 'x', domain: 'news.example.com', url: 'https://news.example.com/', clientId: 'client_nope' }],
    ['clientId', { name: 'x', domain: 'news.example.com', url: 'https://news.example.com/', clientId: 7 }],
    ['name', { domain: 'news.example.com', url: 'https://news.example.com/' }],
  ])('refuses site %# with a 400 naming %s', async (field, body) => {
    const { full } = await withDomain();
    const res = await app.http.post('/management/sites').set(full).send(body);
    expect(res.status).toBe(400);
    expect(fieldsOf(res.body)).toContain(field);
  });

  it("refuses another vendor's browser client and checks a changed address against the new domain", async () => {
    const { full } = await withDomain();
    const other = await withDomain();
    const foreignClient = await browserClient(other.full);
    const res = await app.http
      .post('/management/sites')
      .set(full)
      .send({ name: 'x', domain: 'news.example.com', url: 'https://news.example.com/', clientId: foreignClient });
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('SITE.UNKNOWN_CLIENT');

    await app.http.post('/management/domains').set(full).send({ domain: 'shop.example.org' }).expect(201);
    const site = await app.http.post('/management/sites').set(full).send({ name: 'x', domain: 'news.example.com', url: 'https://news.example.com/' });
    const move = await app.http.patch(`/management/sites/${site.body.id}`).set(full).send({ domain: 'shop.example.org' });
    expect(move.status).toBe(400);
    expect(fieldsOf(move.body)).toEqual(['url']);
    const moved = await app.http.patch(`/management/sites/${site.body.id}`).set(full).send({ domain: 'shop.example.org', url: 'https://shop.example.org/' });
    expect(moved.status).toBe(200);
    expect(moved.body.domain).toBe('shop.example.org');
    expect((await app.http.patch(`/management/sites/${site.body.id}`).set(full).send({ name: null })).status).toBe(400);
    expect((await app.http.patch(`/management/sites/${site.body.id}`).set(full).send({ url: '\u0000' })).status).toBe(400);
  });

  it("is a 404 for another vendor's site and for ids that name none", async () => {
    const { full, read } = await withDomain();
    const other = await withDomain();
    const site = await app.http.post('/management/sites').set(full).send({ name: 'x', domain: 'news.example.com', url: 'https://news.example.com/' });
    const id = site.body.id as string;
    expect((await app.http.get(`/management/sites/${id}`).set(other.read)).status).toBe(404);
    expect((await app.http.patch(`/management/sites/${id}`).set(other.full).send({ name: 'y' })).status).toBe(404);
    expect((await app.http.delete(`/management/sites/${id}`).set(other.full)).status).toBe(404);
    expect((await app.http.get('/management/sites').set(other.read)).body).toEqual([]);
    expect((await app.http.get(`/management/sites/${id}`).set(read)).body.name).toBe('x');
    for (const path of ['nope', 'site_', `site_${'a'.repeat(5000)}`, '%00', encodeURIComponent('site_💥')]) {
      expect([400, 404, 414]).toContain((await app.http.get(`/management/sites/${path}`).set(read)).status);
    }
  });
});

describe('scopes', () => {
  it('lets a read token read but not write, and refuses a token without the scope', async () => {
    const { v, full, read } = await given();
    await app.http.post('/management/domains').set(full).send({ domain: 'news.example.com' }).expect(201);
    const site = await app.http.post('/management/sites').set(full).send({ name: 'x', domain: 'news.example.com', url: 'https://news.example.com/' });
    expect((await app.http.get('/management/domains').set(read)).status).toBe(200);
    expect((await app.http.get('/management/sites').set(read)).status).toBe(200);
    expect((await app.http.post('/management/domains').set(read).send({ domain: 'b.example.com' })).status).toBe(403);
    expect((await app.http.delete('/management/domains/news.example.com').set(read)).status).toBe(403);
    const body = { name: 'y', domain: 'news.example.com', url: 'https://news.example.com/' };
    expect((await app.http.post('/management/sites').set(read).send(body)).status).toBe(403);
    expect((await app.http.patch(`/management/sites/${site.body.id}`).set(read).send({ name: 'y' })).status).toBe(403);
    expect((await app.http.delete(`/management/sites/${site.body.id}`).set(read)).status).toBe(403);

    const productsOnly = bearer(await v.apiToken('full', [], 'products:read'));
    expect((await app.http.get('/management/domains').set(productsOnly)).status).toBe(403);
    expect((await app.http.get('/management/sites').set(productsOnly)).status).toBe(403);
    const sitesOnly = bearer(await v.apiToken('full', [], 'sites:read sites:write'));
    expect((await app.http.get('/management/sites').set(sitesOnly)).status).toBe(200);
    expect((await app.http.get('/management/domains').set(sitesOnly)).status).toBe(403);
    expect((await app.http.post('/management/domains').set(sitesOnly).send({ domain: 'c.example.com' })).status).toBe(403);
  });

  it('gives viewers read, editors and admins write', async () => {
    const { v } = await given();
    const viewer = await member(v, 'viewer');
    expect((await app.http.get('/management/domains').set(viewer)).status).toBe(200);
    expect((await app.http.get('/management/sites').set(viewer)).status).toBe(200);
    expect((await app.http.post('/management/domains').set(viewer).send({ domain: 'v.example.com' })).status).toBe(403);
    expect((await app.http.post('/management/sites').set(viewer).send({ name: 'x', domain: 'v.example.com', url: 'https://v.example.com/' })).status).toBe(403);
    for (const role of ['editor', 'admin'] as const) {
      const token = await member(v, role);
      const domain = `${role}.example.com`;
      expect((await app.http.post('/management/domains').set(token).send({ domain })).status).toBe(201);
      const site = await app.http.post('/management/sites').set(token).send({ name: role, domain, url: `https://${domain}/` });
      expect(site.status).toBe(201);
    }
  });
});
