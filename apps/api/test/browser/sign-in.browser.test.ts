import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { Browser } from 'playwright-core';
import { confirmSignUpFromMail, describeWithChromium, launchChromium } from '../support/chromium';
import { givenVendor, startListeningApp } from '../support/harness';

const run = describeWithChromium;

let app: Awaited<ReturnType<typeof startListeningApp>>;
let site: Server;
let siteUrl: string;
let browser: Browser;
let clientId: string;

/** The vendor's page: a sign-in link, and after sign-in it reads the session and entitlements with the cookie. */
function vendorPage(apiUrl: string, client: () => string) {
  return createServer((req, res) => {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const login = `${apiUrl}/auth/${client()}/login?return_to=${encodeURIComponent(`${siteUrl}/after`)}`;
    const logout = `${apiUrl}/auth/${client()}/logout?return_to=${encodeURIComponent(`${siteUrl}/bye`)}`;
    const body =
      path === '/after' || path === '/bye'
        ? `<h1 id="page">${path.slice(1)}</h1><pre id="userinfo"></pre><pre id="entitlements"></pre>
<a id="logout" href="${logout}">Log out</a>
<script>
(async () => {
  const info = await fetch('${apiUrl}/auth/userinfo', { credentials: 'include' });
  document.getElementById('userinfo').textContent = JSON.stringify(await info.json());
  const ents = await fetch('${apiUrl}/entitlements', { credentials: 'include' });
  document.getElementById('entitlements').textContent = ents.status + ' ' + (await ents.text());
})();
</script>`
        : `<h1>The Daily</h1><a id="login" href="${login}">Sign in</a>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html><body>${body}</body></html>`);
  });
}

run('signing in in a real browser (headless Chromium)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    site = vendorPage(app.baseUrl, () => clientId);
    await new Promise<void>((resolve) => site.listen(0, resolve));
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
    const v = await givenVendor(app);
    clientId = (
      await app.runtime.container
        .get(RegisterBrowserClient)
        .execute({ vendorId: v.vendorId, name: 'The Daily', redirectUris: [`${siteUrl}/after`] })
    ).clientId;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await app?.close();
  });

  it('signs up, signs in through /auth/{clientId}/login, comes back with a cookie session, reads userinfo and entitlements, and logs out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(siteUrl);
    await page.click('#login');
    await page.waitForSelector('#sign-in');
    await page.click('#to-sign-up');
    await page.fill('#email', 'browser.reader@example.com');
    await page.fill('#password', 'correct horse battery staple');
    await page.click('#sign-up');
    // The same answer whether the address has an account or not; the link in the mail finishes.
    await confirmSignUpFromMail(page, app, 'browser.reader@example.com');

    await page.waitForURL(`${siteUrl}/after`);
    await page.waitForFunction(`document.getElementById('entitlements').textContent !== ''`);
    const userinfo = JSON.parse((await page.textContent('#userinfo'))!);
    expect(userinfo).toMatchObject({ authenticated: true, sub: expect.any(String), scope: 'openid profile email' });
    expect(await page.textContent('#entitlements')).toBe('200 []');
    const cookies = await context.cookies(app.baseUrl);
    const session = cookies.find((c) => c.name === 'kiosk_session')!;
    expect(session).toMatchObject({ httpOnly: true, sameSite: 'Lax' });

    await page.click('#logout');
    await page.waitForURL(`${siteUrl}/bye`);
    await page.waitForFunction(`document.getElementById('userinfo').textContent !== ''`);
    expect(JSON.parse((await page.textContent('#userinfo'))!)).toEqual({ authenticated: false });
    expect(await page.textContent('#entitlements')).toMatch(/^401 /);
    await context.close();
  }, 60_000);
});
