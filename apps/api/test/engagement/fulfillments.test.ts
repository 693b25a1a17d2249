import { EmbeddedDeliveryProvider } from '../../src/engagement/fulfillments.typeorm';
import { bearer, givenVendor, onRealPostgres, startTestApp, TestApp } from '../support/harness';
import { givenReader, Reader } from './reader-support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

async function givenLoadedReader() {
  const v = await givenVendor(app);
  const token = await v.apiToken('full');
  const r = await givenReader(app, v.vendorId);
  const load = (fulfillments: object[], t = token) =>
    app.http.post('/management/fulfillments').set(bearer(t)).send({ fulfillments });
  return { v, token, r, load };
}

const request = (r: Reader, id: string, sku: string) =>
  app.http.post(`/fulfillments/${encodeURIComponent(id)}/request-delivery`).set(r.auth).send({ sku });

describe('management: loading fulfillments', () => {
  it('inserts with defaults, updates by id keeping what a reload leaves out, and needs users:write', async () => {
    const { v, r, load } = await givenLoadedReader();
    let res = await load([
      { id: 'f-1', userId: r.userId, sku: 'mag-print', title: 'Magazine #1', cover: 'https://cdn.example.com/1.jpg', deliversAt: '2030-01-05T00:00:00Z' },
      { id: 'f-2', userId: r.userId, sku: 'mag-print', title: 'Magazine #2', numericId: 4242, copies: 2, itemId: 'item-2' },
    ]);
    expect(res.status).toBe(200);
    const now = app.clock.now().toISOString();
    expect(res.body).toEqual([
      {
        id: 'f-1',
        userId: r.userId,
        numericId: expect.any(Number),
        status: 'PENDING',
        sku: 'mag-print',
        title: 'Magazine #1',
        cover: 'https://cdn.example.com/1.jpg',
        deliveryProvider: null,
        itemId: null,
        copies: 1,
        deliversAt: '2030-01-05T00:00:00.000Z',
        createdAt: now,
        updatedAt: now,
        deliveryRequestedAt: null,
      },
      {
        id: 'f-2',
        userId: r.userId,
        numericId: 4242,
        status: 'PENDING',
        sku: 'mag-print',
        title: 'Magazine #2',
        cover: null,
        deliveryProvider: null,
        itemId: 'item-2',
        copies: 2,
        deliversAt: null,
        createdAt: now,
        updatedAt: now,
        deliveryRequestedAt: null,
      },
    ]);
    app.clock.advance(60_000);
    res = await load([{ id: 'f-2', userId: r.userId, sku: 'mag-print', title: 'Magazine #2 (v2)', status: 'SHIPPED', deliveryProvider: 'PostNord' }]);
    expect(res.status).toBe(200);
    expect(res.body[0]).toMatchObject({ numericId: 4242, copies: 2, itemId: 'item-2', title: 'Magazine #2 (v2)', status: 'SHIPPED', deliveryProvider: 'PostNord', createdAt: now, updatedAt: app.clock.now().toISOString() });

    const read = await v.apiToken('read');
    expect((await load([{ id: 'x', userId: r.userId, sku: 's', title: 't' }], read)).status).toBe(403);
    expect((await app.http.post('/management/fulfillments').send({ fulfillments: [] })).status).toBe(401);
    expect((await load([{ id: 'x', userId: r.userId, sku: 's', title: 't' }], r.token)).status).toBe(403);
  });

  it.each([
    [[]],
    [[{ id: 'a b', userId: 'u', sku: 's', title: 't' }]],
    [[{ id: 'a', userId: 'u', sku: 's' }]],
    [[{ id: 'a', userId: 'u', sku: 's', title: '   ' }]],
    [[{ id: 'a', userId: 'u', sku: 's', title: 't', copies: 0 }]],
    [[{ id: 'a', userId: 'u', sku: 's', title: 't', status: 'LOST' }]],
    [[{ id: 'a', userId: 'u', sku: 's', title: 't', deliversAt: 'tomorrow' }]],
    [[{ id: 'a', userId: 'u', sku: 's', title: 't', extra: 1 }]],
  ])('refuses invalid load %# with 400', async (fulfillments) => {
    const { r, load } = await givenLoadedReader();
    const body = JSON.parse(JSON.stringify(fulfillments).replace(/"u"/g, JSON.stringify(r.userId)));
    const res = await load(body);
    expect(res.status).toBe(400);
    expect(res.body.code).toMatch(/^(REQUEST.INVALID|FULFILLMENT.INVALID)$/);
  });

  it("refuses another vendor's user (404) and duplicate ids (400), storing none of the batch", async () => {
    const { v, r, load } = await givenLoadedReader();
    const w = await givenVendor(app);
    const stranger = await givenReader(app, w.vendorId);
    let res = await load([
      { id: 'ok', userId: r.userId, sku: 's', title: 't' },
      { id: 'bad', userId: stranger.userId, sku: 's', title: 't' },
    ]);
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('FULFILLMENT.NO_SUCH_USER');
    res = await load([
      { id: 'dup', userId: r.userId, sku: 's', title: 't' },
      { id: 'dup', userId: r.userId, sku: 's', title: 't' },
    ]);
    expect(res.status).toBe(400);
    const rows = await app.runtime.database.db.query(`SELECT id FROM engagement_fulfillments WHERE vendor_id = $1`, [v.vendorId]);
    expect(rows).toEqual([]);
  });
});

