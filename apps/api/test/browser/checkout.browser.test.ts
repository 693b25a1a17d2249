import { mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Browser, Page } from 'playwright-core';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { settleEvents } from '../billing/support';
import { givenShop as givenShopOnly } from '../checkout/support';
import { IDENTITY } from '../../src/identity/identity.module';
import { startListeningApp } from '../support/harness';

const run = describeWithChromium;
/** Screenshots to look at (not kept in the repository). */
const SHOTS = process.env.SCREENSHOT_DIR ?? join(tmpdir(), 'kiosk-checkout-screens');
const shot = (name: string) => join(SHOTS, name);

let app: Awaited<ReturnType<typeof startListeningApp>>;
let site: Server;
let siteUrl: string;
let browser: Browser;

/** The vendor's own page the buyer comes back to. */
const vendorSite = () =>
  createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(
      `<!doctype html><html><body><h1 id="back">Back at the shop</h1><p id="checkout-id">${url.searchParams.get('checkoutId') ?? ''}</p></body></html>`,
    );
  });

/** The shop, with the local page standing in for its site registered as its browser client's origin (a return address must be home). */
async function givenShop(a: Awaited<ReturnType<typeof startListeningApp>>) {
  const v = await givenShopOnly(a);
  await a.runtime.container.get(IDENTITY.BrowserClients).addAllowedOrigin(v.vendorId, v.client.clientId, siteUrl);
  return v;
}

/** A 390 px wide phone page that records every address it asks for. */
async function phone() {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 1 });
  const page = await context.newPage();
  const requested: string[] = [];
  page.on('request', (r) => requested.push(r.url()));
  return { page, requested, close: () => context.close() };
}

async function fillCard(page: Page, number: string) {
  await page.fill('#cardNumber', number);
  await page.fill('#expiry', '12/34');
  await page.fill('#cvc', '123');
}

/** Nothing the page loads comes from outside the service (the shop's page after the redirect aside). */
const outside = (requested: string[]) => requested.filter((u) => !u.startsWith(app.baseUrl) && !u.startsWith(siteUrl) && !u.startsWith('data:'));

