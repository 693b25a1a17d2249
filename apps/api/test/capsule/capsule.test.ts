import { SignedLinkSigner } from '../../src/capsule/signed-links';
import { TypeOrmShareTokenUseCounter } from '../../src/capsule/typeorm-capsule.stores';
import { exportSPKI, generateKeyPair, SignJWT } from 'jose';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { capsuleShop, decrypt, fixture, interopVendor, KEYS, ManifestFixture, MANIFESTS, publisherSigned, renderedAt, requestFrom } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ecdh = fixture<ManifestFixture>('js-rendered-manifest-ecdh.json');
const rich = fixture<ManifestFixture>('js-rendered-manifest-rich.json');
const shareTokens = fixture<{ tokens: { contentNames: string; scopes: string } }>('js-rendered-share-tokens.json').tokens;
const NOW = renderedAt(ecdh.manifest);
const seconds = (d: Date) => Math.floor(d.getTime() / 1000);
// The manifest's entry as the browser copies it (issuer kid, contentKey wrapped for it, wrap keys).
const body = requestFrom(ecdh.manifest)[0];
const sidebar = { ...body, contentName: 'sidebar' };

/** A publisher share token for a resource, signed with the fixture publisher key. */
const shareFor = (resourceId: string, claims: Record<string, unknown> = {}) =>
  publisherSigned({
    type: 'dca-share',
    domain: KEYS.domain,
    resourceId,
    scopes: ['premium'],
    iat: seconds(NOW),
    exp: seconds(NOW) + 3600,
    jti: `j-${resourceId}-${Math.random().toString(36).slice(2)}`,
    ...claims,
  });

const expectProblem = (res: { status: number; body: Record<string, unknown>; headers: Record<string, string> }, status: number, code: string) => {
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
};

beforeEach(() => app.clock.set(new Date()));

describe.each(['hosted', 'issuer-wrapped'] as const)('every fixture manifest unlocks with a share token through HTTP (%s)', (mode) => {
  it.each(MANIFESTS)('%s: content keys, which decrypt to its plaintext', async (file) => {
    const f = fixture<ManifestFixture>(file);
    const vendor = await interopVendor(app, mode);
    app.clock.set(renderedAt(f.manifest));
    const keys = requestFrom(f.manifest);
    const res = await vendor.unlock({ resourceJWT: f.manifest.resourceJWT, keys, shareToken: await shareFor(f.resourceId) });
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.keys.map((k: { contentName: string }) => k.contentName)).toEqual(keys.map((k) => k.contentName));
    for (const entry of res.body.keys) {
      // A share token is answered directly: the content key, never the tier's wrap keys.
      expect(Object.keys(entry).sort()).toEqual(['contentKey', 'contentName', 'scope']);
      expect(await decrypt(f.manifest, entry)).toBe(entry.contentName === 'sidebar' ? f.sidebarPlaintext : f.plaintext);
    }
  });
});

describe('share tokens of the fixtures', () => {
  it('the contentNames token unlocks bodytext and nothing else', async () => {
    const vendor = await interopVendor(app);
    app.clock.set(NOW);
    const res = await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [body, sidebar], shareToken: shareTokens.contentNames });
    expect(res.status).toBe(200);
    expect(res.body.keys.map((k: { contentName: string }) => k.contentName)).toEqual(['bodytext']);
    expect(await decrypt(ecdh.manifest, res.body.keys[0])).toBe(ecdh.plaintext);
    const none = await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [sidebar], shareToken: shareTokens.contentNames });
    expectProblem(none, 403, 'CAPSULE.NOTHING_GRANTED');
    expect(none.body.detail).toMatch(/share token/);
  });

  it('the scopes token unlocks every premium item of its resource, and no other resource', async () => {
    const vendor = await interopVendor(app);
    app.clock.set(NOW);
    const res = await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [body, sidebar], shareToken: shareTokens.scopes });
    expect(res.body.keys.map((k: { contentName: string }) => k.contentName)).toEqual(['bodytext', 'sidebar']);
    const other = await vendor.unlock({ resourceJWT: rich.manifest.resourceJWT, keys: [body], shareToken: shareTokens.scopes });
    expectProblem(other, 403, 'CAPSULE.SHARE_TOKEN.WRONG_RESOURCE');
  });

  it('maxUses 5: five unlocks, then a refusal; refused unlocks spend nothing', async () => {
    const vendor = await interopVendor(app);
    app.clock.set(NOW);
    const run = (keys: object[]) => vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys, shareToken: shareTokens.contentNames });
    expect((await run([sidebar])).status).toBe(403);
    for (let i = 0; i < 5; i += 1) expect((await run([body])).status).toBe(200);
    expectProblem(await run([body]), 403, 'CAPSULE.SHARE_TOKEN.USED_UP');
    const uses = app.runtime.container.get(TypeOrmShareTokenUseCounter);
    expect(await uses.uses(vendor.vendorId, 'c5e3c977ed4c48403e8b907aaf15e157')).toBe(5);
  });

  it('an expired share token is refused', async () => {
    const vendor = await interopVendor(app);
    app.clock.set(new Date(1777727916 * 1000));
    const res = await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [body], shareToken: shareTokens.contentNames });
    expectProblem(res, 403, 'CAPSULE.SHARE_TOKEN.EXPIRED');
  });
});

