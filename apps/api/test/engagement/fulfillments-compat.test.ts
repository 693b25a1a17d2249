import { bearer, startTestApp, TestApp } from '../support/harness';
import { expectProblem, publicClient } from './public-client';
import { givenEngagementVendor, rows } from './support';

// Compatibility route POST /fulfillments (issue 31): a reader's own request, with the public client's exact request
// shape, for a product they hold a live entitlement for; read back through GET /fulfillments?sku=, request-delivery
// and the vendor's GET /management/products/{sku}/fulfillments.

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function givenEntitledReader(sku = 'print-weekend') {
  const v = await givenEngagementVendor(app);
  await v.product(sku);
  const r = await v.reader();
  await v.entitle(r.userId, sku);
  return { v, r, sku, client: publicClient(app, r.auth) };
}

describe('POST /fulfillments', () => {
  it('creates a PENDING fulfillment of an entitled product: 201 with the Fulfillment; the canonical routes read it back', async () => {
    const { v, r, sku, client } = await givenEntitledReader();
    const now = app.clock.now();
    const res = await client.post('/fulfillments', { sku });
    expect(res.status).toBe(201);
    expect(res.body).toEqual({
      id: expect.stringMatching(/^reader-[A-Za-z0-9_.:-]+$/),
      numericId: expect.any(Number),
      status: 'PENDING',
      sku,
      title: `Product ${sku}`,
      cover: null,
      deliveryProvider: null,
      itemId: null,
      copies: 1,
      deliversAt: null,
      createdAt: now.toISOString(),
      updatedAt: now.toISOString(),
    });
    expect(res.body.numericId).toBeGreaterThan(0);
    const listed = await client.get(`/fulfillments?sku=${sku}`);
    expect(listed.body).toEqual([res.body]);

    // The reader asks for delivery of it as of any fulfillment.
    expect((await client.patch('/profile', { deliveryAddress: { country: 'SE', city: 'Stockholm', street: 'Gatan 1' } })).status).toBe(200);
    const delivery = await client.post(`/fulfillments/${res.body.id}/request-delivery`, { sku });
    expect(delivery.body).toEqual({ ok: true });
    expect((await client.get(`/fulfillments?sku=${sku}`)).body).toMatchObject([{ id: res.body.id, status: 'DELIVERY_REQUESTED' }]);

    // The vendor sees whose it is.
    const token = await v.apiToken('read');
    const managed = await app.http.get(`/management/products/${sku}/fulfillments`).set(bearer(token));
    expect(managed.body).toMatchObject([{ id: res.body.id, userId: r.userId, status: 'DELIVERY_REQUESTED' }]);
  });

  it('takes title, copies and itemId; vendor loads and reader requests live side by side', async () => {
    const { v, r, sku, client } = await givenEntitledReader();
    const res = await client.post('/fulfillments', { sku, title: 'Weekend 14 March', copies: 2, itemId: 'issue-2026-03-14' });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ title: 'Weekend 14 March', copies: 2, itemId: 'issue-2026-03-14', status: 'PENDING' });
    const token = await v.apiToken('full');
    const loaded = await app.http
      .post('/management/fulfillments')
      .set(bearer(token))
      .send({ fulfillments: [{ id: 'vendor-1', userId: r.userId, sku, title: 'Loaded' }] });
    expect(loaded.status).toBe(200);
    const listed = (await client.get(`/fulfillments?sku=${sku}`)).body as { id: string }[];
    expect(listed.map((f) => f.id).sort()).toEqual([res.body.id, 'vendor-1'].sort());
  });

  it('refuses a product the reader is not entitled to (403), an expired entitlement (403), and unknown or foreign products (404)', async () => {
    const { v, r, client } = await givenEntitledReader();
    await v.product('not-mine');
    const refused = await client.post('/fulfillments', { sku: 'not-mine' });
    expectProblem(refused, 403);
    expect(refused.body.code).toBe('FULFILLMENT.NOT_ENTITLED');
    await v.product('lapsed');
    await v.entitle(r.userId, 'lapsed', new Date(app.clock.now().getTime() - 1000));
    expect((await client.post('/fulfillments', { sku: 'lapsed' })).body.code).toBe('FULFILLMENT.NOT_ENTITLED');
    const w = await givenEngagementVendor(app);
    await w.product('elsewhere');
    for (const sku of ['elsewhere', 'no-such-product']) {
      const res = await client.post('/fulfillments', { sku });
      expectProblem(res, 404);
      expect(res.body.code).toBe('PRODUCT.NOT_FOUND');
    }
    const stored = await rows(app, `SELECT 1 FROM engagement_fulfillments WHERE vendor_id = $1`, [v.vendorId]);
    expect(stored).toHaveLength(0);
  });

  it("needs a signed-in reader: none 401, a visitor's Basic credentials 401 or 403, a vendor API token 403", async () => {
    const { v, sku } = await givenEntitledReader();
    expectProblem(await publicClient(app).post('/fulfillments', { sku }), 401);
    const visitor = await publicClient(app, v.visitor().auth).post('/fulfillments', { sku });
    expectProblem(visitor);
    expect([401, 403]).toContain(visitor.status);
    const token = await v.apiToken('full');
    const byKey = await publicClient(app, bearer(token)).post('/fulfillments', { sku });
    expectProblem(byKey, 403);
  });

  it("answers hostile bodies with 4xx problem+json, never 500, and never touches another reader's fulfillments", async () => {
    const { v, sku, client } = await givenEntitledReader();
    const other = await v.reader();
    await v.entitle(other.userId, sku);
    const theirs = await publicClient(app, other.auth).post('/fulfillments', { sku });
    expect(theirs.status).toBe(201);
    for (const body of [
      { sku, id: theirs.body.id },
      { sku, userId: other.userId },
      { sku, status: 'SHIPPED' },
      { sku, deliveryProvider: 'x' },
      { sku: `${sku}\u0000` },
      { sku, title: 'a\u0000b' },
      { sku, title: 'x'.repeat(100_000) },
      { sku, title: '   ' },
      { sku, itemId: 'x'.repeat(129) },
      { sku, copies: 0 },
      { sku, copies: 1e9 },
      { sku, copies: '2' },
      { sku, copies: 1.5 },
      { sku: 'bad sku' },
      { sku: 'x'.repeat(129) },
      { sku: 42 },
      {},
      [],
      'x',
    ]) {
      expectProblem(await client.post('/fulfillments', body));
    }
    expectProblem(await client.raw('post', '/fulfillments', `{"sku":"${sku}"`), 400);
    expectProblem(await client.raw('post', '/fulfillments', JSON.stringify({ sku, title: 'x'.repeat(300_000) })), 413);
    expect((await client.get(`/fulfillments?sku=${sku}`)).body).toEqual([]);
    expect((await publicClient(app, other.auth).get(`/fulfillments?sku=${sku}`)).body).toEqual([theirs.body]);
  });

  it('holds at most 100 fulfillments per reader and product (409 FULFILLMENT.TOO_MANY)', async () => {
    const { sku, client } = await givenEntitledReader();
    for (let i = 0; i < 100; i += 1) expect((await client.post('/fulfillments', { sku })).status).toBe(201);
    const over = await client.post('/fulfillments', { sku });
    expectProblem(over, 409);
    expect(over.body).toMatchObject({ code: 'FULFILLMENT.TOO_MANY', limit: 100 });
    expect((await client.get(`/fulfillments?sku=${sku}`)).body).toHaveLength(100);
  });
});