run('the hosted checkout page in a real browser (headless Chromium, 390 px)', () => {
  beforeAll(async () => {
    mkdirSync(SHOTS, { recursive: true });
    app = await startListeningApp();
    site = vendorSite();
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await new Promise((resolve) => site?.close(resolve));
    await app?.close();
  });

  const create = async (auth: Record<string, string>, body: object) => {
    const res = await fetch(`${app.baseUrl}/checkouts`, { method: 'POST', headers: { ...auth, 'content-type': 'application/json' }, body: JSON.stringify(body) });
    expect(res.status).toBe(201);
    return (await res.json()) as { id: string; checkoutUrl: string };
  };
  const entitlements = async (auth: Record<string, string>) =>
    (await (await fetch(`${app.baseUrl}/entitlements`, { headers: auth })).json()) as { sku: string; hasAccess: boolean }[];

  it('a reader pays a subscription with a discount code and the succeeding card, sees the receipt, returns to the shop, and holds the entitlement', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const checkout = await create(r.auth, { items: [{ sku: 'news' }], redirectUrl: `${siteUrl}/thanks`, requireAddress: true });
    const { page, requested, close } = await phone();
    const response = await page.goto(checkout.checkoutUrl);
    const csp = response!.headers()['content-security-policy'];
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'none'");
    expect(await page.textContent('header')).toContain(`Vendor ${v.vendorId}`);
    expect(await page.textContent('#total')).toBe('SEK 99.00');

    await page.fill('#code', 'half');
    await page.click('#apply-code');
    await page.waitForSelector('.code-applied');
    expect(await page.textContent('#total')).toBe('SEK 49.50');

    // Nothing wider than the phone.
    expect(await page.evaluate<number>('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
    await page.screenshot({ path: shot('checkout-390.png'), fullPage: true });

    // Required address missing: a clear error, the fields marked, nothing paid.
    await fillCard(page, '4242 4242 4242 4242');
    await page.click('#pay');
    await page.waitForSelector('#error');
    expect(await page.textContent('#error')).toContain('Please fill in: street, postal code, city, country');
    expect(await page.getAttribute('#address_street', 'aria-invalid')).toBe('true');

    await page.fill('#address_street', 'Gatan 1');
    await page.fill('#address_zip', '111 22');
    await page.fill('#address_city', 'Stockholm');
    await page.fill('#address_country', 'se');
    await fillCard(page, '4242 4242 4242 4242');
    await page.click('#pay');
    await page.waitForSelector('#receipt');
    expect(await page.textContent('#receipt')).toContain('Payment received');
    await page.screenshot({ path: shot('checkout-receipt-390.png'), fullPage: true });
    await page.click('#continue');
    await page.waitForSelector('#back');
    expect(await page.textContent('#checkout-id')).toBe(checkout.id);
    expect(outside(requested)).toEqual([]);
    await close();

    await settleEvents(app, v.vendorId);
    expect(await entitlements(r.auth)).toEqual([expect.objectContaining({ sku: 'news', hasAccess: true })]);
  });

  it('the declined card shows a clear error and leaves nothing half-made', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const checkout = await create(r.auth, { items: [{ sku: 'news' }] });
    const { page, close } = await phone();
    await page.goto(checkout.checkoutUrl);
    await fillCard(page, '4000 0000 0000 0002');
    await page.click('#pay');
    await page.waitForSelector('#error');
    expect(await page.textContent('#error')).toContain('Your card was declined');
    expect(await page.getAttribute('#error', 'role')).toBe('alert');
    await page.screenshot({ path: shot('checkout-declined-390.png'), fullPage: true });
    await close();
    const stored = (await (await fetch(`${app.baseUrl}/checkouts/${checkout.id}`, { headers: r.auth })).json()) as { status: string };
    expect(stored.status).toBe('PENDING');
    const counts = await app.runtime.database.db.query(
      `SELECT (SELECT count(*)::int FROM contracts WHERE vendor_id = $1) AS contracts,
              (SELECT count(*)::int FROM bills WHERE vendor_id = $1) AS bills,
              (SELECT count(*)::int FROM transactions WHERE vendor_id = $1) AS transactions`,
      [v.vendorId],
    );
    expect(counts[0]).toEqual({ contracts: 0, bills: 0, transactions: 0 });
    await settleEvents(app, v.vendorId);
    expect(await entitlements(r.auth)).toEqual([]);
  });

  it('the extra-confirmation card goes through its own confirmation page', async () => {
    const v = await givenShop(app);
    const r = await v.reader();
    const checkout = await create(r.auth, { items: [{ sku: 'book' }] });
    const { page, close } = await phone();
    await page.goto(checkout.checkoutUrl);
    await fillCard(page, '4000 0025 0000 3155');
    await page.click('#pay');
    await page.waitForSelector('#approve');
    expect(page.url()).toContain('/confirm');
    await page.screenshot({ path: shot('checkout-confirm-390.png'), fullPage: true });
    expect(await page.textContent('h1')).toBe('Confirm your payment');
    await page.click('#approve');
    await page.waitForSelector('#receipt');
    await close();
    await settleEvents(app, v.vendorId);
    expect(await entitlements(r.auth)).toEqual([expect.objectContaining({ sku: 'book', hasAccess: true })]);
  });

  it('a visitor buys a gift: the recipient gets the access, the buyer pays; keyboard only', async () => {
    const v = await givenShop(app);
    const recipient = await v.reader('giftee');
    const visitor = v.visitor();
    const checkout = await create(visitor.auth, { items: [{ sku: 'book' }] });
    const { page, close } = await phone();
    await page.goto(checkout.checkoutUrl);
    // Keyboard: tab to the e-mail field and type; space ticks the gift box.
    await page.focus('#buyerEmail');
    await page.keyboard.type('giver@example.com');
    await page.focus('details:has(#gift) > summary');
    await page.keyboard.press('Enter');
    await page.focus('#gift');
    await page.keyboard.press('Space');
    expect(await page.isChecked('#gift')).toBe(true);
    await page.focus('#recipientEmail');
    await page.keyboard.type(recipient.email);
    await fillCard(page, '4242424242424242');
    await page.focus('#pay');
    await page.keyboard.press('Enter');
    await page.waitForSelector('#receipt');
    expect(await page.textContent('main')).toContain(`Gift for${recipient.email}`);
    await close();
    await settleEvents(app, v.vendorId);
    expect(await entitlements(recipient.auth)).toEqual([expect.objectContaining({ sku: 'book', hasAccess: true })]);
    const stored = (await (await fetch(`${app.baseUrl}/checkouts/${checkout.id}`, { headers: visitor.auth })).json()) as { payer: { email: string }; giftMode: boolean };
    expect(stored).toMatchObject({ giftMode: true, payer: { email: 'giver@example.com' } });
  });

  it('every input has a label and the page has one h1 (screen readers)', async () => {
    const v = await givenShop(app);
    const visitor = v.visitor();
    const checkout = await create(visitor.auth, { items: [{ sku: 'book' }], requireAddress: true, fieldSettings: { phone: { enabled: true, required: true } } });
    const { page, close } = await phone();
    await page.goto(checkout.checkoutUrl);
    const unlabeled = await page.evaluate<string[]>(`[...document.querySelectorAll('input')]
        .filter((i) => i.type !== 'hidden' && i.type !== 'radio' && i.type !== 'checkbox')
        .filter((i) => !document.querySelector('label[for="' + i.id + '"]'))
        .map((i) => i.name)`);
    expect(unlabeled).toEqual([]);
    expect(await page.locator('h1').count()).toBe(1);
    expect(await page.getAttribute('html', 'lang')).toBe('en');
    await close();
  });
});
