import { Browser, Page } from 'playwright-core';
import { createUser } from '@kiosk/domain/identity';
import { loadDemoData } from '../../src/demo/demo-data';
import { IDENTITY } from '../../src/identity/identity.module';
import { DEMO_ARTICLES } from '../../src/demo/demo-site.pages';
import { settleEvents } from '../billing/support';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { startListeningApp } from '../support/harness';

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;

/**
 * The buying journey on the demo newspaper (DESIGN.md 6, "From payment to
 * reading"): a visitor meets the paywall, pays on the hosted checkout with
 * the test card, and is back on the article signed in, with the premium
 * article open; an e-mail that already had an account is signed in only
 * after the code mailed to it is entered.
 */
describeWithChromium('buying on the demo site lets the reader in (headless Chromium)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    await loadDemoData(app.runtime.container, { withCredentials: false });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const [, ...metered] = DEMO_ARTICLES;
  const premium = DEMO_ARTICLES.find((a) => a.premium)!;

  async function visitorAtPaywall() {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const ready = () => page.locator('html[data-service-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    const read = async (slug: string) => {
      await page.goto(`${app.baseUrl}/demo/articles/${slug}`);
      await ready();
      return page.locator('[data-service-paywall]').getAttribute('service-access');
    };
    for (const article of metered.slice(0, 3)) expect(await read(article.slug)).toBe('allowed');
    const blocked = metered[4];
    expect(await read(blocked.slug)).toBe('blocked');
    return { context, page, problems, ready, read, blocked };
  }

  async function pay(page: Page, email: string) {
    await page.locator('service-paywall button.buy').waitFor({ timeout: 10_000 });
    await page.locator('service-paywall button.buy').click();
    await page.waitForURL(/\/checkout\/demo\//, { timeout: 15_000 });
    await page.fill('#buyerEmail', email);
    await page.fill('#cardNumber', '4242 4242 4242 4242');
    await page.fill('#expiry', '12/34');
    await page.fill('#cvc', '123');
    await page.click('#pay');
    await page.waitForSelector('#receipt');
    // The worker's part (entitlements from the new contract); the running service does it on its own.
    await settleEvents(app, 'demo');
  }

  async function openPremium(page: Page, ready: () => Promise<void>) {
    await page.goto(`${app.baseUrl}/demo/articles/${premium.slug}`);
    await ready();
    await page.locator('[data-service-capsule][service-capsule]').waitFor({ state: 'attached', timeout: 20_000 });
    return page.locator('[data-service-capsule]').getAttribute('service-capsule');
  }

  it('a visitor subscribes with 4242 and lands back on the article, signed in, with the premium article open', async () => {
    const { context, page, problems, ready, blocked } = await visitorAtPaywall();
    const email = `demo-visitor-${Date.now()}@example.com`;
    await pay(page, email);
    await page.click('#continue');
    await page.waitForURL(new RegExp(`/demo/articles/${blocked.slug}`), { timeout: 15_000 });
    await ready();
    expect(page.url()).not.toContain('kiosk_handoff');
    expect(page.url()).not.toContain('checkoutId');
    await page.locator('a[service-link="logout"]').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('allowed');
    expect(await page.locator('[service-premium]').isVisible()).toBe(true);
    expect(await page.evaluate('window.service.auth.getTokenSilently()')).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);

    expect(await openPremium(page, ready)).toBe('open');
    const opened = await page.locator('[data-service-capsule]').innerText();
    for (const paragraph of premium.body.slice(1)) expect(opened).toContain(paragraph);
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('an e-mail that already has an account: paid, not signed in until the code from the mail is entered; then open', async () => {
    const email = `demo-known-${Date.now()}@example.com`;
    await app.runtime.container.get(IDENTITY.Users).addOrGet(createUser({ id: `u-known-${Date.now()}`, vendorId: 'demo', email }, new Date()));
    const { context, page, problems, ready, blocked } = await visitorAtPaywall();
    await pay(page, email);
    expect(await page.locator('#account-email').innerText()).toBe(email);

    // Continuing without the code: back on the article, still signed out and blocked.
    const receiptUrl = page.url();
    await page.click('#continue');
    await page.waitForURL(new RegExp(`/demo/articles/${blocked.slug}`), { timeout: 15_000 });
    await ready();
    expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('blocked');
    expect(await page.locator('a[service-link="login"]').isVisible()).toBe(true);

    // Back to the receipt: the code by e-mail, typed in, signs in and continues.
    await page.goto(receiptUrl);
    await page.click('#send-code');
    await page.waitForSelector('#code');
    const [mail] = await app.runtime.database.db.query(
      `SELECT body FROM mail_messages WHERE to_address = $1 ORDER BY created_at DESC, id DESC LIMIT 1`,
      [email],
    );
    const code = /^\s+(\d{6})$/m.exec(mail.body as string)![1];
    await page.fill('#code', code);
    await page.click('#verify-code');
    await page.waitForURL(new RegExp(`/demo/articles/${blocked.slug}`), { timeout: 15_000 });
    await ready();
    expect(page.url()).not.toContain('kiosk_handoff');
    await page.locator('a[service-link="logout"]').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('allowed');
    expect(await openPremium(page, ready)).toBe('open');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);
});
