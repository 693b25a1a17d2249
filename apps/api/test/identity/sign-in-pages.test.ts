import { ChangeCheckoutSettings } from '@kiosk/domain/checkout';
import { RegisterBrowserClient, SignUp } from '@kiosk/domain/identity';
import { negotiateLanguage } from '../../src/identity/pages/page-language';
import { bearer, givenVendor, startListeningApp } from '../support/harness';
import { CookieJar } from './cookie-jar';

let app: Awaited<ReturnType<typeof startListeningApp>>;
beforeAll(async () => {
  app = await startListeningApp();
});
afterAll(() => app.close());

const SITE = 'https://daily.example.com';
const LOGO = `data:image/svg+xml;base64,${Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><rect width="10" height="10" fill="#b91c1c"/></svg>').toString('base64')}`;
const BROWSER_ACCEPT = 'text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8';

/** A vendor named "The Daily" with a logo and a red brand colour, and its site. */
async function givenBrandedSite() {
  const v = await givenVendor(app);
  await app.runtime.database.db.query(`UPDATE vendors SET name = 'The Daily', logo = $2 WHERE id = $1`, [v.vendorId, LOGO]);
  await app.runtime.container.get(ChangeCheckoutSettings).execute({ vendorId: v.vendorId, change: { color: '#b91c1c' } });
  const client = await app.runtime.container
    .get(RegisterBrowserClient)
    .execute({ vendorId: v.vendorId, name: 'Daily site', redirectUris: [`${SITE}/after`] });
  return { ...v, clientId: client.clientId };
}

/** Starts a sign-in and answers the sign-in page as a browser with `acceptLanguage` sees it. */
async function signInPage(clientId: string, query: string, acceptLanguage?: string) {
  const jar = new CookieJar();
  const start = await jar.follow(`${app.baseUrl}/auth/${clientId}/login${query}`);
  const page = await jar.fetch(start.url, { headers: acceptLanguage ? { 'accept-language': acceptLanguage } : {} });
  return { jar, url: start.url, status: page.status, html: await page.text(), headers: page.headers };
}

const langOf = (html: string) => /<html lang="([^"]+)"/.exec(html)?.[1];
const h1Of = (html: string) => /<h1>([^<]*)<\/h1>/.exec(html)?.[1];

describe('the way back to the vendor\'s site', () => {
  it('the logo and "Back to the site" lead to the client\'s site, or, for a site on this service\'s own host (the demo), to its folder, not the service\'s home', async () => {
    const site = await givenBrandedSite();
    const elsewhere = await signInPage(site.clientId, '');
    expect(elsewhere.html).toContain(`<a id="brand" href="${SITE}">`);

    const v = await givenVendor(app);
    const onThisHost = await app.runtime.container
      .get(RegisterBrowserClient)
      .execute({ vendorId: v.vendorId, name: 'Demo', redirectUris: [`${app.baseUrl}/demo/`], allowedOrigins: [app.baseUrl] });
    const { html } = await signInPage(onThisHost.clientId, '');
    expect(html).toContain(`<a id="brand" href="${app.baseUrl}/demo/">`);
    const offsite = await fetch(`${app.baseUrl}/auth/${onThisHost.clientId}/login?return_to=${encodeURIComponent('https://evil.example.net/')}`, {
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(offsite.status).toBe(400);
    const back = /<a id="back" href="([^"]+)"/.exec(await offsite.text());
    expect(back?.[1]).toBe(`${app.baseUrl}/demo/`);
  });
});

