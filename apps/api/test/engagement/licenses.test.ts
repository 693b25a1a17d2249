import { bearer, onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { givenEngagementVendor, rows } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const itOnPostgres = onRealPostgres() ? it : it.skip;
const DAY = 86_400_000;

/** A vendor with a license product, a pool for it and a management token. */
async function givenPool(options: { keys?: number; validitySeconds?: number; poolId?: string } = {}) {
  const v = await givenEngagementVendor(app);
  await v.product('ebooks', 'article');
  const write = await v.apiToken('full');
  const poolId = options.poolId ?? 'ebook-keys';
  const created = await app.http
    .post('/management/license-pools')
    .set(bearer(write))
    .send({ id: poolId, sku: 'ebooks', ...(options.validitySeconds ? { validitySeconds: options.validitySeconds } : {}) });
  expect(created.status).toBe(201);
  const keys = Array.from({ length: options.keys ?? 0 }, (_, i) => ({ key: `KEY-${String(i).padStart(3, '0')}` }));
  if (keys.length > 0) {
    const loaded = await app.http.post(`/management/license-pools/${poolId}/keys`).set(bearer(write)).send({ keys });
    expect(loaded.status).toBe(200);
  }
  const entitledReader = async () => {
    const r = await v.reader();
    await v.entitle(r.userId, 'ebooks');
    return r;
  };
  return { ...v, write, poolId, entitledReader };
}

describe('license pools (management)', () => {
  it('creates a pool, loads keys (skipping ones it has), and shows the stock', async () => {
    const v = await givenEngagementVendor(app);
    await v.product('ebooks', 'article');
    const write = await v.apiToken('full');
    const created = await app.http.post('/management/license-pools').set(bearer(write)).send({ id: 'p1', sku: 'ebooks', validitySeconds: 3600 });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: 'p1',
      sku: 'ebooks',
      validitySeconds: 3600,
      createdAt: app.clock.now().toISOString(),
      stock: { total: 0, available: 0, claimed: 0, active: 0, unusable: 0 },
    });
    const past = new Date(app.clock.now().getTime() - DAY).toISOString();
    const load = await app.http
      .post('/management/license-pools/p1/keys')
      .set(bearer(write))
      .send({ keys: [{ key: 'A' }, { key: 'B', expiresAt: new Date(app.clock.now().getTime() + DAY).toISOString() }, { key: 'OLD', expiresAt: past }] });
    expect(load.status).toBe(200);
    expect(load.body).toEqual({ loaded: 3, skipped: 0, stock: { total: 3, available: 2, claimed: 0, active: 0, unusable: 1 } });
    const again = await app.http.post('/management/license-pools/p1/keys').set(bearer(write)).send({ keys: [{ key: 'A' }, { key: 'C' }] });
    expect(again.body).toEqual({ loaded: 1, skipped: 1, stock: { total: 4, available: 3, claimed: 0, active: 0, unusable: 1 } });

    const read = await v.apiToken('read');
    const list = await app.http.get('/management/license-pools').set(bearer(read));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([expect.objectContaining({ id: 'p1', stock: { total: 4, available: 3, claimed: 0, active: 0, unusable: 1 } })]);
    expect((await app.http.get('/management/license-pools/p1').set(bearer(read))).body).toMatchObject({ id: 'p1', sku: 'ebooks' });
  });

  it('refuses what it must: scopes, unknown sku, duplicate pool, bad ids and keys, another vendor', async () => {
    const v = await givenEngagementVendor(app);
    await v.product('ebooks', 'article');
    const write = await v.apiToken('full');
    const read = await v.apiToken('read');
    const post = (token: string, body: object) => app.http.post('/management/license-pools').set(bearer(token)).send(body);
    expect((await post(read, { id: 'p', sku: 'ebooks' })).status).toBe(403);
    expect((await post(write, { id: 'p', sku: 'nope' })).body).toMatchObject({ status: 404, code: 'LICENSE.PRODUCT_NOT_FOUND' });
    expect((await post(write, { id: 'bad id', sku: 'ebooks' })).status).toBe(400);
    expect((await post(write, { id: 'x'.repeat(129), sku: 'ebooks' })).status).toBe(400);
    expect((await post(write, { id: 'p', sku: 'ebooks', validitySeconds: 0 })).status).toBe(400);
    expect((await post(write, { id: 'p', sku: 'ebooks' })).status).toBe(201);
    expect((await post(write, { id: 'p', sku: 'ebooks' })).body).toMatchObject({ status: 409, code: 'LICENSE.POOL_EXISTS' });

    const load = (body: object, pool = 'p', token = write) =>
      app.http.post(`/management/license-pools/${pool}/keys`).set(bearer(token)).send(body);
    expect((await load({ keys: [] })).status).toBe(400);
    expect((await load({ keys: [{ key: 'has space' }] })).status).toBe(400);
    expect((await load({ keys: [{ key: 'k'.repeat(257) }] })).status).toBe(400);
    expect((await load({ keys: [{ key: 'A', expiresAt: 'tomorrow' }] })).status).toBe(400);
    expect((await load({ keys: Array.from({ length: 1001 }, (_, i) => ({ key: `K${i}` })) })).status).toBe(400);
    expect((await load({ keys: [{ key: 'A' }, { key: 'A' }] })).body).toMatchObject({ status: 400, code: 'LICENSE.BAD_KEYS' });
    expect((await load({ keys: [{ key: 'A' }] }, 'nope')).body).toMatchObject({ status: 404, code: 'LICENSE.POOL_NOT_FOUND' });
    expect((await load({ keys: [{ key: 'A' }] }, 'p', read)).status).toBe(403);
    expect((await app.http.get('/management/license-pools/p').set(bearer(read))).body.stock.total).toBe(0);

    const other = await givenEngagementVendor(app);
    const otherToken = await other.apiToken('full');
    expect((await app.http.get('/management/license-pools/p').set(bearer(otherToken))).status).toBe(404);
    expect((await load({ keys: [{ key: 'A' }] }, 'p', otherToken)).status).toBe(404);
    expect((await app.http.get('/management/license-pools').set(bearer(otherToken))).body).toEqual([]);
  });
});

