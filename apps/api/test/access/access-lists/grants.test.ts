import { bearer, givenVendor, startTestApp, TestApp } from '../../support/harness';
import { givenListVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

type Res = { status: number; body: Record<string, unknown>; headers: Record<string, string> };
const expectProblem = (res: Res, status: number, code?: string) => {
  expect({ status: res.status, ...(code ? { code: res.body.code } : {}) }).toEqual({ status, ...(code ? { code } : {}) });
  expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
};

describe('/management/access-lists/{id}/grants', () => {
  it('creates a grant with the fields of 3.10, lists it, reads it, changes it (PUT) and deletes it (204)', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    const rita = await v.reader(`rita@${v.vendorId}.example.com`);
    const created = await v.createGrant(list.id, {
      email: `  Rita@${v.vendorId.toUpperCase()}.example.com `,
      startsAt: '2026-01-01T00:00:00Z',
      endsAt: '2099-01-01T00:00:00.000Z',
      publisherUserId: 'lib-4711',
      publisherPurchaseId: 'order-1',
      firstName: 'Rita',
      lastName: 'Reader',
      phone: '+46 70 000 00 00',
      deliveryAddress: { street: 'Storgatan 1', city: 'Lund', zip: '222 22', country: 'SE' },
      notes: 'card 17',
      extraFields: { branch: 'Central' },
      excludeFromStats: true,
    });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^grant_[0-9a-f]{32}$/),
      source: list.id,
      email: `rita@${v.vendorId}.example.com`,
      sku: 'news',
      poId: 'news-yearly',
      status: 'ACTIVE',
      startsAt: '2026-01-01T00:00:00.000Z',
      endsAt: '2099-01-01T00:00:00.000Z',
      userId: rita.userId,
      publisherUserId: 'lib-4711',
      publisherPurchaseId: 'order-1',
      firstName: 'Rita',
      lastName: 'Reader',
      phone: '+46 70 000 00 00',
      deliveryAddress: { street: 'Storgatan 1', city: 'Lund', zip: '222 22', country: 'SE', co: null },
      billingAddress: null,
      notes: 'card 17',
      extraFields: { branch: 'Central' },
      excludeFromStats: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = created.body.id as string;
    const path = `${v.grantsOf(list.id)}/${id}`;
    expect((await app.http.get(v.grantsOf(list.id)).set(bearer(v.read))).body).toEqual([created.body]);
    expect((await app.http.get(path).set(bearer(v.read))).body).toEqual(created.body);

    const changed = await app.http.put(path).set(bearer(v.full)).send({ status: 'INACTIVE', sku: 'books', poId: 'books-yearly', notes: null, endsAt: null });
    expect(changed.status).toBe(200);
    expect(changed.body).toMatchObject({ id, status: 'INACTIVE', sku: 'books', poId: 'books-yearly', notes: null, endsAt: null, firstName: 'Rita' });
    expect((await app.http.get(path).set(bearer(v.read))).body).toEqual(changed.body);

    const deleted = await app.http.delete(path).set(bearer(v.full));
    expect(deleted.status).toBe(204);
    expect(deleted.text).toBe('');
    expectProblem(await app.http.get(path).set(bearer(v.read)), 404, 'GRANT.NOT_FOUND');
    expectProblem(await app.http.delete(path).set(bearer(v.full)), 404, 'GRANT.NOT_FOUND');
    expect((await app.http.get(v.grantsOf(list.id)).set(bearer(v.read))).body).toEqual([]);
  });

  it('lists oldest first, a page at a time with limit and offset', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    const ids: string[] = [];
    for (const name of ['a', 'b', 'c']) ids.push((await v.createGrant(list.id, { email: `${name}@example.com` })).body.id as string);
    const page = (query: Record<string, string>) => app.http.get(v.grantsOf(list.id)).query(query).set(bearer(v.read));
    expect(((await page({})).body as { id: string }[]).map((g) => g.id)).toEqual(ids);
    expect(((await page({ limit: '2' })).body as { id: string }[]).map((g) => g.id)).toEqual(ids.slice(0, 2));
    expect(((await page({ limit: '2', offset: '2' })).body as { id: string }[]).map((g) => g.id)).toEqual(ids.slice(2));
    const bads: Record<string, string>[] = [{ limit: '0' }, { limit: '10001' }, { limit: 'ten' }, { offset: '-1' }, { status: 'ACTIVE' }];
    for (const bad of bads) expectProblem(await page(bad), 400);
  });

  it('a grant for an e-mail without an account has userId null', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    const res = await v.createGrant(list.id, { email: `nobody@${v.vendorId}.example.com` });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({ userId: null, startsAt: null, endsAt: null, extraFields: {}, excludeFromStats: false });
  });

  it('refuses a source that is not the path, a bad e-mail, an unknown product or option, a bad period, a duplicate', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    const other = await v.createList({ name: 'Other' });
    expectProblem(await v.createGrant(list.id, { source: other.id }), 400, 'GRANT.SOURCE_MISMATCH');
    expectProblem(await v.createGrant(list.id, { email: 'not-an-address' }), 400, 'GRANT.BAD_EMAIL');
    expectProblem(await v.createGrant(list.id, { email: 'a b@example.com' }), 400, 'GRANT.BAD_EMAIL');
    expectProblem(await v.createGrant(list.id, { sku: 'nothing' }), 404, 'PRODUCT.NOT_FOUND');
    expectProblem(await v.createGrant(list.id, { poId: 'books-yearly' }), 400, 'GRANT.PURCHASE_OPTION_NOT_FOUND');
    expectProblem(await v.createGrant(list.id, { poId: 'nothing' }), 400, 'GRANT.PURCHASE_OPTION_NOT_FOUND');
    expectProblem(await v.createGrant(list.id, { startsAt: '2027-01-01T00:00:00Z', endsAt: '2026-01-01T00:00:00Z' }), 400);
    expectProblem(await v.createGrant(list.id, { startsAt: 'tomorrow' }), 400);
    expectProblem(await v.createGrant(list.id, { status: 'PAUSED' }), 400);
    expectProblem(await v.createGrant(list.id, { extraFields: { a: 1 } }), 400);
    expectProblem(await v.createGrant(list.id, { deliveryAddress: { street: 1 } }), 400);
    expectProblem(await v.createGrant(list.id, { userId: 'someone-else' }), 400, 'GRANT.USER_MISMATCH');
    expectProblem(await v.createGrant(list.id, { unknown: true }), 400);
    expectProblem(await v.createGrant(list.id, { email: undefined }), 400);

    const first = await v.createGrant(list.id);
    expect(first.status).toBe(201);
    expectProblem(await v.createGrant(list.id, { email: `RITA@${v.vendorId}.example.com` }), 409, 'GRANT.EXISTS');
    // The same person and product on another list, or another product on this list, is fine.
    expect((await v.createGrant(other.id, { source: other.id })).status).toBe(201);
    const books = await v.createGrant(list.id, { sku: 'books', poId: 'books-yearly' });
    expect(books.status).toBe(201);
    // Changing a grant into a duplicate is a 409 too; changing it to a bad product a 404.
    const path = `${v.grantsOf(list.id)}/${books.body.id as string}`;
    expectProblem(await app.http.put(path).set(bearer(v.full)).send({ sku: 'news', poId: 'news-yearly' }), 409, 'GRANT.EXISTS');
    expectProblem(await app.http.put(path).set(bearer(v.full)).send({ sku: 'nothing', poId: 'news-yearly' }), 404, 'PRODUCT.NOT_FOUND');
    expectProblem(await app.http.put(path).set(bearer(v.full)).send({ email: 'nope' }), 400, 'GRANT.BAD_EMAIL');
    expectProblem(await app.http.put(path).set(bearer(v.full)).send({ source: list.id }), 400);
    expectProblem(await app.http.put(path).set(bearer(v.full)).send({ endsAt: '2000-01-01T00:00:00Z', startsAt: '2001-01-01T00:00:00Z' }), 400);
  });

  it('asks for access-lists:read / access-lists:write, and hides another vendor’s grants (404)', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    const other = await givenListVendor(app);
    const otherList = await other.createList();
    const grant = await v.createGrant(list.id);
    const path = `${v.grantsOf(list.id)}/${grant.body.id as string}`;
    expectProblem(await v.createGrant(list.id, { email: 'b@example.com' }, v.read), 403);
    expectProblem(await app.http.put(path).set(bearer(v.read)).send({ status: 'CANCELED' }), 403);
    expectProblem(await app.http.delete(path).set(bearer(v.read)), 403);
    expectProblem(await v.importCsv(list.id, 'email,sku,poId\n', v.read), 403);
    const narrow = await v.apiToken('full', [], 'products:read');
    expectProblem(await app.http.get(path).set(bearer(narrow)), 403);
    expectProblem(await app.http.get(v.grantsOf(list.id)).set(bearer(narrow)), 403);

    // Another vendor, with its own list and the grant's id: nothing of it.
    for (const res of [
      await app.http.get(path).set(bearer(other.full)),
      await app.http.put(path).set(bearer(other.full)).send({ status: 'CANCELED' }),
      await app.http.delete(path).set(bearer(other.full)),
      await app.http.get(`${other.grantsOf(otherList.id)}/${grant.body.id as string}`).set(bearer(other.full)),
      await app.http.delete(`${other.grantsOf(otherList.id)}/${grant.body.id as string}`).set(bearer(other.full)),
    ]) {
      expectProblem(res, 404);
    }
    // The grant under another list of the same vendor is not found either.
    const second = await v.createList({ name: 'Second' });
    expectProblem(await app.http.get(`${v.grantsOf(second.id)}/${grant.body.id as string}`).set(bearer(v.read)), 404, 'GRANT.NOT_FOUND');
    expect((await app.http.get(path).set(bearer(v.read))).status).toBe(200);
    const stranger = await givenVendor(app);
    expectProblem(await app.http.get(v.grantsOf(list.id)).set(bearer(await stranger.apiToken('read'))), 404);
  });
});
