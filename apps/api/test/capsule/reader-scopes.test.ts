import { MAX_SCOPES_PER_PRODUCT, productScopesOf, scopesGrantedBy } from '@kiosk/domain/capsule';
import { IssueUserToken } from '@kiosk/domain/identity';
import { Command } from 'commander';
import { CAPSULE } from '../../src/capsule/capsule.module';
import { registerProductScopeCommands } from '../../src/capsule/product-scopes.cli';
import { contractUseCases, rowsOf, settleEvents } from '../billing/support';
import { bearer, givenVendor, onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { decrypt, fixture, interopVendor, ManifestFixture, MANIFESTS, renderedAt, requestFrom } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ecdh = fixture<ManifestFixture>('js-rendered-manifest-ecdh.json');
const NOW = renderedAt(ecdh.manifest);
const body = { contentName: 'bodytext', scope: 'premium', wrapKeys: [{ kid: '260502T12' }, { kid: '260502T13' }] };

type Res = { status: number; body: Record<string, unknown>; headers: Record<string, string> };
const expectProblem = (res: Res, status: number, code: string) => {
  expect({ status: res.status, code: res.body.code }).toEqual({ status, code });
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
};

beforeEach(() => app.clock.set(NOW));

/**
 * A capsule vendor (fixture keys) selling `news` and `sports`, with helpers
 * to sell a product to a reader (confirmed contract, then the worker's
 * handlers grant the entitlement) and to unlock as that reader.
 */
async function givenCapsuleShop(mode: 'hosted' | 'issuer-wrapped' = 'hosted') {
  const vendor = await interopVendor(app, mode);
  await vendor.product('news');
  await vendor.product('sports');
  const contracts = contractUseCases(app.runtime.container);
  const readerToken = async (userId: string) =>
    (await app.runtime.container.get(IssueUserToken).execute({ vendorId: vendor.vendorId, userId })).accessToken;
  const sell = async (sku: string, email = `reader@${vendor.vendorId}.example.com`) => {
    const contract = await contracts.create.execute({
      vendorId: vendor.vendorId,
      sku,
      purchaseOptionId: `${sku}-yearly`,
      user: { email, firstName: 'Rita', lastName: 'Reader' },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
      confirm: true,
    });
    expect(contract.status).toBe('ACTIVE');
    await settleEvents(app, vendor.vendorId);
    return { contract, token: await readerToken(contract.userId) };
  };
  const putScopes = (sku: string, scopes: unknown, token = vendor.token) =>
    app.http.put(`/management/capsule/product-scopes/${encodeURIComponent(sku)}`).set(bearer(token)).send({ scopes });
  const listScopes = (token = vendor.token) => app.http.get('/management/capsule/product-scopes').set(bearer(token));
  const unlockAs = (token: string, keys: object[] = [body], resourceJWT = ecdh.manifest.resourceJWT) =>
    vendor.unlock({ resourceJWT, keys }, bearer(token));
  const scopesOf = (userId: string) => app.runtime.container.get(CAPSULE.ReaderScopes).scopesOf(vendor.vendorId, userId);
  return { ...vendor, contracts, readerToken, sell, putScopes, listScopes, unlockAs, scopesOf };
}

describe('the rule: which scopes entitlements grant', () => {
  const at = new Date('2026-05-02T12:00:00Z');
  const live = (sku: string, extra: { revokedAt?: Date | null; expiresAt?: Date | null } = {}) => ({
    sku,
    revokedAt: null,
    expiresAt: null,
    ...extra,
  });
  const mapping = [
    { sku: 'news', scopes: ['premium', 'archive'] },
    { sku: 'sports', scopes: ['premium', 'sports'] },
  ];

  it('maps live entitlements to their products’ scopes, each once, sorted', () => {
    expect(scopesGrantedBy([live('news'), live('sports'), live('news')], mapping, at)).toEqual(['archive', 'premium', 'sports']);
    expect(scopesGrantedBy([live('sports')], mapping, at)).toEqual(['premium', 'sports']);
  });

  it('ignores revoked, expired and unmapped entitlements; an entitlement ending later still counts', () => {
    expect(scopesGrantedBy([live('news', { revokedAt: at })], mapping, at)).toEqual([]);
    expect(scopesGrantedBy([live('news', { expiresAt: at })], mapping, at)).toEqual([]);
    expect(scopesGrantedBy([live('news', { expiresAt: new Date(at.getTime() + 1) })], mapping, at)).toEqual(['archive', 'premium']);
    expect(scopesGrantedBy([live('books')], mapping, at)).toEqual([]);
    expect(scopesGrantedBy([], mapping, at)).toEqual([]);
  });

  it('checks scope names and counts, dropping repeats', () => {
    expect(productScopesOf('news', ['b', 'a', 'b', 'tier:gold', 'plus/ü'])).toEqual({ sku: 'news', scopes: ['b', 'a', 'tier:gold', 'plus/ü'] });
    expect(productScopesOf('news', [])).toEqual({ sku: 'news', scopes: [] });
    for (const bad of ['', ' premium', 'a b', 'x'.repeat(65), 'tab\there', 'nul\u0000', 42, null]) {
      expect(() => productScopesOf('news', [bad])).toThrow(expect.objectContaining({ code: 'CAPSULE.BAD_SCOPE' }));
    }
    const many = Array.from({ length: MAX_SCOPES_PER_PRODUCT + 1 }, (_, i) => `s${i}`);
    expect(() => productScopesOf('news', many)).toThrow(expect.objectContaining({ code: 'CAPSULE.TOO_MANY_SCOPES' }));
    expect(productScopesOf('news', [...many.slice(1), 's1']).scopes).toHaveLength(MAX_SCOPES_PER_PRODUCT);
  });
});

describe.each(['hosted', 'issuer-wrapped'] as const)('a reader entitled through a contract unlocks (%s)', (mode) => {
  it.each(MANIFESTS)('%s with their bearer token and decrypts it', async (file) => {
    const f = fixture<ManifestFixture>(file);
    const shop = await givenCapsuleShop(mode);
    expect((await shop.putScopes('news', ['premium'])).status).toBe(200);
    app.clock.set(renderedAt(f.manifest));
    const { token } = await shop.sell('news');
    const keys = requestFrom(f.manifest);
    const res = await shop.unlockAs(token, keys, f.manifest.resourceJWT);
    expect(res.status).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.body.keys.map((k: { contentName: string }) => k.contentName)).toEqual(keys.map((k) => k.contentName));
    for (const entry of res.body.keys) {
      expect(await decrypt(f.manifest, entry)).toBe(entry.contentName === 'sidebar' ? f.sidebarPlaintext : f.plaintext);
    }
  });
});