describe('GET /fulfillments', () => {
  it("lists the reader's fulfillments of the sku only; sku is required", async () => {
    const { r, load, v } = await givenLoadedReader();
    const other = await givenReader(app, v.vendorId);
    await load([
      { id: 'a1', userId: r.userId, sku: 'mag', title: 'A1' },
      { id: 'b1', userId: r.userId, sku: 'book', title: 'B1' },
      { id: 'o1', userId: other.userId, sku: 'mag', title: 'O1' },
    ]);
    let res = await app.http.get('/fulfillments?sku=mag').set(r.auth);
    expect(res.status).toBe(200);
    expect(res.body.map((f: { id: string }) => f.id)).toEqual(['a1']);
    // Every field of interface 2.6a, absent ones null (issue 10).
    expect(Object.keys(res.body[0]).sort()).toEqual(['copies', 'cover', 'createdAt', 'deliversAt', 'deliveryProvider', 'id', 'itemId', 'numericId', 'sku', 'status', 'title', 'updatedAt']);
    expect(res.body[0]).toMatchObject({ cover: null, deliversAt: null, deliveryProvider: null, itemId: null });
    expect((await app.http.get('/fulfillments?sku=mag').set(other.auth)).body.map((f: { id: string }) => f.id)).toEqual(['o1']);
    expect((await app.http.get('/fulfillments?sku=none').set(r.auth)).body).toEqual([]);
    res = await app.http.get('/fulfillments').set(r.auth);
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REQUEST.INVALID');
    // A missing parameter is said to be missing, not listed with the rules a value would have to keep.
    expect(res.body.errors).toEqual([{ field: 'sku', messages: ['sku is required'] }]);
    res = await app.http.get(`/fulfillments?sku=${'x'.repeat(129)}`).set(r.auth);
    expect(res.status).toBe(400);
    expect(res.body.errors[0].messages.join(' ')).toMatch(/128/);
    expect((await app.http.get('/fulfillments?sku=a%20b').set(r.auth)).status).toBe(400);
    expect((await app.http.get('/fulfillments?sku=mag')).status).toBe(401);
  });
});

describe('POST /fulfillments/{id}/request-delivery', () => {
  it('sends a PENDING fulfillment to the delivery provider once, with the delivery address', async () => {
    const { v, r, load } = await givenLoadedReader();
    await load([{ id: 'f1', userId: r.userId, sku: 'mag', title: 'M' }]);
    let res = await request(r, 'f1', 'mag');
    expect(res.status).toBe(409);
    expect(res.body.code).toBe('FULFILLMENT.NO_ADDRESS');
    await app.http.patch('/profile').set(r.auth).send({ billingAddress: { country: 'SE', city: 'Lund' }, deliveryAddress: { country: 'DK', city: 'Aarhus', street: 'Gade 1' } });
    res = await request(r, 'f1', 'mag');
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ ok: true });
    expect((await request(r, 'f1', 'mag')).body).toEqual({ ok: true });
    const listed = (await app.http.get('/fulfillments?sku=mag').set(r.auth)).body;
    expect(listed[0]).toMatchObject({ status: 'DELIVERY_REQUESTED', deliveryProvider: 'EMBEDDED' });
    const recorded = await app.runtime.container.get(EmbeddedDeliveryProvider).list(v.vendorId);
    expect(recorded.map((d) => [d.fulfillmentId, d.userId, d.address])).toEqual([
      ['f1', r.userId, { country: 'DK', zip: null, city: 'Aarhus', street: 'Gade 1', co: null, firstName: null, lastName: null }],
    ]);
  });

  it("answers 404 for an unknown id, a wrong sku and another reader's fulfillment; 409 once shipped; 400 without sku", async () => {
    const { r, load, v } = await givenLoadedReader();
    const other = await givenReader(app, v.vendorId);
    await app.http.patch('/profile').set(other.auth).send({ deliveryAddress: { country: 'SE' } });
    await load([
      { id: 'mine', userId: r.userId, sku: 'mag', title: 'M' },
      { id: 'shipped', userId: other.userId, sku: 'mag', title: 'S', status: 'SHIPPED' },
    ]);
    expect((await request(other, 'mine', 'mag')).status).toBe(404);
    expect((await request(r, 'nope', 'mag')).status).toBe(404);
    expect((await request(r, 'mine', 'book')).status).toBe(404);
    const shipped = await request(other, 'shipped', 'mag');
    expect(shipped.status).toBe(409);
    expect(shipped.body.code).toBe('FULFILLMENT.NOT_DELIVERABLE');
    expect((await app.http.post('/fulfillments/mine/request-delivery').set(r.auth).send({})).status).toBe(400);
    expect((await app.http.post('/fulfillments/mine/request-delivery').set(r.auth).send({ sku: 5 })).status).toBe(400);
    expect((await app.runtime.container.get(EmbeddedDeliveryProvider).list(v.vendorId))).toEqual([]);
  });

  (onRealPostgres() ? it : it.skip)('20 parallel requests make exactly one delivery request, every answer ok', async () => {
    const { v, r, load } = await givenLoadedReader();
    await app.http.patch('/profile').set(r.auth).send({ deliveryAddress: { country: 'SE' } });
    await load([{ id: 'race', userId: r.userId, sku: 'mag', title: 'M' }]);
    const answers = await Promise.all(Array.from({ length: 20 }, () => request(r, 'race', 'mag')));
    expect(answers.map((a) => [a.status, a.body])).toEqual(Array.from({ length: 20 }, () => [200, { ok: true }]));
    expect(await app.runtime.container.get(EmbeddedDeliveryProvider).list(v.vendorId)).toHaveLength(1);
  });
});
