import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { decodeJwt, decodeProtectedHeader } from 'jose';
import { givenVendor, startListeningApp } from '../support/harness';
import { CookieJar } from './cookie-jar';

let app: Awaited<ReturnType<typeof startListeningApp>>;
beforeAll(async () => {
  app = await startListeningApp();
});
afterAll(() => app.close());

const SITE = 'https://news.example.com';
/** What a browser sends when it navigates. */
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

async function givenSite() {
  const v = await givenVendor(app);
  const client = await app.runtime.container.get(RegisterBrowserClient).execute({
    vendorId: v.vendorId,
    name: 'News site',
    redirectUris: [`${SITE}/after-login`],
    accessSyncUrl: 'https://sync.example.com/callback',
  });
  return { ...v, clientId: client.clientId };
}

/** Signs up (or in) through the whole code flow; answers where the browser lands. */
async function signUpThroughLogin(jar: CookieJar, clientId: string, email: string, password: string, returnTo = `${SITE}/article/1`) {
  const start = await jar.follow(`${app.baseUrl}/auth/${clientId}/login?return_to=${encodeURIComponent(returnTo)}`);
  expect(start.response.status).toBe(200);
  expect(await start.response.text()).toContain('Sign in');
  const signUpUrl = new URL(`${start.url}/signup`);
  const asked = await jar.fetch(signUpUrl.href, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password }).toString(),
  });
  expect(asked.status).toBe(200);
  expect(await asked.text()).toContain('Check your e-mail');
  const created = await confirmByMail(jar, email);
  expect(created.status).toBe(303);
  return jar.follow(new URL(created.headers.get('location')!, signUpUrl).href, (url) => url.startsWith(SITE));
}

