import { RegisterBrowserClient, SignUp } from '@kiosk/domain/identity';
import { Command } from 'commander';
import { registerRateLimitCommands } from '../../src/platform/rate-limits/rate-limits.cli';
import { bearer, givenVendor, startListeningApp, startTestApp, TestApp } from '../support/harness';
import { CookieJar } from '../identity/cookie-jar';
import { EmbeddedMailer } from '../../src/mail/mail.module';
import { givenShop, pagePath } from '../checkout/support';

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

describe('the client IP without TRUST_PROXY', () => {
  it('ignores X-Forwarded-For: a guesser who sends another one with each try is still refused at the 31st', async () => {
    const direct = await startTestApp();
    try {
      const v = await givenVendor(direct);
      const key = await v.apiKey('read');
      const attempt = (i: number) =>
        direct.http
          .post(v.tokenPath)
          .set('X-Forwarded-For', `198.51.100.${i}`)
          .type('form')
          .send({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: `wrong-${i}`, audience: 'urn:service' });
      for (let i = 0; i < 30; i += 1) expect((await attempt(i)).status).toBe(401);
      expect((await attempt(30)).status).toBe(429);
    } finally {
      await direct.close();
    }
  });
});

describe('password sign-in on the embedded provider', () => {
  let site: Awaited<ReturnType<typeof startListeningApp>>;
  beforeAll(async () => {
    site = await startListeningApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => site.close());

  it('answers the 31st wrong password within a minute with 429 and Retry-After; the right password from another address still works', async () => {
    const v = await givenVendor(site);
    const c = site.runtime.container;
    const client = await c.get(RegisterBrowserClient).execute({ vendorId: v.vendorId, name: 'News', redirectUris: ['https://news.example.com/after-login'] });
    const email = `guessed@${v.vendorId}.example.com`;
    await c.get(SignUp).execute({ vendorId: v.vendorId, email, password: 'the right horse battery' });
    const jar = new CookieJar();
    const start = await jar.follow(`${site.baseUrl}/auth/${client.clientId}/login?return_to=${encodeURIComponent('https://news.example.com/a')}`);
    expect(start.response.status).toBe(200);
    const attempt = (password: string, ip: string) =>
      jar.fetch(`${start.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: new URLSearchParams({ email, password }).toString(),
      });

    for (let i = 0; i < 30; i += 1) expect((await attempt(`wrong ${i}`, '203.0.113.9')).status).toBe(401);
    const refused = await attempt('wrong 31', '203.0.113.9');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('Too many failed sign-ins');
    // Even the right password waits from that address...
    expect((await attempt('the right horse battery', '203.0.113.9')).status).toBe(429);
    // ...but its owner elsewhere signs in.
    const owner = await attempt('the right horse battery', '198.51.100.77');
    expect(owner.status).toBe(303);
    // Its owner was told once, in the branded mail, when the account's limit was reached.
    const warnings = (await c.get(EmbeddedMailer).list(v.vendorId, email)).filter((m) => m.subject.startsWith('Failed sign-ins'));
    expect(warnings.map((m) => m.subject)).toEqual([`Failed sign-ins to your Vendor ${v.vendorId} account`]);
    expect(warnings[0].body).toContain('many failed sign-ins to your account');
  }, 120_000);

  it('mails the owner at most once an hour, and never an address without an account', async () => {
    const v = await givenVendor(site);
    const c = site.runtime.container;
    const client = await c.get(RegisterBrowserClient).execute({ vendorId: v.vendorId, name: 'News', redirectUris: ['https://news.example.com/after-login'] });
    const email = `owner@${v.vendorId}.example.com`;
    await c.get(SignUp).execute({ vendorId: v.vendorId, email, password: 'the right horse battery' });
    const jar = new CookieJar();
    const start = await jar.follow(`${site.baseUrl}/auth/${client.clientId}/login?return_to=${encodeURIComponent('https://news.example.com/a')}&ui_locales=sv`);
    const attempt = (address: string, ip: string) =>
      jar.fetch(`${start.url}/login`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: new URLSearchParams({ email: address, password: 'wrong' }).toString(),
      });
    // Two addresses each reach the account-and-address limit; then again from another address.
    for (const ip of ['203.0.113.81', '203.0.113.82']) {
      for (let i = 0; i < 30; i += 1) await attempt(email, ip);
      expect((await attempt(email, ip)).status).toBe(429);
    }
    const nobody = `nobody@${v.vendorId}.example.com`;
    for (let i = 0; i < 31; i += 1) await attempt(nobody, '203.0.113.83');
    const mails = c.get(EmbeddedMailer);
    const sent = await mails.list(v.vendorId, email);
    expect(sent.map((m) => m.subject)).toEqual([`Misslyckade inloggningar till ditt konto hos Vendor ${v.vendorId}`]);
    expect(await mails.list(v.vendorId, nobody)).toEqual([]);
  }, 180_000);
});

describe('sign-up and password-reset mails on the embedded provider', () => {
  let site: Awaited<ReturnType<typeof startListeningApp>>;
  beforeAll(async () => {
    site = await startListeningApp({ TRUST_PROXY: 'loopback' });
  });
  afterAll(() => site.close());

  async function signInPageOf(locale: string) {
    const v = await givenVendor(site);
    const client = await site.runtime.container
      .get(RegisterBrowserClient)
      .execute({ vendorId: v.vendorId, name: 'News', redirectUris: ['https://news.example.com/after-login'] });
    const jar = new CookieJar();
    const start = await jar.follow(
      `${site.baseUrl}/auth/${client.clientId}/login?return_to=${encodeURIComponent('https://news.example.com/a')}&ui_locales=${locale}`,
    );
    expect(start.response.status).toBe(200);
    const post = (action: string, fields: Record<string, string>, ip: string) =>
      jar.fetch(`${start.url}/${action}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'x-forwarded-for': ip },
        body: new URLSearchParams(fields).toString(),
      });
    return { v, post };
  }

  it('answers the 6th sign-up for one address within 15 minutes with 429, Retry-After and the form in the reader\'s language', async () => {
    const { v, post } = await signInPageOf('sv');
    const email = `new@${v.vendorId}.example.com`;
    for (let i = 0; i < 5; i += 1) expect((await post('signup', { email, password: 'a long enough password' }, `203.0.113.${20 + i}`)).status).toBe(200);
    const refused = await post('signup', { email, password: 'a long enough password' }, '203.0.113.99');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    const page = await refused.text();
    expect(page).toContain('<html lang="sv"');
    expect(page).toContain('För många mejl har begärts');
    // Another address from another network is not held back.
    expect((await post('signup', { email: `other@${v.vendorId}.example.com`, password: 'a long enough password' }, '198.51.100.3')).status).toBe(200);
  });

  it('holds a vendor to its own values (kiosk vendor:rate-limit), and to the default again after --default', async () => {
    const { v, post } = await signInPageOf('en');
    const setLimit = async (...args: string[]) => {
      const program = new Command('kiosk').exitOverride();
      let printed: unknown;
      registerRateLimitCommands(program, async (work) => {
        printed = await work(site.runtime.database.db);
      });
      await program.parseAsync(['vendor:rate-limit', '--vendor', v.vendorId, '--rule', 'mail:account', ...args], { from: 'user' });
      return printed;
    };
    expect(await setLimit('--points', '2')).toEqual({ vendorId: v.vendorId, rateLimits: { 'mail:account': { points: 2 } } });
    const email = `strict@${v.vendorId}.example.com`;
    for (let i = 0; i < 2; i += 1) expect((await post('forgot', { email }, `203.0.113.${140 + i}`)).status).toBe(200);
    expect((await post('forgot', { email }, '203.0.113.142')).status).toBe(429);
    expect(await setLimit('--default')).toEqual({ vendorId: v.vendorId, rateLimits: {} });
    await expect(setLimit('--points', '0')).rejects.toThrow(/at least 1/);
  });

  it('answers the 31st mail asked for from one client IP with 429, whatever the addresses; forgot-password counts the same', async () => {
    const { v, post } = await signInPageOf('en');
    for (let i = 0; i < 30; i += 1) expect((await post('forgot', { email: `reader${i}@${v.vendorId}.example.com` }, '203.0.113.61')).status).toBe(200);
    const refused = await post('forgot', { email: `reader-last@${v.vendorId}.example.com` }, '203.0.113.61');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    expect(await refused.text()).toContain('Too many e-mails were asked for');
    // Sign-up from that address shares the count; another address's client is served.
    expect((await post('signup', { email: `fresh@${v.vendorId}.example.com`, password: 'a long enough password' }, '203.0.113.61')).status).toBe(429);
    expect((await post('forgot', { email: `reader-last@${v.vendorId}.example.com` }, '198.51.100.61')).status).toBe(200);
  });
});

