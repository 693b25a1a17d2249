import { createPrivateKey, createPublicKey, generateKeyPairSync } from 'node:crypto';
import { CapsuleManifest, openItem, openPage, publisherWrapTargets } from '@kiosk/domain/capsule';
import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { decodeJwt } from 'jose';
import { BrowserCookies } from '../../src/identity/browser/browser-session';
import { TypeOrmShareTokenUseCounter } from '../../src/capsule/typeorm-capsule.stores';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { capsuleShop, fixture, KEYS, Manifest, MANIFESTS, ManifestFixture, requestFrom } from './support';

/*
 * The protocol's direct delivery, client-bound transport and issuer key
 * publication, proven with the reference's own fixtures through the HTTP
 * route, with the service's clock at the fixtures' time.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture JSON
type Json = any;
const direct = fixture<Json>('js-rendered-direct-manifest.json');
const share = fixture<Json>('js-rendered-direct-share-unlock.json');
const bound = fixture<Json>('js-rendered-client-bound-unlock.json');
const jwksFixture = fixture<Json>('js-rendered-direct-issuer-jwks.json');
const NOW = new Date(direct.clock);
const manifest = direct.manifest as Manifest;
const page = manifest as unknown as CapsuleManifest;
const hex = (b64url: string) => Buffer.from(b64url, 'base64url').toString('hex');
const names = (res: { body: { keys: { contentName: string }[] } }) => res.body.keys.map((k) => k.contentName);

type Res = { status: number; body: Record<string, unknown>; headers: Record<string, string> };
const expectProblem = (res: Res, status: number, code: string) => {
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
  expect(res.headers['cache-control']).toBe('no-store');
};
const clientPrivateKey = () =>
  crypto.subtle.importKey('pkcs8', createPrivateKey(bound.client.privateKeyPem).export({ type: 'pkcs8', format: 'der' }), { name: 'RSA-OAEP', hash: 'SHA-256' }, false, [
    'decrypt',
  ]);
const openSealed = async (sealed: string) =>
  Buffer.from(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, await clientPrivateKey(), Buffer.from(sealed, 'base64url'))).toString('hex');

beforeEach(() => app.clock.set(NOW));

describe('direct delivery (js-rendered-direct-manifest.json)', () => {
  it('a reader of the tier gets the content keys of contentKey-only entries (ECDH), exactly the reference answer', async () => {
    const vendor = await capsuleShop(app);
    const reader = bearer((await vendor.subscriber()).token);
    const [ecdhAll, , wrapAsked] = direct.unlocks;
    const res = await vendor.unlock(ecdhAll.request, reader);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body).toEqual(ecdhAll.expectedResponse); // no transport member, no wrapKeys
    for (const entry of res.body.keys) expect(hex(entry.contentKey)).toBe(direct.expectedContentKeysHex[entry.contentName]);
    const opened = await openPage(page, res.body);
    expect(opened).toEqual({ bodytext: { text: direct.plaintexts.bodytext }, sidebar: { text: direct.plaintexts.sidebar } });
    // The reference fails wrap-key delivery for these entries; the service answers the content keys instead (protocol table).
    expect((await vendor.unlock(wrapAsked.request, reader)).body).toEqual(ecdhAll.expectedResponse);
  });

  it('a token for one item gets that item only (RSA entries)', async () => {
    const vendor = await capsuleShop(app);
    const rsaOne = direct.unlocks[1];
    const res = await vendor.unlock({ ...rsaOne.request, shareToken: share.tokens.contentNames });
    expect(res.status).toBe(200);
    expect(res.body).toEqual(rsaOne.expectedResponse);
    expect(await openItem(page, 'bodytext', res.body)).toBe(direct.plaintexts.bodytext);
    await expect(openItem(page, 'sidebar', res.body)).rejects.toMatchObject({ code: 'NO_KEY' });
  });

  it.each(['hosted', 'issuer-wrapped'] as const)('a reader of the tier gets wrap keys for entries that carry them (%s)', async (mode) => {
    const vendor = await capsuleShop(app, mode);
    const reader = bearer((await vendor.subscriber()).token);
    const res = await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: requestFrom(manifest, 'scoped') }, reader);
    expect(res.status).toBe(200);
    expect(names(res)).toEqual(['bodytext', 'sidebar']);
    for (const entry of res.body.keys) {
      expect(entry).not.toHaveProperty('contentKey');
      const raw = Object.fromEntries(entry.wrapKeys.map((w: { kid: string; key: string }) => [w.kid, hex(w.key)]));
      expect(raw).toEqual(direct.expectedWrapKeysHex.premium);
    }
    expect(await openPage(page, res.body)).toEqual({ bodytext: { text: direct.plaintexts.bodytext }, sidebar: { text: direct.plaintexts.sidebar } });
  });

  it('a reader who bought the one article gets content keys, never the wrap keys of its tier', async () => {
    const vendor = await capsuleShop(app);
    const buyer = bearer((await vendor.articleBuyer(direct.resourceId)).token);
    const res = await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: requestFrom(manifest, 'scoped') }, buyer);
    expect(res.status).toBe(200);
    expect(res.body.keys.map((k: object) => Object.keys(k).sort())).toEqual([
      ['contentKey', 'contentName', 'scope'],
      ['contentKey', 'contentName', 'scope'],
    ]);
    expect(await openItem(page, 'sidebar', res.body)).toBe(direct.plaintexts.sidebar);
    // Another article of the same tier stays closed to them.
    const other = fixture<ManifestFixture>('js-rendered-manifest-ecdh.json').manifest;
    expectProblem(await vendor.unlock({ resourceJWT: other.resourceJWT, keys: requestFrom(other) }, buyer), 403, 'CAPSULE.NOTHING_GRANTED');
  });

  it('accessType "article" asks for content keys; unknown members are ignored', async () => {
    const vendor = await capsuleShop(app);
    const reader = bearer((await vendor.subscriber()).token);
    const keys = requestFrom(manifest, 'scoped').map((e) => ({ ...e, pageField: 1 }));
    const res = await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys, accessType: 'article', theme: { dark: true } }, reader);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(direct.unlocks[0].expectedResponse);
  });

  it('an entry without contentName is the item "default"', async () => {
    const vendor = await capsuleShop(app);
    const { contentName: _name, ...entry } = requestFrom(manifest, 'ecdh')[0];
    const reader = bearer((await vendor.subscriber()).token);
    const res = await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: [entry] }, reader);
    expect(res.status).toBe(200);
    expect(res.body.keys).toEqual([{ contentName: 'default', scope: 'premium', contentKey: direct.unlocks[0].expectedResponse.keys[0].contentKey }]);
  });
});

describe('share-token unlocks (js-rendered-direct-share-unlock.json)', () => {
  it.each(share.unlocks.filter((u: Json) => !u.expectedError && !u.issuerOption).map((u: Json) => [u.name, u]) as [string, Json][])('%s', async (_name, unlock: Json) => {
    const vendor = await capsuleShop(app);
    const res = await vendor.unlock(unlock.request);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(unlock.expectedResponse);
    const opened = await openPage(page, res.body);
    for (const { contentName } of unlock.expectedResponse.keys) expect(opened[contentName]).toEqual({ text: direct.plaintexts[contentName] });
    for (const name of Object.keys(opened).filter((n) => !names(res).includes(n))) expect(opened[name]).toMatchObject({ error: { code: 'NO_KEY' } });
  });

  it('wrap-key delivery for share tokens is an issuer option the service does not offer: content keys', async () => {
    const vendor = await capsuleShop(app);
    const withOption = share.unlocks.find((u: Json) => u.issuerOption);
    const res = await vendor.unlock(withOption.request);
    expect(res.body).toEqual(share.unlocks.find((u: Json) => u.token === 'scopes' && !u.issuerOption).expectedResponse);
  });

  it('a token naming no item of the request is refused and spends no use; uses count only when something is granted', async () => {
    const vendor = await capsuleShop(app);
    const noMatch = share.unlocks.find((u: Json) => u.expectedError);
    const refused = await vendor.unlock(noMatch.request);
    expectProblem(refused, 403, 'CAPSULE.NOTHING_GRANTED');
    expect(refused.body).toMatchObject({ contentNames: ['bodytext', 'sidebar'], tokenGrant: { contentNames: ['comments'] } });
    const uses = app.runtime.container.get(TypeOrmShareTokenUseCounter);
    expect(await uses.uses(vendor.vendorId, share.tokenPayloads.noMatch.jti)).toBe(0);
    // The contentNames token (maxUses 3): a request for the other item only spends nothing, then three unlocks, then refused.
    const jti = share.tokenPayloads.contentNames.jti;
    const onlySidebar = { ...share.unlocks[0].request, keys: share.unlocks[0].request.keys.filter((k: Json) => k.contentName === 'sidebar') };
    expectProblem(await vendor.unlock(onlySidebar), 403, 'CAPSULE.NOTHING_GRANTED');
    expect(await uses.uses(vendor.vendorId, jti)).toBe(0);
    for (let i = 0; i < 3; i += 1) expect((await vendor.unlock(share.unlocks[0].request)).status).toBe(200);
    expectProblem(await vendor.unlock(share.unlocks[0].request), 403, 'CAPSULE.SHARE_TOKEN.USED_UP');
    expect(await uses.uses(vendor.vendorId, jti)).toBe(3);
  });
});

describe('client-bound transport (js-rendered-client-bound-unlock.json)', () => {
  it.each(bound.unlocks.map((u: Json) => [u.name, u]) as [string, Json][])('%s', async (_name, unlock: Json) => {
    const vendor = await capsuleShop(app);
    // The direct and wrap-key unlocks came from a reader of the tier; the share-token one is anonymous.
    const headers = unlock.request.shareToken ? {} : bearer((await vendor.subscriber()).token);
    const res = await vendor.unlock(unlock.request, headers);
    expect(res.status).toBe(200);
    expect(res.body.transport).toBe('client-bound');
    expect(names(res)).toEqual(unlock.expectedResponse.keys.map((k: Json) => k.contentName));
    for (const entry of res.body.keys) {
      if (unlock.decryptedContentKeysHex) {
        expect(entry.contentKey).toHaveLength(342);
        expect(await openSealed(entry.contentKey)).toBe(unlock.decryptedContentKeysHex[entry.contentName]);
      } else {
        expect(entry.wrapKeys.map((w: Json) => w.kid)).toEqual(['260502T12', '260502T13']);
        for (const w of entry.wrapKeys) expect(await openSealed(w.key)).toBe(unlock.decryptedWrapKeysHex[entry.contentName][w.kid]);
      }
    }
    const privateKey = await clientPrivateKey();
    for (const { contentName } of res.body.keys) {
      expect(await openItem(page, contentName, res.body, { clientPrivateKey: privateKey })).toBe(bound.plaintexts[contentName]);
    }
  });

  it('an empty clientPublicKey counts as absent', async () => {
    const vendor = await capsuleShop(app);
    const res = await vendor.unlock({ ...share.unlocks[0].request, clientPublicKey: '' });
    expect(res.body).toEqual(share.unlocks[0].expectedResponse);
  });
});

describe('refusals', () => {
  const ecdhEntries = () => requestFrom(manifest, 'ecdh');
  const spki = (key: import('node:crypto').KeyObject) => key.export({ type: 'spki', format: 'der' }).toString('base64url');

  it('duplicate entries (same contentName and kid, the default name included) are a 400', async () => {
    const vendor = await capsuleShop(app);
    const [bodytext] = ecdhEntries();
    const dup = await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: [bodytext, { ...bodytext }], shareToken: share.tokens.scopes });
    expectProblem(dup, 400, 'CAPSULE.DUPLICATE_ENTRY');
    expect(dup.body).toMatchObject({ contentName: 'bodytext', kid: KEYS.ecdhIssuerKid });
    const { contentName: _n, kid: _k, ...bare } = bodytext;
    expectProblem(await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: [bare, { ...bare, contentName: 'default' }] }), 400, 'CAPSULE.DUPLICATE_ENTRY');
    // Same item for two issuer kids is not a duplicate (one entry per issuer key).
    expect((await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: [bodytext, requestFrom(manifest, 'rsa')[0]], shareToken: share.tokens.scopes })).status).toBe(200);
    expectProblem(await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: [] }), 400, 'CAPSULE.NO_KEY_ENTRIES');
  });

  it('an unknown issuer kid opens nothing: 403 naming the kid and item; the known entry of a pair still opens', async () => {
    const vendor = await capsuleShop(app, 'hosted', ['ecdh']);
    const rsaOnly = requestFrom(manifest, 'rsa');
    const res = await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: rsaOnly, shareToken: share.tokens.scopes });
    expectProblem(res, 403, 'CAPSULE.ISSUER_KEY_UNKNOWN');
    expect(res.body).toMatchObject({ kids: [KEYS.rsaIssuerKid], contentNames: ['bodytext', 'sidebar'] });
    const renamed = ecdhEntries().map((e) => ({ ...e, kid: 'iss-gone' }));
    expectProblem(await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: renamed, shareToken: share.tokens.scopes }), 403, 'CAPSULE.ISSUER_KEY_UNKNOWN');
    const uses = app.runtime.container.get(TypeOrmShareTokenUseCounter);
    expect(await uses.uses(vendor.vendorId, share.tokenPayloads.scopes.jti)).toBe(0);
  });

  it('a malformed clientPublicKey, or one that is not RSA, is a 400', async () => {
    const vendor = await capsuleShop(app);
    const request = share.unlocks[0].request;
    const ecKey = spki(createPublicKey(createPrivateKey(KEYS.ecdhIssuerPrivateKeyPem))); // the fixture's rejected case
    for (const clientPublicKey of [ecKey, 'not base64url!', 'AAAA', bound.client.clientPublicKey.slice(0, 100)]) {
      expectProblem(await vendor.unlock({ ...request, clientPublicKey }), 400, 'CAPSULE.BAD_CLIENT_KEY');
    }
    const notString = await vendor.unlock({ ...request, clientPublicKey: 42 });
    expect({ status: notString.status, code: notString.body.code }).toEqual({ status: 400, code: 'REQUEST.INVALID' });
    expect(await app.runtime.container.get(TypeOrmShareTokenUseCounter).uses(vendor.vendorId, share.tokenPayloads.contentNames.jti)).toBe(0);
  });

  it('an RSA key below 2048 bits is a 400', async () => {
    const vendor = await capsuleShop(app);
    const small = spki(generateKeyPairSync('rsa', { modulusLength: 1024 }).publicKey);
    const res = await vendor.unlock({ ...share.unlocks[0].request, clientPublicKey: small });
    expectProblem(res, 400, 'CAPSULE.CLIENT_KEY_SIZE');
    expect(res.body).toMatchObject({ bits: 1024, minBits: 2048, maxBits: 4096 });
  });

  it('a content-name token asking for another item is refused; asked with both, it answers its own item only', async () => {
    const vendor = await capsuleShop(app);
    const [bodytext, sidebar] = ecdhEntries();
    const other = await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: [sidebar], shareToken: share.tokens.contentNames });
    expectProblem(other, 403, 'CAPSULE.NOTHING_GRANTED');
    const both = await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: [sidebar, bodytext], shareToken: share.tokens.contentNames });
    expect(names(both)).toEqual(['bodytext']);
    // Even with wrap keys in the entries and a hosted rotation secret, the token never gets a wrap key.
    const scoped = await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: requestFrom(manifest, 'scoped'), shareToken: share.tokens.contentNames });
    expect(scoped.body.keys).toEqual([{ contentName: 'bodytext', scope: 'premium', contentKey: expect.any(String) }]);
  });

  it('a blob that does not open is a 4xx naming the entry, never a 500; a missing contentKey is a 400', async () => {
    const vendor = await capsuleShop(app);
    const [bodytext, sidebar] = ecdhEntries();
    const blob = Buffer.from(sidebar.contentKey!, 'base64url');
    blob[blob.length - 1] ^= 1;
    const tampered = await vendor.unlock({
      resourceJWT: manifest.resourceJWT,
      keys: [bodytext, { ...sidebar, contentKey: blob.toString('base64url') }],
      shareToken: share.tokens.scopes,
    });
    expectProblem(tampered, 403, 'CAPSULE.UNWRAP_FAILED');
    expect(tampered.body).toMatchObject({ contentName: 'sidebar', kid: KEYS.ecdhIssuerKid, member: 'contentKey' });
    const garbage = await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: [{ ...sidebar, contentKey: '!!!' }], shareToken: share.tokens.scopes });
    expectProblem(garbage, 403, 'CAPSULE.UNWRAP_FAILED');
    const { contentKey: _c, ...withoutKey } = sidebar;
    const missing = await vendor.unlock({ resourceJWT: manifest.resourceJWT, keys: [withoutKey], shareToken: share.tokens.scopes });
    expectProblem(missing, 400, 'CAPSULE.CONTENT_KEY_MISSING');
    expect(missing.body).toMatchObject({ contentName: 'sidebar' });
  });
});

describe('issuer keys in the JWKS (js-rendered-direct-issuer-jwks.json)', () => {
  const getJwks = (vendorId: string) => app.http.get(`/capsule/vendors/${vendorId}/.well-known/jwks.json`);

  it('publishes the issuer keys exactly as the reference JWKS, beside the signing key, cached for an hour', async () => {
    const vendor = await capsuleShop(app);
    const res = await getJwks(vendor.vendorId);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.headers['cache-control']).toBe(jwksFixture.responseHeaders['Cache-Control']);
    expect(res.body.keys.filter((k: Json) => k.use === 'enc')).toEqual(jwksFixture.jwks.keys);
    expect(res.body.keys.filter((k: Json) => k.use !== 'enc')).toEqual([expect.objectContaining({ kty: 'EC', use: 'sig', alg: 'ES256' })]);
    expect(await publisherWrapTargets(res.body)).toEqual(jwksFixture.expectedResolved);
  });

  it('the fixture key sets are accepted or refused as a reference publisher does', async () => {
    expect(await publisherWrapTargets(jwksFixture.jwks)).toEqual(jwksFixture.expectedResolved);
    expect((await publisherWrapTargets(jwksFixture.mixedJwks)).map((t) => t.kid)).toEqual(jwksFixture.expectedActiveKids);
    for (const rejected of jwksFixture.rejected) {
      await expect(publisherWrapTargets(rejected.jwks)).rejects.toMatchObject({ code: 'CAPSULE.UNUSABLE_ISSUER_JWKS' });
    }
    await expect(publisherWrapTargets(jwksFixture.rejected[1].jwks)).rejects.toThrow(/no usable active keys/);
  });

  it.each(jwksFixture.unlocks.map((u: Json) => [u.name, u]) as [string, Json][])('%s: the entry for its key answers the content key', async (_name, unlock: Json) => {
    const which = unlock.issuerKeyId === KEYS.ecdhIssuerKid ? 'ecdh' : 'rsa';
    const vendor = await capsuleShop(app, 'hosted', [which]);
    const reader = bearer((await vendor.subscriber()).token);
    const res = await vendor.unlock(unlock.request, reader);
    expect(res.status).toBe(200);
    expect(res.body).toEqual(unlock.expectedResponse);
    expect(hex(res.body.keys[0].contentKey)).toBe(jwksFixture.expectedContentKeyHex);
    expect(await openItem(jwksFixture.manifest, 'bodytext', res.body)).toBe(jwksFixture.plaintext);
  });

  it('rotation: a retired key is marked in the JWKS, publishers stop wrapping for it, and its pages still unlock', async () => {
    const vendor = await capsuleShop(app);
    const retire = await app.http.post(`/management/capsule/issuer-keys/${KEYS.ecdhIssuerKid}/retire`).set(bearer(vendor.token));
    expect(retire.status).toBe(200);
    expect(retire.body).toMatchObject({ kid: KEYS.ecdhIssuerKid, retiredAt: NOW.toISOString() });
    const jwks = (await getJwks(vendor.vendorId)).body;
    expect(jwks.keys.find((k: Json) => k.kid === KEYS.ecdhIssuerKid)).toEqual({ ...jwksFixture.jwks.keys[0], status: 'retired' });
    expect(await publisherWrapTargets(jwks)).toEqual([{ kid: KEYS.rsaIssuerKid, algorithm: 'RSA-OAEP' }]);
    const reader = bearer((await vendor.subscriber()).token);
    // Both entries present: the active key's entry is used. The retired key's entry alone still opens.
    const both = await vendor.unlock(jwksFixture.unlocks[0].request, reader);
    expect(both.body).toEqual(jwksFixture.unlocks[0].expectedResponse);
    const ecdhOnly = { ...jwksFixture.unlocks[0].request, keys: [jwksFixture.unlocks[0].request.keys[0]] };
    expect((await vendor.unlock(ecdhOnly, reader)).body).toEqual(jwksFixture.unlocks[0].expectedResponse);
    expect((await app.http.post('/management/capsule/issuer-keys/nope/retire').set(bearer(vendor.token))).status).toBe(404);
  });
});

describe('the wrap-key manifests of the earlier fixtures, for a reader of the tier', () => {
  it.each(MANIFESTS)('%s', async (file) => {
    const f = fixture<ManifestFixture>(file);
    const vendor = await capsuleShop(app);
    const reader = bearer((await vendor.subscriber()).token);
    const res = await vendor.unlock({ resourceJWT: f.manifest.resourceJWT, keys: requestFrom(f.manifest), accessType: 'subscription' }, reader);
    expect(res.status).toBe(200);
    const opened = await openPage(f.manifest as unknown as CapsuleManifest, res.body);
    for (const [name, result] of Object.entries(opened)) expect(result).toEqual({ text: name === 'sidebar' ? f.sidebarPlaintext : f.plaintext });
  });
});

describe("the reader's cookie session", () => {
  async function sessionCookie(vendorId: string, userId: string, token: string, origin: string) {
    const { clientId } = await app.runtime.container
      .get(RegisterBrowserClient)
      .execute({ vendorId, name: 'The Daily', redirectUris: [`${origin}/after`] });
    const cookies: string[] = [];
    const res = { append: (_name: string, value: string) => cookies.push(value) };
    const exp = decodeJwt(token).exp!;
    app.runtime.container
      .get(BrowserCookies)
      .setSession(res as never, { at: token, exp, sub: userId, vendorId, clientId, scope: 'openid' }, app.clock.now());
    return cookies.map((c) => c.split(';')[0]).join('; ');
  }

  it('unlocks with the session like a bearer token, under the same-origin rule of cookie calls', async () => {
    const vendor = await capsuleShop(app);
    const reader = await vendor.subscriber();
    const origin = 'https://daily.example.com';
    const cookie = await sessionCookie(vendor.vendorId, reader.userId, reader.token, origin);
    const request = { resourceJWT: manifest.resourceJWT, keys: requestFrom(manifest, 'scoped') };
    const ok = await vendor.unlock(request, { Cookie: cookie, Origin: origin });
    expect(ok.status).toBe(200);
    expect(await openPage(page, ok.body)).toEqual({ bodytext: { text: direct.plaintexts.bodytext }, sidebar: { text: direct.plaintexts.sidebar } });
    expectProblem(await vendor.unlock(request, { Cookie: cookie, Origin: 'https://evil.example' }), 403, 'AUTH.CSRF');
    expectProblem(await vendor.unlock(request, { Cookie: cookie }), 403, 'AUTH.CSRF');
    // Without a session (or with a cookie from nowhere) the caller is anonymous.
    expectProblem(await vendor.unlock(request, { Cookie: 'kiosk_session=forged', Origin: origin }), 403, 'CAPSULE.NOTHING_GRANTED');
  });

  it("a session with another vendor leaves the call anonymous: that vendor's share token still opens", async () => {
    const mine = await capsuleShop(app);
    const theirs = await capsuleShop(app);
    const reader = await theirs.subscriber();
    const cookie = await sessionCookie(theirs.vendorId, reader.userId, reader.token, 'https://other.example.com');
    const request = { ...share.unlocks[0].request };
    const res = await mine.unlock(request, { Cookie: cookie, Origin: 'https://daily.example.com' });
    expect(res.body).toEqual(share.unlocks[0].expectedResponse);
    const { shareToken: _t, ...withoutToken } = request;
    expectProblem(await mine.unlock(withoutToken, { Cookie: cookie, Origin: 'https://daily.example.com' }), 403, 'CAPSULE.NOTHING_GRANTED');
  });
});
