import { mkdirSync, readFileSync } from 'node:fs';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { Browser, Page } from 'playwright-core';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { bearer, givenVendor, startListeningApp } from '../support/harness';

const SHOTS = process.env.SCRIPT_SCREENSHOTS ?? join(tmpdir(), 'kiosk-script-screens');
const shipped = JSON.parse(readFileSync(join(__dirname, '../../../web/dist/manifest.json'), 'utf8')) as { version: string };

let app: Awaited<ReturnType<typeof startListeningApp>>;
let site: Server;
let siteUrl: string;
let browser: Browser;
let vendorId: string;

/** A publisher's article page that uses only the public script tag. */
function articlePage(articleId: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The Daily: ${articleId}</title>
<script>window.readyCount = 0; window.addEventListener('serviceJsReady', () => { window.readyCount += 1; });</script>
<script src="${app.baseUrl}/s/${vendorId}/bundle/stable" defer></script>
<style>body{font:17px/1.5 Georgia,serif;margin:0 auto;max-width:40em;padding:1em}</style></head><body>
<div class="ad">An advertisement</div><div id="frame-me">Framed</div>
<header><h1>The Daily</h1><a service-link="login" href="#" service-visibility="not-logged-in">Sign in</a></header>
<article data-service-paywall="${articleId}">
  <h2>Story ${articleId}</h2>
  <p service-teaser>The first paragraph, free for everyone.</p>
  <div service-premium hidden><p id="premium">The whole story of ${articleId}.</p></div>
</article>
<service-paywall id="wall" paywall-id="" hidden></service-paywall>
<script>
window.addEventListener('serviceJsReady', () => {
  const article = document.querySelector('[data-service-paywall]');
  const wall = document.getElementById('wall');
  if (article.getAttribute('service-access') !== 'allowed') {
    wall.setAttribute('content-id', article.getAttribute('data-service-paywall'));
    wall.setAttribute('paywall-id', window.service.config.paywallId);
    wall.hidden = false;
  }
});
</script>
</body></html>`;
}

/**
 * A publisher page built from the components: `<service-login>`, and the
 * article in `<service-content>`. Its premium slot is empty unless the
 * request carries a signed link's `service_token` (the publisher's server
 * would check it; this one only looks for it), as a paywalled site serves it.
 */
function componentsPage(articleId: string, token: string | null): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>The Daily: ${articleId}</title>
<script>window.readyCount = 0; window.addEventListener('serviceJsReady', () => { window.readyCount += 1; });</script>
<script src="${app.baseUrl}/s/${vendorId}/bundle/stable" defer></script></head><body>
<header><service-login></service-login></header>
<article class="story" data-service-paywall="${articleId}">
  <h1 class="headline">Story ${articleId}</h1><meta name="article-id" content="${articleId}"><span class="price">4,99 kr</span>
  <service-content content-id="${articleId}">
    <p slot="teaser" id="teaser">The first paragraph, free for everyone.</p>
    <div slot="premium" service-premium>${token ? `<p id="full">The whole story of ${articleId}, from the signed link.</p>` : ''}</div>
  </service-content>
</article>
</body></html>`;
}