describe('refusals', () => {
  it('a tampered scope is refused', async () => {
    const vendor = await interopVendor(app);
    app.clock.set(NOW);
    const res = await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [{ ...body, scope: 'free' }], shareToken: shareTokens.scopes });
    expectProblem(res, 403, 'CAPSULE.SCOPE_NOT_IN_RESOURCE');
  });

  it('a tampered, foreign or expired resourceJWT is refused', async () => {
    const vendor = await interopVendor(app);
    app.clock.set(NOW);
    const [h, p, s] = ecdh.manifest.resourceJWT.split('.');
    const claims = JSON.parse(Buffer.from(p, 'base64url').toString());
    const forged = `${h}.${Buffer.from(JSON.stringify({ ...claims, scopes: ['free'] })).toString('base64url')}.${s}`;
    const share = await shareFor('article-interop-1');
    expectProblem(await vendor.unlock({ resourceJWT: forged, keys: [body], shareToken: share }), 403, 'CAPSULE.RESOURCE_JWT.BAD_SIGNATURE');
    const foreign = await publisherSigned({ ...claims, iss: 'elsewhere.example.net' });
    expectProblem(await vendor.unlock({ resourceJWT: foreign, keys: [body], shareToken: share }), 403, 'CAPSULE.RESOURCE_JWT.FOREIGN_ISSUER');
    const expired = await publisherSigned({ ...claims, exp: seconds(NOW) - 1 });
    expectProblem(await vendor.unlock({ resourceJWT: expired, keys: [body], shareToken: share }), 403, 'CAPSULE.RESOURCE_JWT.EXPIRED');
    expectProblem(await vendor.unlock({ resourceJWT: 'not-a-jwt', keys: [body], shareToken: share }), 403, 'CAPSULE.RESOURCE_JWT.MALFORMED');
  });

  it("kids outside the rotation window get no wrap key; a share token's content key has no time limit", async () => {
    app.clock.set(NOW);
    const vendor = await capsuleShop(app);
    const reader = bearer((await vendor.subscriber()).token);
    const later = { ...body, wrapKeys: [{ kid: '260502T15' }, { kid: '260503T12' }] };
    expectProblem(await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [later] }, reader), 403, 'CAPSULE.KID_OUTSIDE_WINDOW');
    const mixed = { ...body, wrapKeys: [{ kid: '260502T12' }, { kid: '260502T14' }] };
    const res = await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [mixed] }, reader);
    expect(res.body.keys[0].wrapKeys.map((w: { kid: string }) => w.kid)).toEqual(['260502T12']);
    const direct = await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [later], shareToken: shareTokens.scopes });
    expect(await decrypt(ecdh.manifest, direct.body.keys[0])).toBe(ecdh.plaintext);
  });

  it("another vendor's publisher key and domain do not open this vendor", async () => {
    const mine = await interopVendor(app);
    const other = await givenVendor(app);
    const otherToken = await other.apiToken('full');
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    await app.http
      .post('/management/capsule/publisher-keys')
      .set(bearer(otherToken))
      .send({ kid: 'other-key', publicKeyPem: await exportSPKI(publicKey) })
      .expect(201);
    await app.http.post('/management/capsule/domains').set(bearer(otherToken)).send({ domain: KEYS.domain }).expect(201);
    await app.http.post('/management/capsule/rotation-secret').set(bearer(otherToken)).send({}).expect(201);
    app.clock.set(NOW);
    const claims = { iss: KEYS.domain, sub: 'article-interop-1', iat: seconds(NOW), scopes: ['premium'] };
    const theirs = await new SignJWT(claims).setProtectedHeader({ alg: 'ES256', kid: 'other-key' }).sign(privateKey);
    const theirShare = await new SignJWT({ type: 'dca-share', domain: KEYS.domain, resourceId: 'article-interop-1', scopes: ['premium'], iat: seconds(NOW), exp: seconds(NOW) + 60, jti: 'x' })
      .setProtectedHeader({ alg: 'ES256', kid: 'other-key' })
      .sign(privateKey);
    // Their resource at my address, my resource with their share token, my resource at their address.
    expectProblem(await mine.unlock({ resourceJWT: theirs, keys: [body], shareToken: await shareFor('article-interop-1') }), 403, 'CAPSULE.RESOURCE_JWT.UNKNOWN_KEY');
    expectProblem(await mine.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [body], shareToken: theirShare }), 403, 'CAPSULE.SHARE_TOKEN.UNKNOWN_KEY');
    const atTheirs = await app.http
      .post(`/capsule/vendors/${other.vendorId}/unlock`)
      .send({ resourceJWT: ecdh.manifest.resourceJWT, keys: [body], shareToken: shareTokens.scopes });
    expectProblem(atTheirs, 403, 'CAPSULE.RESOURCE_JWT.UNKNOWN_KEY');
    // Management: their token never sees or deletes my keys.
    app.clock.set(new Date());
    expectProblem(await app.http.delete(`/management/capsule/publisher-keys/${KEYS.signingKid}`).set(bearer(otherToken)), 404, 'CAPSULE.KEY_NOT_FOUND');
    expectProblem(await app.http.delete(`/management/capsule/issuer-keys/${KEYS.ecdhIssuerKid}`).set(bearer(otherToken)), 404, 'CAPSULE.KEY_NOT_FOUND');
  });

  it('unknown vendors are 404 on every public route; malformed bodies are 400', async () => {
    expectProblem(await app.http.get('/capsule/vendors/nobody/.well-known/jwks.json'), 404, 'CAPSULE.VENDOR_NOT_FOUND');
    expectProblem(await app.http.post('/capsule/vendors/nobody/unlock').send({ resourceJWT: 'x', keys: [] }), 404, 'CAPSULE.VENDOR_NOT_FOUND');
    expectProblem(await app.http.post('/capsule/vendors/nobody/verify').send({ token: 'x' }), 404, 'CAPSULE.VENDOR_NOT_FOUND');
    const vendor = await interopVendor(app);
    expectProblem(await vendor.unlock({ keys: [body] }), 400, 'REQUEST.INVALID');
    expectProblem(await vendor.unlock({ resourceJWT: 'x', keys: [{ ...body, wrapKeys: 'no' }] }), 400, 'REQUEST.INVALID');
    // Members the service does not know are ignored (browsers merge page fields into the request), never a 400.
    expectProblem(await vendor.unlock({ resourceJWT: 'x', keys: [{ ...body, extra: 1 }], extra: 1, accessType: 'x' }), 403, 'CAPSULE.RESOURCE_JWT.MALFORMED');
    const bad = await app.http.post(`/capsule/vendors/${vendor.vendorId}/unlock`).set('Content-Type', 'application/json').send('{"resourceJWT":');
    expectProblem(bad, 400, 'REQUEST.MALFORMED_BODY');
  });

  it('without a share token nothing is granted; a reader token of another vendor is refused', async () => {
    const vendor = await interopVendor(app);
    const other = await givenVendor(app);
    app.clock.set(NOW);
    expectProblem(await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [body] }), 403, 'CAPSULE.NOTHING_GRANTED');
    app.clock.set(new Date());
    // A reader of the vendor holds no scope until entitlements exist.
    expectProblem(await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [body] }, bearer(vendor.staffToken)), 403, 'CAPSULE.NOTHING_GRANTED');
    expectProblem(await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [body] }, bearer(other.staffToken)), 401, 'AUTH.INVALID_TOKEN');
    expectProblem(await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [body] }, { Authorization: 'Basic x' }), 401, 'AUTH.MALFORMED_HEADER');
  });
});

