import { Browser } from 'playwright-core';
import { givenShop, pagePath } from '../checkout/support';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { bearer, startListeningApp } from '../support/harness';
import { seriousAxeFindings, sidewaysOverflow } from '../support/page-checks';
import { rowsOf } from './support';

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;

describeWithChromium('the receipt page in a browser (headless Chromium, axe-core)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    browser = await launchChromium();
  });
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('opens from the receiptUrl without signing in, in the vendor colour, fits 390 px, is accessible and prints without the frame', async () => {
    const v = await givenShop(app);
    await app.http.patch('/management/checkout-settings').set(bearer(await v.apiToken('full'))).send({ color: '#9f1239' }).expect(200);
    // A long address must wrap, not widen the page.
    const r = await v.reader('a-reader-with-a-rather-long-electronic-mail-address-for-testing');
    const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'news' }] })).body;
    const pay = await app.http.post(pagePath(created.checkoutUrl, '/pay')).type('form').send({ payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(pay.status).toBe(303);
    const [bill] = await rowsOf(app, 'bills', v.vendorId);
    expect(bill.receipt_url.startsWith(`${app.baseUrl}/receipts/`)).toBe(true);

    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(bill.receipt_url);
    expect(await page.textContent('#receipt-title')).toBe('Receipt R-000001');
    expect(await page.textContent('#amount')).toBe('SEK 99.00');
    expect(await page.evaluate('getComputedStyle(document.querySelector("header")).backgroundColor')).toBe('rgb(159, 18, 57)');
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: width < 600 ? 844 : 900 });
      expect([width, await seriousAxeFindings(page)]).toEqual([width, []]);
      expect([width, await sidewaysOverflow(page)]).toEqual([width, 0]);
      await page.screenshot({ path: `/tmp/kiosk-receipt-${width}.png`, fullPage: true });
    }
    await page.emulateMedia({ media: 'print' });
    expect(await page.isVisible('header')).toBe(false);
    expect(await page.isVisible('#pdf')).toBe(false);
    expect(await page.isVisible('#amount')).toBe(true);
    await page.emulateMedia({ media: 'screen' });
    // The PDF link gives the PDF.
    const pdf = await page.request.get(new URL((await page.getAttribute('#pdf', 'href'))!, app.baseUrl).toString());
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await context.close();
  });
});
