import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { ChangeCheckoutSettings } from '@kiosk/domain/checkout';
import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { givenVendor, startListeningApp } from '../support/harness';
import { seriousAxeFindings, sidewaysOverflow } from '../support/page-checks';

/** axe-core, injected into each page (the root dev dependency). */
const LOGO = `data:image/svg+xml;base64,${Buffer.from(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#9f1239"/>' +
    '<text x="16" y="23" font-family="Georgia,serif" font-size="20" font-weight="700" fill="#fff" text-anchor="middle">D</text></svg>',
).toString('base64')}`;
const WIDTHS = [390, 1280];

let app: Awaited<ReturnType<typeof startListeningApp>>;
let site: Server;
let siteUrl: string;
let browser: Browser;
let clientId: string;

/** The vendor's page: a sign-in link (asking for `?lang=` as ui_locales), and pages to come back to. */
function vendorSite(apiUrl: string) {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const lang = url.searchParams.get('lang');
    const login = `${apiUrl}/auth/${clientId}/login?return_to=${encodeURIComponent(`${siteUrl}/after`)}${lang ? `&ui_locales=${lang}` : ''}`;
    const logout = `${apiUrl}/auth/${clientId}/logout?return_to=${encodeURIComponent(`${siteUrl}/bye`)}`;
    const body = url.pathname === '/after' || url.pathname === '/bye'
      ? `<h1 id="page">${url.pathname.slice(1)}</h1><a id="logout" href="${logout}">Log out</a>`
      : `<h1>The Daily</h1><a id="login" href="${login}">Sign in</a>`;
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(`<!doctype html><html lang="en"><title>The Daily</title><body>${body}</body></html>`);
  });
}