describe('signed links, verify and JWKS', () => {
  it('publishes the service signing key (use sig) beside the issuer keys, public members only', async () => {
    const vendor = await interopVendor(app);
    const res = await app.http.get(`/capsule/vendors/${vendor.vendorId}/.well-known/jwks.json`);
    expect(res.status).toBe(200);
    const signing = (body: { keys: { use: string; kid: string }[] }) => body.keys.filter((k) => k.use === 'sig');
    expect(signing(res.body)).toEqual([{ kty: 'EC', crv: 'P-256', x: expect.any(String), y: expect.any(String), kid: expect.stringMatching(/^svc-/), use: 'sig', alg: 'ES256' }]);
    expect(res.body.keys.map((k: { kid: string }) => k.kid)).toEqual([signing(res.body)[0].kid, KEYS.ecdhIssuerKid, KEYS.rsaIssuerKid]);
    expect(JSON.stringify(res.body)).not.toMatch(/"d":/);
    await app.http.post('/management/capsule/service-keys/rotate').set(bearer(vendor.token)).expect(201);
    expect(signing((await app.http.get(`/capsule/vendors/${vendor.vendorId}/.well-known/jwks.json`)).body)).toHaveLength(2);
  });

  it('verifies valid, expired, forged and malformed tokens; consumes nothing', async () => {
    const vendor = await interopVendor(app);
    const signer = app.runtime.container.get(SignedLinkSigner);
    const claims = { iss: vendor.vendorId, tier: 'premium', contentId: 'article-rich-1', tid: 't-1', url: 'https://x.example/a', userId: 'u-1', maxUses: 1, meta: { a: 'b' } };
    const token = await signer.sign(vendor.vendorId, claims, 600);
    const verify = (t: unknown) => app.http.post(`/capsule/vendors/${vendor.vendorId}/verify`).send({ token: t });
    for (let i = 0; i < 2; i += 1) {
      const ok = await verify(token);
      expect(ok.status).toBe(200);
      expect(ok.body).toEqual({ valid: true, message: 'token is valid', payload: { ...claims, iat: expect.any(Number), exp: expect.any(Number) } });
    }
    const [h, p] = token.split('.');
    const { privateKey } = await generateKeyPair('ES256');
    const forged = `${h}.${p}.${(await new SignJWT(claims).setProtectedHeader(JSON.parse(Buffer.from(h, 'base64url').toString())).sign(privateKey)).split('.')[2]}`;
    expect((await verify(forged)).body).toMatchObject({ valid: false, payload: null, message: 'token signature is invalid' });
    expect((await verify('garbage')).body).toMatchObject({ valid: false, payload: null });
    app.clock.set(new Date(app.clock.now().getTime() + 601_000));
    expect((await verify(token)).body).toMatchObject({ valid: false, message: 'token has expired', payload: null });
    expectProblem(await verify(42), 400, 'REQUEST.INVALID');
    expectProblem(await app.http.post(`/capsule/vendors/${vendor.vendorId}/verify`).send({}), 400, 'REQUEST.INVALID');
  });

  it("a signed link unlocks its tier's items of its content (content keys), up to its maxUses", async () => {
    const vendor = await interopVendor(app);
    app.clock.set(NOW);
    const signer = app.runtime.container.get(SignedLinkSigner);
    const claims = { iss: vendor.vendorId, tier: 'premium', contentId: 'article-rich-1', tid: 'link-1', url: '', userId: '', maxUses: 1, meta: {} };
    const link = await signer.sign(vendor.vendorId, claims, 600);
    const keys = requestFrom(rich.manifest);
    const res = await vendor.unlock({ resourceJWT: rich.manifest.resourceJWT, keys, shareToken: link });
    expect(res.status).toBe(200);
    expect(res.body.keys[0]).not.toHaveProperty('wrapKeys'); // a link for one article never releases the tier's key
    expect(await decrypt(rich.manifest, res.body.keys[0])).toBe(rich.plaintext);
    expectProblem(await vendor.unlock({ resourceJWT: rich.manifest.resourceJWT, keys, shareToken: link }), 403, 'CAPSULE.SHARE_TOKEN.USED_UP');
    const elsewhere = await vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [body], shareToken: await signer.sign(vendor.vendorId, { ...claims, tid: 'link-2' }, 600) });
    expectProblem(elsewhere, 403, 'CAPSULE.SHARE_TOKEN.WRONG_RESOURCE');
  });
});

