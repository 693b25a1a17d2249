import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { givenVendor, startTestApp, TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ BASE_URL: 'http://kiosk.test' });
});
afterAll(() => app.close());

describe('the vendor portal at /portal', () => {
  it('answers the same page for /portal and its client routes, with a strict CSP and only its own assets', async () => {
    for (const path of ['/portal', '/portal/', '/portal/products', '/portal/contracts/0192f3c4-5b6a-7c8d-9e0f-123456789abc']) {
      const res = await app.http.get(path);
      expect([path, res.status]).toEqual([path, 200]);
      expect(res.headers['content-type']).toMatch(/^text\/html/);
      expect(res.headers['cache-control']).toBe('no-store');
      const csp = res.headers['content-security-policy'];
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).not.toContain('unsafe-inline');
      expect(res.text).toContain('<link rel="icon" href="data:,">');
      // No inline script and nothing from another host.
      expect(res.text).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/);
      expect(res.text).not.toMatch(/(src|href)="(https?:)?\/\//);
    }
  });

  it('serves the built script and style sheet for a year, by their content-hashed names; anything else is a 404', async () => {
    const page = (await app.http.get('/portal')).text;
    const script = /<script defer src="(\/portal\/assets\/portal-[0-9a-f]{12}\.js)">/.exec(page)![1];
    const style = /<link rel="stylesheet" href="(\/portal\/assets\/portal-[0-9a-f]{12}\.css)">/.exec(page)![1];
    const js = await app.http.get(script);
    expect(js.status).toBe(200);
    expect(js.headers['content-type']).toMatch(/^text\/javascript/);
    expect(js.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const css = await app.http.get(style);
    expect(css.status).toBe(200);
    expect(css.headers['content-type']).toMatch(/^text\/css/);
    const missing = await app.http.get('/portal/assets/portal-000000000000.js');
    expect(missing.status).toBe(404);
    expect(missing.headers['content-type']).toMatch(/problem\+json/);
    expect((await app.http.get('/portal/assets/..%2F..%2Fpackage.json')).status).toBe(404);
  });

  it("sends sign-in through the publisher's browser client to the OpenID provider, coming back to /portal", async () => {
    const v = await givenVendor(app);
    const noClient = await app.http.get(`/portal/sign-in?vendor=${v.vendorId}`);
    expect(noClient.status).toBe(303);
    expect(noClient.headers.location).toBe(`/portal/?sign_in_error=NO_BROWSER_CLIENT&vendor=${v.vendorId}`);
    expect((await app.http.get('/portal/sign-in')).headers.location).toBe('/portal/?sign_in_error=NO_VENDOR');

    const client = await app.runtime.container.get(RegisterBrowserClient).execute({ vendorId: v.vendorId, name: 'Site', redirectUris: ['https://site.example/after'] });
    const res = await app.http.get(`/portal/sign-in?vendor=${v.vendorId}`);
    expect(res.status).toBe(303);
    const location = new URL(res.headers.location, 'http://kiosk.test');
    expect(location.pathname).toBe(`/auth/${client.clientId}/login`);
    expect(location.searchParams.get('return_to')).toBe(`http://kiosk.test/portal/?vendor=${v.vendorId}`);
    expect(location.searchParams.get('prompt')).toBe('login');
    // The login route takes that return address (the service's own origin); the whole way is in portal.browser.test.ts.
    const login = await app.http.get(res.headers.location);
    expect([login.status, login.body?.code]).not.toEqual([400, 'AUTH.RETURN_TO_NOT_ALLOWED']);

    const bad = await app.http.get('/portal/sign-in?vendor=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBeDefined();
  });
});