describe('unlock refuses readers without a live entitlement for a mapped product', () => {
  it('a reader with no entitlement, or one for an unmapped product, gets 403 NOTHING_GRANTED', async () => {
    const shop = await givenCapsuleShop();
    await shop.putScopes('news', ['premium']).expect(200);
    const { token: sportsReader } = await shop.sell('sports', `sports@${shop.vendorId}.example.com`);
    expect(await rowsOf(app, 'entitlements', shop.vendorId, 'AND revoked_at IS NULL')).toHaveLength(1);
    const unmapped = await shop.unlockAs(sportsReader);
    expectProblem(unmapped, 403, 'CAPSULE.NOTHING_GRANTED');
    expect(unmapped.body.detail).toBe("no requested key is granted by the caller's entitlements");
    expect(unmapped.body.requiredScopes).toEqual(['premium']);
    // Staff of the vendor hold nothing either.
    expectProblem(await shop.unlockAs(shop.staffToken), 403, 'CAPSULE.NOTHING_GRANTED');
    // Mapping sports to another scope changes nothing for a premium entry; mapping it to premium opens it.
    await shop.putScopes('sports', ['sports']).expect(200);
    expectProblem(await shop.unlockAs(sportsReader), 403, 'CAPSULE.NOTHING_GRANTED');
    await shop.putScopes('sports', ['sports', 'premium']).expect(200);
    expect((await shop.unlockAs(sportsReader)).status).toBe(200);
    // Unmapping (an empty list) takes it away again at once.
    await shop.putScopes('sports', []).expect(200);
    expectProblem(await shop.unlockAs(sportsReader), 403, 'CAPSULE.NOTHING_GRANTED');
  });

  it('a PENDING contract grants nothing', async () => {
    const shop = await givenCapsuleShop();
    await shop.putScopes('news', ['premium']).expect(200);
    const pending = await shop.contracts.create.execute({
      vendorId: shop.vendorId,
      sku: 'news',
      purchaseOptionId: 'news-yearly',
      user: { email: `pending@${shop.vendorId}.example.com` },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
    });
    await settleEvents(app, shop.vendorId);
    expectProblem(await shop.unlockAs(await shop.readerToken(pending.userId)), 403, 'CAPSULE.NOTHING_GRANTED');
  });

  it('cancellation: still open until the end date, refused once the cancel revokes the entitlement', async () => {
    const shop = await givenCapsuleShop();
    await shop.putScopes('news', ['premium']).expect(200);
    const { contract, token } = await shop.sell('news');
    expect((await shop.unlockAs(token)).status).toBe(200);

    const requested = await shop.contracts.cancel.execute({ vendorId: shop.vendorId, contractId: contract.id, reason: 'TOO_EXPENSIVE' });
    await settleEvents(app, shop.vendorId);
    const end = requested.willCancelAt!;
    expect(end.getTime()).toBeGreaterThan(NOW.getTime());
    expect((await shop.unlockAs(token)).status).toBe(200);
    // The end date is read at the service's clock: scopes up to it, none from it on, even before the contract moves.
    app.clock.set(new Date(end.getTime() - 1000));
    expect(await shop.scopesOf(contract.userId)).toEqual(['premium']);
    app.clock.set(end);
    expect(await shop.scopesOf(contract.userId)).toEqual([]);

    app.clock.set(new Date(end.getTime() + 1000));
    await shop.contracts.advance.execute({ vendorId: shop.vendorId, contractId: contract.id });
    await settleEvents(app, shop.vendorId);
    const [row] = await rowsOf(app, 'entitlements', shop.vendorId);
    expect(row.revoked_at).not.toBeNull();
    // Back at the fixture's time (so the resourceJWT and kids are current): the revoked entitlement opens nothing.
    app.clock.set(NOW);
    expect(await shop.scopesOf(contract.userId)).toEqual([]);
    expectProblem(await shop.unlockAs(token), 403, 'CAPSULE.NOTHING_GRANTED');
  });

  it("another vendor's reader token is a 401, even when that reader holds the product there", async () => {
    const shop = await givenCapsuleShop();
    await shop.putScopes('news', ['premium']).expect(200);
    const other = await givenCapsuleShop();
    await other.putScopes('news', ['premium']).expect(200);
    const { token: theirs } = await other.sell('news');
    expect((await other.unlockAs(theirs)).status).toBe(200);
    const res = await shop.unlockAs(theirs);
    expectProblem(res, 401, 'AUTH.INVALID_TOKEN');
    expect(res.headers['www-authenticate']).toBe('Bearer realm="kiosk", error="invalid_token"');
  });

  it('scopes come only from the reader’s own vendor mapping, each once across products', async () => {
    const shop = await givenCapsuleShop();
    await shop.putScopes('news', ['premium', 'archive']).expect(200);
    await shop.putScopes('sports', ['premium', 'sports']).expect(200);
    const { contract } = await shop.sell('news');
    await shop.sell('sports');
    expect(await shop.scopesOf(contract.userId)).toEqual(['archive', 'premium', 'sports']);
    const unknown = await app.runtime.container.get(CAPSULE.ReaderScopes).scopesOf('no-such-vendor', contract.userId);
    expect(unknown).toEqual([]);
  });
});