describe('language of the sign-in pages', () => {
  it('takes ui_locales first, then Accept-Language, else English; matched on the primary subtag', () => {
    const available = ['en', 'sv'];
    expect(negotiateLanguage({ uiLocales: 'sv', acceptLanguage: 'en' }, available)).toBe('sv');
    expect(negotiateLanguage({ uiLocales: 'fi sv-FI', acceptLanguage: 'en' }, available)).toBe('sv');
    expect(negotiateLanguage({ uiLocales: null, acceptLanguage: 'de;q=0.9, sv-SE;q=0.8, en;q=0.5' }, available)).toBe('sv');
    expect(negotiateLanguage({ acceptLanguage: 'en;q=0.2, sv;q=0.7' }, available)).toBe('sv');
    expect(negotiateLanguage({ acceptLanguage: 'sv;q=0, fr' }, available)).toBe('en');
    // The page's lang after ui_locales, the vendor's default after Accept-Language.
    expect(negotiateLanguage({ uiLocales: 'de', pageLanguage: 'sv', acceptLanguage: 'en' }, available)).toBe('sv');
    expect(negotiateLanguage({ acceptLanguage: 'en', vendorDefault: 'sv' }, available)).toBe('en');
    expect(negotiateLanguage({ acceptLanguage: 'fr, de', vendorDefault: 'sv' }, available)).toBe('sv');
    expect(negotiateLanguage({ vendorDefault: 'xx' }, available)).toBe('en');
    expect(negotiateLanguage({ acceptLanguage: '*' }, available)).toBe('en');
    expect(negotiateLanguage({}, available)).toBe('en');
  });

  it('shows the sign-in page in Swedish for ui_locales=sv, and in the vendor\'s name, logo and colour', async () => {
    const site = await givenBrandedSite();
    const { status, html, headers } = await signInPage(site.clientId, '?ui_locales=sv', 'en-GB,en;q=0.9');
    expect(status).toBe(200);
    expect(langOf(html)).toBe('sv');
    expect(h1Of(html)).toBe('Logga in');
    expect(html).toContain('<label for="email">E-post</label>');
    expect(html).toContain('<span class="name" id="vendor-name">The Daily</span>');
    expect(html).toContain(`<img class="logo" src="${LOGO}" alt="">`);
    expect(html).toContain('--brand:#b91c1c');
    expect(html).toContain(`<a id="brand" href="${SITE}">`);
    expect(headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(headers.get('x-frame-options')).toBe('DENY');
  });

  it('follows Accept-Language without ui_locales, and falls back to English for a language it does not speak', async () => {
    const site = await givenBrandedSite();
    const swedish = await signInPage(site.clientId, '', 'sv-SE,sv;q=0.9,en;q=0.8');
    expect([langOf(swedish.html), h1Of(swedish.html)]).toEqual(['sv', 'Logga in']);
    const german = await signInPage(site.clientId, '', 'de-DE,de;q=0.9');
    expect([langOf(german.html), h1Of(german.html)]).toEqual(['en', 'Sign in']);
    const asked = await signInPage(site.clientId, '?ui_locales=en', 'sv');
    expect(langOf(asked.html)).toBe('en');
  });

  it("takes the vendor's default language (checkout settings) last, after ui_locales and Accept-Language", async () => {
    const site = await givenBrandedSite();
    await app.runtime.container.get(ChangeCheckoutSettings).execute({ vendorId: site.vendorId, change: { defaultLanguage: 'sv' } });
    const nothingSaid = await signInPage(site.clientId, '');
    expect([langOf(nothingSaid.html), h1Of(nothingSaid.html)]).toEqual(['sv', 'Logga in']);
    const unspoken = await signInPage(site.clientId, '', 'de-DE,de;q=0.9');
    expect(langOf(unspoken.html)).toBe('sv');
    const browserSaysEnglish = await signInPage(site.clientId, '', 'en-GB,en;q=0.9');
    expect([langOf(browserSaysEnglish.html), h1Of(browserSaysEnglish.html)]).toEqual(['en', 'Sign in']);
    const linkSaysEnglish = await signInPage(site.clientId, '?ui_locales=en');
    expect(langOf(linkSaysEnglish.html)).toBe('en');
  });

  it('says a wrong password plainly, in the reader\'s language, tied to the fields', async () => {
    const site = await givenBrandedSite();
    const { jar, url } = await signInPage(site.clientId, '?ui_locales=sv');
    const res = await jar.fetch(`${url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'nobody@example.com', password: 'not the password' }).toString(),
    });
    expect(res.status).toBe(401);
    const html = await res.text();
    expect(html).toContain('<div class="error" role="alert" id="error">E-postadressen och lösenordet matchar inget konto.</div>');
    expect(html).toMatch(/<input id="password"[^>]*aria-invalid="true" aria-describedby="error">/);
  });

  it('answers the /auth/ error pages in the vendor\'s look and the reader\'s language', async () => {
    const site = await givenBrandedSite();
    const res = await fetch(`${app.baseUrl}/auth/${site.clientId}/login?ui_locales=sv&return_to=${encodeURIComponent('https://evil.example.net/')}`, {
      headers: { accept: BROWSER_ACCEPT },
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect([langOf(html), h1Of(html)]).toEqual(['sv', 'Det gick inte']);
    expect(html).toContain('id="vendor-name">The Daily<');
    expect(html).toContain('Adressen du skulle komma tillbaka till efter inloggningen är inte registrerad för webbplatsen.');
    expect(html).toContain(`<a id="back" href="${SITE}">Tillbaka till webbplatsen</a>`);
  });

  it("dresses the provider's own error page and an expired sign-in in the vendor's look", async () => {
    const site = await givenBrandedSite();
    const authorize = await fetch(
      `${app.baseUrl}/oidc/authorize?client_id=${site.clientId}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://evil.example.net/cb')}`,
      { headers: { accept: BROWSER_ACCEPT, 'accept-language': 'sv' } },
    );
    expect(authorize.status).toBe(400);
    expect(authorize.headers.get('content-security-policy')).toContain("frame-ancestors 'none'");
    const error = await authorize.text();
    expect([langOf(error), h1Of(error)]).toEqual(['sv', 'Vi kunde inte logga in dig']);
    expect(error).toContain('id="vendor-name">The Daily<');

    // The sign-in page opened in another browser (no interaction cookie): expired, still the vendor's page.
    const { url } = await signInPage(site.clientId, '');
    const elsewhere = await fetch(url, { headers: { 'accept-language': 'en' } });
    expect(elsewhere.status).toBe(400);
    const html = await elsewhere.text();
    expect(h1Of(html)).toBe('Your sign-in has expired');
    expect(html).toContain('id="vendor-name">The Daily<');
  });
});

describe("the provider's sign-out step", () => {
  it("is the vendor's page, and its one script runs by the answer's nonce only", async () => {
    const site = await givenBrandedSite();
    // Without a session the provider posts its form at once: its script is admitted by its hash alone.
    const bare = await fetch(`${app.baseUrl}/oidc/session/end?client_id=${site.clientId}`, { headers: { accept: BROWSER_ACCEPT } });
    expect(bare.headers.get('content-security-policy')).toMatch(/default-src 'none';\s*script-src 'nonce-[^']+' 'sha256-[^']+';.*frame-ancestors 'none'/);
    expect(bare.headers.get('x-frame-options')).toBe('DENY');

    await app.runtime.container.get(SignUp).execute({ vendorId: site.vendorId, email: 'leaving@example.com', password: 'correct horse battery' });
    const { jar, url } = await signInPage(site.clientId, '');
    const signedIn = await jar.fetch(`${url}/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'leaving@example.com', password: 'correct horse battery' }).toString(),
    });
    expect(signedIn.status).toBe(303);
    await jar.follow(new URL(signedIn.headers.get('location')!, url).href, (to) => to.startsWith(SITE));
    const res = await jar.fetch(`${app.baseUrl}/oidc/session/end?client_id=${site.clientId}`, {
      headers: { accept: BROWSER_ACCEPT, 'accept-language': 'sv' },
    });
    expect(res.status).toBe(200);
    const csp = res.headers.get('content-security-policy')!;
    expect(csp).toContain("frame-ancestors 'none'");
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)![1];
    const html = await res.text();
    expect([langOf(html), h1Of(html)]).toEqual(['sv', 'Loggar ut']);
    expect(html).toContain('id="vendor-name">The Daily<');
    expect(html).toContain(`<script nonce="${nonce}">`);
    expect(html).toMatch(/<button type="submit" form="op\.logoutForm" name="logout" value="yes" id="sign-out">Logga ut<\/button>/);
  });
});

describe("a vendor's own sentences", () => {
  it('overrides messages per language, adds a language, and refuses unknown keys', async () => {
    const site = await givenBrandedSite();
    const token = await site.apiToken('full');
    const put = await app.http
      .put('/management/sign-in-pages')
      .set(bearer(token))
      .send({
        messages: {
          en: { 'signIn.lead': 'Sign in to read every Daily article.' },
          fi: { 'signIn.title': 'Kirjaudu sisään', 'signIn.lead': 'Kirjaudu lehteen {{vendor}}.' },
        },
      });
    expect(put.status).toBe(200);
    expect(put.body.messages.fi['signIn.title']).toBe('Kirjaudu sisään');
    expect(put.body.defaults.sv['signIn.title']).toBe('Logga in');

    const english = await signInPage(site.clientId, '');
    expect(english.html).toContain('<p class="lead">Sign in to read every Daily article.</p>');
    // The vendor's English does not replace the service's Swedish.
    const swedish = await signInPage(site.clientId, '?ui_locales=sv');
    expect(swedish.html).toContain('<p class="lead">Logga in hos The Daily med din e-post och ditt lösenord.</p>');
    // A language the vendor added: its sentences, English where it has none.
    const finnish = await signInPage(site.clientId, '', 'fi-FI');
    expect([langOf(finnish.html), h1Of(finnish.html)]).toEqual(['fi', 'Kirjaudu sisään']);
    expect(finnish.html).toContain('<p class="lead">Kirjaudu lehteen The Daily.</p>');
    expect(finnish.html).toContain('<label for="email">E-mail</label>');
    // Another vendor is untouched.
    const other = await givenBrandedSite();
    expect((await signInPage(other.clientId, '')).html).toContain('<p class="lead">Sign in to The Daily with your e-mail and password.</p>');

    const got = await app.http.get('/management/sign-in-pages').set(bearer(await site.apiToken('read')));
    expect(got.status).toBe(200);
    expect(got.body.messages).toEqual(put.body.messages);

    for (const messages of [
      { en: { 'signIn.nope': 'x' } },
      { english: { 'signIn.title': 'x' } },
      { en: { 'signIn.title': '' } },
      { en: { 'signIn.title': 'Hi {{email}}' } },
      { en: 'Sign in' },
    ]) {
      const bad = await app.http.put('/management/sign-in-pages').set(bearer(token)).send({ messages });
      expect([JSON.stringify(messages), bad.status, bad.body.code]).toEqual([JSON.stringify(messages), 400, 'SIGN_IN_PAGES.BAD_MESSAGES']);
    }
    expect((await app.http.put('/management/sign-in-pages').set(bearer(await site.apiToken('read'))).send({ messages: {} })).status).toBe(403);
  });

  it('escapes what a vendor writes', async () => {
    const site = await givenBrandedSite();
    await app.http
      .put('/management/sign-in-pages')
      .set(bearer(await site.apiToken('full')))
      .send({ messages: { en: { 'signIn.title': '<script>alert(1)</script>' } } })
      .expect(200);
    const { html } = await signInPage(site.clientId, '');
    expect(html).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(html).not.toContain('<script>');
  });
});
