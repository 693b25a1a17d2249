import { AuthenticateVisitor } from '@kiosk/domain/identity';
import { bearer, givenVendor, startTestApp, TestApp } from './support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('/management/browser-clients', () => {
  it('registers a client with exact redirect addresses and origins, and lists it', async () => {
    const v = await givenVendor(app);
    const full = await v.apiToken('full');
    const res = await app.http
      .post('/management/browser-clients')
      .set(bearer(full))
      .send({ name: 'Main site', redirectUris: ['https://news.example.com/auth/callback', 'http://localhost:8080/cb'] });
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      name: 'Main site',
      redirectUris: ['https://news.example.com/auth/callback', 'http://localhost:8080/cb'],
      allowedOrigins: ['https://news.example.com', 'http://localhost:8080'],
    });
    expect(res.body.clientId).toMatch(/^client_[0-9a-f]{24}$/);
    const list = await app.http.get('/management/browser-clients').set(bearer(await v.apiToken('read')));
    expect(list.body).toEqual([res.body]);
    const other = await givenVendor(app);
    expect((await app.http.get('/management/browser-clients').set(bearer(await other.apiToken('read')))).body).toEqual([]);
  });

  it.each([
    [['javascript:alert(1)']],
    [['http://news.example.com/cb']],
    [['https://user:pw@news.example.com/cb']],
    [['https://news.example.com/cb#x']],
    [[]],
  ])('refuses redirect addresses %j', async (redirectUris) => {
    const v = await givenVendor(app);
    const res = await app.http
      .post('/management/browser-clients')
      .set(bearer(await v.apiToken('full')))
      .send({ name: 'x', redirectUris });
    expect(res.status).toBe(400);
  });

  it('needs sites:write', async () => {
    const v = await givenVendor(app);
    const res = await app.http
      .post('/management/browser-clients')
      .set(bearer(await v.apiToken('read')))
      .send({ name: 'x', redirectUris: ['https://a.example.com/cb'] });
    expect(res.status).toBe(403);
  });

  it("authenticates a visitor only with a known client id and a well-formed visitor id, in that client's vendor", async () => {
    const v = await givenVendor(app);
    const created = await app.http
      .post('/management/browser-clients')
      .set(bearer(await v.apiToken('full')))
      .send({ name: 'site', redirectUris: ['https://a.example.com/cb'] });
    const visitors = app.runtime.container.get(AuthenticateVisitor);
    await expect(visitors.execute(created.body.clientId, 'visitor-12345')).resolves.toEqual({
      kind: 'visitor',
      vendorId: v.vendorId,
      clientId: created.body.clientId,
      visitorId: 'visitor-12345',
      scopes: [],
    });
    await expect(visitors.execute('client_unknown', 'visitor-12345')).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(visitors.execute(created.body.clientId, 'short')).rejects.toMatchObject({ kind: 'unauthenticated' });
    await expect(visitors.execute(created.body.clientId, 'x'.repeat(200))).rejects.toMatchObject({ kind: 'unauthenticated' });
  });
});
