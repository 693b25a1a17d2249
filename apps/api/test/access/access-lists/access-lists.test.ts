import { bearer, givenVendor, startTestApp, TestApp } from '../../support/harness';
import { givenListVendor, LISTS } from './support';

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

describe('/management/access-lists', () => {
  it('creates, lists, reads, replaces (PUT) and merges (PATCH) lists with the fields of 3.9', async () => {
    const v = await givenListVendor(app);
    const created = await app.http
      .post(LISTS)
      .set(bearer(v.full))
      .send({ name: ' Libraries ', description: 'Partner libraries', type: 'CSV_FILE', status: 'DRAFT', excludeFromStats: true });
    expect(created.status).toBe(201);
    expect(created.body).toEqual({
      id: expect.stringMatching(/^src_[0-9a-f]{32}$/),
      name: 'Libraries',
      description: 'Partner libraries',
      type: 'CSV_FILE',
      status: 'DRAFT',
      excludeFromStats: true,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    const id = created.body.id as string;
    const second = await v.createList({ name: 'Manual' });
    expect(second).toMatchObject({ description: null, type: 'MANUAL', status: 'ACTIVE' });

    const listed = await app.http.get(LISTS).set(bearer(v.read));
    expect(listed.status).toBe(200);
    expect(listed.body).toEqual([created.body, expect.objectContaining({ id: second.id, excludeFromStats: false })]);
    expect((await app.http.get(`${LISTS}/${id}`).set(bearer(v.read))).body).toEqual(created.body);

    const patched = await app.http.patch(`${LISTS}/${id}`).set(bearer(v.full)).send({ status: 'ACTIVE' });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ id, name: 'Libraries', description: 'Partner libraries', status: 'ACTIVE', excludeFromStats: true });
    const cleared = await app.http.patch(`${LISTS}/${id}`).set(bearer(v.full)).send({ description: null });
    expect(cleared.body).toMatchObject({ description: null, excludeFromStats: true });

    const put = await app.http.put(`${LISTS}/${id}`).set(bearer(v.full)).send({ id, name: 'Libraries 2027', type: 'HOOK', status: 'CANCELED' });
    expect(put.status).toBe(200);
    expect(put.body).toMatchObject({ id, name: 'Libraries 2027', type: 'HOOK', status: 'CANCELED', description: null, excludeFromStats: false });
    expect((await app.http.get(`${LISTS}/${id}`).set(bearer(v.read))).body).toEqual(put.body);
  });

  it('refuses bad bodies with 400 and names the fields', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    const post = (body: unknown) => app.http.post(LISTS).set(bearer(v.full)).send(body as object);
    expectProblem(await post({ name: 'x', type: 'SPREADSHEET', status: 'ACTIVE' }), 400);
    expectProblem(await post({ name: 'x', type: 'MANUAL', status: 'LIVE' }), 400);
    expectProblem(await post({ type: 'MANUAL', status: 'ACTIVE' }), 400);
    expectProblem(await post({ name: '   ', type: 'MANUAL', status: 'ACTIVE' }), 400, 'ACCESS_LIST.INVALID');
    expectProblem(await post({ name: 'x', type: 'MANUAL', status: 'ACTIVE', extra: 1 }), 400);
    expectProblem(await post({ name: 'x'.repeat(201), type: 'MANUAL', status: 'ACTIVE' }), 400);
    const put = await app.http.put(`${LISTS}/${list.id}`).set(bearer(v.full)).send({ name: 'Only a name' });
    expectProblem(put, 400, 'ACCESS_LIST.INCOMPLETE');
    expect(put.body.errors).toEqual([
      expect.objectContaining({ field: 'type' }),
      expect.objectContaining({ field: 'status' }),
    ]);
    expectProblem(await app.http.patch(`${LISTS}/${list.id}`).set(bearer(v.full)).send({ id: 'src_other' }), 400, 'ACCESS_LIST.ID_MISMATCH');
    expectProblem(await app.http.patch(`${LISTS}/${list.id}`).set(bearer(v.full)).send({ excludeFromStats: 'yes' }), 400);
    expectProblem(await app.http.patch(`${LISTS}/${list.id}`).set(bearer(v.full)).type('text/plain').send('status=ACTIVE'), 415);
  });

  it('asks for access-lists:read to read and access-lists:write to write', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    expectProblem(await app.http.post(LISTS).set(bearer(v.read)).send({ name: 'x', type: 'MANUAL', status: 'ACTIVE' }), 403);
    expectProblem(await app.http.patch(`${LISTS}/${list.id}`).set(bearer(v.read)).send({ status: 'DRAFT' }), 403);
    expectProblem(await app.http.put(`${LISTS}/${list.id}`).set(bearer(v.read)).send({ name: 'x', type: 'MANUAL', status: 'DRAFT' }), 403);
    const narrow = await v.apiToken('full', [], 'products:read');
    expectProblem(await app.http.get(LISTS).set(bearer(narrow)), 403);
    expectProblem(await app.http.get(`${LISTS}/${list.id}`).set(bearer(narrow)), 403);
    const writeOnly = await v.apiToken('full', [], 'access-lists:write');
    expectProblem(await app.http.get(LISTS).set(bearer(writeOnly)), 403);
    expect((await app.http.patch(`${LISTS}/${list.id}`).set(bearer(writeOnly)).send({ status: 'DRAFT' })).status).toBe(200);
    expectProblem(await app.http.get(LISTS), 401);
  });

  it("answers 404 for another vendor's list, on every route", async () => {
    const v = await givenListVendor(app);
    const other = await givenVendor(app);
    const otherFull = await other.apiToken('full');
    const list = await v.createList();
    const path = `${LISTS}/${list.id}`;
    expect((await app.http.get(LISTS).set(bearer(otherFull))).body).toEqual([]);
    expectProblem(await app.http.get(path).set(bearer(otherFull)), 404, 'ACCESS_LIST.NOT_FOUND');
    expectProblem(await app.http.patch(path).set(bearer(otherFull)).send({ status: 'DRAFT' }), 404, 'ACCESS_LIST.NOT_FOUND');
    expectProblem(await app.http.put(path).set(bearer(otherFull)).send({ name: 'x', type: 'MANUAL', status: 'DRAFT' }), 404, 'ACCESS_LIST.NOT_FOUND');
    expectProblem(await app.http.get(`${path}/grants`).set(bearer(otherFull)), 404, 'ACCESS_LIST.NOT_FOUND');
    expectProblem(
      await app.http.post(`${path}/grants`).set(bearer(otherFull)).send({ source: list.id, email: 'a@example.com', sku: 'news', poId: 'news-yearly', status: 'ACTIVE' }),
      404,
    );
    expectProblem(await app.http.post(`${path}/grants/import`).set(bearer(otherFull)).type('text/csv').send('email,sku,poId\n'), 404, 'ACCESS_LIST.NOT_FOUND');
    expectProblem(await app.http.get(`${LISTS}/src_nothing`).set(bearer(v.read)), 404, 'ACCESS_LIST.NOT_FOUND');
    expect((await app.http.get(path).set(bearer(v.read))).status).toBe(200);
  });
});
