import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';
import { givenContractVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('GET /management/contracts without userId (issue 10, real clients)', () => {
  it("lists the vendor's contracts newest first, a page at a time, by status, and keeps userId", async () => {
    const v = await givenContractVendor(app);
    const ids: string[] = [];
    for (let i = 0; i < 5; i += 1) {
      app.clock.advance(1_000);
      const res = await v.create(v.order({ user: { email: `buyer-${i}@corp.example` }, confirm: i % 2 === 0 }));
      expect(res.status).toBe(201);
      ids.push(res.body.id);
    }
    const newestFirst = [...ids].reverse();
    const list = (query: Record<string, string | number>) =>
      app.http.get('/management/contracts').query(query).set(bearer(v.read));

    const all = await list({});
    expect(all.status).toBe(200);
    expect(all.body.map((c: { id: string }) => c.id)).toEqual(newestFirst);
    expect(all.body[0]).toMatchObject({ id: newestFirst[0], status: 'ACTIVE', willCancelAt: null });

    expect((await list({ limit: 2 })).body.map((c: { id: string }) => c.id)).toEqual(newestFirst.slice(0, 2));
    expect((await list({ limit: 2, offset: 2 })).body.map((c: { id: string }) => c.id)).toEqual(newestFirst.slice(2, 4));
    expect((await list({ limit: 2, offset: 4 })).body.map((c: { id: string }) => c.id)).toEqual(newestFirst.slice(4));
    expect((await list({ offset: 5 })).body).toEqual([]);

    const pending = await list({ status: 'PENDING' });
    expect(pending.body.map((c: { id: string }) => c.id)).toEqual([ids[3], ids[1]]);
    expect((await list({ status: 'ACTIVE', limit: 1 })).body.map((c: { id: string }) => c.id)).toEqual([ids[4]]);

    // userId still filters, and combines with the rest.
    const userId = all.body.find((c: { id: string }) => c.id === ids[1]).userId;
    expect((await list({ userId })).body.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
    expect((await list({ userId, status: 'ACTIVE' })).body).toEqual([]);

    // Another vendor's contracts never show.
    const other = await givenVendor(app);
    expect((await app.http.get('/management/contracts').set(bearer(await other.apiToken('read')))).body).toEqual([]);
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '501' }, 'limit'],
    [{ limit: '2x' }, 'limit'],
    [{ offset: '-1' }, 'offset'],
    [{ status: 'ANY' }, 'status'],
  ])('answers 400 naming the field for %j', async (query, field) => {
    const v = await givenContractVendor(app);
    const res = await app.http.get('/management/contracts').query(query).set(bearer(v.read));
    expect(res.status).toBe(400);
    expect(res.body.code).toBe('REQUEST.INVALID');
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });

  it('documents limit, offset, status, userId and email as optional query parameters', async () => {
    const doc = (await app.http.get('/openapi.json')).body;
    const params = doc.paths['/management/contracts'].get.parameters as { name: string; required: boolean; schema: Record<string, unknown> }[];
    expect(params.map((p) => [p.name, p.required])).toEqual([
      ['userId', false],
      ['email', false],
      ['status', false],
      ['limit', false],
      ['offset', false],
    ]);
    expect(params.find((p) => p.name === 'status')!.schema.enum).toEqual(['PENDING', 'ACTIVE', 'FORTHCOMING', 'OVERDUE', 'CANCELED']);
  });
});
