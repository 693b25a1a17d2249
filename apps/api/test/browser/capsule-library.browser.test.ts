import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { ChangeScriptConfiguration } from '@kiosk/domain/scripts';
import { Browser, Page } from 'playwright-core';
import { capsuleShop, fixture } from '../capsule/support';
import { confirmSignUpFromMail, describeWithChromium, launchChromium } from '../support/chromium';
import { startListeningApp } from '../support/harness';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture JSON
const direct = fixture<any>('js-rendered-direct-manifest.json');

let app: Awaited<ReturnType<typeof startListeningApp>>;
let shop: Awaited<ReturnType<typeof capsuleShop>>;
let site: Server;
let siteUrl: string;
let browser: Browser;

/**
 * A publisher's encrypted article that uses only the script tag: the
 * fixture's manifest (issuer `ecdh` pointed at this service), and an element
 * per item for the library to fill.
 */
function articlePage(): string {
  const issuers = { ecdh: { ...direct.manifest.issuers.ecdh, unlockUrl: `${app.baseUrl}/capsule/vendors/${shop.vendorId}/unlock` } };
  const manifest = JSON.stringify({ ...direct.manifest, issuers }).replace(/</g, '\\u003c');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>The Daily: premium</title>
<script src="${app.baseUrl}/s/${shop.vendorId}/bundle/stable" defer></script></head><body>
<a id="login" href="#" service-link="login" service-visibility="not-logged-in">Sign in</a>
<a id="logout" href="#" service-link="logout" service-visibility="logged-in">Sign out</a>
<article><div id="bodytext" data-service-capsule="bodytext">[premium body locked]</div>
<div id="sidebar" data-service-capsule="sidebar">[premium sidebar locked]</div></article>
<script type="application/json" class="dca-manifest">${manifest}</script>
</body></html>`;
}

describeWithChromium('the browser library opens encrypted articles (headless Chromium)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    shop = await capsuleShop(app);
    site = createServer((req, res) => {
      if (new URL(req.url ?? '/', 'http://x').pathname !== '/article') return void res.writeHead(404).end();
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articlePage());
    });
    await new Promise<void>((resolve) => site.listen(0, resolve));
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
    const client = await app.runtime.container
      .get(RegisterBrowserClient)
      .execute({ vendorId: shop.vendorId, name: 'The Daily', redirectUris: [`${siteUrl}/article`] });
    await app.runtime.container.get(ChangeScriptConfiguration).execute({ vendorId: shop.vendorId, change: { clientId: client.clientId } });
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await app?.close();
  });

  const openArticle = async (page: Page) => {
    await page.goto(`${siteUrl}/article`);
    await page.locator('#bodytext[service-capsule]').waitFor({ state: 'attached', timeout: 20_000 });
    return page.locator('#bodytext').getAttribute('service-capsule');
  };

  it('stays locked for a visitor and a reader without the tier, opens for a subscriber, and locks again after sign-out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = 'library.reader@example.com';

    expect(await openArticle(page)).toBe('locked');
    expect(await page.textContent('#bodytext')).toBe('[premium body locked]');

    // Sign up through the library's sign-in link; back on the article with a cookie session.
    await page.click('#login');
    await page.waitForSelector('#sign-in');
    await page.click('#to-sign-up');
    await page.fill('#email', email);
    await page.fill('#password', 'correct horse battery staple');
    await page.click('#sign-up');
    await confirmSignUpFromMail(page, app, email);
    await page.waitForURL(`${siteUrl}/article`);
    expect(await openArticle(page)).toBe('locked');
    expect(await page.locator('#logout').isVisible()).toBe(true);

    // The reader buys the tier: the same page now opens, with no token in the page.
    await shop.subscriber(email);
    expect(await openArticle(page)).toBe('open');
    expect(await page.textContent('#bodytext')).toBe('Premium body — direct fixture');
    expect(await page.textContent('#sidebar')).toBe('Premium sidebar — direct fixture');

    await page.click('#logout');
    await page.waitForURL(/.*/, { timeout: 15_000 });
    expect(await openArticle(page)).toBe('locked');
    expect(await page.textContent('#bodytext')).toBe('[premium body locked]');
    await context.close();
  }, 90_000);
});
