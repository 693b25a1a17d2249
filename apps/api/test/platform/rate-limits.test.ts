import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';

/*
 * Guessing is limited (issue 29): counters in PostgreSQL shared by every
 * process, per account (or API key) and per client IP as TRUST_PROXY
 * defines it, refusals 429 with Retry-After.
 */

let app: TestApp;
beforeAll(async () => {
  // Behind a proxy on loopback, as a deployment is: X-Forwarded-For names the client.
  app = await startTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => app.close());

describe('the token endpoint', () => {
  it('refuses the 31st failed client authentication of a key from one address within a minute, not its servers elsewhere', async () => {
    const v = await givenVendor(app);
    const key = await v.apiKey('read');
    const attempt = (secret: string, ip: string) =>
      app.http
        .post(v.tokenPath)
        .set('X-Forwarded-For', ip)
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: secret, audience: 'urn:service' });

    for (let i = 0; i < 30; i += 1) expect((await attempt(`wrong-${i}`, '203.0.113.7')).status).toBe(401);
    const refused = await attempt('wrong-31', '203.0.113.7');
    expect(refused.status).toBe(429);
    expect(refused.body).toEqual({ error: 'temporarily_unavailable', error_description: expect.stringMatching(/too many failed token requests/) });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    // Even the right secret waits from that address; the key's own servers elsewhere are not locked out.
    expect((await attempt(key.clientSecret, '203.0.113.7')).status).toBe(429);
    const elsewhere = await attempt(key.clientSecret, '198.51.100.20');
    expect(elsewhere.status).toBe(200);
    expect((await app.http.get('/management/products').set(bearer(elsewhere.body.access_token))).status).toBe(200);
  });

  it('counts only failures: many good exchanges from one address are never limited', async () => {
    const v = await givenVendor(app);
    const key = await v.apiKey('read');
    for (let i = 0; i < 40; i += 1) {
      const res = await app.http
        .post(v.tokenPath)
        .set('X-Forwarded-For', '192.0.2.44')
        .type('form')
        .send({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: key.clientSecret, audience: 'urn:service' });
      expect(res.status).toBe(200);
    }
  });
});
