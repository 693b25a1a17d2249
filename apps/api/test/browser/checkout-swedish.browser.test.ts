import { Browser } from 'playwright-core';
import { givenShop, pagePath } from '../checkout/support';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { bearer, startListeningApp } from '../support/harness';
import { seriousAxeFindings, sidewaysOverflow } from '../support/page-checks';

/* The hosted checkout in a Swedish browser (issue 25): Swedish words, Swedish money, still accessible and 390 px wide. */

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;

describeWithChromium('the hosted checkout in a Swedish browser (headless Chromium, axe-core)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('a Swedish reader sees the form and the receipt in Swedish, with no serious axe finding and nothing wider than 390 px', async () => {
    const v = await givenShop(app);
    await app.http.patch('/management/checkout-settings').set(bearer(await v.apiToken('full'))).send({ giftEnabled: true, businessEnabled: true }).expect(200);
    const created = (await app.http.post('/checkouts').set(v.visitor().auth).send({ items: [{ sku: 'news' }], requireAddress: true })).body;
    const context = await browser.newContext({ locale: 'sv-SE', viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.goto(`${app.baseUrl}${pagePath(created.checkoutUrl)}`);
    expect(await page.getAttribute('html', 'lang')).toBe('sv');
    expect(await page.textContent('h1')).toBe('Kassa');
    expect(await page.textContent('#total')).toBe('99,00 kr');
    expect(await page.textContent('#pay')).toBe('Betala 99,00 kr');
    expect(await page.textContent('label[for="address_zip"]')).toBe('Postnummer');
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.screenshot({ path: '/tmp/kiosk-checkout-sv-390.png', fullPage: true });

    await page.fill('#buyerEmail', `svensk@${v.vendorId}.example.com`);
    await page.fill('#address_street', 'Storgatan 1');
    await page.fill('#address_zip', '111 22');
    await page.fill('#address_city', 'Stockholm');
    await page.fill('#address_country', 'SE');
    await page.fill('#cardNumber', '4242 4242 4242 4242');
    await page.fill('#expiry', '12/34');
    await page.fill('#cvc', '123');
    await page.click('#pay');
    await page.waitForSelector('#receipt');
    expect(await page.getAttribute('html', 'lang')).toBe('sv');
    expect(await page.textContent('#receipt')).toBe('Betalningen har tagits emot. Din tillgång är klar.');
    expect(await seriousAxeFindings(page)).toEqual([]);
    expect(await sidewaysOverflow(page)).toBe(0);
    await context.close();
  });
});
