import { Browser } from 'playwright-core';
import { EmbeddedMailer } from '../../src/mail/mail.module';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { givenVendor, startListeningApp } from '../support/harness';
import { seriousAxeFindings, sidewaysOverflow } from '../support/page-checks';

/*
 * `/dev/mail` as a newcomer uses it: the list and one mail at 390 and
 * 1280 px without sideways scrolling or serious axe findings, the HTML part
 * shown in its sandboxed frame under the page's own CSP, links clickable,
 * nothing loaded from outside the service.
 */

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;

describeWithChromium('the development mailbox in a browser (headless Chromium, axe-core)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    browser = await launchChromium();
  }, 60_000);
  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('lists the mails and opens one with its HTML part and clickable links, at 390 and 1280 px', async () => {
    const v = await givenVendor(app);
    const to = `a.very.long.address.of.a.reader.who.reads.news@${v.vendorId}.example.com`;
    const link = `${app.baseUrl}/dev/mail?vendor=${v.vendorId}`;
    await app.runtime.container.get(EmbeddedMailer).queue({
      vendorId: v.vendorId,
      to,
      subject: 'Confirm your account',
      body: `Hello.\n\nConfirm your account: ${link}\n`,
      html: `<h1 id="greeting">Hello from the HTML part</h1><p><a id="confirm" href="${link}">Confirm your account</a></p><img src="https://tracker.example.com/pixel.gif" alt="">`,
    });

    for (const width of [390, 1280]) {
      // The real CSP first (the frame must render under it), then axe with the CSP bypassed (axe is injected).
      const context = await browser.newContext({ viewport: { width, height: 844 } });
      const page = await context.newPage();
      const outside: string[] = [];
      page.on('request', (request) => {
        if (!request.url().startsWith(app.baseUrl) && !request.url().startsWith('about:')) outside.push(request.url());
      });
      await page.goto(`${app.baseUrl}/dev/mail?vendor=${v.vendorId}`);
      expect(await page.textContent('#mails .to')).toBe(to);
      expect(await sidewaysOverflow(page)).toBe(0);
      await page.click('#mails a.subject');
      await page.waitForSelector('#subject');
      expect(await page.textContent('#subject')).toBe('Confirm your account');
      expect(await page.frameLocator('#html-part').locator('#greeting').textContent()).toBe('Hello from the HTML part');
      expect(await page.getAttribute('#text-part a', 'href')).toBe(link);
      expect(await sidewaysOverflow(page)).toBe(0);
      // The text part's link leads back to the list.
      await page.click('#text-part a');
      await page.waitForSelector('#mails');
      expect(outside).toEqual([]);
      await context.close();

      const checked = await browser.newContext({ viewport: { width, height: 844 }, bypassCSP: true });
      const axePage = await checked.newPage();
      await axePage.goto(`${app.baseUrl}/dev/mail?vendor=${v.vendorId}`);
      expect([width, 'list', await seriousAxeFindings(axePage)]).toEqual([width, 'list', []]);
      await axePage.click('#mails a.subject');
      await axePage.waitForSelector('#subject');
      expect([width, 'mail', await seriousAxeFindings(axePage)]).toEqual([width, 'mail', []]);
      await checked.close();
    }
  }, 60_000);
});
