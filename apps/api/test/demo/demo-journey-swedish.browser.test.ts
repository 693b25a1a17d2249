import { Browser, BrowserContext, Page } from 'playwright-core';
import { createUser } from '@kiosk/domain/identity';
import { loadDemoData } from '../../src/demo/demo-data';
import { DEMO_ARTICLES } from '../../src/demo/demo-site.pages';
import { IDENTITY } from '../../src/identity/identity.module';
import { settleEvents } from '../billing/support';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { startListeningApp } from '../support/harness';
import { sidewaysOverflow } from '../support/page-checks';

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;

/*
 * The demo purchase in a Swedish browser (issue 25, "The same walk with
 * Accept-Language: sv shows no English sentence on any page or e-mail"):
 * at 390 px, the paywall component, the hosted checkout, the receipt, the
 * way back to the article, the account component and the receipt it links
 * to, and the receipt e-mail; then an e-mail that already has an account,
 * whose sign-in code page and mail are Swedish too. Only what Kiosk renders
 * is checked: the demo publisher's own article text is English and says so
 * (`lang="en"`).
 */

/** Common English words: none may appear in what Kiosk shows a Swedish reader. */
const ENGLISH = [
  'the', 'your', 'you', 'and', 'payment', 'receipt', 'sign in', 'continue', 'free', 'articles', 'left', 'account', 'back to',
  'pay', 'paid', 'card', 'order', 'thank', 'thanks', 'subscription', 'subscribe', 'code', 'enter', 'send', 'e-mail me', 'today',
  'month', 'year', 'test mode', 'loading', 'cancel', 'bills', 'profile', 'choose', 'keep reading', 'already', 'access', 'ready',
];
/**
 * The vendor's and reader's own words, left out of the check: the names of
 * the vendor, product and option, and the demo paywall's copy, which the
 * publisher wrote in English (demo-site-setup.ts; a paywall has one copy,
 * not one per language). Longest first.
 */
const OWN_WORDS = [
  'Subscribe to Demo Daily and read everything, on every device.', 'You have read your free articles for today', 'Demo Daily, yearly',
  'Every article', 'Cancel any time', 'Subscribe', 'a year',
  'Demo Daily for teams', 'Demo Daily', 'Team, 5 seats per unit, yearly', 'Yearly',
];

function englishIn(text: string, own: string[] = []): string[] {
  let rest = text.replace(/https?:\/\/\S+/g, ' ');
  for (const w of [...own, ...OWN_WORDS]) rest = rest.split(w).join(' ');
  return ENGLISH.filter((w) => new RegExp(`(^|[^\\p{L}])${w}([^\\p{L}]|$)`, 'iu').test(rest));
}

/** A hosted page's words: its title, its text and its labels for assistive technology (run in the page). */
const pageText = (page: Page): Promise<string> =>
  page.evaluate(`[document.title, document.body.innerText, ...[...document.querySelectorAll('[aria-label]')].map((e) => e.getAttribute('aria-label') || '')].join('\\n')`);

/** The words of the shown Kiosk components on a publisher page (their shadow roots, style left out; run in the page). */
const componentText = (page: Page, tag: 'service-paywall' | 'service-account'): Promise<string> =>
  page.evaluate(`(() => {
    const out = [];
    for (const host of document.querySelectorAll(${JSON.stringify(tag)})) {
      if (host.hidden || !host.shadowRoot) continue;
      for (const child of host.shadowRoot.children) if (child.tagName !== 'STYLE') out.push(child.innerText);
      for (const labelled of host.shadowRoot.querySelectorAll('[aria-label]')) out.push(labelled.getAttribute('aria-label') || '');
    }
    return out.join('\\n');
  })()`);

const mailsTo = async (email: string) =>
  (await app.runtime.database.db.query(`SELECT subject, body, html FROM mail_messages WHERE to_address = $1 ORDER BY created_at, id`, [email])) as {
    subject: string;
    body: string;
    html: string | null;
  }[];
