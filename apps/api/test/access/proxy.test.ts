import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { EntitlementRepository } from '@kiosk/domain/access';
import { CreateStaffUser, IssueUserToken } from '@kiosk/domain/identity';
import { CreateProduct, CreateVendor } from '@kiosk/domain/catalog';
import { ACCESS } from '../../src/access/access.module';
import { loadConfig, ConfigError } from '../../src/config';
import { isPublicAddress } from '../../src/access/proxy/safe-fetch';
import { bearer, givenVendor, startTestApp, TestApp, uniqueId } from '../support/harness';

// A local HTTP server stands in for the vendor's site; its domain is `<vendor>.localhost` (RFC 6761 loopback names).
let server: Server;
let port: number;
const hits: Record<string, number> = {};
/** The paywall the `/behind-paywall` page names in its page configuration (set by the test that needs it). */
let pagePaywallId = 'none';
const ARTICLE = `<html><head><script>alert(1)</script></head><body><nav>menu</nav>
  <article class="content"><h1>Title</h1><p>Paid text</p><script>steal()</script></article></body></html>`;

beforeAll(async () => {
  server = createServer((req, res) => {
    const path = req.url ?? '/';
    hits[path] = (hits[path] ?? 0) + 1;
    if (path === '/article' || path === '/landing') {
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8' }).end(ARTICLE);
    } else if (path === '/articles/harbour-story') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body><article><p>Harbour text</p></article></body></html>');
    } else if (path === '/named') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end('<html><body><article data-service-paywall="story-7"><p>Named text</p></article></body></html>');
    } else if (path === '/behind-paywall') {
      res
        .writeHead(200, { 'Content-Type': 'text/html' })
        .end(
          `<html><head><script type="application/json" id="service-js">{"paywallId":"${pagePaywallId}"}</script></head>` +
            '<body><article data-service-paywall="story-9"><p>Subscriber text</p></article></body></html>',
        );
    } else if (path === '/hop') {
      res.writeHead(302, { Location: '/landing' }).end();
    } else if (path === '/away') {
      res.writeHead(302, { Location: `http://elsewhere.localhost:${port}/article` }).end();
    } else if (path === '/to-ip') {
      res.writeHead(301, { Location: `http://127.0.0.1:${port}/article` }).end();
    } else if (path === '/huge') {
      res.writeHead(200, { 'Content-Type': 'text/html' }).end(`<p>${'x'.repeat(20_000)}</p>`);
    } else if (path === '/slow') {
      setTimeout(() => res.writeHead(200, { 'Content-Type': 'text/html' }).end('<p>late</p>'), 2_000).unref();
    } else if (path === '/image') {
      res.writeHead(200, { 'Content-Type': 'image/png' }).end('png');
    } else {
      res.writeHead(404).end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

/** A vendor whose site is `<vendor>.localhost`, a reader, and an entitlement whose url is the article. */
async function givenVendorSite(app: TestApp) {
  const c = app.runtime.container;
  const vendorId = uniqueId('p');
  const host = `${vendorId}.localhost`;
  await c.get(CreateVendor).execute({ id: vendorId, name: 'Proxy vendor', domains: [host] });
  const user = await c.get(CreateStaffUser).execute({ vendorId, email: `reader@${vendorId}.example.com` });
  const token = (await c.get(IssueUserToken).execute({ vendorId, userId: user.id })).accessToken;
  const base = `http://${host}:${port}`;
  const now = app.clock.now();
  await c.get<EntitlementRepository>(ACCESS.Entitlements).grant({
    id: uniqueId('e'),
    vendorId,
    userId: user.id,
    sku: 'article-1',
    purchaseOptionId: null,
    type: 'article',
    title: 'Article',
    cover: null,
    url: `${base}/article`,
    presentationUrl: null,
    publisherContentId: 'content-1',
    origin: { type: 'AUTO_ONBOARD', id: 'test', listId: null, name: null },
    createdAt: now,
    updatedAt: now,
    expiresAt: null,
    revokedAt: null,
  });
  const outsider = await c.get(CreateStaffUser).execute({ vendorId, email: `outsider@${vendorId}.example.com` });
  const outsiderToken = (await c.get(IssueUserToken).execute({ vendorId, userId: outsider.id })).accessToken;
  return { vendorId, base, token, outsiderToken };
}

describe('GET /proxy against a local site (loopback allowed for tests)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp({ PROXY_ALLOW_LOOPBACK_FOR_TESTS: 'true', PROXY_MAX_BYTES: '4096', PROXY_TIMEOUT_MS: '500' });
  });
  afterAll(() => app.close());

  it('extracts the selector from an entitled page, without scripts, and caches when asked', async () => {
    const s = await givenVendorSite(app);
    const get = (query: Record<string, string>) => app.http.get('/proxy').query(query).set(bearer(s.token));
    const before = hits['/article'] ?? 0;
    const first = await get({ url: `${s.base}/article`, selector: 'article.content', cache: 'true' });
    expect(first.status).toBe(200);
    expect(first.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(first.headers['content-security-policy']).toContain('sandbox');
    expect(first.text).toBe('<article class="content"><h1>Title</h1><p>Paid text</p></article>');
    expect(first.headers['x-proxy-cache']).toBe('MISS');
    const second = await get({ url: `${s.base}/article`, selector: 'article.content', cache: 'true' });
    expect(second.text).toBe(first.text);
    expect(second.headers['x-proxy-cache']).toBe('HIT');
    expect(hits['/article'] - before).toBe(1);
    const uncached = await get({ url: `${s.base}/article`, selector: 'h1' });
    expect(uncached.text).toBe('<h1>Title</h1>');
    expect(hits['/article'] - before).toBe(2);

    const byContentId = await get({ url: `${s.base}/hop`, publisherContentId: 'content-1', selector: 'p' });
    expect(byContentId.status).toBe(200);
    expect(byContentId.text).toBe('<p>Paid text</p>');
    expect((await get({ url: `${s.base}/article`, selector: 'section.none' })).status).toBe(404);
    expect((await get({ url: `${s.base}/article`, selector: '###' })).status).toBe(400);
  });

  it('finds the page\'s product with the interface\'s parameters only: by its address, the ids it names, or its paywall', async () => {
    const host = `${uniqueId('site')}.localhost`;
    const v = await givenVendor(app, { domains: [host] });
    const base = `http://${host}:${port}`;
    const c = app.runtime.container;
    // The catalogue knows the articles by their content ids; `news` is the publication the paywall sells.
    await v.product('news');
    await c.get(CreateProduct).execute({ vendorId: v.vendorId, sku: 'harbour', title: 'Harbour', productType: 'article', publisherContentId: 'harbour-story' });
    await c.get(CreateProduct).execute({ vendorId: v.vendorId, sku: 'story-7', title: 'Story 7', productType: 'article', publisherContentId: 'story-7' });
    const paywall = await app.http
      .post('/management/paywalls')
      .set(bearer(await v.apiToken('full')))
      .send({ name: 'Main', subscriptions: [{ id: 'yearly', sku: 'news', poId: 'news-yearly', title: 'Yearly', price: 1200 }] });
    expect(paywall.status).toBe(201);
    pagePaywallId = paywall.body.id;

    const readerHolding = async (sku: string) => {
      const user = await c.get(CreateStaffUser).execute({ vendorId: v.vendorId, email: `${uniqueId('r')}@${v.vendorId}.example.com` });
      if (sku) {
        const now = app.clock.now();
        await c.get<EntitlementRepository>(ACCESS.Entitlements).grant({
          id: uniqueId('e'), vendorId: v.vendorId, userId: user.id, sku, purchaseOptionId: null, type: 'article', title: sku, cover: null,
          url: null, presentationUrl: null, publisherContentId: null,
          origin: { type: 'EXTERNAL', id: 'test', listId: null, name: null }, createdAt: now, updatedAt: now, expiresAt: null, revokedAt: null,
        });
      }
      return bearer((await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: user.id })).accessToken);
    };
    const proxy = (auth: Record<string, string>, path: string) => app.http.get('/proxy').query({ url: `${base}${path}`, selector: 'p', cache: 'true' }).set(auth);

    // By address: the last path segment is the article's content id (as a checkout item by url finds it).
    const harbour = await readerHolding('harbour');
    expect((await proxy(harbour, '/articles/harbour-story')).text).toBe('<p>Harbour text</p>');
    // By what the page names: its data-service-paywall element.
    const story = await readerHolding('story-7');
    expect((await proxy(story, '/named')).text).toBe('<p>Named text</p>');
    expect((await proxy(story, '/articles/harbour-story')).status).toBe(403);
    // By the page's paywall: a subscriber to what it sells reads it.
    const subscriber = await readerHolding('news');
    expect((await proxy(subscriber, '/behind-paywall')).text).toBe('<p>Subscriber text</p>');
    // Nobody else, cached extract or not: 403 and nothing of the page.
    const nobody = await readerHolding('');
    for (const path of ['/articles/harbour-story', '/named', '/behind-paywall']) {
      const refused = await proxy(nobody, path);
      expect([refused.status, refused.body.code]).toEqual([403, 'PROXY.NOT_ENTITLED']);
      expect(refused.text).not.toMatch(/text<\/p>/);
    }
  });

  it('refuses readers without an entitlement, other hosts, IP literals, schemes, and redirects off the allowlist', async () => {
    const s = await givenVendorSite(app);
    const other = await givenVendorSite(app);
    const get = (query: Record<string, string>, token = s.token) => app.http.get('/proxy').query(query).set(bearer(token));
    const status = async (query: Record<string, string>, token?: string) => {
      const res = await get(query, token);
      return [res.status, res.body.code];
    };
    expect(await status({ url: `${s.base}/article` }, s.outsiderToken)).toEqual([403, 'PROXY.NOT_ENTITLED']);
    expect(await status({ url: `${s.base}/article`, publisherContentId: 'content-2' }, s.outsiderToken)).toEqual([403, 'PROXY.NOT_ENTITLED']);
    expect(await status({ url: `${other.base}/article` })).toEqual([400, 'PROXY.HOST_NOT_ALLOWED']);
    expect(await status({ url: `http://127.0.0.1:${port}/article` })).toEqual([400, 'PROXY.IP_LITERAL']);
    expect(await status({ url: `http://[::1]:${port}/article` })).toEqual([400, 'PROXY.IP_LITERAL']);
    expect(await status({ url: `ftp://${s.vendorId}.localhost/article` })).toEqual([400, 'PROXY.BAD_SCHEME']);
    expect(await status({ url: `http://user:pw@${s.vendorId}.localhost:${port}/article` })).toEqual([400, 'PROXY.BAD_URL']);
    expect(await status({ url: 'not a url' })).toEqual([400, 'PROXY.BAD_URL']);
    expect((await get({})).status).toBe(400);
    expect((await get({ url: `${s.base}/article`, cache: 'yes' })).status).toBe(400);

    const entitledFor = { publisherContentId: 'content-1' };
    const awayBefore = hits['/article'] ?? 0;
    expect(await status({ url: `${s.base}/away`, ...entitledFor })).toEqual([502, 'PROXY.REDIRECT_REFUSED']);
    expect(await status({ url: `${s.base}/to-ip`, ...entitledFor })).toEqual([502, 'PROXY.REDIRECT_REFUSED']);
    expect(hits['/article'] ?? 0).toBe(awayBefore);
    expect(await status({ url: `${s.base}/huge`, ...entitledFor })).toEqual([502, 'PROXY.TOO_LARGE']);
    expect(await status({ url: `${s.base}/slow`, ...entitledFor })).toEqual([504, 'PROXY.TIMEOUT']);
    expect(await status({ url: `${s.base}/image`, ...entitledFor })).toEqual([502, 'PROXY.NOT_HTML']);
    expect(await status({ url: `${s.base}/missing`, ...entitledFor })).toEqual([502, 'PROXY.UPSTREAM_STATUS']);
  });
});

