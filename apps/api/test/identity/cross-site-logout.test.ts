import { CreateStaffUser, IssueUserToken, RegisterBrowserClient } from '@kiosk/domain/identity';
import { givenVendor, startListeningApp } from '../support/harness';
import { CookieJar } from './cookie-jar';

/*
 * A sign-out asked for by another website (issue 29): the interface's GET
 * stays, but a link or image elsewhere cannot end a reader's session; the
 * reader confirms on a page of ours. The vendor's own site and this service
 * sign out as before.
 */

let app: Awaited<ReturnType<typeof startListeningApp>>;
beforeAll(async () => {
  app = await startListeningApp();
});
afterAll(() => app.close());

const SITE = 'https://news.example.com';

async function signedInBrowser() {
  const v = await givenVendor(app);
  const c = app.runtime.container;
  const client = await c.get(RegisterBrowserClient).execute({ vendorId: v.vendorId, name: 'News site', redirectUris: [`${SITE}/after-login`] });
  const reader = await c.get(CreateStaffUser).execute({ vendorId: v.vendorId, email: `reader@${v.vendorId}.example.com` });
  const token = (await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: reader.id })).accessToken;
  const jar = new CookieJar();
  const made = await jar.fetch(`${app.baseUrl}/auth/${client.clientId}/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  expect(made.status).toBe(200);
  const signedIn = async () => ((await (await jar.fetch(`${app.baseUrl}/auth/userinfo`)).json()) as { authenticated: boolean }).authenticated;
  const logout = (headers: Record<string, string>) =>
    jar.fetch(`${app.baseUrl}/auth/${client.clientId}/logout?local_only=true&return_to=${encodeURIComponent(`${SITE}/bye`)}`, {
      headers: { accept: 'text/html', ...headers },
    });
  return { jar, signedIn, logout };
}

describe('GET /auth/{clientId}/logout from another website', () => {
  it.each([
    ['Sec-Fetch-Site: cross-site', { 'sec-fetch-site': 'cross-site' }],
    ['a foreign Referer', { referer: 'https://evil.example.net/page' }],
    ['a foreign Origin', { origin: 'https://evil.example.net' }],
  ])('with %s shows a confirmation page and keeps the session', async (_name, headers) => {
    const b = await signedInBrowser();
    const asked = await b.logout(headers);
    expect(asked.status).toBe(200);
    expect(asked.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await asked.text();
    expect(html).toContain('Another website asked to sign you out');
    expect(await b.signedIn()).toBe(true);
    // The page's own button is followed from this origin: then the sign-out happens, as asked.
    const href = /<a class="button" id="sign-out" href="([^"]+)"/.exec(html)![1].replaceAll('&amp;', '&');
    const confirmed = await b.jar.fetch(new URL(href, app.baseUrl).href, { headers: { 'sec-fetch-site': 'same-origin' } });
    expect([confirmed.status, confirmed.headers.get('location')]).toEqual([302, `${SITE}/bye`]);
    expect(await b.signedIn()).toBe(false);
  });

  it.each([
    ['the vendor’s site as Referer', { referer: `${SITE}/article/1`, 'sec-fetch-site': 'cross-site' }],
    ['Sec-Fetch-Site: same-origin', { 'sec-fetch-site': 'same-origin' }],
    ['no hint at all (an old browser, a typed address)', {}],
  ])('with %s signs out at once, as before', async (_name, headers) => {
    const b = await signedInBrowser();
    const out = await b.logout(headers);
    expect([out.status, out.headers.get('location')]).toEqual([302, `${SITE}/bye`]);
    expect(await b.signedIn()).toBe(false);
  });
});
