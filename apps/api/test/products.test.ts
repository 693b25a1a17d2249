import { bearer, givenVendor, startTestApp, TestApp } from './support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('/management/products', () => {
  it('creates, lists and changes products with products:write, and reads them with products:read', async () => {
    const v = await givenVendor(app);
    const full = await v.apiToken('full');
    const read = await v.apiToken('read');

    const created = await app.http
      .post('/management/products')
      .set(bearer(full))
      .send({ sku: 'daily', title: 'The Daily', productType: 'publication', language: 'sv' });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      sku: 'daily',
      title: 'The Daily',
      productType: 'publication',
      cover: null,
      language: 'sv',
      publisherContentId: null,
      taxCategory: 'standard',
      createdAt: expect.any(String),
      updatedAt: created.body.createdAt,
    });

    expect((await app.http.post('/management/products').set(bearer(read)).send({ sku: 'x', title: 'x', productType: 'article' })).status).toBe(403);
    const duplicate = await app.http
      .post('/management/products')
      .set(bearer(full))
      .send({ sku: 'daily', title: 'Again', productType: 'article' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.body.code).toBe('PRODUCT.EXISTS');

    app.clock.advance(60_000);
    const changed = await app.http.patch('/management/products/daily').set(bearer(full)).send({ title: 'The New Daily' });
    expect(changed.status).toBe(200);
    expect(changed.body.title).toBe('The New Daily');
    expect(changed.body.updatedAt).not.toBe(changed.body.createdAt);

    const list = await app.http.get('/management/products').set(bearer(read));
    expect(list.status).toBe(200);
    expect(list.body).toEqual([changed.body]);
  });

  it('adds purchase options in major units and refuses bad ones', async () => {
    const v = await givenVendor(app);
    const full = await v.apiToken('full');
    await app.http.post('/management/products').set(bearer(full)).send({ sku: 'team', title: 'Team', productType: 'license' });
    const option = await app.http
      .post('/management/products/team/purchase-options')
      .set(bearer(full))
      .send({ id: 'team-yearly', name: 'Yearly', price: 9999.5, currency: 'SEK', recurring: { interval: 'YEAR', time: 1 }, seatsPerUnit: 5 });
    expect(option.status).toBe(201);
    expect(option.body).toMatchObject({ price: 9999.5, currency: 'SEK', seatsPerUnit: 5, minQuantity: 1, maxQuantity: 10000 });

    const cases = [
      { id: 'a', name: 'A', price: 1.001, currency: 'SEK' },
      { id: 'b', name: 'B', price: -1, currency: 'SEK' },
      { id: 'c', name: 'C', price: 1, currency: 'sek' },
      { id: 'd', name: 'D', price: '1', currency: 'SEK' },
      { id: 'e', name: 'E', price: 1, currency: 'SEK', recurring: { interval: 'FORTNIGHT', time: 1 } },
    ];
    for (const body of cases) {
      const res = await app.http.post('/management/products/team/purchase-options').set(bearer(full)).send(body);
      expect(res.status).toBe(400);
      expect(res.body.code).toBe('REQUEST.INVALID');
    }
    const limits = await app.http
      .post('/management/products/team/purchase-options')
      .set(bearer(full))
      .send({ id: 'f', name: 'F', price: 1, currency: 'SEK', minQuantity: 5, maxQuantity: 2 });
    expect(limits.status).toBe(400);
    expect(limits.body.code).toBe('PURCHASE_OPTION.BAD_QUANTITY_LIMITS');
    const missing = await app.http
      .post('/management/products/nope/purchase-options')
      .set(bearer(full))
      .send({ id: 'g', name: 'G', price: 1, currency: 'SEK' });
    expect(missing.status).toBe(404);
  });

  it('refuses unknown fields and bad product types', async () => {
    const v = await givenVendor(app);
    const full = await v.apiToken('full');
    const unknown = await app.http
      .post('/management/products')
      .set(bearer(full))
      .send({ sku: 'a', title: 'A', productType: 'article', vendorId: 'someone-else' });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors).toEqual([{ field: 'vendorId', messages: [expect.stringContaining('should not exist')] }]);
    const badType = await app.http.post('/management/products').set(bearer(full)).send({ sku: 'a', title: 'A', productType: 'movie' });
    expect(badType.status).toBe(400);
    const badSku = await app.http.post('/management/products').set(bearer(full)).send({ sku: '../etc', title: 'A', productType: 'article' });
    expect(badSku.status).toBe(400);
  });
});