async function newestLink(to: string, pattern: RegExp): Promise<string> {
  const [mail] = await app.runtime.database.db.query(
    `SELECT body FROM mail_messages WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
    [to],
  );
  return pattern.exec(mail.body)![1];
}

/**
 * One page as a reader sees it: the vendor's name and logo, the page's
 * language, then at a phone's and a desktop's width: no sideways scrolling,
 * no serious or critical axe-core finding, and a screenshot in /tmp.
 */
async function audit(page: Page, lang: string, label: string) {
  await page.waitForSelector('#vendor-name');
  expect([label, await page.textContent('#vendor-name')]).toEqual([label, 'The Daily']);
  expect([label, await page.getAttribute('header img.logo', 'src')]).toEqual([label, LOGO]);
  expect([label, await page.getAttribute('html', 'lang')]).toEqual([label, lang]);
  for (const width of WIDTHS) {
    await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
    expect([label, width, await seriousAxeFindings(page)]).toEqual([label, width, []]);
    expect([label, width, await sidewaysOverflow(page)]).toEqual([label, width, 0]);
    await page.screenshot({ path: `/tmp/sign-in-${lang}-${label}-${width}.png`, fullPage: true });
  }
}

const WORDS = {
  en: { signIn: 'Sign in', wrong: "That e-mail and password don't match an account.", checkMail: 'Check your e-mail', expired: 'Your sign-in has expired' },
  sv: { signIn: 'Logga in', wrong: 'E-postadressen och lösenordet matchar inget konto.', checkMail: 'Kolla din e-post', expired: 'Inloggningen har gått ut' },
};

describeWithChromium('the sign-in pages in the vendor\'s look, in English and Swedish (headless Chromium, axe-core)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    site = vendorSite(app.baseUrl);
    await new Promise<void>((resolve) => site.listen(0, resolve));
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
    const v = await givenVendor(app);
    await app.runtime.database.db.query(`UPDATE vendors SET name = 'The Daily', logo = $2 WHERE id = $1`, [v.vendorId, LOGO]);
    await app.runtime.container.get(ChangeCheckoutSettings).execute({ vendorId: v.vendorId, change: { color: '#9f1239' } });
    clientId = (
      await app.runtime.container.get(RegisterBrowserClient).execute({ vendorId: v.vendorId, name: 'The Daily', redirectUris: [`${siteUrl}/after`] })
    ).clientId;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await app?.close();
  });

  /** A browser whose language is `locale`; the CSP is bypassed only so axe-core can be injected. */
  async function readerBrowser(locale: string): Promise<{ context: BrowserContext; page: Page; outside: string[] }> {
    const context = await browser.newContext({ bypassCSP: true, locale });
    const page = await context.newPage();
    const outside: string[] = [];
    page.on('request', (request) => {
      const url = request.url();
      if (!url.startsWith(app.baseUrl) && !url.startsWith(siteUrl) && !url.startsWith('data:')) outside.push(url);
    });
    return { context, page, outside };
  }

  it.each([
    ['en', 'en-US', ''],
    ['sv', 'sv-SE', '?lang=sv'],
  ] as const)('%s: sign in, sign up, confirm, forgot and reset the password, and the error pages', async (lang, locale, siteQuery) => {
    const words = WORDS[lang];
    const email = `reader.${lang}@example.com`;
    const { context, page, outside } = await readerBrowser(locale);

    await page.goto(`${siteUrl}/${siteQuery}`);
    await page.click('#login');
    await page.waitForSelector('#sign-in');
    expect(await page.textContent('h1')).toBe(words.signIn);
    await audit(page, lang, 'sign-in');

    await page.fill('#email', email);
    await page.fill('#password', 'not my password at all');
    await page.click('#sign-in');
    await page.waitForSelector('#error');
    expect((await page.textContent('#error'))!.trim()).toBe(words.wrong);
    expect(await page.getAttribute('#password', 'aria-describedby')).toBe('error');
    await audit(page, lang, 'sign-in-error');

    await page.click('#to-sign-up');
    await page.waitForSelector('#sign-up');
    await audit(page, lang, 'sign-up');
    await page.fill('#email', email);
    await page.fill('#password', 'correct horse battery staple');
    await page.click('#sign-up');
    await page.waitForSelector('#check-mail');
    expect(await page.textContent('h1')).toBe(words.checkMail);
    await audit(page, lang, 'check-mail');

    await page.goto(await newestLink(email, /(http\S+\/confirm\?token=\S+)/));
    await page.waitForSelector('#confirm-sign-up');
    await audit(page, lang, 'confirm');
    await page.click('#confirm-sign-up');
    await page.waitForURL(`${siteUrl}/after`);

    // Signed out everywhere, the reader forgets the password and resets it from the mail.
    await page.click('#logout');
    await page.waitForURL(`${siteUrl}/bye`);
    await page.goto(`${siteUrl}/${siteQuery}`);
    await page.click('#login');
    await page.waitForSelector('#to-forgot');
    await page.click('#to-forgot');
    await page.waitForSelector('#send-link');
    await audit(page, lang, 'forgot');
    await page.fill('#email', email);
    await page.click('#send-link');
    await page.waitForSelector('#sent');
    await audit(page, lang, 'forgot-sent');
    const signInUrl = page.url().replace(/\/forgot$/, '');

    await page.goto(await newestLink(email, /(http\S+\/oidc\/reset\/\S+)/));
    await page.waitForSelector('#change-password');
    await audit(page, lang, 'reset');
    await page.fill('#password', 'a brand new passphrase');
    await page.click('#change-password');
    await page.waitForSelector('#done');
    await audit(page, lang, 'reset-done');

    // Back on the sign-in page the reader signs in with the new password.
    await page.goto(signInUrl);
    await page.fill('#email', email);
    await page.fill('#password', 'a brand new passphrase');
    await page.click('#sign-in');
    await page.waitForURL(`${siteUrl}/after`);

    // The error pages: a browser route's, the provider's, and a sign-in that expired.
    const ui = lang === 'sv' ? '&ui_locales=sv' : '';
    await page.goto(`${app.baseUrl}/auth/${clientId}/login?return_to=${encodeURIComponent('https://evil.example.net/')}${ui}`);
    await audit(page, lang, 'auth-error');
    await page.goto(`${app.baseUrl}/oidc/authorize?client_id=${clientId}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://evil.example.net/cb')}${ui}`);
    await audit(page, lang, 'provider-error');
    // A sign-in page opened in a browser that has not signed in, its cookies then gone (expired, or another browser).
    const fresh = await readerBrowser(locale);
    await fresh.page.goto(`${siteUrl}/${siteQuery}`);
    await fresh.page.click('#login');
    await fresh.page.waitForSelector('#sign-in');
    await fresh.context.clearCookies();
    await fresh.page.reload();
    expect(await fresh.page.textContent('h1')).toBe(words.expired);
    await audit(fresh.page, lang, 'expired');

    expect([...outside, ...fresh.outside]).toEqual([]);
    await fresh.context.close();
    await context.close();
  }, 180_000);
});
