import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('/management/vendors', () => {
  it("answers the caller's own vendor as a one-element array, and refuses to create vendors", async () => {
    const v = await givenVendor(app);
    const read = await v.apiToken('read');
    const full = await v.apiToken('full');
    const get = (path: string, query: Record<string, string> = {}, token = read) => app.http.get(path).query(query).set(bearer(token));
    const res = await get('/management/vendors');
    expect(res.status).toBe(200);
    expect(res.body).toEqual([{ id: v.vendorId, name: `Vendor ${v.vendorId}`, logo: null, currency: null }]);
    // Any of the vendor's tokens, whatever its scopes.
    expect((await get('/management/vendors', {}, await v.apiToken('read', [], 'users:read'))).body).toHaveLength(1);
    expect((await app.http.get('/management/vendors')).status).toBe(401);

    for (const token of [read, full, await v.apiToken('full', ['contracts:write'])]) {
      const created = await app.http.post('/management/vendors').set(bearer(token)).send({ name: 'Another' });
      expect([created.status, created.body.code]).toEqual([403, 'VENDOR.CREATE_FORBIDDEN']);
      expect(created.headers['content-type']).toMatch(/application\/problem\+json/);
    }
    // Whatever the body.
    expect((await app.http.post('/management/vendors').set(bearer(full)).send('[1,2]').type('json')).status).toBe(403);
  });
});
