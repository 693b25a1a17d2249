import { bearer, givenVendor, startTestApp, TestApp, uniqueId } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** A vendor with a browser client whose site is `origin`. */
async function givenSite() {
  const v = await givenVendor(app);
  const origin = `https://${uniqueId('site')}.example.com`;
  const res = await app.http
    .post('/management/browser-clients')
    .set(bearer(await v.apiToken('full')))
    .send({ name: 'Site', redirectUris: [`${origin}/auth/callback`] });
  expect(res.status).toBe(201);
  return { v, origin };
}

describe('CORS for registered origins (issue 10, real clients)', () => {
  it("a preflight allows exactly the request headers it asks for, and varies on them", async () => {
    const { origin } = await givenSite();
    const res = await app.http
      .options('/contracts/x/cancel')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'authorization, content-type, x-client-version, Idempotency-Key, X-Client-Version');
    expect(res.status).toBe(204);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-allow-credentials']).toBe('true');
    expect(res.headers['access-control-allow-headers']).toBe('authorization, content-type, x-client-version, idempotency-key');
    expect(res.headers['access-control-allow-methods']).toBe('GET, POST, PUT, PATCH, DELETE');
    expect(res.headers.vary).toBe('Origin, Access-Control-Request-Method, Access-Control-Request-Headers');
  });

  it('a preflight without requested headers, or with a malformed list, gets the default list', async () => {
    const { origin } = await givenSite();
    const defaults = 'Authorization, Content-Type, Idempotency-Key, X-Request-Id';
    const none = await app.http.options('/tags').set('Origin', origin).set('Access-Control-Request-Method', 'POST');
    expect(none.headers['access-control-allow-headers']).toBe(defaults);
    const bad = await app.http
      .options('/tags')
      .set('Origin', origin)
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-ok, bad header, (x)');
    expect(bad.headers['access-control-allow-headers']).toBe(defaults);
  });

  it('answers to a registered origin expose Location, Idempotency-Key, the request id and Retry-After', async () => {
    const { origin } = await givenSite();
    const res = await app.http.get('/healthz').set('Origin', origin);
    expect(res.headers['access-control-allow-origin']).toBe(origin);
    expect(res.headers['access-control-expose-headers']).toBe('Location, Idempotency-Key, X-Request-Id, Retry-After');
  });

  it('an origin nobody registered gets no CORS headers at all', async () => {
    const res = await app.http
      .options('/tags')
      .set('Origin', 'https://evil.example.net')
      .set('Access-Control-Request-Method', 'POST')
      .set('Access-Control-Request-Headers', 'x-anything');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-headers']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toBeUndefined();
  });
});