describe('card payments on the hosted checkout', () => {
  it('refuses the 11th payment after ten declined cards on one checkout with 429; another checkout pays', async () => {
    const v = await givenShop(app);
    const visitor = v.visitor();
    const checkout = async () =>
      (await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'book' }], email: `buyer@${v.vendorId}.example.com` })).body;
    const tested = await checkout();
    const pay = (checkoutUrl: string, cardNumber: string, ip = '203.0.113.50') =>
      app.http.post(pagePath(checkoutUrl, '/pay')).set('X-Forwarded-For', ip).type('form').send({ buyerEmail: `buyer@${v.vendorId}.example.com`, cardNumber, expiry: '12/34', cvc: '123' });

    for (let i = 0; i < 10; i += 1) expect((await pay(tested.checkoutUrl, '4000000000000002')).status).toBe(400);
    const refused = await pay(tested.checkoutUrl, '4242424242424242');
    expect(refused.status).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(refused.text).toContain('Too many failed payments');
    expect((await app.http.get(`/checkouts/${tested.id}`).set(visitor.auth)).body.status).toBe('PENDING');
    // The limit is the checkout's (and the address's): a buyer's other checkout from elsewhere pays.
    const other = await checkout();
    expect((await pay(other.checkoutUrl, '4242424242424242', '198.51.100.60')).status).toBe(303);
  });
});