describe('GET /proxy as configured for production (no loopback)', () => {
  let app: TestApp;
  beforeAll(async () => {
    app = await startTestApp();
  });
  afterAll(() => app.close());

  it("refuses a registered domain that resolves to a private address, and another vendor's domain", async () => {
    const s = await givenVendorSite(app);
    const other = await givenVendorSite(app);
    const before = hits['/article'] ?? 0;
    const res = await app.http.get('/proxy').query({ url: `${s.base}/article` }).set(bearer(s.token));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('PROXY.PRIVATE_ADDRESS');
    const foreign = await app.http.get('/proxy').query({ url: `${other.base}/article` }).set(bearer(s.token));
    expect([foreign.status, foreign.body.code]).toEqual([400, 'PROXY.HOST_NOT_ALLOWED']);
    expect(hits['/article'] ?? 0).toBe(before);
  });

  it('treats private, loopback, link-local and mapped addresses as not public', () => {
    for (const address of ['10.1.2.3', '172.20.0.1', '192.168.1.1', '127.0.0.1', '169.254.169.254', '100.64.0.1', '0.0.0.0', '::1', 'fe80::1', 'fd00::1', '::ffff:10.0.0.1', '::ffff:127.0.0.1']) {
      expect([address, isPublicAddress(address)]).toEqual([address, false]);
    }
    for (const address of ['93.184.216.34', '2606:4700::1111']) expect([address, isPublicAddress(address)]).toEqual([address, true]);
    expect(isPublicAddress('127.0.0.1', true)).toBe(true);
    expect(isPublicAddress('10.0.0.1', true)).toBe(false);
  });

  it('accepts PROXY_ALLOW_LOOPBACK_FOR_TESTS only with NODE_ENV=test', () => {
    expect(() => loadConfig({ NODE_ENV: 'development', PROXY_ALLOW_LOOPBACK_FOR_TESTS: 'true' })).toThrow(ConfigError);
    expect(() => loadConfig({ NODE_ENV: 'test', PROXY_ALLOW_LOOPBACK_FOR_TESTS: 'maybe' })).toThrow(ConfigError);
    expect(loadConfig({ NODE_ENV: 'test', PROXY_ALLOW_LOOPBACK_FOR_TESTS: 'true' }).access.proxyAllowLoopbackForTests).toBe(true);
  });
});