describe('GET /licenses and POST /licenses/claim', () => {
  it('claims a key for an entitled reader, idempotently; GET shows it and never assigns', async () => {
    const v = await givenPool({ keys: 3, validitySeconds: 30 * 86_400 });
    const r = await v.entitledReader();
    const before = await app.http.get('/licenses').query({ poolId: v.poolId }).set(r.auth);
    expect([before.status, before.body]).toEqual([200, []]);
    expect((await app.http.get(`/management/license-pools/${v.poolId}`).set(bearer(v.write))).body.stock.claimed).toBe(0);

    const now = app.clock.now();
    const claimed = await app.http.post('/licenses/claim').set(r.auth).send({ poolId: v.poolId });
    const expected = {
      key: 'KEY-000',
      poolId: v.poolId,
      claimedAt: now.toISOString(),
      expiresAt: new Date(now.getTime() + 30 * DAY).toISOString(),
      status: 'active',
    };
    expect([claimed.status, claimed.body]).toEqual([200, expected]);
    app.clock.set(new Date(now.getTime() + 3600_000));
    expect((await app.http.post('/licenses/claim').set(r.auth).send({ poolId: v.poolId })).body).toEqual(expected);
    expect((await app.http.get('/licenses').query({ poolId: v.poolId }).set(r.auth)).body).toEqual([expected]);
    expect((await app.http.get(`/management/license-pools/${v.poolId}`).set(bearer(v.write))).body.stock).toEqual({
      total: 3,
      available: 2,
      claimed: 1,
      active: 1,
      unusable: 0,
    });
    app.clock.set(now);
  });

  it('after expiry GET shows the old key as expired and a claim assigns a new key', async () => {
    const v = await givenPool({ keys: 2, validitySeconds: 3600 });
    const r = await v.entitledReader();
    const start = app.clock.now();
    const first = await app.http.post('/licenses/claim').set(r.auth).send({ poolId: v.poolId });
    expect(first.body.key).toBe('KEY-000');
    app.clock.set(new Date(start.getTime() + 3600_000));
    expect((await app.http.get('/licenses').query({ poolId: v.poolId }).set(r.auth)).body).toEqual([
      { ...first.body, status: 'expired' },
    ]);
    const second = await app.http.post('/licenses/claim').set(r.auth).send({ poolId: v.poolId });
    expect(second.body).toEqual({
      key: 'KEY-001',
      poolId: v.poolId,
      claimedAt: app.clock.now().toISOString(),
      expiresAt: new Date(app.clock.now().getTime() + 3600_000).toISOString(),
      status: 'active',
    });
    expect((await app.http.get('/licenses').query({ poolId: v.poolId }).set(r.auth)).body).toEqual([second.body]);
    app.clock.set(new Date(start.getTime() + 7200_000));
    const none = await app.http.post('/licenses/claim').set(r.auth).send({ poolId: v.poolId });
    expect([none.status, none.body.code]).toEqual([409, 'LICENSE.POOL_EXHAUSTED']);
    app.clock.set(start);
  });

  it("a key's own expiresAt caps the claim; keys past it are never handed out; no expiry at all answers expiresAt null", async () => {
    const v = await givenPool();
    const now = app.clock.now();
    const soon = new Date(now.getTime() + DAY).toISOString();
    await app.http
      .post(`/management/license-pools/${v.poolId}/keys`)
      .set(bearer(v.write))
      .send({ keys: [{ key: 'GONE', expiresAt: now.toISOString() }, { key: 'SOON', expiresAt: soon }, { key: 'FOREVER' }] });
    const a = await v.entitledReader();
    const b = await v.entitledReader();
    expect((await app.http.post('/licenses/claim').set(a.auth).send({ poolId: v.poolId })).body).toEqual({
      key: 'SOON',
      poolId: v.poolId,
      claimedAt: now.toISOString(),
      expiresAt: soon,
      status: 'active',
    });
    expect((await app.http.post('/licenses/claim').set(b.auth).send({ poolId: v.poolId })).body).toEqual({
      key: 'FOREVER',
      poolId: v.poolId,
      claimedAt: now.toISOString(),
      expiresAt: null,
      status: 'active',
    });
  });

  it('needs an active entitlement for the pool sku', async () => {
    const v = await givenPool({ keys: 2 });
    const r = await v.reader();
    const refused = await app.http.post('/licenses/claim').set(r.auth).send({ poolId: v.poolId });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ code: 'LICENSE.NOT_ENTITLED', poolId: v.poolId, sku: 'ebooks' });
    await v.entitle(r.userId, 'other-sku');
    expect((await app.http.post('/licenses/claim').set(r.auth).send({ poolId: v.poolId })).status).toBe(403);
    await v.entitle(r.userId, 'ebooks', new Date(app.clock.now().getTime() - 1000));
    expect((await app.http.post('/licenses/claim').set(r.auth).send({ poolId: v.poolId })).status).toBe(403);
    expect((await app.http.get('/licenses').query({ poolId: v.poolId }).set(r.auth)).body).toEqual([]);
    expect((await app.http.get(`/management/license-pools/${v.poolId}`).set(bearer(v.write))).body.stock.claimed).toBe(0);
  });

  it('validates poolId (required, 1 to 128 of letters, digits, _ and -) and refuses non-readers', async () => {
    const v = await givenPool({ keys: 1 });
    const r = await v.entitledReader();
    const get = (query: Record<string, string>) => app.http.get('/licenses').query(query).set(r.auth);
    for (const query of [{} as Record<string, string>, { poolId: '' }, { poolId: 'x'.repeat(129) }, { poolId: 'a.b' }, { poolId: 'a b' }, { poolId: 'ä' }]) {
      const res = await get(query);
      expect([JSON.stringify(query), res.status, res.body.code]).toEqual([JSON.stringify(query), 400, 'REQUEST.INVALID']);
    }
    expect((await app.http.get('/licenses?poolId=a&poolId=b').set(r.auth)).status).toBe(400);
    expect((await get({ poolId: 'x'.repeat(128) })).body).toEqual([]);
    expect((await get({ poolId: 'A_b-9' })).body).toEqual([]);
    for (const body of [{}, { poolId: 5 }, { poolId: '' }, { poolId: 'x'.repeat(129) }, { poolId: 'a/b' }, { poolId: v.poolId, extra: 1 }]) {
      const res = await app.http.post('/licenses/claim').set(r.auth).send(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    const unknown = await app.http.post('/licenses/claim').set(r.auth).send({ poolId: 'no-such-pool' });
    expect([unknown.status, unknown.body.code]).toEqual([404, 'LICENSE.POOL_NOT_FOUND']);
    expect((await app.http.get('/licenses').query({ poolId: v.poolId })).status).toBe(401);
    expect((await app.http.post('/licenses/claim').send({ poolId: v.poolId })).status).toBe(401);
    const visitor = v.visitor();
    expect((await app.http.post('/licenses/claim').set(visitor.auth).send({ poolId: v.poolId })).status).toBe(401);
    expect((await app.http.get('/licenses').query({ poolId: v.poolId }).set(bearer(v.write))).status).toBe(403);
  });

  it("never shows another reader's key, nor another vendor's pool", async () => {
    const v = await givenPool({ keys: 2 });
    const a = await v.entitledReader();
    const b = await v.entitledReader();
    const claimedA = await app.http.post('/licenses/claim').set(a.auth).send({ poolId: v.poolId });
    expect((await app.http.get('/licenses').query({ poolId: v.poolId }).set(b.auth)).body).toEqual([]);
    const claimedB = await app.http.post('/licenses/claim').set(b.auth).send({ poolId: v.poolId });
    expect(claimedB.body.key).not.toBe(claimedA.body.key);

    const w = await givenPool({ keys: 1, poolId: v.poolId });
    const c = await w.entitledReader();
    expect((await app.http.get('/licenses').query({ poolId: v.poolId }).set(c.auth)).body).toEqual([]);
    expect((await app.http.post('/licenses/claim').set(c.auth).send({ poolId: v.poolId })).body.key).toBe('KEY-000');
    expect((await app.http.get('/licenses').query({ poolId: v.poolId }).set(a.auth)).body).toEqual([claimedA.body]);
  });
});