describe('management', () => {
  it('needs products:write to change and products:read to look; never shows a secret after creation', async () => {
    const vendor = await interopVendor(app);
    const read = await vendor.apiToken('read');
    expectProblem(await app.http.post('/management/capsule/rotation-secret').set(bearer(read)).send({}), 403, 'AUTH.INSUFFICIENT_SCOPE');
    expectProblem(await app.http.post('/management/capsule/rotation-secret').send({}), 401, 'AUTH.MISSING_TOKEN');
    const shown = await app.http.get('/management/capsule').set(bearer(read));
    expect(shown.status).toBe(200);
    expect(shown.body).toMatchObject({ mode: 'hosted', domains: [KEYS.domain], rotationSecret: { version: 1, previousValidUntil: null } });
    expect(shown.body.publisherKeys[0]).toMatchObject({ kid: KEYS.signingKid, kty: 'EC', crv: 'P-256' });
    expect(shown.body.issuerKeys.map((k: { kid: string }) => k.kid)).toEqual([KEYS.ecdhIssuerKid, KEYS.rsaIssuerKid]);
    expect(JSON.stringify(shown.body)).not.toContain(KEYS.rotationSecretBase64.slice(0, 20));
    expect(JSON.stringify(shown.body)).not.toMatch(/"d":/);
    const fresh = await givenVendor(app);
    expectProblem(await app.http.get('/management/capsule').set(bearer(await fresh.apiToken('read'))), 404, 'CAPSULE.NOT_CONFIGURED');
  });

  it('refuses bad key material and duplicate kids with exact problems', async () => {
    const vendor = await interopVendor(app);
    const post = vendor.post;
    expectProblem(await post('/publisher-keys', { kid: KEYS.signingKid, publicKeyPem: KEYS.publisherSigningPublicKeyPem }), 409, 'CAPSULE.PUBLISHER_KEY_EXISTS');
    expectProblem(await post('/publisher-keys', { kid: 'k2', publicKeyPem: 'nope' }), 400, 'CAPSULE.BAD_PUBLISHER_KEY');
    expectProblem(await post('/publisher-keys', { kid: 'bad kid!', publicKeyPem: 'nope' }), 400, 'REQUEST.INVALID');
    expectProblem(await post('/rotation-secret/import', { rotationSecret: 'c2hvcnQ' }), 400, 'CAPSULE.BAD_ROTATION_SECRET');
    expectProblem(await post('/issuer-keys', { kid: 'i3', algorithm: 'RSA-OAEP', privateKeyPem: KEYS.ecdhIssuerPrivateKeyPem }), 400, 'CAPSULE.BAD_ISSUER_KEY');
    expectProblem(await post('/issuer-keys', { kid: KEYS.rsaIssuerKid, algorithm: 'RSA-OAEP', privateKeyPem: KEYS.rsaIssuerPrivateKeyPem }), 409, 'CAPSULE.ISSUER_KEY_EXISTS');
    expectProblem(await post('/domains', { domain: 'not a host' }), 400, 'CAPSULE.BAD_DOMAIN');
    const generated = await post('/issuer-keys', { kid: 'iss-gen', algorithm: 'ECDH-P256' });
    expect(generated.status).toBe(201);
    expect(generated.body.publicKeyPem).toMatch(/BEGIN PUBLIC KEY/);
    expect(generated.body.publicJwk.d).toBeUndefined();
    // An active key may still be wrapped for: retire first, then delete.
    expectProblem(await app.http.delete('/management/capsule/issuer-keys/iss-gen').set(bearer(vendor.token)), 409, 'CAPSULE.ISSUER_KEY_ACTIVE');
    await app.http.post('/management/capsule/issuer-keys/iss-gen/retire').set(bearer(vendor.token)).expect(200);
    await app.http.delete('/management/capsule/issuer-keys/iss-gen').set(bearer(vendor.token)).expect(204);
    await app.http.delete(`/management/capsule/domains/${KEYS.domain}`).set(bearer(vendor.token)).expect(204);
    expectProblem(await app.http.delete(`/management/capsule/domains/${KEYS.domain}`).set(bearer(vendor.token)), 404, 'CAPSULE.KEY_NOT_FOUND');
  });

  it('rotation keeps the previous secret honoured during the overlap, then only the new one', async () => {
    app.clock.set(NOW);
    const vendor = await capsuleShop(app);
    const reader = bearer((await vendor.subscriber()).token);
    const rotated = await vendor.post('/rotation-secret', { overlapSeconds: 600 });
    expect(rotated.status).toBe(201);
    expect(rotated.body).toMatchObject({ version: 2, previousValidUntil: new Date(NOW.getTime() + 600_000).toISOString() });
    expect(Buffer.from(rotated.body.rotationSecret, 'base64url')).toHaveLength(32);
    const run = () => vendor.unlock({ resourceJWT: ecdh.manifest.resourceJWT, keys: [body] }, reader);
    const during = await run();
    expect(during.body.keys[0].wrapKeys.map((w: { kid: string }) => w.kid)).toEqual(['260502T12', '260502T12', '260502T13', '260502T13']);
    expect(await decrypt(ecdh.manifest, during.body.keys[0])).toBe(ecdh.plaintext); // rendered with the previous secret
    app.clock.set(new Date(NOW.getTime() + 601_000));
    const after = await run();
    expect(after.body.keys[0].wrapKeys).toHaveLength(2);
    await expect(decrypt(ecdh.manifest, after.body.keys[0])).rejects.toThrow(/no matching wrapKey/);
  });
});
