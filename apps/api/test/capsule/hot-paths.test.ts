import { bearer, onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { withinASecond } from '../support/polling';
import { cacheSettled, statementsOf } from '../support/statements';
import { capsuleShop, fixture, KEYS, ManifestFixture, publisherSigned, renderedAt, requestFrom } from './support';

/*
 * Issue 17: a warm unlock reads only what is per reader. The vendor's capsule
 * settings, keys (opened and imported) and product-scope mapping come from
 * the configuration cache, which every change empties, in this process at
 * once and in the others when it commits.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ecdh = fixture<ManifestFixture>('js-rendered-manifest-ecdh.json');
const NOW = renderedAt(ecdh.manifest);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
/** The manifest's entries as the browser copies them (issuer blobs included, which issuer-wrapped mode opens). */
const keys = requestFrom(ecdh.manifest);
const unlockBody = (extra: object = {}) => ({ resourceJWT: ecdh.manifest.resourceJWT, keys, ...extra });
const shareToken = (claims: Record<string, unknown> = {}) =>
  publisherSigned({
    type: 'dca-share',
    domain: KEYS.domain,
    resourceId: ecdh.resourceId,
    scopes: ['premium'],
    iat: seconds(NOW),
    exp: seconds(NOW) + 3600,
    jti: `hot-${Math.random().toString(36).slice(2)}`,
    ...claims,
  });

beforeEach(() => app.clock.set(NOW));

describe('unlock: statements per request once the configuration cache is warm', () => {
  it.each(['hosted', 'issuer-wrapped'] as const)(
    '%s: a reader takes one statement (the entitlements), a limited share token one (its use), both two, an unlimited token none',
    async (mode) => {
      const shop = await capsuleShop(app, mode);
      const reader = await shop.subscriber();
      // Holds an entitlement, but for another article: nothing of this resource.
      const otherArticle = await shop.articleBuyer('another-article');
      await cacheSettled(app);
      // Warm up: the first unlock of a vendor loads its keys and mapping; identity checks a reader's
      // liveness once every few seconds (its own cache, per reader), so each reader is seen once first.
      await shop.unlock(unlockBody(), bearer(reader.token)).expect(200);
      await shop.unlock(unlockBody(), bearer(otherArticle.token)).expect(403);
      const cases: [string, () => Promise<unknown>, RegExp[]][] = [
        ['reader of the tier', () => shop.unlock(unlockBody(), bearer(reader.token)).expect(200), [/FROM entitlements/]],
        ['reader, the same again', () => shop.unlock(unlockBody(), bearer(reader.token)).expect(200), [/FROM entitlements/]],
        [
          'share token with maxUses',
          async () => shop.unlock(unlockBody({ shareToken: await shareToken({ maxUses: 3 }) })).expect(200),
          [/^INSERT INTO capsule_token_uses/],
        ],
        ['share token without a limit', async () => shop.unlock(unlockBody({ shareToken: await shareToken() })).expect(200), []],
        [
          'a reader the share token with maxUses opens for',
          async () => shop.unlock(unlockBody({ shareToken: await shareToken({ maxUses: 3 }) }), bearer(otherArticle.token)).expect(200),
          [/FROM entitlements/, /^INSERT INTO capsule_token_uses/],
        ],
      ];
      for (const [name, request, expected] of cases) {
        const statements = await statementsOf(request);
        expect({ name, statements }).toEqual({ name, statements: expected.map((pattern) => expect.stringMatching(pattern)) });
      }
      // After a change of the keys, the first unlock loads the vendor in one statement (and the mapping in one).
      await shop.post('/domains', { domain: 'other.example.com' }).expect(201);
      await cacheSettled(app);
      expect(await statementsOf(() => shop.unlock(unlockBody(), bearer(reader.token)).expect(200))).toEqual([
        expect.stringMatching(/^SELECT s\.mode, .* FROM capsule_settings s WHERE s\.vendor_id = \$1$/),
        expect.stringMatching(/FROM entitlements/),
        expect.stringMatching(/FROM capsule_product_scopes/),
      ]);
    },
  );

  it('the JWKS and verify routes read nothing once warm', async () => {
    const shop = await capsuleShop(app);
    await cacheSettled(app);
    await app.http.get(`/capsule/vendors/${shop.vendorId}/.well-known/jwks.json`).expect(200);
    expect(await statementsOf(() => app.http.get(`/capsule/vendors/${shop.vendorId}/.well-known/jwks.json`).expect(200))).toEqual([]);
    expect(await statementsOf(() => app.http.post(`/capsule/vendors/${shop.vendorId}/verify`).send({ token: 'not.a.token' }).expect(200))).toEqual([]);
  });
});

describe('a change is seen by the next unlock of this process', () => {
  it('the product-scope mapping, domains, the rotation secret and publisher keys', async () => {
    const shop = await capsuleShop(app);
    const reader = await shop.subscriber();
    const asReader = () => shop.unlock(unlockBody(), bearer(reader.token));
    const manage = (method: 'put' | 'delete', path: string, body?: object) =>
      app.http[method](`/management/capsule${path}`).set(bearer(shop.token)).send(body);
    expect((await asReader()).status).toBe(200);
    await manage('put', '/product-scopes/news', { scopes: ['gold'] }).expect(200);
    expect((await asReader()).body.code).toBe('CAPSULE.NOTHING_GRANTED');
    await manage('put', '/product-scopes/news', { scopes: ['premium'] }).expect(200);
    expect((await asReader()).status).toBe(200);
    await manage('delete', `/domains/${KEYS.domain}`).expect(204);
    expect((await asReader()).body.code).toBe('CAPSULE.RESOURCE_JWT.FOREIGN_ISSUER');
    await shop.post('/domains', { domain: KEYS.domain }).expect(201);
    const before = await asReader();
    expect(before.status).toBe(200);
    // A new secret with no overlap: the next answer's wrap keys are derived from it.
    await shop.post('/rotation-secret', { overlapSeconds: 0 }).expect(201);
    const after = await asReader();
    expect(after.status).toBe(200);
    expect(after.body.keys[0].wrapKeys).not.toEqual(before.body.keys[0].wrapKeys);
    await manage('delete', `/publisher-keys/${KEYS.signingKid}`).expect(204);
    expect((await asReader()).body.code).toBe('CAPSULE.RESOURCE_JWT.UNKNOWN_KEY');
  });
});

// A second app on the same database is a second process as far as caches go: its own container, cache and connections.
const onPostgres = onRealPostgres() ? it : it.skip;

describe('unlock sees a change made by another process within a second', () => {
  onPostgres('the mapping, a publisher key and a domain (by route and by plain SQL)', async () => {
    const other = await startTestApp();
    try {
      other.clock.set(NOW);
      const shop = await capsuleShop(app);
      const reader = await shop.subscriber();
      const status = async () => {
        const res = await shop.unlock(unlockBody(), bearer(reader.token));
        return res.status === 200 ? 'open' : String(res.body.code);
      };
      const manage = (method: 'put' | 'delete', path: string, body?: object) =>
        other.http[method](`/management/capsule${path}`).set(bearer(shop.token)).send(body);
      // Both processes have the vendor cached.
      expect(await status()).toBe('open');
      expect((await other.http.post(`/capsule/vendors/${shop.vendorId}/unlock`).set(bearer(reader.token)).send(unlockBody())).status).toBe(200);

      await manage('put', '/product-scopes/news', { scopes: ['gold'] }).expect(200);
      expect(await withinASecond(status, 'CAPSULE.NOTHING_GRANTED')).toBe('CAPSULE.NOTHING_GRANTED');
      await manage('put', '/product-scopes/news', { scopes: ['premium'] }).expect(200);
      expect(await withinASecond(status, 'open')).toBe('open');

      await manage('delete', `/publisher-keys/${KEYS.signingKid}`).expect(204);
      expect(await withinASecond(status, 'CAPSULE.RESOURCE_JWT.UNKNOWN_KEY')).toBe('CAPSULE.RESOURCE_JWT.UNKNOWN_KEY');
      await other.http
        .post('/management/capsule/publisher-keys')
        .set(bearer(shop.token))
        .send({ kid: KEYS.signingKid, publicKeyPem: KEYS.publisherSigningPublicKeyPem })
        .expect(201);
      expect(await withinASecond(status, 'open')).toBe('open');

      // Written past the service (an operator with psql): the table's trigger announces it.
      await other.runtime.database.db.query(`DELETE FROM capsule_publisher_domains WHERE vendor_id = $1`, [shop.vendorId]);
      expect(await withinASecond(status, 'CAPSULE.RESOURCE_JWT.FOREIGN_ISSUER')).toBe('CAPSULE.RESOURCE_JWT.FOREIGN_ISSUER');
    } finally {
      await other.close();
    }
  });
});
