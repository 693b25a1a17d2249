import { CreateProduct } from '@kiosk/domain/catalog';
import { givenReader } from '../engagement/reader-support';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A vendor with products `a-daily`, `b-weekly` (titled "The Weekly Digest"), `c-podcast`. */
async function givenCatalogVendor() {
  const v = await givenVendor(app);
  const c = app.runtime.container;
  await c.get(CreateProduct).execute({ vendorId: v.vendorId, sku: 'c-podcast', title: 'Morning Podcast', productType: 'podcast' });
  await c.get(CreateProduct).execute({ vendorId: v.vendorId, sku: 'a-daily', title: 'The Daily', productType: 'publication', cover: 'https://cdn.example.com/a.png' });
  await c.get(CreateProduct).execute({ vendorId: v.vendorId, sku: 'b-weekly', title: 'The Weekly Digest', productType: 'publication' });
  const read = await v.apiToken('read');
  const full = await v.apiToken('full');
  const get = (path: string, query: Record<string, string | number> = {}, token = read) => app.http.get(path).query(query).set(bearer(token));
  return { ...v, read, full, get };
}

const skus = (res: { body: { sku: string }[] }) => res.body.map((p) => p.sku);

describe('GET /management/products', () => {
  it('keeps answering every product by SKU without query, and pages and searches with one', async () => {
    const v = await givenCatalogVendor();
    const all = await v.get('/management/products');
    expect(all.status).toBe(200);
    expect(skus(all)).toEqual(['a-daily', 'b-weekly', 'c-podcast']);
    expect(all.body[1]).toMatchObject({ sku: 'b-weekly', cover: null, language: null, publisherContentId: null });
    expect(skus(await v.get('/management/products', { limit: 2 }))).toEqual(['a-daily', 'b-weekly']);
    expect(skus(await v.get('/management/products', { limit: 2, offset: 2 }))).toEqual(['c-podcast']);
    expect(skus(await v.get('/management/products', { offset: 1 }))).toEqual(['b-weekly', 'c-podcast']);
    expect(skus(await v.get('/management/products', { search: 'THE' }))).toEqual(['a-daily', 'b-weekly']);
    expect(skus(await v.get('/management/products', { search: 'digest' }))).toEqual(['b-weekly']);
    expect(skus(await v.get('/management/products', { search: 'podcast', limit: 1 }))).toEqual(['c-podcast']);
    expect((await v.get('/management/products', { search: 'nothing' })).body).toEqual([]);
    for (const query of [{ limit: '0' }, { limit: '501' }, { offset: '-1' }, { search: 'x'.repeat(201) }, { q: 'a' }] as Record<string, string>[]) {
      const res = await v.get('/management/products', query);
      expect([res.status, res.body.code]).toEqual([400, 'REQUEST.INVALID']);
    }
  });
});

describe('GET /management/products/{sku}', () => {
  it('answers one product in the shape of the list; another vendor gets 404; needs products:read', async () => {
    const v = await givenCatalogVendor();
    const list = await v.get('/management/products');
    const one = await v.get('/management/products/a-daily');
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list.body[0]);
    const missing = await v.get('/management/products/none');
    expect([missing.status, missing.body.code]).toEqual([404, 'PRODUCT.NOT_FOUND']);
    const other = await givenVendor(app);
    expect((await v.get('/management/products/a-daily', {}, await other.apiToken('read'))).status).toBe(404);
    const noScope = await v.apiToken('read', [], 'users:read');
    expect((await v.get('/management/products/a-daily', {}, noScope)).status).toBe(403);
  });
});

describe('GET /management/products/{sku}/fulfillments', () => {
  it("lists every reader's fulfillments of the product, oldest first, a page at a time", async () => {
    const v = await givenCatalogVendor();
    const r1 = await givenReader(app, v.vendorId);
    const r2 = await givenReader(app, v.vendorId);
    const load = await app.http
      .post('/management/fulfillments')
      .set(bearer(v.full))
      .send({
        fulfillments: [
          { id: `${v.vendorId}-1`, userId: r1.userId, sku: 'a-daily', title: 'Issue 1' },
          { id: `${v.vendorId}-2`, userId: r2.userId, sku: 'a-daily', title: 'Issue 1', copies: 2 },
          { id: `${v.vendorId}-3`, userId: r1.userId, sku: 'b-weekly', title: 'Weekly 1' },
        ],
      });
    expect(load.status).toBe(200);
    const res = await v.get('/management/products/a-daily/fulfillments');
    expect(res.status).toBe(200);
    expect(res.body.map((f: { id: string }) => f.id).sort()).toEqual([`${v.vendorId}-1`, `${v.vendorId}-2`]);
    expect(Object.keys(res.body[0]).sort()).toEqual(
      ['copies', 'cover', 'createdAt', 'deliveryProvider', 'deliveryRequestedAt', 'deliversAt', 'id', 'itemId', 'numericId', 'sku', 'status', 'title', 'updatedAt', 'userId'].sort(),
    );
    const second = res.body.find((f: { id: string }) => f.id === `${v.vendorId}-2`);
    expect(second).toMatchObject({ userId: r2.userId, sku: 'a-daily', status: 'PENDING', copies: 2, cover: null, deliversAt: null, deliveryRequestedAt: null });
    expect(await v.get('/management/products/a-daily/fulfillments', { limit: 1 }).then((r) => r.body)).toHaveLength(1);
    expect(await v.get('/management/products/a-daily/fulfillments', { offset: 2 }).then((r) => r.body)).toEqual([]);
    expect((await v.get('/management/products/c-podcast/fulfillments')).body).toEqual([]);
    expect((await v.get('/management/products/a-daily/fulfillments', { limit: '0' })).status).toBe(400);

    const missing = await v.get('/management/products/none/fulfillments');
    expect([missing.status, missing.body.code]).toEqual([404, 'PRODUCT.NOT_FOUND']);
    const other = await givenVendor(app);
    expect((await v.get('/management/products/a-daily/fulfillments', {}, await other.apiToken('read'))).status).toBe(404);
    expect((await v.get('/management/products/a-daily/fulfillments', {}, await v.apiToken('read', [], 'users:read'))).status).toBe(403);
  });
});