const htmlText = (html: string | null) => (html ?? '').replace(/<style[\s\S]*?<\/style>/g, ' ').replace(/<[^>]+>/g, ' ').replace(/&[a-z#0-9]+;/g, ' ');

describeWithChromium('the demo purchase in Swedish, at 390 px (headless Chromium)', () => {
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

  /** A Swedish visitor reads three metered articles (the meter counts down in Swedish) and meets the paywall. */
  async function swedishVisitorAtPaywall() {
    const context: BrowserContext = await browser.newContext({
      locale: 'sv-SE',
      extraHTTPHeaders: { 'Accept-Language': 'sv-SE,sv;q=0.9' },
      viewport: { width: 390, height: 844 },
    });
    const page = await context.newPage();
    const problems: string[] = [];
    page.on('pageerror', (error) => problems.push(error.message));
    const ready = () => page.locator('html[data-service-ready]').waitFor({ state: 'attached', timeout: 30_000 });
    const seen: string[] = [];
    for (const [i, article] of metered.slice(0, 3).entries()) {
      await page.goto(`${app.baseUrl}/demo/articles/${article.slug}`);
      await ready();
      expect(await page.getAttribute('html', 'lang')).toBe('sv');
      expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('allowed');
      await page.locator('service-paywall .meter').waitFor({ timeout: 10_000 });
      expect(await page.locator('service-paywall .meter').innerText()).toBe(`${2 - i} av 3 gratisartiklar kvar i dag`);
      seen.push(await componentText(page, 'service-paywall'));
    }
    const blocked = metered[4];
    await page.goto(`${app.baseUrl}/demo/articles/${blocked.slug}`);
    await ready();
    expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('blocked');
    await page.locator('service-paywall button.buy').waitFor({ timeout: 10_000 });
    const wall = await componentText(page, 'service-paywall');
    expect(wall).toContain('Prenumerera för att läsa vidare');
    seen.push(wall);
    for (const text of seen) expect(englishIn(text)).toEqual([]);
    return { context, page, problems, ready, blocked };
  }

  async function payInSwedish(page: Page, email: string) {
    await page.locator('service-paywall button.buy').first().click();
    await page.waitForURL(/\/checkout\/demo\//, { timeout: 15_000 });
    expect(await page.getAttribute('html', 'lang')).toBe('sv');
    expect(await page.textContent('h1')).toBe('Kassa');
    expect(englishIn(await pageText(page))).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: '/tmp/kiosk-journey-sv-390.png', fullPage: true });

    // A wrong card first: the refusal is the catalogue's Swedish sentence.
    await page.fill('#buyerEmail', email);
    await page.fill('#cardNumber', '4000 0000 0000 0002');
    await page.fill('#expiry', '12/34');
    await page.fill('#cvc', '123');
    await page.click('#pay');
    await page.waitForSelector('#error');
    expect(await page.textContent('#error')).toBe('Betalningen genomfördes inte. Kortet nekades. Försök med ett annat kort.');
    expect(englishIn(await pageText(page), [email])).toEqual([]);

    await page.fill('#cardNumber', '4242 4242 4242 4242');
    await page.fill('#expiry', '12/34');
    await page.fill('#cvc', '123');
    await page.click('#pay');
    await page.waitForSelector('#receipt');
    expect(await page.textContent('h1')).toBe('Tack');
    expect(await page.textContent('#receipt')).toBe('Betalningen har tagits emot. Din tillgång är klar.');
    expect(englishIn(await pageText(page), [email])).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: '/tmp/kiosk-journey-sv-390-receipt.png', fullPage: true });
    await settleEvents(app, 'demo');
  }

  it('the word check does find English (an empty list means something)', () => {
    expect(englishIn('Payment received. Your access is ready. Continue to Demo Daily')).toEqual(['your', 'payment', 'continue', 'access', 'ready']);
    expect(englishIn('Betalningen har tagits emot. Din tillgång är klar. Fortsätt till Demo Daily')).toEqual([]);
  });

  it('paywall, hosted checkout, 4242, receipt, back to the article, the account and its receipt, the receipt e-mail: no English', async () => {
    const { context, page, problems, ready, blocked } = await swedishVisitorAtPaywall();
    const email = `svensk-${Date.now()}@example.com`;
    await payInSwedish(page, email);

    await page.click('#continue');
    await page.waitForURL(new RegExp(`/demo/articles/${blocked.slug}`), { timeout: 15_000 });
    await ready();
    await page.locator('a[service-link="logout"]').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('allowed');
    expect(await page.locator('[service-premium]').isVisible()).toBe(true);
    expect(englishIn(await componentText(page, 'service-paywall'))).toEqual([]);

    await page.goto(`${app.baseUrl}/demo/articles/${premium.slug}`);
    await ready();
    await page.locator('[data-service-capsule][service-capsule="open"]').waitFor({ state: 'attached', timeout: 20_000 });

    // The account component: the subscription and its paid bill with a receipt, in Swedish.
    await page.goto(`${app.baseUrl}/demo/account`);
    await ready();
    const receiptLink = page.locator('service-account a.receipt');
    await receiptLink.waitFor({ timeout: 15_000 });
    expect(await receiptLink.innerText()).toBe('Kvitto');
    const account = await componentText(page, 'service-account');
    expect(account).toContain('Prenumerationer');
    expect(account).toContain('Status: aktiv');
    expect(account).toContain('betald');
    expect(account).toMatch(/\d[\d ]*,\d\d kr/);
    expect(englishIn(account, [email])).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: '/tmp/kiosk-journey-sv-390-account.png', fullPage: true });

    // The receipt it links to: the document in Swedish, money as Swedish writes it.
    await page.goto((await receiptLink.getAttribute('href'))!);
    expect(await page.getAttribute('html', 'lang')).toBe('sv');
    const receiptDocument = await pageText(page);
    expect(receiptDocument).toMatch(/kr/);
    expect(englishIn(receiptDocument, [email])).toEqual([]);

    // Every e-mail the reader got (the receipt, with its sign-in link), subject, text and HTML.
    const mails = await mailsTo(email);
    expect(mails.map((m) => m.subject)).toContainEqual(expect.stringMatching(/^Kvitto från Demo Daily/));
    for (const mail of mails) {
      expect({ subject: mail.subject, english: englishIn(`${mail.subject}\n${mail.body}\n${htmlText(mail.html)}`, [email]) }).toEqual({ subject: mail.subject, english: [] });
    }
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);

  it('an e-mail that already has an account: the offer, the code page and the code mail are Swedish; the code signs in', async () => {
    const email = `kand-${Date.now()}@example.com`;
    await app.runtime.container.get(IDENTITY.Users).addOrGet(createUser({ id: `u-kand-${Date.now()}`, vendorId: 'demo', email }, new Date()));
    const { context, page, problems, ready, blocked } = await swedishVisitorAtPaywall();
    await payInSwedish(page, email);
    expect(await page.textContent('#sign-in-title')).toBe('Läs på den här enheten');

    await page.click('#send-code');
    await page.waitForSelector('#code');
    expect(await page.textContent('h1')).toBe('Ange din inloggningskod');
    expect(englishIn(await pageText(page), [email])).toEqual([]);
    await page.screenshot({ path: '/tmp/kiosk-journey-sv-390-code.png', fullPage: true });
    const mails = await mailsTo(email);
    const codeMail = mails[mails.length - 1];
    expect(englishIn(`${codeMail.subject}\n${codeMail.body}\n${htmlText(codeMail.html)}`, [email])).toEqual([]);

    // A wrong code says so in Swedish; the right one signs in and goes back to the article.
    const code = /^\s+(\d{6})$/m.exec(codeMail.body)![1];
    await page.fill('#code', code === '000000' ? '000001' : '000000');
    await page.click('#verify-code');
    await page.waitForSelector('#error');
    expect(englishIn(await pageText(page), [email])).toEqual([]);
    await page.fill('#code', code);
    await page.click('#verify-code');
    await page.waitForURL(new RegExp(`/demo/articles/${blocked.slug}`), { timeout: 15_000 });
    await ready();
    await page.locator('a[service-link="logout"]').waitFor({ state: 'visible', timeout: 10_000 });
    expect(await page.locator('[data-service-paywall]').getAttribute('service-access')).toBe('allowed');
    expect(problems).toEqual([]);
    await context.close();
  }, 180_000);
});
