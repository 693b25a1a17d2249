import { Browser } from 'playwright-core';
import { givenShop, pagePath } from '../checkout/support';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { startListeningApp } from '../support/harness';
import { seriousAxeFindings, sidewaysOverflow } from '../support/page-checks';

/* The country-of-residence step (issue 26): a consumer whose details name two countries chooses where they live, by keyboard, before paying. */

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;

describeWithChromium('the country-of-residence step of the hosted checkout (headless Chromium, axe-core)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('asks with a labelled radio group and the error announced, no serious axe finding; choosing by keyboard pays', async () => {
    const v = await givenShop(app);
    const created = (await app.http.post('/checkouts').set(v.visitor().auth).send({ items: [{ sku: 'book' }], country: 'DE', requireAddress: true })).body;
    const context = await browser.newContext({ locale: 'en-GB', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}${pagePath(created.checkoutUrl)}`);
    await page.fill('#buyerEmail', `buyer@${v.vendorId}.example.com`);
    await page.fill('#address_street', 'Storgatan 1');
    await page.fill('#address_zip', '111 22');
    await page.fill('#address_city', 'Stockholm');
    await page.fill('#address_country', 'SE');
    await page.fill('#cardNumber', '4000 0075 2000 0008');
    await page.fill('#expiry', '12/34');
    await page.fill('#cvc', '123');
    await page.click('#pay');
    await page.waitForSelector('#residence');
    expect(await page.textContent('#error')).toContain('Please confirm the country you live in before paying.');
    expect(await page.textContent('#residence legend')).toBe('Your country of residence');
    expect(await page.getAttribute('#error', 'role')).toBe('alert');
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: '/tmp/kiosk-checkout-residence-390.png', fullPage: true });

    // The card fields are empty again (never echoed); the choice by keyboard: focus the group, arrow to Sweden.
    await page.fill('#cardNumber', '4000 0075 2000 0008');
    await page.fill('#expiry', '12/34');
    await page.fill('#cvc', '123');
    await page.focus('#residence-DE');
    await page.keyboard.press('Space');
    await page.keyboard.press('ArrowDown');
    expect(await page.isChecked('#residence-SE')).toBe(true);
    await page.focus('#pay');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#receipt');
    await context.close();
  });
});
