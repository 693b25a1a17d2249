import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { Browser, Page } from 'playwright-core';
import { confirmSignUpFromMail, describeWithChromium, launchChromium } from '../support/chromium';
import { capsuleShop, fixture } from '../capsule/support';
import { startListeningApp } from '../support/harness';
import { domainModule } from './domain-modules';

const run = describeWithChromium;

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture JSON
const direct = fixture<any>('js-rendered-direct-manifest.json');
const NOW = new Date(direct.clock);

let app: Awaited<ReturnType<typeof startListeningApp>>;
let shop: Awaited<ReturnType<typeof capsuleShop>>;
let site: Server;
let siteUrl: string;
let browser: Browser;
let clientId: string;

/**
 * The publisher's article page: the fixture manifest in a
 * `dca-manifest` script, locked placeholders, and the browser module of
 * the domain package (served as ES modules) opening the items with the
 * reader's cookie session and a client-bound key pair.
 */
function articlePage(manifestJson: string, issuer: string): string {
  return `<!doctype html><html><head><meta charset="utf-8"><title>The Daily: premium</title>
<style>body{font:16px/1.4 sans-serif;margin:2em} .locked{color:#999} #status{font-family:monospace}</style></head><body>
<h1>The Daily</h1><p><a id="login" href="${app.baseUrl}/auth/${clientId}/login?return_to=${encodeURIComponent(`${siteUrl}/article`)}">Sign in</a></p>
<article><div id="bodytext" class="locked">[premium body locked]</div><div id="sidebar" class="locked">[premium sidebar locked]</div></article>
<p id="status"></p>
<script type="application/json" class="dca-manifest">${manifestJson}</script>
<script type="module">
import { createClientKeyPair, MemoryWrapKeyCache, openPage, unlockRequestFor } from '/m/capsule/browser-client.js';
const status = document.getElementById('status');
try {
  const manifest = JSON.parse(document.querySelector('script.dca-manifest').textContent);
  const { publicKey, privateKey } = await createClientKeyPair();
  const body = { ...unlockRequestFor(manifest, '${issuer}', { clientPublicKey: publicKey }), accessType: 'subscription' };
  const res = await fetch(manifest.issuers['${issuer}'].unlockUrl, {
    method: 'POST', credentials: 'include', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body),
  });
  const answer = await res.json();
  if (!res.ok) {
    status.textContent = 'unlock ' + res.status + ' ' + answer.code;
  } else {
    const cache = new MemoryWrapKeyCache();
    const opened = await openPage(manifest, answer, { clientPrivateKey: privateKey, cache });
    for (const [name, result] of Object.entries(opened)) {
      const el = document.getElementById(name);
      if ('text' in result) { el.innerHTML = result.text; el.className = 'open'; } else { el.textContent = result.error.message; }
    }
    const delivery = answer.keys.map((k) => k.contentName + ':' + ('contentKey' in k ? 'content-key' : 'wrap-keys')).join(',');
    status.textContent = 'unlock ' + res.status + ' ' + answer.transport + ' ' + delivery + ' cached=' + [...cache.entries.keys()].join(',');
  }
} catch (error) {
  status.textContent = 'error ' + error;
}
</script></body></html>`;
}

function publisherSite(): Server {
  return createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const js = domainModule(url.pathname);
    if (js !== null) return void res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(js);
    if (url.pathname !== '/article') return void res.writeHead(404).end();
    const issuer = url.searchParams.get('issuer') ?? 'ecdh';
    const unlockUrl = `${app.baseUrl}/capsule/vendors/${shop.vendorId}/unlock`;
    const manifest = { ...direct.manifest, issuers: Object.fromEntries(Object.entries(direct.manifest.issuers).map(([n, i]) => [n, { ...(i as object), unlockUrl }])) };
    const json = JSON.stringify(manifest).replace(/</g, '\\u003c');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(articlePage(json, issuer));
  });
}

const statusOf = async (page: Page) => {
  await page.waitForFunction(`document.getElementById('status').textContent !== ''`);
  return (await page.textContent('#status'))!;
};

run('capsule in a real browser (headless Chromium)', () => {
  beforeAll(async () => {
    app = await startListeningApp();
    shop = await capsuleShop(app);
    site = publisherSite();
    await new Promise<void>((resolve) => site.listen(0, resolve));
    siteUrl = `http://localhost:${(site.address() as AddressInfo).port}`;
    clientId = (
      await app.runtime.container
        .get(RegisterBrowserClient)
        .execute({ vendorId: shop.vendorId, name: 'The Daily', redirectUris: [`${siteUrl}/article`] })
    ).clientId;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await app?.close();
  });

  it('a signed-in reader of the tier opens the article with the cookie session: content keys, then wrap keys, client-bound', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = 'capsule.reader@example.com';
    // Anonymous: nothing is granted.
    await page.goto(`${siteUrl}/article`);
    expect(await statusOf(page)).toBe('unlock 403 CAPSULE.NOTHING_GRANTED');

    // Sign up through the service's pages; back on the article with a cookie session, still without the product.
    await page.click('#login');
    await page.waitForSelector('#sign-in');
    await page.click('#to-sign-up');
    await page.fill('#email', email);
    await page.fill('#password', 'correct horse battery staple');
    await page.click('#sign-up');
    // Sign-up answers the same whether the address has an account or not; the link in the mail finishes it.
    await confirmSignUpFromMail(page, app, email);
    await page.waitForURL(`${siteUrl}/article`);
    expect(await statusOf(page)).toBe('unlock 403 CAPSULE.NOTHING_GRANTED');
    expect((await context.cookies(app.baseUrl)).find((c) => c.name === 'kiosk_session')).toMatchObject({ httpOnly: true });

    // The reader buys the tier; the page has no token of its own, the session carries the reader.
    await shop.subscriber(email);
    await page.goto(`${siteUrl}/article?issuer=ecdh`);
    expect(await statusOf(page)).toBe('unlock 200 client-bound bodytext:content-key,sidebar:content-key cached=');
    expect(await page.textContent('#bodytext')).toBe('Premium body — direct fixture');
    expect(await page.textContent('#sidebar')).toBe('Premium sidebar — direct fixture');
    if (process.env.CAPSULE_SCREENSHOT) await page.screenshot({ path: process.env.CAPSULE_SCREENSHOT, fullPage: true });

    // Entries with wrap keys: rotation kids of the fixture's hour, so the service's clock goes there.
    app.clock.set(NOW);
    await page.goto(`${siteUrl}/article?issuer=scoped`);
    expect(await statusOf(page)).toBe(
      'unlock 200 client-bound bodytext:wrap-keys,sidebar:wrap-keys cached=dca:wk:premium:260502T12,dca:wk:premium:260502T13',
    );
    expect(await page.textContent('#bodytext')).toBe('Premium body — direct fixture');
    expect(await page.textContent('#sidebar')).toBe('Premium sidebar — direct fixture');
    await context.close();
  }, 60_000);
});
