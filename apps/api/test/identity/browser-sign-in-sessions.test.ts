import { decodeJwt, decodeProtectedHeader } from 'jose';
import { startListeningApp } from '../support/harness';
import { confirmByMail, givenSite, ListeningApp, signUpThroughLogin, SITE } from './browser-sign-in-support';
import { CookieJar } from './cookie-jar';

let app: ListeningApp;
beforeAll(async () => {
  app = await startListeningApp();
});
afterAll(() => app.close());

describe('browser sign-in through /auth/{clientId}/login (embedded OpenID provider)', () => {
  it('signs up, comes back to the return address with a cookie session, reads userinfo, and logs out', async () => {
    const site = await givenSite(app);
    const jar = new CookieJar();
    const landed = await signUpThroughLogin(app, jar, site.clientId, 'reader@example.com', 'correct horse battery');
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
    const site = await givenSite(app);
    const jar = new CookieJar();
    await signUpThroughLogin(app, jar, site.clientId, 'token@example.com', 'correct horse battery');
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
    const site = await givenSite(app);
    const jar = new CookieJar();
    await signUpThroughLogin(app, jar, site.clientId, 'bearer-session@example.com', 'correct horse battery');
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

  it('turns a bearer token into a cookie session, drops a refresh cookie, and refuses bad tokens', async () => {
    const site = await givenSite(app);
    const first = new CookieJar();
    await signUpThroughLogin(app, first, site.clientId, 'session@example.com', 'correct horse battery');
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
    const other = await givenSite(app);
    const foreign = await fetch(`${app.baseUrl}/auth/${other.clientId}/session`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(foreign.status).toBe(401);
  });

  it('sends a signed-in reader to the access-sync callback with the token, and others through login first', async () => {
    const site = await givenSite(app);
    const anonymous = await fetch(`${app.baseUrl}/auth/streaming-link?sku=news&client_id=${site.clientId}`, { redirect: 'manual' });
    expect(anonymous.status).toBe(302);
    expect(anonymous.headers.get('location')).toContain('/oidc/authorize?');
    const jar = new CookieJar();
    await signUpThroughLogin(app, jar, site.clientId, 'stream@example.com', 'correct horse battery');
    const linked = await jar.fetch(`${app.baseUrl}/auth/streaming-link?sku=news`);
    expect(linked.status).toBe(302);
    const target = new URL(linked.headers.get('location')!);
    expect(target.origin + target.pathname).toBe('https://sync.example.com/callback');
    expect(target.searchParams.get('sku')).toBe('news');
    expect(decodeJwt(target.searchParams.get('access_token')!).vendor_id).toBe(site.vendorId);
  });

  it('lets the cookie session act for the reader, but a state-changing request only from a registered origin', async () => {
    const site = await givenSite(app);
    const jar = new CookieJar();
    await signUpThroughLogin(app, jar, site.clientId, 'csrf@example.com', 'correct horse battery');
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
    const site = await givenSite(app);
    // The staff user exists (made by the operator) and claims the account by signing up with its e-mail.
    const jar = new CookieJar();
    await signUpThroughLogin(app, jar, site.clientId, site.staff.email, 'correct horse battery');
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
    const site = await givenSite(app);
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
    const created = await confirmByMail(app, jar, 'metered@example.com');
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
