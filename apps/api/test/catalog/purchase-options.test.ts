import { CreateStaffUser, IssueUserToken } from '@kiosk/domain/identity';
import { bearer, givenVendor, startTestApp, TestApp, uniqueId } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const ISO = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/;
const path = (sku: string) => `/management/products/${encodeURIComponent(sku)}/purchase-options`;

async function given() {
  const v = await givenVendor(app);
  const full = bearer(await v.apiToken('full'));
  const read = bearer(await v.apiToken('read'));
  await app.http.post('/management/products').set(full).send({ sku: 'daily', title: 'The Daily', productType: 'publication' }).expect(201);
  return { v, full, read };
}

describe('GET /management/products/{sku}/purchase-options', () => {
  it('lists every option of the product by id, in the shape the create answered, and only that product', async () => {
    const { full, read } = await given();
    await app.http.post('/management/products').set(full).send({ sku: 'weekly-mag', title: 'Weekly', productType: 'publication' }).expect(201);
    expect((await app.http.get(path('daily')).set(read)).body).toEqual([]);

    const yearly = await app.http
      .post(path('daily'))
      .set(full)
      .send({ id: 'yearly', name: 'Yearly', price: 990, currency: 'SEK', recurring: { interval: 'YEAR', time: 1 } });
    expect(yearly.status).toBe(201);
    const monthly = await app.http
      .post(path('daily'))
      .set(full)
      .send({ id: 'monthly', name: 'Monthly', price: 99.5, currency: 'SEK', taxIncluded: false, recurring: { interval: 'MONTH', time: 1 }, seatsPerUnit: 5, minQuantity: 2, maxQuantity: 40 });
    expect(monthly.status).toBe(201);
    await app.http.post(path('weekly-mag')).set(full).send({ id: 'single', name: 'One issue', price: 5, currency: 'SEK' }).expect(201);

    const res = await app.http.get(path('daily')).set(read);
    expect(res.status).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    expect(res.body).toEqual([monthly.body, yearly.body]);
    expect(res.body[0]).toEqual({
      id: 'monthly',
      sku: 'daily',
      name: 'Monthly',
      price: 99.5,
      currency: 'SEK',
      taxIncluded: false,
      recurring: { interval: 'MONTH', time: 1 },
      seatsPerUnit: 5,
      minQuantity: 2,
      maxQuantity: 40,
      createdAt: expect.stringMatching(ISO),
    });
    expect(res.body[1]).toMatchObject({ id: 'yearly', price: 990, taxIncluded: true, seatsPerUnit: 1, minQuantity: 1, maxQuantity: 10000 });

    const single = await app.http.get(path('weekly-mag')).set(read);
    expect(single.body).toEqual([expect.objectContaining({ id: 'single', sku: 'weekly-mag', recurring: null })]);
  });

  it("answers 404 PRODUCT.NOT_FOUND for an unknown product or another vendor's, never their options", async () => {
    const { read } = await given();
    const other = await given();
    await app.http.post(path('daily')).set(other.full).send({ id: 'theirs', name: 'Theirs', price: 1, currency: 'SEK' }).expect(201);
    await app.http.post('/management/products').set(other.full).send({ sku: 'evening', title: 'Evening', productType: 'publication' }).expect(201);
    await app.http.post(path('evening')).set(other.full).send({ id: 'eve', name: 'Eve', price: 1, currency: 'SEK' }).expect(201);
    for (const sku of ['nope', 'evening']) {
      const res = await app.http.get(path(sku)).set(read);
      expect(res.status).toBe(404);
      expect(res.headers['content-type']).toMatch(/^application\/problem\+json/);
      expect(res.body).toMatchObject({ status: 404, code: 'PRODUCT.NOT_FOUND' });
    }
    // Both vendors have `daily`: each sees only its own options.
    expect((await app.http.get(path('daily')).set(read)).body).toEqual([]);
    expect((await app.http.get(path('daily')).set(other.read)).body.map((o: { id: string }) => o.id)).toEqual(['theirs']);
  });

  it('needs products:read: 403 without it, 401 without a token; a viewer reads', async () => {
    const { v } = await given();
    const contractsOnly = bearer(await v.apiToken('full', [], 'contracts:read'));
    const refused = await app.http.get(path('daily')).set(contractsOnly);
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ status: 403, code: 'AUTH.INSUFFICIENT_SCOPE' });
    expect((await app.http.get(path('daily'))).status).toBe(401);
    const c = app.runtime.container;
    const viewer = await c.get(CreateStaffUser).execute({ vendorId: v.vendorId, email: `${uniqueId('viewer')}@${v.vendorId}.example.com`, role: 'viewer' });
    const token = (await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: viewer.id })).accessToken;
    expect((await app.http.get(path('daily')).set(bearer(token))).status).toBe(200);
  });

  it('is in the OpenAPI document with its example', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    const op = doc.paths['/management/products/{sku}/purchase-options'].get;
    expect(op.operationId).toBe('listPurchaseOptions');
    expect(op.security).toEqual(expect.arrayContaining([{ apiKeyToken: ['products:read'] }]));
    expect(op.responses['200'].content['application/json'].example).toHaveLength(2);
    expect(Object.keys(op.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404']));
  });
});