describeWithChromium('the script host on a publisher page (headless Chromium)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    site = createServer((req, res) => {
      const url = new URL(req.url ?? '/', 'http://x');
      const components = /^\/c\/([a-z0-9-]+)$/.exec(url.pathname);
      const body = components ? componentsPage(components[1], url.searchParams.get('service_token')) : articlePage(url.pathname.slice(1) || 'front');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(body);
    });
    await new Promise<void>((resolve) => site.listen(0, resolve));
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
    const v = await givenVendor(app);
    vendorId = v.vendorId;
    const write = bearer(await v.apiToken('full'));
    const client = await app.runtime.container
      .get(RegisterBrowserClient)
      .execute({ vendorId, name: 'The Daily', redirectUris: [`${siteUrl}/after`], allowedOrigins: [siteUrl] });
    const paywall = await app.http
      .post('/management/paywalls')
      .set(write)
      .send({ name: 'Metered', headline: 'Keep reading The Daily', settings: { leaky: { enabled: true, count: 2, periodInHours: 24 } } });
    expect(paywall.status).toBe(201);
    await app.http
      .patch('/management/scripts/configuration')
      .set(write)
      .send({
        clientId: client.clientId,
        paywallId: paywall.body.id,
        transforms: [
          { action: 'remove', selector: '.ad' },
          { action: 'insert', selector: 'header h1', html: '<p id="promo">Subscribe today</p>', signedIn: false },
          { action: 'insert', selector: 'header h1', html: '<p id="members">Welcome back</p>', signedIn: true },
          { action: 'wrap', selector: '#frame-me', html: '<section class="frame"><slot></slot></section>' },
          { action: 'insert', selector: 'header h1', html: '<p id="elsewhere">Only on sport pages</p>', pathPattern: '/sport/*' },
        ],
        analytics: { pageViews: true },
        contentSelectors: { article: '.story', title: '.headline', price: '.price', id: 'meta[name=article-id]' },
      })
      .expect(200);
    browser = await launchChromium();
    mkdirSync(SHOTS, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await app?.close();
  });

  const open = async (page: Page, articleId: string) => {
    await page.goto(`${siteUrl}/${articleId}`);
    await page.waitForFunction('window.readyCount >= 1', undefined, { timeout: 15_000 });
    return page.locator('[data-service-paywall]').getAttribute('service-access');
  };

  it('starts once, meters reads with the leaky allowance, and shows the paywall on the third article (390 px)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    const outside: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    page.on('request', (request) => {
      if (!request.url().startsWith(app.baseUrl) && !request.url().startsWith(siteUrl)) outside.push(request.url());
    });

    expect(await open(page, 'a1')).toBe('allowed');
    expect(await page.evaluate('window.readyCount')).toBe(1);
    expect(await page.evaluate('window.service.isReady()')).toBe(true);
    expect(await page.evaluate('window.service.getVersion()')).toBe(shipped.version);
    expect(await page.locator('#premium').isVisible()).toBe(true);
    expect(await page.locator('[service-teaser]').isVisible()).toBe(false);
    // The vendor's transforms and analytics from the bundle.
    expect(await page.locator('.ad').count()).toBe(0);
    expect(await page.locator('#promo').count()).toBe(1);
    expect(await page.locator('#members, #elsewhere').count()).toBe(0);
    expect(await page.locator('section.frame > #frame-me').count()).toBe(1);
    expect(await page.evaluate('JSON.stringify(window.dataLayer)')).toBe(JSON.stringify([{ event: 'service_page_view', serviceVendorId: vendorId, path: '/a1' }]));

    // The same article again costs nothing; a second one is the last free read.
    expect(await open(page, 'a1')).toBe('allowed');
    expect(await open(page, 'a2')).toBe('allowed');
    expect(await page.locator('[data-service-paywall]').getAttribute('service-remaining')).toBe('0');

    expect(await open(page, 'a3')).toBe('blocked');
    expect(await page.locator('#premium').isVisible()).toBe(false);
    expect(await page.locator('[service-teaser]').isVisible()).toBe(true);
    // The paywall component renders the vendor's paywall, with a keyboard-reachable choice.
    await page.locator('service-paywall h2').waitFor({ timeout: 10_000 });
    expect(await page.locator('service-paywall h2').innerText()).toBe('Keep reading The Daily');
    expect(await page.locator('[service-link="login"]').isVisible()).toBe(true);
    await page.screenshot({ path: join(SHOTS, 'metered-blocked-390.png'), fullPage: true });

    expect(errors).toEqual([]);
    expect(outside).toEqual([]);
    await context.close();
  }, 60_000);

  it('keeps one visitor per browser: another browser starts with its own free reads', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    expect(await open(page, 'a3')).toBe('allowed');
    const visitor = await page.evaluate('window.service.visitorId()');
    expect(visitor).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(await open(page, 'a4')).toBe('allowed');
    expect(await page.evaluate('window.service.visitorId()')).toBe(visitor);
    await context.close();
  }, 60_000);
  it('renders the components on the publisher page: sign-in, protected content with its paywall, detection and unlock by signed link (390 px)', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    const openComponents = async (articleId: string) => {
      await page.goto(`${siteUrl}/c/${articleId}`);
      await page.waitForFunction('window.readyCount >= 1', undefined, { timeout: 15_000 });
      await page.locator('service-content[access]').waitFor({ state: 'attached', timeout: 10_000 });
      return page.locator('service-content').getAttribute('access');
    };

    // A visitor: the sign-in button (enabled once the library answers), the first free reads show the premium slot.
    expect(await openComponents('k1')).toBe('allowed');
    expect(await page.evaluate('window.readyCount')).toBe(1);
    const login = page.locator('service-login button.login');
    await page.locator('service-login button.login:not([disabled])').waitFor({ timeout: 10_000 });
    expect(await login.innerText()).toBe('Sign in');
    expect(await page.locator('#teaser').isVisible()).toBe(false);
    // The vendor's content selectors find the article and its fields.
    const detected = (await page.evaluate(
      '(() => window.service.content.detect().map(({ element, ...fields }) => fields))()',
    )) as Record<string, unknown>[];
    expect(detected).toEqual([
      expect.objectContaining({ id: 'k1', title: 'Story k1', price: '4,99 kr', priceAmount: 4.99 }),
    ]);
    // The page's server sent no premium text; the signed link of the access answer brings it (same origin).
    expect(await page.locator('#full').count()).toBe(0);
    const unlocked = (await page.evaluate("window.service.content.unlock('k1')")) as { unlocked: boolean; source: string };
    expect(unlocked).toEqual({ contentId: 'k1', unlocked: true, source: 'signed-link' });
    expect(await page.locator('#full').innerText()).toBe('The whole story of k1, from the signed link.');
    // Nobody is signed in: no token to hand out.
    expect(await page.evaluate('window.service.auth.getTokenSilently().then(() => "token", (e) => e.status)')).toBe(401);

    // Past the free reads (two a day): the teaser and the paywall inside the component; the premium slot hidden.
    expect(await openComponents('k2')).toBe('allowed');
    expect(await openComponents('k3')).toBe('blocked');
    expect(await page.locator('#teaser').isVisible()).toBe(true);
    await page.locator('service-content service-paywall h2').waitFor({ timeout: 10_000 });
    expect(await page.locator('service-content service-paywall h2').innerText()).toBe('Keep reading The Daily');
    expect((await page.evaluate('document.documentElement.scrollWidth - window.innerWidth')) as number).toBeLessThanOrEqual(0);
    await page.screenshot({ path: join(SHOTS, 'components-blocked-390.png'), fullPage: true });
    // Nothing to unlock from: the signed link is refused while blocked.
    expect(((await page.evaluate("window.service.content.unlock('k3')")) as { unlocked: boolean }).unlocked).toBe(false);

    // The sign-in button goes to the browser client's login route, with this page to come back to.
    await login.click();
    await page.waitForURL((url) => url.href.startsWith(app.baseUrl), { timeout: 15_000 });
    expect(errors).toEqual([]);
    await context.close();
  }, 60_000);
});
