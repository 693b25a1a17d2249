import { startListeningApp } from '../support/harness';
import { confirmByMail, givenSite, lastMail, ListeningApp, signUpThroughLogin, SITE } from './browser-sign-in-support';
import { CookieJar } from './cookie-jar';

let app: ListeningApp;
beforeAll(async () => {
  app = await startListeningApp();
});
afterAll(() => app.close());

/** What a browser sends when it navigates. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

describe('browser sign-in through /auth/{clientId}/login (embedded OpenID provider)', () => {
  it('refuses an open redirect: return_to off the registered origins is a 400, and nothing is started', async () => {
    const site = await givenSite(app);
    for (const returnTo of ['https://evil.example.net/', 'https://news.example.com.evil.net/', '//evil.example.net', 'javascript:alert(1)']) {
      const res = await fetch(`${app.baseUrl}/auth/${site.clientId}/login?return_to=${encodeURIComponent(returnTo)}`, {
        redirect: 'manual',
      });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { code: string }).code).toBe('AUTH.RETURN_TO_NOT_ALLOWED');
    }
    const unknown = await fetch(`${app.baseUrl}/auth/no-such-client/login`, { redirect: 'manual' });
    expect(unknown.status).toBe(404);
  });

  it('shows provider errors plainly and refuses a callback without its login transaction', async () => {
    const site = await givenSite(app);
    const error = await fetch(
      `${app.baseUrl}/auth/${site.clientId}/callback?error=access_denied&error_description=${encodeURIComponent('<script>x</script>')}`,
      { headers: { accept: BROWSER_ACCEPT } },
    );
    expect(error.status).toBe(400);
    const html = await error.text();
    expect(html).toContain('access_denied');
    expect(html).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(html).not.toContain('<script>x</script>');
    const stray = await fetch(`${app.baseUrl}/auth/${site.clientId}/callback?code=abc&state=def`, { headers: { accept: BROWSER_ACCEPT } });
    expect(stray.status).toBe(400);
    expect(await stray.text()).toContain('AUTH.LOGIN_EXPIRED');
  });

  it('negotiates errors (issue 10): a page in plain words with a link back for text/html first, problem+json otherwise', async () => {
    const site = await givenSite(app);
    const get = (path: string, accept?: string) =>
      fetch(`${app.baseUrl}${path}`, { redirect: 'manual', headers: accept ? { accept } : {} });

    // A return address off the vendor's origins: the page links back to the vendor's site.
    const offsite = `/auth/${site.clientId}/login?return_to=${encodeURIComponent('https://evil.example.net/')}`;
    const page = await get(offsite, BROWSER_ACCEPT);
    expect([page.status, page.headers.get('content-type')]).toEqual([400, 'text/html; charset=utf-8']);
    expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const html = await page.text();
    expect(html).toContain('<h1>That did not work</h1>');
    expect(html).toContain('Return_to must be on an origin the vendor registered.');
    expect(html).toContain(`<a id="back" href="${SITE}">Go back to the site</a>`);
    for (const accept of [undefined, '*/*', 'application/json', 'application/json, text/html;q=0.9']) {
      const res = await get(offsite, accept);
      expect([accept, res.status, res.headers.get('content-type')]).toEqual([accept, 400, 'application/problem+json; charset=utf-8']);
      expect(((await res.json()) as { code: string }).code).toBe('AUTH.RETURN_TO_NOT_ALLOWED');
    }

    // An unknown client: the page links to this service; a machine gets the problem.
    const unknown = await get('/auth/no-such-client/login', BROWSER_ACCEPT);
    expect(unknown.status).toBe(404);
    expect(await unknown.text()).toContain(`<a id="back" href="${app.baseUrl}">`);
    expect((await get('/auth/no-such-client/login')).headers.get('content-type')).toBe('application/problem+json; charset=utf-8');

    // The callback's own failures negotiate the same way.
    const callback = await get(`/auth/${site.clientId}/callback?code=abc&state=def`, 'application/json');
    expect([callback.status, ((await callback.json()) as { code: string }).code]).toEqual([400, 'AUTH.LOGIN_EXPIRED']);
    const signIn = await get('/auth/streaming-link?sku=news', BROWSER_ACCEPT);
    expect(signIn.status).toBe(401);
    expect(await signIn.text()).toContain('<h1>You need to sign in</h1>');
  });

  it('answers a sign-up the same whether the e-mail has an account or not, and mails the holder instead', async () => {
    const site = await givenSite(app);
    await signUpThroughLogin(app, new CookieJar(), site.clientId, 'taken@example.com', 'correct horse battery');
    const ask = async (email: string, password: string) => {
      const jar = new CookieJar();
      const start = await jar.follow(`${app.baseUrl}/auth/${site.clientId}/login`);
      const res = await jar.fetch(`${start.url}/signup`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email, password }).toString(),
      });
      return { jar, start, status: res.status, text: (await res.text()).replace(email, '<email>'), headers: [...res.headers.keys()].sort() };
    };
    const existing = await ask('taken@example.com', 'another long password');
    const fresh = await ask('fresh@example.com', 'another long password');
    expect({ ...existing, jar: null, start: null }).toEqual({ ...fresh, jar: null, start: null });
    expect(existing.status).toBe(200);
    expect(existing.text).toContain('Check your e-mail');

    // The holder is told, with a way to reset; the account and its password are untouched.
    const told = await lastMail(app, 'taken@example.com');
    expect(told.subject).toMatch(/^You already have a .+ account$/);
    expect(told.body).toMatch(/\/oidc\/reset\/\S+\?token=/);
    expect(told.body).not.toContain('/confirm?token=');
    const signIn = (jar: CookieJar, url: string, password: string) =>
      jar.fetch(`${url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email: 'taken@example.com', password }).toString(),
      });
    expect((await signIn(existing.jar, existing.start.url, 'another long password')).status).toBe(401);
    expect((await signIn(existing.jar, existing.start.url, 'correct horse battery')).status).toBe(303);

    // The new address has no account (nor a password) until its link is opened.
    const [none] = await app.runtime.database.db.query(
      `SELECT count(*) AS n FROM user_passwords p JOIN users u ON u.id = p.user_id WHERE u.vendor_id = $1 AND u.email = $2`,
      [site.vendorId, 'fresh@example.com'],
    );
    expect(Number(none.n)).toBe(0);
    const confirmed = await confirmByMail(app, fresh.jar, 'fresh@example.com');
    expect(confirmed.status).toBe(303);
    // Opened elsewhere (another browser, the sign-in gone), the link still makes the account, once.
    const again = await confirmByMail(app, new CookieJar(), 'fresh@example.com');
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Your account is ready');
    const forged = await fresh.jar.fetch(`${fresh.start.url}/confirm?token=${'A'.repeat(60)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(forged.status).toBe(400);
  });

  it('answers a forgotten-password request the same whether the e-mail has an account or not, and mails only the holder', async () => {
    const site = await givenSite(app);
    await signUpThroughLogin(app, new CookieJar(), site.clientId, 'holder@example.com', 'correct horse battery');
    const ask = async (email: string) => {
      const jar = new CookieJar();
      const start = await jar.follow(`${app.baseUrl}/auth/${site.clientId}/login`);
      const res = await jar.fetch(`${start.url}/forgot`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: new URLSearchParams({ email }).toString(),
      });
      const text = (await res.text()).replaceAll(email, '<email>').replace(/\/oidc\/interaction\/[^/"]+/g, '/oidc/interaction/<uid>');
      return { status: res.status, text, headers: [...res.headers.keys()].filter((h) => h !== 'date').sort() };
    };
    const mailsTo = async (email: string) =>
      Number(
        (await app.runtime.database.db.query(`SELECT count(*) AS n FROM mail_messages WHERE vendor_id = $1 AND to_address = $2 AND subject LIKE 'Reset your % password'`, [
          site.vendorId,
          email,
        ]))[0].n,
      );
    const known = await ask('holder@example.com');
    const unknown = await ask('nobody@example.com');
    expect(known.status).toBe(200);
    expect(unknown).toEqual(known);
    expect(await mailsTo('holder@example.com')).toBe(1);
    expect(await mailsTo('nobody@example.com')).toBe(0);
  });

  it('resets a forgotten password through the mail port', async () => {
    const site = await givenSite(app);
    const jar = new CookieJar();
    await signUpThroughLogin(app, jar, site.clientId, 'forgetful@example.com', 'correct horse battery');
    const browser = new CookieJar();
    const start = await browser.follow(`${app.baseUrl}/auth/${site.clientId}/login`);
    const sent = await browser.fetch(`${start.url}/forgot`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'forgetful@example.com' }).toString(),
    });
    expect(sent.status).toBe(200);
    const [mail] = await app.runtime.database.db.query(
      `SELECT body FROM mail_messages WHERE vendor_id = $1 AND to_address = $2 AND subject LIKE 'Reset your % password' ORDER BY created_at DESC LIMIT 1`,
      [site.vendorId, 'forgetful@example.com'],
    );
    const link = /(http\S+\/oidc\/reset\/\S+)/.exec(mail.body)![1];
    const reset = await browser.fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: 'a brand new passphrase' }).toString(),
    });
    expect(reset.status).toBe(200);
    const again = await browser.fetch(link, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ password: 'another new passphrase' }).toString(),
    });
    expect(again.status).toBe(400);
    const login = await browser.fetch(`${start.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'forgetful@example.com', password: 'a brand new passphrase' }).toString(),
    });
    expect(login.status).toBe(303);
  });
});