/** The newest mail to `email` (any vendor). */
async function lastMail(email: string): Promise<{ subject: string; body: string }> {
  const [mail] = await app.runtime.database.db.query(
    `SELECT subject, body FROM mail_messages WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [email],
  );
  return mail;
}

/** Opens the sign-up link of the newest mail to `email` in `jar`'s browser and presses its button. */
async function confirmByMail(jar: CookieJar, email: string): Promise<Response> {
  const mail = await lastMail(email);
  const link = /(http\S+\/oidc\/interaction\/\S+\/confirm\?token=\S+)/.exec(mail.body)![1];
  const page = await jar.fetch(link);
  expect(page.status).toBe(200);
  return jar.fetch(link, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
}

describe('browser sign-in through /auth/{clientId}/login (embedded OpenID provider)', () => {
  it('signs up, comes back to the return address with a cookie session, reads userinfo, and logs out', async () => {
    const site = await givenSite();
    const jar = new CookieJar();
    const landed = await signUpThroughLogin(jar, site.clientId, 'reader@example.com', 'correct horse battery');
    expect(landed.url).toBe(`${SITE}/article/1`);
    expect(jar.has('kiosk_session')).toBe(true);

    const info = (await (await jar.fetch(`${app.baseUrl}/auth/userinfo`)).json()) as { sub: string; exp: number };
    expect(info).toMatchObject({ authenticated: true, sub: expect.any(String), scope: 'openid profile email' });
    expect(info.exp).toBeGreaterThan(Date.now() / 1000);

    const [user] = await app.runtime.database.db.query(`SELECT id, email FROM users WHERE vendor_id = $1 AND id = $2`, [
      site.vendorId,
      info.sub,
    ]);
    expect(user.email).toBe('reader@example.com');
    const [password] = await app.runtime.database.db.query(`SELECT password_hash FROM user_passwords WHERE user_id = $1`, [info.sub]);
    expect(password.password_hash).toMatch(/^scrypt\$32768\$8\$1\$/);

    const confirm = await jar.follow(`${app.baseUrl}/auth/${site.clientId}/logout?return_to=${encodeURIComponent(`${SITE}/bye`)}`);
    // The provider's sign-out page posts its form by script; a browser does it at once, the test does it by hand.
    const html = await confirm.response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1];
    const fields = Object.fromEntries([...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const posted = await jar.fetch(new URL(action, confirm.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, logout: 'yes' }).toString(),
    });
    const out = await jar.follow(new URL(posted.headers.get('location')!, confirm.url).href, (url) => url.startsWith(SITE));
    expect(out.url).toBe(`${SITE}/bye`);
    expect(jar.has('kiosk_session')).toBe(false);
    expect(await (await jar.fetch(`${app.baseUrl}/auth/userinfo`)).json()).toEqual({ authenticated: false });
  });

  it('issues RFC 9068 access tokens for the service audience carrying the vendor, which the API accepts', async () => {
    const site = await givenSite();
    const jar = new CookieJar();
    await signUpThroughLogin(jar, site.clientId, 'token@example.com', 'correct horse battery');
    const discovery = await (await fetch(`${app.baseUrl}/oidc/.well-known/openid-configuration`)).json();
    expect(discovery).toMatchObject({
      issuer: `${app.baseUrl}/oidc`,
      code_challenge_methods_supported: ['S256'],
      authorization_endpoint: `${app.baseUrl}/oidc/authorize`,
    });
    // The streaming link hands the provider-issued token over; look at it and use it as a bearer token.
    const linked = await jar.fetch(`${app.baseUrl}/auth/streaming-link?sku=news`);
    const token = new URL(linked.headers.get('location')!).searchParams.get('access_token')!;
    expect(decodeProtectedHeader(token)).toMatchObject({ alg: 'ES256', typ: 'at+jwt' });
    expect(decodeJwt(token)).toMatchObject({
      iss: `${app.baseUrl}/oidc`,
      aud: 'urn:service',
      vendor_id: site.vendorId,
      principal_type: 'user',
      scope: 'openid profile email',
    });
    const jwks = (await (await fetch(`${app.baseUrl}/oidc/.well-known/jwks.json`)).json()) as { keys: { kid: string }[] };
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(decodeProtectedHeader(token).kid);
    const asBearer = await fetch(`${app.baseUrl}/auth/${site.clientId}/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(asBearer.status).toBe(200);

    // Signing in with a wrong password is refused on the page, without saying which part was wrong.
    const other = new CookieJar();
    const start = await other.follow(`${app.baseUrl}/auth/${site.clientId}/login`);
    const login = await other.fetch(`${start.url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'TOKEN@example.com', password: 'wrong password!!' }).toString(),
    });
    expect(login.status).toBe(401);
    expect(await login.text()).toContain("That e-mail and password don't match an account.");
  });

  it('logging out of a session made by POST /auth/{clientId}/session ends the provider session too (issue 10)', async () => {
    const site = await givenSite();
    const jar = new CookieJar();
    await signUpThroughLogin(jar, site.clientId, 'bearer-session@example.com', 'correct horse battery');
    const linked = await jar.fetch(`${app.baseUrl}/auth/streaming-link?sku=news`);
    const token = new URL(linked.headers.get('location')!).searchParams.get('access_token')!;
    // The same browser turns the token into the cookie session (which holds no id token).
    const made = await jar.fetch(`${app.baseUrl}/auth/${site.clientId}/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    expect(made.status).toBe(200);
    // The provider session is alive: signing in again goes straight through to the site.
    expect((await jar.follow(`${app.baseUrl}/auth/${site.clientId}/login`, (url) => url.startsWith(SITE))).url.startsWith(SITE)).toBe(true);
    await jar.fetch(`${app.baseUrl}/auth/${site.clientId}/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });

    const logout = await jar.fetch(`${app.baseUrl}/auth/${site.clientId}/logout?return_to=${encodeURIComponent(`${SITE}/bye`)}`);
    expect(logout.status).toBe(302);
    const endSession = new URL(logout.headers.get('location')!);
    expect(endSession.href.startsWith(`${app.baseUrl}/oidc/session/end`)).toBe(true);
    expect(endSession.searchParams.get('client_id')).toBe(site.clientId);
    expect(endSession.searchParams.get('id_token_hint')).toBeNull();
    expect(jar.has('kiosk_session')).toBe(false);
    const confirm = await jar.follow(endSession.href);
    const html = await confirm.response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)![1];
    const fields = Object.fromEntries([...html.matchAll(/<input[^>]*name="([^"]+)"[^>]*value="([^"]*)"/g)].map((m) => [m[1], m[2]]));
    const posted = await jar.fetch(new URL(action, confirm.url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ ...fields, logout: 'yes' }).toString(),
    });
    const out = await jar.follow(new URL(posted.headers.get('location')!, confirm.url).href, (url) => url.startsWith(SITE));
    expect(out.url).toBe(`${SITE}/bye`);
    // The provider session is over: signing in asks for the password again.
    const again = await jar.follow(`${app.baseUrl}/auth/${site.clientId}/login`, (url) => url.startsWith(SITE));
    expect(again.response.status).toBe(200);
    expect(await again.response.text()).toContain('Sign in');

    // local_only still ends only the cookie session.
    await jar.fetch(`${app.baseUrl}/auth/${site.clientId}/session`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
    const local = await jar.fetch(`${app.baseUrl}/auth/${site.clientId}/logout?local_only=true&return_to=${encodeURIComponent(`${SITE}/bye`)}`);
    expect([local.status, local.headers.get('location')]).toEqual([302, `${SITE}/bye`]);
    expect(jar.has('kiosk_session')).toBe(false);
  });

  it('refuses an open redirect: return_to off the registered origins is a 400, and nothing is started', async () => {
    const site = await givenSite();
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
    const site = await givenSite();
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
    const site = await givenSite();
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

  it('turns a bearer token into a cookie session, drops a refresh cookie, and refuses bad tokens', async () => {
    const site = await givenSite();
    const first = new CookieJar();
    await signUpThroughLogin(first, site.clientId, 'session@example.com', 'correct horse battery');
    const sessionCookie = first.header();
    expect(sessionCookie).toContain('kiosk_session=');
    // The API-side token of that reader, minted by the service signer, becomes a session in another browser.
    const sub = ((await (await first.fetch(`${app.baseUrl}/auth/userinfo`)).json()) as { sub: string }).sub;
    const { IssueUserToken } = await import('@kiosk/domain/identity');
    const token = (await app.runtime.container.get(IssueUserToken).execute({ vendorId: site.vendorId, userId: sub })).accessToken;
    const jar = new CookieJar();
    const res = await jar.fetch(`${app.baseUrl}/auth/${site.clientId}/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, cookie: 'kiosk_refresh=old' },
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ authenticated: true, sub, exp: decodeJwt(token).exp, scope: 'openid profile email' });
    expect(res.headers.getSetCookie().some((c) => c.startsWith('kiosk_refresh=;'))).toBe(true);
    expect(res.headers.getSetCookie().find((c) => c.startsWith('kiosk_session='))).toMatch(/HttpOnly/i);

    const forged = await fetch(`${app.baseUrl}/auth/${site.clientId}/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token.slice(0, -4)}AAAA` },
    });
    expect(forged.status).toBe(401);
    const missing = await fetch(`${app.baseUrl}/auth/${site.clientId}/session`, { method: 'POST' });
    expect(missing.status).toBe(401);
    const other = await givenSite();
    const foreign = await fetch(`${app.baseUrl}/auth/${other.clientId}/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(foreign.status).toBe(401);
  });

  it('sends a signed-in reader to the access-sync callback with the token, and others through login first', async () => {
    const site = await givenSite();
    const anonymous = await fetch(`${app.baseUrl}/auth/streaming-link?sku=news&client_id=${site.clientId}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toContain('/oidc/authorize?');
    const jar = new CookieJar();
    await signUpThroughLogin(jar, site.clientId, 'stream@example.com', 'correct horse battery');
    const linked = await jar.fetch(`${app.baseUrl}/auth/streaming-link?sku=news`);
    expect(linked.status).toBe(302);
    const target = new URL(linked.headers.get('location')!);
    expect(target.origin + target.pathname).toBe('https://sync.example.com/callback');
    expect(target.searchParams.get('sku')).toBe('news');
    expect(decodeJwt(target.searchParams.get('access_token')!).vendor_id).toBe(site.vendorId);
  });

  it('answers a sign-up the same whether the e-mail has an account or not, and mails the holder instead', async () => {
    const site = await givenSite();
    await signUpThroughLogin(new CookieJar(), site.clientId, 'taken@example.com', 'correct horse battery');
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
    const told = await lastMail('taken@example.com');
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
    const confirmed = await confirmByMail(fresh.jar, 'fresh@example.com');
    expect(confirmed.status).toBe(303);
    // Opened elsewhere (another browser, the sign-in gone), the link still makes the account, once.
    const again = await confirmByMail(new CookieJar(), 'fresh@example.com');
    expect(again.status).toBe(200);
    expect(await again.text()).toContain('Your account is ready');
    const forged = await fresh.jar.fetch(`${fresh.start.url}/confirm?token=${'A'.repeat(60)}`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: '' });
    expect(forged.status).toBe(400);
  });

  it('answers a forgotten-password request the same whether the e-mail has an account or not, and mails only the holder', async () => {
    const site = await givenSite();
    await signUpThroughLogin(new CookieJar(), site.clientId, 'holder@example.com', 'correct horse battery');
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
    const site = await givenSite();
    const jar = new CookieJar();
    await signUpThroughLogin(jar, site.clientId, 'forgetful@example.com', 'correct horse battery');
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

  it('lets the cookie session act for the reader, but a state-changing request only from a registered origin', async () => {
    const site = await givenSite();
    const jar = new CookieJar();
    await signUpThroughLogin(jar, site.clientId, 'csrf@example.com', 'correct horse battery');
    const read = await jar.fetch(`${app.baseUrl}/vendor`);
    expect(read.status).toBe(200);
    expect(((await read.json()) as { id: string }).id).toBe(site.vendorId);

    const cancel = (origin?: string) =>
      jar.fetch(`${app.baseUrl}/contracts/no-such-contract/cancel`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...(origin ? { origin } : {}) },
        body: JSON.stringify({ reason: 'x', comment: 'y' }),
      });
    for (const origin of ['https://evil.example.net', undefined]) {
      const refused = await cancel(origin);
      expect(refused.status).toBe(403);
      expect(((await refused.json()) as { code: string }).code).toBe('AUTH.CSRF');
    }
    // From the vendor's own site it reaches the route (which then finds no such contract).
    const allowed = await cancel(SITE);
    expect(allowed.status).toBe(404);

    const preflight = await fetch(`${app.baseUrl}/contracts/x/cancel`, {
      method: 'OPTIONS',
      headers: { origin: SITE, 'access-control-request-method': 'POST' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe(SITE);
    expect(preflight.headers.get('access-control-allow-credentials')).toBe('true');
    const foreign = await fetch(`${app.baseUrl}/auth/userinfo`, { headers: { origin: 'https://evil.example.net' } });
    expect(foreign.headers.get('access-control-allow-origin')).toBeNull();
  });

  it("lets a staff user who signs in here create API keys with the provider's token", async () => {
    const site = await givenSite();
    // The staff user exists (made by the operator) and claims the account by signing up with its e-mail.
    const jar = new CookieJar();
    await signUpThroughLogin(jar, site.clientId, site.staff.email, 'correct horse battery');
    const linked = await jar.fetch(`${app.baseUrl}/auth/streaming-link?sku=news`);
    const token = new URL(linked.headers.get('location')!).searchParams.get('access_token')!;
    const created = await fetch(`${app.baseUrl}/management/api-keys`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'from a signed-in staff user' }),
    });
    expect(created.status).toBe(201);
  });

  it("merges the visitor's free reads into the reader on sign-in, and records the streaming link", async () => {
    const site = await givenSite();
    const full = { authorization: `Bearer ${await site.apiToken('full')}`, 'content-type': 'application/json' };
    const paywall = (await (
      await fetch(`${app.baseUrl}/management/paywalls`, {
        method: 'POST',
        headers: full,
        body: JSON.stringify({ name: 'Meter', settings: { leaky: { enabled: true, count: 2, periodInHours: 24 } } }),
      })
    ).json()) as { id: string };
    const visitorId = 'visitor-merge-123';
    const visitor = { authorization: `Basic ${Buffer.from(`${site.clientId}:${visitorId}`).toString('base64')}` };
    const read = (headers: Record<string, string>, article: string) =>
      fetch(`${app.baseUrl}/paywalls/${paywall.id}/access`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json', origin: SITE },
        body: JSON.stringify({ publisherContentId: article, url: `${SITE}/${article}` }),
      }).then(async (r) => ((await r.json()) as { status: string; remaining: number }));
    expect(await read(visitor, 'a1')).toMatchObject({ status: 'allowed', remaining: 1 });
    expect(await read(visitor, 'a2')).toMatchObject({ status: 'allowed', remaining: 0 });

    const jar = new CookieJar();
    const start = await jar.follow(`${app.baseUrl}/auth/${site.clientId}/login?visitor_id=${visitorId}`);
    await jar.fetch(`${start.url}/signup`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'metered@example.com', password: 'correct horse battery' }).toString(),
    });
    const created = await confirmByMail(jar, 'metered@example.com');
    await jar.follow(new URL(created.headers.get('location')!, start.url).href, (url) => url.startsWith(SITE));
    // Signed in, the reader has already used the visitor's two free reads.
    const asReader = await jar.fetch(`${app.baseUrl}/paywalls/${paywall.id}/access`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: SITE },
      body: JSON.stringify({ publisherContentId: 'a3', url: `${SITE}/a3` }),
    });
    expect(((await asReader.json()) as { status: string }).status).toBe('blocked');

    await jar.fetch(`${app.baseUrl}/auth/streaming-link?sku=news`);
    const linked = await jar.fetch(`${app.baseUrl}/profile/streaming-link`);
    expect(await linked.json()).toEqual({ isStreamingLinked: true });
  });
});
