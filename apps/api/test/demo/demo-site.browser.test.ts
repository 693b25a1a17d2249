import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Browser } from 'playwright-core';
import { DEMO_SELLER, loadDemoData } from '../../src/demo/demo-data';
import { DEMO_ARTICLES } from '../../src/demo/demo-site.pages';
import { settleEvents } from '../billing/support';
import { confirmSignUpFromMail, describeWithChromium, launchChromium } from '../support/chromium';
import { startListeningApp } from '../support/harness';
import { seriousAxeFindings } from '../support/page-checks';

const hexToRgb = (hex: string) => `rgb(${[1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16)).join(', ')})`;
/** WCAG contrast ratio of two `rgb(r, g, b)` colours. */
function contrast(a: string, b: string): number {
  const lum = (c: string) => {
    const [r, g, bl] = (c.match(/\d+/g) ?? []).slice(0, 3).map((v) => {
      const x = Number(v) / 255;
      return x <= 0.03928 ? x / 12.92 : ((x + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [lum(a), lum(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

const SHOTS = process.env.DEMO_SCREENSHOTS ?? join(tmpdir(), 'kiosk-demo-screens');

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;

describeWithChromium('the demo newspaper at /demo/ (headless Chromium)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    await loadDemoData(app.runtime.container, { withCredentials: false });
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each([
    ['phone', 390, 844],
    ['desktop', 1280, 900],
  ])('a visitor reads the free article and three metered ones; the fourth shows the paywall (%s)', async (name, width, height) => {
    const context = await browser.newContext({ viewport: { width, height } });
    const page = await context.newPage();
    const problems: string[] = [];
    const outside: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    page.on('console', (message) => {
      if (message.type() === 'error') problems.push(`${message.text()} ${message.location().url}`);
    });
    page.on('request', (request) => {
      if (!request.url().startsWith(app.baseUrl)) outside.push(request.url());
    });
    // The page's CSP forbids the eval a string predicate needs: wait for the library's attribute instead.
    const ready = () => page.locator('html[data-service-ready]').waitFor({ state: 'attached', timeout: 15_000 });

    await page.goto(`${app.baseUrl}/demo/`);
    await ready();
    expect(await page.locator('ul.articles li').count()).toBe(DEMO_ARTICLES.length);
    expect(await page.locator('a[service-link="login"]').isVisible()).toBe(true);

    const [free, ...metered] = DEMO_ARTICLES;
    await page.goto(`${app.baseUrl}/demo/articles/${free.slug}`);
    await ready();
    expect(await page.locator('article p').last().innerText()).toBe(free.body[free.body.length - 1]);

    for (const article of metered.slice(0, 3)) {
      await page.goto(`${app.baseUrl}/demo/articles/${article.slug}`);
      await ready();
      expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('allowed');
      expect(await page.locator('[service-premium]').isVisible()).toBe(true);
      // The paywall component shows only the meter on an open article (demo-meter.browser.test.ts reads it).
      expect(await page.locator('service-paywall button.buy').count()).toBe(0);
    }

    const fourth = metered[3];
    await page.goto(`${app.baseUrl}/demo/articles/${fourth.slug}`);
    await ready();
    expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('blocked');
    expect(await page.locator('[service-premium]').isVisible()).toBe(false);
    await page.locator('service-paywall h2').waitFor({ timeout: 10_000 });
    expect(await page.locator('service-paywall h2').innerText()).toBe('You have read your free articles for today');
    expect(await page.locator('service-paywall button.buy').innerText()).toBe('Subscribe');
    expect(await page.locator('service-paywall .price').innerText()).toMatch(/^SEK\s1,188\.00 a year$/);
    // Nothing wider than the screen.
    expect((await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `demo-paywall-${name}.png`), fullPage: true });

    // Choosing the subscription opens the hosted checkout for it.
    await page.locator('service-paywall button.buy').click();
    await page.waitForURL(/\/checkout\/demo\//, { timeout: 15_000 });
    expect(await page.locator('h1').innerText()).toBe('Checkout');
    expect(await page.locator('body').innerText()).toContain('Demo Daily');

    expect(problems).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  }, 90_000);

  it.each([
    ['phone', 390, 844],
    ['desktop', 1280, 900],
  ])('a reader signs up at the paywall, subscribes on the hosted checkout, comes back to the whole article and the decrypted premium one, and signs out (%s)', async (name, width, height) => {
    const context = await browser.newContext({ viewport: { width, height } });
    // Counts serviceJsReady per page load (an init script runs before the page's own scripts, whatever its CSP).
    await context.addInitScript({ content: "window.__readyCount = 0; window.addEventListener('serviceJsReady', function () { window.__readyCount += 1; });" });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const readyCount = async () => (await page.evaluate('window.__readyCount')) as number;
    const premium = DEMO_ARTICLES.find((a) => a.premium)!;
    const openPremium = async () => {
      await page.goto(`${app.baseUrl}/demo/articles/${premium.slug}`);
      await ready();
      await page.locator('[data-service-capsule][service-capsule]').waitFor({ state: 'attached', timeout: 20_000 });
      expect(await readyCount()).toBe(1);
      return page.locator('[data-service-capsule]').getAttribute('service-capsule');
    };
    const ready = () => page.locator('html[data-service-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    const read = async (slug: string) => {
      await page.goto(`${app.baseUrl}/demo/articles/${slug}`);
      await ready();
      return page.locator('[data-service-paywall]').getAttribute('service-access');
    };
    const [, ...metered] = DEMO_ARTICLES;
    for (const article of metered.slice(0, 3)) expect(await read(article.slug)).toBe('allowed');
    const blocked = metered[4];
    expect(await read(blocked.slug)).toBe('blocked');

    // Sign up from the paywall's sign-in button; back on the article, signed in, still without a subscription
    // (the visitor's free reads went with them).
    // A long address: on the account page it must wrap at its dots and "@", not mid-word, and not widen the page.
    const email = `demo-reader-${Date.now()}.with-a-rather-long-name@subscribers.demo-daily-newspaper.example.com`;
    await page.locator('service-paywall button.login').click();
    await page.waitForSelector('#sign-in');
    await page.click('#to-sign-up');
    await page.fill('#email', email);
    await page.fill('#password', 'correct horse battery staple');
    await page.click('#sign-up');
    await confirmSignUpFromMail(page, app, email);
    await page.waitForURL(`${app.baseUrl}/demo/articles/${blocked.slug}`);
    await ready();
    expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('blocked');
    expect(await page.locator('a[service-link="logout"]').isVisible()).toBe(true);

    // Subscribe: the hosted checkout, the succeeding test card, the receipt, and back to the article.
    await page.locator('service-paywall button.buy').waitFor({ timeout: 10_000 });
    await page.locator('service-paywall button.buy').click();
    await page.waitForURL(/\/checkout\/demo\//, { timeout: 15_000 });
    await page.fill('#cardNumber', '4242 4242 4242 4242');
    await page.fill('#expiry', '12/34');
    await page.fill('#cvc', '123');
    await page.click('#pay');
    await page.waitForSelector('#receipt');
    // The worker's part (entitlements from the new contract); the running service does it on its own.
    await settleEvents(app, 'demo');
    await page.click('#continue');
    await page.waitForURL(new RegExp(`/demo/articles/${blocked.slug}`));
    await ready();
    expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('allowed');
    expect(await page.locator('[service-premium]').isVisible()).toBe(true);
    expect(page.url()).not.toContain('checkoutId');
    expect(await readyCount()).toBe(1);
    await page.screenshot({ path: join(SHOTS, `demo-subscribed-${name}.png`), fullPage: true });

    // The premium article: its body is encrypted in the page, and the subscription (scope premium) opens it in the browser.
    expect(await openPremium()).toBe('open');
    const opened = await page.locator('[data-service-capsule]').innerText();
    for (const paragraph of premium.body.slice(1)) expect(opened).toContain(paragraph);
    expect(await page.locator('service-paywall[data-capsule-paywall]').isVisible()).toBe(false);
    // A signed-in page can also have the session's bearer token (auth.getTokenSilently).
    expect(await page.evaluate('window.service.auth.getTokenSilently()')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    // The page itself never carried the text in the clear.
    const served = await (await fetch(`${app.baseUrl}/demo/articles/${premium.slug}`)).text();
    expect(served).toContain('class="dca-manifest"');
    expect(served).not.toContain(premium.body[1]);
    expect((await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, `demo-premium-open-${name}.png`), fullPage: true });

    // The account page: who is signed in, the subscription with cancel, the bill with its receipt, the profile.
    await page.goto(`${app.baseUrl}/demo/account`);
    await ready();
    // Each heading and "Sign out" once: the page's heading stands for the component's, the header signs out.
    await page.locator('service-account .profile dd').last().waitFor({ timeout: 10_000 });
    expect(await page.getByRole('heading', { name: 'Your account' }).count()).toBe(1);
    expect(await page.getByText('Sign out', { exact: true }).count()).toBe(1);
    await page.locator('service-account li.contract').first().waitFor({ timeout: 10_000 });
    expect(await page.locator('service-account li.contract .title').first().innerText()).toContain('Demo Daily');
    expect(await page.locator('service-account .profile dd').last().innerText()).toBe(email);
    await page.locator('service-account li.bill').first().waitFor({ timeout: 10_000 });
    const receipt = await page.locator('service-account a.receipt').first().getAttribute('href');
    expect(receipt).toMatch(/^https?:\/\//);
    // The receipt is one an accountant accepts: the demo publisher named in full, news taxed at 6 %.
    const receiptText = await (await page.request.get(receipt!, { headers: { accept: 'text/html' } })).text();
    for (const fact of [DEMO_SELLER.legalName, DEMO_SELLER.vatNumber, DEMO_SELLER.street, 'Of which VAT 6 %']) expect([fact, receiptText.includes(fact)]).toEqual([fact, true]);
    expect((await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number).toBeLessThanOrEqual(0);
    for (const heading of ['Profile', 'Subscriptions', 'Bills']) expect([heading, await page.getByRole('heading', { name: heading, exact: true }).count()]).toEqual([heading, 1]);
    // The address stays inside its box and, where it wraps, wraps after "@", ".", "-" or "_" (never mid-word).
    const wrapping = (await page.evaluate(`(() => {
      const dd = document.querySelector('service-account').shadowRoot.querySelector('dd.email');
      const box = document.querySelector('service-account').shadowRoot.querySelector('.box').getBoundingClientRect();
      const breaksAfter = [];
      let last = null, lastTop = null;
      for (const node of dd.childNodes) {
        if (node.nodeType !== 3) continue;
        for (let i = 0; i < node.data.length; i++) {
          const range = document.createRange();
          range.setStart(node, i); range.setEnd(node, i + 1);
          const top = range.getBoundingClientRect().top;
          if (lastTop !== null && top > lastTop + 2) breaksAfter.push(last);
          last = node.data[i]; lastTop = top;
        }
      }
      const r = dd.getBoundingClientRect();
      return { breaksAfter, inside: r.right <= box.right + 0.5 && dd.scrollWidth <= dd.clientWidth };
    })()`)) as { breaksAfter: string[]; inside: boolean };
    expect(wrapping.inside).toBe(true);
    for (const c of wrapping.breaksAfter) expect('@.-_').toContain(c);
    if (width === 390) expect(wrapping.breaksAfter.length).toBeGreaterThan(0);
    // The vendor's colour (its checkout settings: the demo's red) reaches the component through the bundle and tops its box.
    expect(await page.evaluate("getComputedStyle(document.querySelector('service-account')).getPropertyValue('--service-color').trim()")).toBe('#b91c1c');
    expect(await page.evaluate("getComputedStyle(document.querySelector('service-account').shadowRoot.querySelector('.box')).borderTopColor")).toBe(
      await page.evaluate("getComputedStyle(document.querySelector('service-account')).getPropertyValue('--service-color')").then((c) => hexToRgb(String(c).trim())),
    );
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.screenshot({ path: join(SHOTS, `demo-account-${name}.png`), fullPage: true });
    // Cancelling by keyboard: the button opens a labelled confirmation whose field takes the focus.
    await page.locator('service-account button.cancel').focus();
    await page.keyboard.press('Enter');
    await page.locator('service-account form.confirm').waitFor({ timeout: 5_000 });
    expect(await page.evaluate("document.querySelector('service-account').shadowRoot.activeElement.getAttribute('name')")).toBe('reason');
    expect(await page.locator('service-account label[for]').innerText()).toContain('Why are you cancelling');
    // The primary button in the vendor's colour, its text readable on it (WCAG AA, 4.5:1).
    const [bg, fg] = (await page.evaluate(
      "(() => { const s = getComputedStyle(document.querySelector('service-account').shadowRoot.querySelector('button.confirm-cancel')); return [s.backgroundColor, s.color]; })()",
    )) as [string, string];
    expect(contrast(bg, fg)).toBeGreaterThanOrEqual(4.5);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.keyboard.type('Trying the demo');
    await page.locator('service-account button.confirm-cancel').click();
    await page.locator('service-account [role=status]').waitFor({ timeout: 10_000 });
    expect(await page.locator('service-account [role=status]').innerText()).toContain('cancelled');
    expect(await page.locator('service-account button.cancel').count()).toBe(0);

    // Signing out hides it again (this browser's free reads are spent), and the premium article is locked.
    await page.locator('a[service-link="logout"]').click();
    await page.waitForURL(/\/demo\//, { timeout: 15_000 });
    expect(await read(blocked.slug)).toBe('blocked');
    expect(await openPremium()).toBe('locked');
    expect(await page.locator('[data-service-capsule]').innerText()).not.toContain(premium.body[1]);
    await page.locator('service-paywall[data-capsule-paywall] h2').waitFor({ timeout: 10_000 });
    await page.screenshot({ path: join(SHOTS, `demo-premium-locked-${name}.png`), fullPage: true });
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('answers 404 problem for an article it does not have', async () => {
    const res = await app.http.get('/demo/articles/no-such-article');
    expect(res.status).toBe(404);
    expect(res.body.code).toBe('DEMO.NO_ARTICLE');
  });
});
