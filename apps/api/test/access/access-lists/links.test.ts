import { decodeJwt } from 'jose';
import { capsuleShop, fixture, ManifestFixture, renderedAt, requestFrom } from '../../capsule/support';
import { bearer, givenVendor, onRealPostgres, startTestApp, TestApp } from '../../support/harness';

// PGlite is one session: the race is only proven on a real PostgreSQL.
const itOnPostgres = onRealPostgres() ? it : it.skip;

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ecdh = fixture<ManifestFixture>('js-rendered-manifest-ecdh.json');
const NOW = renderedAt(ecdh.manifest);
const unlockBody = (shareToken: string) => ({ resourceJWT: ecdh.manifest.resourceJWT, keys: requestFrom(ecdh.manifest), shareToken });
const inDays = (days: number) => new Date(NOW.getTime() + days * 24 * 60 * 60 * 1000).toISOString();

type Res = { status: number; body: Record<string, unknown>; headers: Record<string, string> };
const expectProblem = (res: Res, status: number, code?: string) => {
  expect({ status: res.status, ...(code ? { code: res.body.code } : {}) }).toEqual({ status, ...(code ? { code } : {}) });
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
};

beforeEach(() => app.clock.set(NOW));

/** A capsule vendor whose product `story` is the fixture's resource, opening tier `premium`. */
async function givenLinkShop() {
  const shop = await capsuleShop(app);
  const full = await shop.apiToken('full');
  const product = await app.http
    .post('/management/products')
    .set(bearer(full))
    .send({ sku: 'story', title: 'The story', productType: 'article', publisherContentId: ecdh.resourceId });
  expect(product.status).toBe(201);
  expect((await app.http.put('/management/capsule/product-scopes/story').set(bearer(full)).send({ scopes: ['premium'] })).status).toBe(200);
  const link = (body: object, token = full) => app.http.post('/management/links').set(bearer(token)).send(body);
  return { ...shop, full, link };
}

describe('POST /management/links', () => {
  it('makes a signed link for a product: its content id and tier, the expiry and use limit asked for, the page with service_token', async () => {
    const shop = await givenLinkShop();
    const res = await shop.link({ sku: 'story', expiresAt: inDays(2), maxUses: 2, url: 'https://news.example.com/story?x=1' });
    expect(res.status).toBe(201);
    const token = res.body.token as string;
    expect(res.body).toEqual({
      id: expect.stringMatching(/^link_[0-9a-f]{32}$/),
      token: expect.any(String),
      url: `https://news.example.com/story?x=1&service_token=${token}`,
      sku: 'story',
      contentId: ecdh.resourceId,
      tier: 'premium',
      maxUses: 2,
      expiresAt: inDays(2),
      createdAt: NOW.toISOString(),
    });
    expect(decodeJwt(token)).toMatchObject({ iss: shop.vendorId, tid: res.body.id, contentId: ecdh.resourceId, tier: 'premium', maxUses: 2, exp: Date.parse(inDays(2)) / 1000 });
    const verified = await app.http.post(`/capsule/vendors/${shop.vendorId}/verify`).send({ token });
    expect(verified.body).toMatchObject({ valid: true, payload: { tid: res.body.id, maxUses: 2 } });

    // Redeemed at unlock: twice, then used up.
    expect((await shop.unlock(unlockBody(token))).status).toBe(200);
    expect((await shop.unlock(unlockBody(token))).status).toBe(200);
    expectProblem(await shop.unlock(unlockBody(token)), 403, 'CAPSULE.SHARE_TOKEN.USED_UP');
  });

  it('names content by contentId (tier premium unless given), has no limit without maxUses, and lives a week by default', async () => {
    const shop = await givenLinkShop();
    const res = await shop.link({ contentId: ecdh.resourceId });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ sku: null, url: null, tier: 'premium', maxUses: null, expiresAt: inDays(7) });
    for (let i = 0; i < 3; i++) expect((await shop.unlock(unlockBody(res.body.token as string))).status).toBe(200);
    // A link for another tier opens nothing of this resource's premium items.
    const other = await shop.link({ contentId: ecdh.resourceId, tier: 'gold' });
    expect(other.body.tier).toBe('gold');
    expect((await shop.unlock(unlockBody(other.body.token as string))).status).toBe(403);
    // Past its end it is refused.
    app.clock.set(new Date(Date.parse(inDays(7)) + 1000));
    expectProblem(await shop.unlock(unlockBody(res.body.token as string)), 403);
  });

  it('refuses bad requests with 400, an unknown product with 404, and asks for links:create', async () => {
    const shop = await givenLinkShop();
    expectProblem(await shop.link({}), 400, 'LINK.INVALID');
    expectProblem(await shop.link({ sku: 'story', expiresAt: inDays(-1) }), 400, 'LINK.INVALID');
    expectProblem(await shop.link({ sku: 'story', expiresAt: inDays(400) }), 400, 'LINK.INVALID');
    expectProblem(await shop.link({ sku: 'story', expiresAt: 'next week' }), 400);
    expectProblem(await shop.link({ sku: 'story', maxUses: 0 }), 400);
    expectProblem(await shop.link({ sku: 'story', maxUses: 1.5 }), 400);
    expectProblem(await shop.link({ sku: 'story', url: 'javascript:alert(1)' }), 400, 'LINK.INVALID');
    expectProblem(await shop.link({ sku: 'story', url: '/relative' }), 400, 'LINK.INVALID');
    expectProblem(await shop.link({ sku: 'story', tier: 'no spaces' }), 400);
    expectProblem(await shop.link({ sku: 'story', extra: true }), 400);
    expectProblem(await shop.link({ sku: 'nothing' }), 404, 'PRODUCT.NOT_FOUND');
    // `news` has no publisherContentId: the content must be named.
    expectProblem(await shop.link({ sku: 'news' }), 400, 'LINK.INVALID');
    expect((await shop.link({ sku: 'news', contentId: ecdh.resourceId })).body).toMatchObject({ sku: 'news', tier: 'premium' });

    expectProblem(await shop.link({ sku: 'story' }, await shop.apiToken('read')), 403);
    expectProblem(await app.http.post('/management/links').send({ sku: 'story' }), 401);
    // Another vendor's product is not found; its link does not open this vendor's content.
    const other = await givenVendor(app);
    const otherFull = await other.apiToken('full');
    expectProblem(await shop.link({ sku: 'story' }, otherFull), 404, 'PRODUCT.NOT_FOUND');
    const foreign = await shop.link({ contentId: ecdh.resourceId }, otherFull);
    expect(foreign.status).toBe(201);
    expectProblem(await shop.unlock(unlockBody(foreign.body.token as string)), 403);
  });

  itOnPostgres('a link with maxUses 1 redeemed by 12 parallel unlocks opens the content exactly once', async () => {
    const shop = await givenLinkShop();
    const res = await shop.link({ sku: 'story', maxUses: 1 });
    const token = res.body.token as string;
    const answers = await Promise.all(Array.from({ length: 12 }, () => shop.unlock(unlockBody(token)).then((r) => r)));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.filter((s) => s === 403)).toHaveLength(11);
    expect(new Set(answers.filter((r) => r.status === 403).map((r) => r.body.code))).toEqual(new Set(['CAPSULE.SHARE_TOKEN.USED_UP']));
    const [row] = await app.runtime.database.db.query(`SELECT uses FROM capsule_token_uses WHERE vendor_id = $1 AND jti = $2`, [shop.vendorId, `link:${res.body.id as string}`]);
    expect(row.uses).toBe(1);
  });
});
