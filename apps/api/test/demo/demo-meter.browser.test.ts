import { Browser, Page } from 'playwright-core';
import { loadDemoData } from '../../src/demo/demo-data';
import { DEMO_ARTICLES } from '../../src/demo/demo-site.pages';
import { confirmSignUpFromMail, describeWithChromium, launchChromium } from '../support/chromium';
import { startListeningApp } from '../support/harness';
import { seriousAxeFindings, sidewaysOverflow } from '../support/page-checks';

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;

const ready = (page: Page) => page.locator('html[data-service-ready]').waitFor({ state: 'attached', timeout: 30_000 });

/**
 * The meter speaks (issue 25): a visitor of the demo newspaper reads three
 * metered articles and the paywall component counts the free ones left,
 * 2, 1, 0, in a live region; the fourth shows the paywall with when the
 * allowance renews. At a phone's and a desktop's width, with axe.
 */
describeWithChromium('the demo newspaper counts free articles (headless Chromium)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    await loadDemoData(app.runtime.container, { withCredentials: false });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each([
    ['phone', 390, 844],
    ['desktop', 1280, 900],
  ])('three free reads count 2, 1, 0, then the paywall says when the next free article comes (%s)', async (_name, width, height) => {
    const context = await browser.newContext({ viewport: { width, height }, timezoneId: 'UTC', locale: 'en-GB' });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const meter = page.locator('service-paywall .meter[role=status][aria-live=polite]');

    const metered = DEMO_ARTICLES.filter((a) => a.metered);
    const counted: string[] = [];
    for (const [i, article] of metered.slice(0, 3).entries()) {
      await page.goto(`${app.baseUrl}/demo/articles/${article.slug}`);
      await ready(page);
      expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('allowed');
      expect(await page.locator('[service-premium]').isVisible()).toBe(true);
      const expected = `${2 - i} of 3 free articles left today`;
      await page.locator('service-paywall .meter', { hasText: expected }).waitFor({ timeout: 10_000 });
      counted.push(await meter.innerText());
      // Only the meter: no offers on an article the visitor may read.
      expect(await page.locator('service-paywall button.buy').count()).toBe(0);
      expect(await seriousAxeFindings(page)).toEqual([]);
      expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    }
    expect(counted).toEqual(['2 of 3 free articles left today', '1 of 3 free articles left today', '0 of 3 free articles left today']);

    // The fourth: blocked; the paywall, the spent meter, and when the oldest read leaves the 24-hour window.
    await page.goto(`${app.baseUrl}/demo/articles/${metered[3].slug}`);
    await ready(page);
    expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('blocked');
    await page.locator('service-paywall .renews').waitFor({ timeout: 10_000 });
    expect(await page.locator('service-paywall h2').innerText()).toBe('You have read your free articles for today');
    expect(await meter.innerText()).toBe('0 of 3 free articles left today');
    const visitor = (await page.evaluate('window.service.visitorId()')) as string;
    const [first] = await app.runtime.database.db.query(`SELECT min(read_at) AS at FROM paywall_reads WHERE vendor_id = 'demo' AND reader_key = $1`, [
      `visitor:${visitor}`,
    ]);
    const renews = new Date(new Date(first.at).getTime() + 24 * 3_600_000);
    const when = new Intl.DateTimeFormat('en-GB', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(renews);
    expect(await page.locator('service-paywall .renews').innerText()).toBe(`Your next free article is available ${when}.`);
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);

    // The same paywall in a Swedish page: the component follows `lang`, with Intl's Swedish date.
    await page.evaluate("document.querySelector('[data-service-paywall] service-paywall').setAttribute('lang', 'sv')");
    await page.locator('service-paywall .meter', { hasText: '0 av 3 gratisartiklar kvar i dag' }).waitFor({ timeout: 10_000 });
    const whenSv = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium', timeStyle: 'short', timeZone: 'UTC' }).format(renews);
    expect(await page.locator('service-paywall .renews').innerText()).toBe(`Nästa gratisartikel blir tillgänglig ${whenSv}.`);
    expect(await page.locator('service-paywall section').getAttribute('aria-label')).toBe('Prenumerera för att läsa vidare');
    expect(problems).toEqual([]);
    await context.close();
  }, 120_000);

  it('the account page shows each heading and "Sign out" once, and a long e-mail wraps at 390 px', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const email = `a-very-long-reader-address-that-goes-on-and-on-${Date.now()}@subscribers.demo-daily.example.com`;
    await page.goto(`${app.baseUrl}/demo/account`);
    await ready(page);
    await page.locator('a[service-link="login"]').click();
    await page.waitForSelector('#sign-in');
    await page.click('#to-sign-up');
    await page.fill('#email', email);
    await page.fill('#password', 'correct horse battery staple');
    await page.click('#sign-up');
    await confirmSignUpFromMail(page, app, email);
    await page.waitForURL(/\/demo\//, { timeout: 15_000 });
    await page.goto(`${app.baseUrl}/demo/account`);
    await ready(page);
    await page.locator('service-account .profile dd', { hasText: email }).waitFor({ timeout: 10_000 });
    for (const heading of ['Your account', 'Profile', 'Subscriptions', 'Bills']) {
      expect([heading, await page.getByRole('heading', { name: heading, exact: true }).count()]).toEqual([heading, 1]);
    }
    expect(await page.getByText('Sign out', { exact: true }).count()).toBe(1);
    expect(await page.getByRole('link', { name: 'Sign out' }).isVisible()).toBe(true);
    expect(await sidewaysOverflow(page)).toBeLessThanOrEqual(0);
    // The address wraps inside the card rather than running past it.
    const box = await page.locator('service-account .profile dd').last().boundingBox();
    expect(box!.x + box!.width).toBeLessThanOrEqual(390);
    expect(await seriousAxeFindings(page)).toEqual([]);
    await context.close();
  }, 120_000);
});