describe('management of product scopes', () => {
  it('PUT replaces a product’s scopes, GET lists the vendor’s mapping by sku; an empty list unmaps', async () => {
    const shop = await givenCapsuleShop();
    expect((await shop.listScopes()).body).toEqual([]);
    const put = await shop.putScopes('sports', ['sports', 'premium', 'sports']);
    expect({ status: put.status, body: put.body }).toEqual({ status: 200, body: { sku: 'sports', scopes: ['sports', 'premium'] } });
    await shop.putScopes('news', ['premium']).expect(200);
    const read = await shop.apiToken('read');
    const listed = await shop.listScopes(read);
    expect({ status: listed.status, body: listed.body }).toEqual({
      status: 200,
      body: [
        { sku: 'news', scopes: ['premium'] },
        { sku: 'sports', scopes: ['sports', 'premium'] },
      ],
    });
    await shop.putScopes('news', ['gold']).expect(200);
    expect((await shop.listScopes()).body[0]).toEqual({ sku: 'news', scopes: ['gold'] });
    expect((await shop.putScopes('news', [])).body).toEqual({ sku: 'news', scopes: [] });
    expect((await shop.listScopes()).body).toEqual([{ sku: 'sports', scopes: ['sports', 'premium'] }]);
    const rows = await rowsOf(app, 'capsule_product_scopes', shop.vendorId);
    expect(rows.map((r: { sku: string; scopes: string[] }) => [r.sku, r.scopes])).toEqual([['sports', ['sports', 'premium']]]);
  });

  it('needs products:write to change and products:read to look', async () => {
    const shop = await givenCapsuleShop();
    const read = await shop.apiToken('read');
    expectProblem(await shop.putScopes('news', ['premium'], read), 403, 'AUTH.INSUFFICIENT_SCOPE');
    expectProblem(await app.http.put('/management/capsule/product-scopes/news').send({ scopes: ['premium'] }), 401, 'AUTH.MISSING_TOKEN');
    expectProblem(await app.http.get('/management/capsule/product-scopes'), 401, 'AUTH.MISSING_TOKEN');
    expectProblem(await shop.putScopes('news', ['premium'], 'forged.token.value'), 401, 'AUTH.INVALID_TOKEN');
    // A reader's user token holds no management scope.
    const { token: readerToken } = await shop.sell('news');
    expectProblem(await shop.putScopes('news', ['premium'], readerToken), 403, 'AUTH.INSUFFICIENT_SCOPE');
    expect(await rowsOf(app, 'capsule_product_scopes', shop.vendorId)).toEqual([]);
  });

  it('refuses bad bodies, bad names, too many scopes and skus the vendor does not sell; writes nothing then', async () => {
    const shop = await givenCapsuleShop();
    await shop.putScopes('news', ['premium']).expect(200);
    const other = await givenVendor(app);
    await other.product('theirs');
    const cases: [unknown, number, string][] = [
      [undefined, 400, 'REQUEST.INVALID'],
      ['premium', 400, 'REQUEST.INVALID'],
      [[42], 400, 'REQUEST.INVALID'],
      [[null], 400, 'REQUEST.INVALID'],
      [['x'.repeat(300)], 400, 'REQUEST.INVALID'],
      [Array.from({ length: 300 }, (_, i) => `s${i}`), 400, 'REQUEST.INVALID'],
      [[''], 400, 'CAPSULE.BAD_SCOPE'],
      [['two words'], 400, 'CAPSULE.BAD_SCOPE'],
      [['ok', 'x'.repeat(65)], 400, 'CAPSULE.BAD_SCOPE'],
      [['line\nbreak'], 400, 'CAPSULE.BAD_SCOPE'],
      [Array.from({ length: MAX_SCOPES_PER_PRODUCT + 1 }, (_, i) => `s${i}`), 400, 'CAPSULE.TOO_MANY_SCOPES'],
    ];
    for (const [scopes, status, code] of cases) {
      const res = await app.http.put('/management/capsule/product-scopes/news').set(bearer(shop.token)).send(scopes === undefined ? {} : { scopes });
      expectProblem(res, status, code);
    }
    const tooMany = await shop.putScopes('news', Array.from({ length: MAX_SCOPES_PER_PRODUCT + 1 }, (_, i) => `s${i}`));
    expect(tooMany.body).toMatchObject({ max: MAX_SCOPES_PER_PRODUCT, count: MAX_SCOPES_PER_PRODUCT + 1 });
    expectProblem(await app.http.put('/management/capsule/product-scopes/news').set(bearer(shop.token)).send({ scopes: [], extra: 1 }), 400, 'REQUEST.INVALID');
    const malformed = await app.http
      .put('/management/capsule/product-scopes/news')
      .set(bearer(shop.token))
      .set('Content-Type', 'application/json')
      .send('{"scopes":');
    expectProblem(malformed, 400, 'REQUEST.MALFORMED_BODY');
    // Unknown skus, another vendor's sku, and skus no product could have: 404 from the catalog.
    for (const sku of ['nope', 'theirs', 'bad sku!', 'x'.repeat(2000)]) {
      const res = await shop.putScopes(sku, ['premium']);
      expectProblem(res, 404, 'PRODUCT.NOT_FOUND');
    }
    expect((await shop.listScopes()).body).toEqual([{ sku: 'news', scopes: ['premium'] }]);
    expect(await rowsOf(app, 'capsule_product_scopes', other.vendorId)).toEqual([]);
  });

  it('a vendor never sees or changes another vendor’s mapping', async () => {
    const shop = await givenCapsuleShop();
    const other = await givenCapsuleShop();
    await shop.putScopes('news', ['premium']).expect(200);
    await other.putScopes('news', ['gold']).expect(200);
    expect((await shop.listScopes()).body).toEqual([{ sku: 'news', scopes: ['premium'] }]);
    expect((await other.listScopes()).body).toEqual([{ sku: 'news', scopes: ['gold'] }]);
  });

  it('the CLI command sets a mapping through the same use case', async () => {
    const shop = await givenCapsuleShop();
    const printed: unknown[] = [];
    const program = new Command('kiosk').exitOverride();
    registerProductScopeCommands(program, async (work) => void printed.push(await work(app.runtime)));
    await program.parseAsync(['capsule:product-scopes:set', '--vendor', shop.vendorId, '--sku', 'news', '--scope', 'premium', '--scope', 'gold'], {
      from: 'user',
    });
    await program.parseAsync(['capsule:product-scopes:list', '--vendor', shop.vendorId], { from: 'user' });
    expect(printed).toEqual([{ sku: 'news', scopes: ['premium', 'gold'] }, [{ sku: 'news', scopes: ['premium', 'gold'] }]]);
    await expect(
      program.parseAsync(['capsule:product-scopes:set', '--vendor', shop.vendorId, '--sku', 'nope', '--scope', 'premium'], { from: 'user' }),
    ).rejects.toMatchObject({ code: 'PRODUCT.NOT_FOUND' });
  });

  (onRealPostgres() ? it : it.skip)('parallel PUTs of one product end with exactly one of the lists, never a mix', async () => {
    const shop = await givenCapsuleShop();
    const lists = Array.from({ length: 20 }, (_, i) => [`a${i}`, `b${i}`, 'premium']);
    const answers = await Promise.all(lists.map((scopes) => shop.putScopes('news', scopes)));
    expect(answers.map((r) => r.status)).toEqual(Array(20).fill(200));
    const rows = await rowsOf(app, 'capsule_product_scopes', shop.vendorId);
    expect(rows).toHaveLength(1);
    expect(lists).toContainEqual(rows[0].scopes);
  });
});
