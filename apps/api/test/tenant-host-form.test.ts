import { bearer, givenVendor, startTestApp, TestApp } from './support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ TENANT_TOKEN_URL_TEMPLATE: 'https://{vendorId}.token.kiosk.test/oauth/token' });
});
afterAll(() => app.close());

describe('tenant token addresses in host form', () => {
  it('returns the host form and authenticates a key only at its own host', async () => {
    const v = await givenVendor(app);
    const other = await givenVendor(app);
    const created = await app.http.post('/management/api-keys').set(bearer(v.staffToken)).send({ name: 'k' });
    expect(created.body.tokenUrl).toBe(`https://${v.vendorId}.token.kiosk.test/oauth/token`);
    const form = {
      grant_type: 'client_credentials',
      client_id: created.body.clientId,
      client_secret: created.body.clientSecret,
      audience: 'urn:service',
    };
    const own = await app.http.post('/oauth/token').set('Host', `${v.vendorId}.token.kiosk.test`).type('form').send(form);
    expect(own.status).toBe(200);
    const foreign = await app.http.post('/oauth/token').set('Host', `${other.vendorId}.token.kiosk.test`).type('form').send(form);
    expect(foreign.status).toBe(401);
    const shared = await app.http.post('/oidc/oauth/token').set('Host', 'kiosk.test').type('form').send(form);
    expect(shared.status).toBe(401);
    expect(shared.body.error).toBe('invalid_client');
  });
});