describe('claims under concurrency', () => {
  itOnPostgres('50 readers claiming in parallel from a pool of 10 keys get exactly 10 distinct keys and 40 clear refusals', async () => {
    const v = await givenPool({ keys: 10 });
    const readers = [];
    for (let i = 0; i < 50; i += 1) readers.push(await v.entitledReader());
    const answers = await Promise.all(readers.map((r) => app.http.post('/licenses/claim').set(r.auth).send({ poolId: v.poolId })));
    const won = answers.filter((a) => a.status === 200);
    const lost = answers.filter((a) => a.status !== 200);
    expect(won).toHaveLength(10);
    expect(new Set(won.map((a) => a.body.key)).size).toBe(10);
    expect(lost).toHaveLength(40);
    expect(new Set(lost.map((a) => `${a.status} ${a.body.code}`))).toEqual(new Set(['409 LICENSE.POOL_EXHAUSTED']));
    const held = await rows<{ claimed_by: string }>(
      app,
      `SELECT claimed_by FROM license_keys WHERE vendor_id = $1 AND pool_id = $2 AND claimed_by IS NOT NULL`,
      [v.vendorId, v.poolId],
    );
    expect(held).toHaveLength(10);
    expect(new Set(held.map((h) => h.claimed_by)).size).toBe(10);
  });

  itOnPostgres('one reader claiming 10 times in parallel holds exactly one key', async () => {
    const v = await givenPool({ keys: 10 });
    const r = await v.entitledReader();
    const answers = await Promise.all(Array.from({ length: 10 }, () => app.http.post('/licenses/claim').set(r.auth).send({ poolId: v.poolId })));
    expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
    expect(new Set(answers.map((a) => a.body.key)).size).toBe(1);
    const held = await rows(app, `SELECT key FROM license_keys WHERE vendor_id = $1 AND pool_id = $2 AND claimed_by = $3`, [
      v.vendorId,
      v.poolId,
      r.userId,
    ]);
    expect(held).toHaveLength(1);
  });
});
