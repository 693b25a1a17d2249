import { Browser, Page } from 'playwright-core';
import { createUser, SignUp } from '@kiosk/domain/identity';
import { loadDemoData } from '../../src/demo/demo-data';
import { IDENTITY } from '../../src/identity/identity.module';
import { DEMO_ARTICLES } from '../../src/demo/demo-site.pages';
import { settleEvents } from '../billing/support';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { seriousAxeFindings, sidewaysOverflow } from '../support/page-checks';
import { startListeningApp } from '../support/harness';

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;
const OWNER = 'staff@demo.localhost';
const OWNER_PASSWORD = 'correct horse battery staple';

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
    // The demo's staff member chooses a password, as the owner would on first sign-in.
    await app.runtime.container.get(SignUp).execute({ vendorId: 'demo', email: OWNER, password: OWNER_PASSWORD });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  const [, ...metered] = DEMO_ARTICLES;
  const premium = DEMO_ARTICLES.find((a) => a.premium)!;

  async function visitorAtPaywall(width = 390) {
    const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 } });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const ready = () => page.locator('html[data-service-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    const read = async (slug: string) => {
      await page.goto(`${app.baseUrl}/demo/articles/${slug}`);
      await ready();
      return page.locator('[data-service-paywall]').getAttribute('service-access');
    };
    // The meter counts down as a reader would read it: 2, 1, 0 of 3 free articles left.
    for (const [i, article] of metered.slice(0, 3).entries()) {
      expect(await read(article.slug)).toBe('allowed');
      await page.locator('service-paywall .meter').waitFor({ timeout: 10_000 });
      expect(await page.locator('service-paywall .meter').innerText()).toBe(`${2 - i} of 3 free articles left today`);
    }
    const blocked = metered[4];
    expect(await read(blocked.slug)).toBe('blocked');
    await page.locator('service-paywall button.buy').waitFor({ timeout: 10_000 });
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
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
    expect(await seriousAxeFindings(page)).toEqual([]);
    await page.click('#pay');
    await page.waitForSelector('#receipt');
    expect(await seriousAxeFindings(page)).toEqual([]);
    // The worker's part (entitlements from the new contract); the running service does it on its own.
    await settleEvents(app, 'demo');
  }

  async function openPremium(page: Page, ready: () => Promise<void>) {
    await page.goto(`${app.baseUrl}/demo/articles/${premium.slug}`);
    await ready();
    await page.locator('[data-service-capsule][service-capsule]').waitFor({ state: 'attached', timeout: 20_000 });
    return page.locator('[data-service-capsule]').getAttribute('service-capsule');
  }

  /** The portal's paywall funnel of the demo as its owner sees it on the Overview (other demo walks share the vendor: compare before and after). */
  async function overviewFunnel(width: number): Promise<{ started: number; converted: number }> {
    const context = await browser.newContext({ viewport: { width, height: 900 } });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}/portal/?vendor=demo`);
    await page.click('#portal-sign-in');
    await page.locator('#password').waitFor();
    await page.fill('#email', OWNER);
    await page.fill('#password', OWNER_PASSWORD);
    await page.click('#sign-in');
    await page.waitForURL(/\/portal\/$/);
    await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
    const figure = async (label: string) => {
      const value = page.locator('.bars li', { has: page.locator('.bar-label', { hasText: label }) }).locator('.bar-value').first();
      await value.waitFor({ timeout: 15_000 });
      return Number(await value.innerText());
    };
    const funnel = { started: await figure('Checkouts started'), converted: await figure('Conversions') };
    expect(await seriousAxeFindings(page)).toEqual([]);
    await context.close();
    return funnel;
  }

  it.each([390, 1280])(
    'at %i px: three free reads counting down, the paywall, 4242 on the hosted checkout, back on the article signed in, the premium article open, the account with a paid receipt, the receipt e-mail in the mailbox, and the funnel counts it',
    async (width) => {
      const before = await overviewFunnel(width);
      const { context, page, problems, ready, blocked } = await visitorAtPaywall(width);
      const email = `demo-visitor-${width}-${Date.now()}@example.com`;
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

      // The account: the subscription, and a bill whose receipt says it is paid (never an invoice asking to pay).
      await page.goto(`${app.baseUrl}/demo/account`);
      await ready();
      await page.locator('service-account li.contract').first().waitFor({ timeout: 10_000 });
      expect(await page.locator('service-account li.contract .title').first().innerText()).toContain('Demo Daily');
      await page.locator('service-account a.receipt').first().waitFor({ timeout: 10_000 });
      expect(await seriousAxeFindings(page)).toEqual([]);
      const receiptUrl = (await page.locator('service-account a.receipt').first().getAttribute('href'))!;
      await page.goto(receiptUrl);
      const receipt = await page.locator('body').innerText();
      expect(receipt).toContain('Receipt');
      expect(receipt).toMatch(/Paid/);
      expect(receipt).not.toMatch(/Pay .* by /);
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

      // The receipt e-mail, found as a newcomer finds it: on the development mailbox page.
      await page.goto(`${app.baseUrl}/dev/mail?vendor=demo`);
      const mail = page.locator('#mails li, #mails tr', { hasText: email }).filter({ hasText: 'Receipt from Demo Daily' });
      await mail.first().waitFor({ timeout: 10_000 });
      await mail.first().locator('a.subject').click();
      await page.waitForSelector('#subject');
      expect(await page.textContent('#subject')).toBe('Receipt from Demo Daily');
      expect(problems).toEqual([]);
      await context.close();

      // The portal's Overview counts this checkout as started from the paywall and as a conversion.
      expect(await overviewFunnel(width)).toEqual({ started: before.started + 1, converted: before.converted + 1 });
    },
    180_000,
  );

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
