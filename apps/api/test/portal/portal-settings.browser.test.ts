import { CreateStaffUser, RegisterBrowserClient, SignUp } from '@kiosk/domain/identity';
import { Browser, BrowserContext, Page } from 'playwright-core';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { givenVendor, startListeningApp } from '../support/harness';
import { audit, go } from './portal-page-checks';

/**
 * The portal's Settings page (issue 15: the settings that needed the command
 * line): an owner edits each setting and sees it after a reload, a refusal is
 * explained at its field, axe-core finds nothing serious at 1280 and 390 px,
 * and a viewer is offered no change. Set up as portal.browser.test.ts.
 */
const PASSWORD = 'correct horse battery staple';

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;
let vendor: Awaited<ReturnType<typeof givenVendor>>;
let owner: string;
let siteId: string;
let clientId: string;

/** Signs in through the provider's pages, as staff do. */
async function signedIn(width: number, email: string): Promise<{ context: BrowserContext; page: Page; problems: string[] }> {
  const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 } });
  const page = await context.newPage();
  const problems: string[] = [];
  let ready = false;
  page.on('console', (m) => ready && m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(m.text()));
  page.on('pageerror', (e) => problems.push(e.message));
  await page.goto(`${app.baseUrl}/portal/`);
  await page.getByLabel('Publisher ID').fill(vendor.vendorId);
  await page.click('#portal-sign-in');
  await page.locator('#password').waitFor();
  await page.fill('#email', email);
  await page.fill('#password', PASSWORD);
  await page.click('#sign-in');
  await page.waitForURL(/\/portal\/$/);
  await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
  ready = true;
  return { context, page, problems };
}

/** Waits until every section of the Settings page has its values. */
async function settingsLoaded(page: Page) {
  for (const id of ['#script-version', '#checkout-form', '#invoicing-form', '#links-form', `#site-${siteId}`]) {
    await page.locator(id).first().waitFor();
  }
}

describeWithChromium('the portal Settings page in headless Chromium (axe-core, 390 px and desktop)', () => {
  beforeAll(async () => {
    app = await startListeningApp(process.env.PORTAL_TEST_LOG ? { LOG_LEVEL: 'error' } : {});
    browser = await launchChromium();
    const c = app.runtime.container;
    vendor = await givenVendor(app);
    const client = await c.get(RegisterBrowserClient).execute({ vendorId: vendor.vendorId, name: 'The Daily', redirectUris: ['https://daily.example/after'] });
    clientId = client.clientId;
    owner = `staff@${vendor.vendorId}.example.com`;
    await c.get(SignUp).execute({ vendorId: vendor.vendorId, email: owner, password: PASSWORD });
    // A domain and a site on it, made through the API as a developer would.
    const token = await vendor.apiToken('full');
    const domain = `news-${vendor.vendorId}.example`;
    const added = await app.http.post('/management/domains').set('Authorization', `Bearer ${token}`).send({ domain });
    expect(added.status).toBe(201);
    const site = await app.http.post('/management/sites').set('Authorization', `Bearer ${token}`).send({ name: 'The Daily web', domain, url: `https://www.${domain}/` });
    expect(site.status).toBe(201);
    siteId = site.body.id;
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it('at 1280 px an owner edits every setting, sees a refusal explained at its field, and finds each saved after a reload', async () => {
    const width = 1280;
    const { context, page, problems } = await signedIn(width, owner);
    try {
      // The Developers page points to the settings.
      await go(page, 'Developers', width);
      await page.locator('#settings-link').getByRole('link', { name: 'Settings' }).click();
      await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
      await settingsLoaded(page);

      // The script bundle.
      const script = page.getByRole('form', { name: 'Script settings' });
      await page.locator('#script-version', { hasText: 'Defaults: never saved.' }).waitFor();
      await script.getByLabel('Browser client').selectOption(clientId);
      await script.getByLabel('Article selector').fill('article.story');
      await script.getByLabel('Headline selector').fill('h1.headline');
      await script.getByLabel('Send page views').check();
      await script.getByRole('button', { name: 'Save' }).click();
      await script.getByRole('status').filter({ hasText: 'Script settings saved (version 1)' }).waitFor();

      // Checkout: first a colour the service refuses, explained at its field.
      const checkout = page.getByRole('form', { name: 'Checkout settings' });
      await checkout.getByLabel('Colour of the checkout page').fill('blue');
      await checkout.getByRole('button', { name: 'Save' }).click();
      await checkout.getByRole('alert').waitFor();
      const colour = checkout.getByLabel('Colour of the checkout page');
      expect(await colour.getAttribute('aria-invalid')).toBe('true');
      const described = (await colour.getAttribute('aria-describedby'))!.split(' ');
      const fieldError = (await page.locator(`#${described[described.length - 1]}`).textContent())!;
      expect(fieldError).toMatch(/#rrggbb/);
      expect(fieldError).not.toMatch(/[{}]/);
      expect(await checkout.getByRole('alert').textContent()).toMatch(/Nothing was saved/);
      await checkout.getByLabel('Colour of the checkout page').fill('#0b3d91');
      await checkout.getByLabel('Hours a checkout stays open').fill('48');
      await checkout.getByLabel('Terms of sale address').fill('https://daily.example/terms');
      await checkout.getByLabel('Privacy notice address').fill('https://legal.daily.example/privacy');
      await checkout.getByLabel("Readers' default language").selectOption('sv');
      await checkout.getByLabel('Businesses may pay by invoice').check();
      await checkout.getByLabel('Readers may buy gifts').uncheck();
      await checkout.getByRole('button', { name: 'Save' }).click();
      await checkout.getByRole('status').filter({ hasText: 'Checkout settings saved.' }).waitFor();
      expect(await colour.getAttribute('aria-invalid')).toBeNull();

      // Invoicing details: a VAT number of the wrong form is refused at its field.
      const invoicing = page.getByRole('form', { name: 'Invoicing details' });
      await invoicing.getByLabel('VAT number').fill('SE123');
      await invoicing.getByRole('button', { name: 'Save' }).click();
      await invoicing.getByRole('alert').waitFor();
      expect(await invoicing.getByLabel('VAT number').getAttribute('aria-invalid')).toBe('true');
      await audit(page, 'settings-refusal', width);
      await invoicing.getByLabel('Legal name').fill('Dagbladet Nord AB');
      await invoicing.getByLabel('VAT number').fill('SE556703748501');
      await invoicing.getByLabel('Street address').fill('Storgatan 1');
      await invoicing.getByLabel('Postcode').fill('111 22');
      await invoicing.getByLabel('City').fill('Stockholm');
      await invoicing.getByLabel('Country').fill('SE');
      await invoicing.getByLabel('Payment instructions').fill('Bankgiro 123-4567');
      await invoicing.getByLabel('Your own VAT rates').fill('SE news 6');
      await invoicing.getByRole('button', { name: 'Save' }).click();
      await invoicing.getByRole('status').filter({ hasText: 'Invoicing details saved.' }).waitFor();

      // Sign-in pages: one sentence of the vendor's own.
      const sentence = page.getByRole('form', { name: 'Change a sentence' });
      await sentence.getByLabel('Language').fill('en');
      await sentence.getByLabel('Message').selectOption('signIn.lead');
      await sentence.getByText('The service says: “Sign in to {{vendor}} with your e-mail and password.”', { exact: false }).waitFor();
      await sentence.getByLabel('Your text').fill('Sign in to {{vendor}} to read every article.');
      await sentence.getByRole('button', { name: 'Save sentence' }).click();
      await sentence.getByRole('status').filter({ hasText: 'is saved' }).waitFor();
      await page.locator('#sign-in-messages', { hasText: 'Sign in to {{vendor}} to read every article.' }).waitFor();

      // Signed links.
      const links = page.getByRole('form', { name: 'Signed-link tiers' });
      await links.getByLabel('Tier for free reads').fill('free');
      await links.getByLabel('Tier for readers with access').fill('gold');
      await links.getByRole('button', { name: 'Save' }).click();
      await links.getByRole('status').filter({ hasText: 'Signed-link tiers saved.' }).waitFor();

      // A site's own details.
      const site = page.getByRole('form', { name: 'Site The Daily web' });
      await site.getByLabel('Site name').fill('The Daily on the web');
      await site.getByLabel('Browser client').selectOption(clientId);
      await site.getByRole('button', { name: 'Save site' }).click();
      await page.getByRole('form', { name: 'Site The Daily on the web' }).getByRole('status').filter({ hasText: 'The site The Daily on the web is saved.' }).waitFor();

      await audit(page, 'settings', width);

      // After a reload every value comes from the service.
      await page.reload();
      await settingsLoaded(page);
      await page.locator('#script-version', { hasText: 'Version 1' }).waitFor();
      const scriptAgain = page.getByRole('form', { name: 'Script settings' });
      expect(await scriptAgain.getByLabel('Browser client').inputValue()).toBe(clientId);
      expect(await scriptAgain.getByLabel('Article selector').inputValue()).toBe('article.story');
      expect(await scriptAgain.getByLabel('Send page views').isChecked()).toBe(true);
      const checkoutAgain = page.getByRole('form', { name: 'Checkout settings' });
      expect(await checkoutAgain.getByLabel('Hours a checkout stays open').inputValue()).toBe('48');
      expect(await checkoutAgain.getByLabel('Colour of the checkout page').inputValue()).toBe('#0b3d91');
      expect(await checkoutAgain.getByLabel('Terms of sale address').inputValue()).toBe('https://daily.example/terms');
      expect(await checkoutAgain.getByLabel('Privacy notice address').inputValue()).toBe('https://legal.daily.example/privacy');
      expect(await checkoutAgain.getByLabel("Readers' default language").inputValue()).toBe('sv');
      expect(await checkoutAgain.getByLabel('Businesses may pay by invoice').isChecked()).toBe(true);
      expect(await checkoutAgain.getByLabel('Readers may buy gifts').isChecked()).toBe(false);
      const invoicingAgain = page.getByRole('form', { name: 'Invoicing details' });
      expect(await invoicingAgain.getByLabel('Legal name').inputValue()).toBe('Dagbladet Nord AB');
      expect(await invoicingAgain.getByLabel('VAT number').inputValue()).toBe('SE556703748501');
      expect(await invoicingAgain.getByLabel('City').inputValue()).toBe('Stockholm');
      expect(await invoicingAgain.getByLabel('Your own VAT rates').inputValue()).toBe('SE news 6');
      await page.locator('#sign-in-messages', { hasText: 'Sign in to {{vendor}} to read every article.' }).waitFor();
      const linksAgain = page.getByRole('form', { name: 'Signed-link tiers' });
      expect(await linksAgain.getByLabel('Tier for free reads').inputValue()).toBe('free');
      expect(await linksAgain.getByLabel('Tier for readers with access').inputValue()).toBe('gold');
      const siteAgain = page.getByRole('form', { name: 'Site The Daily on the web' });
      expect(await siteAgain.getByLabel('Site name').inputValue()).toBe('The Daily on the web');
      expect(await siteAgain.getByLabel('Browser client').inputValue()).toBe(clientId);

      // The service agrees (not only the page).
      const token = await vendor.apiToken('read');
      const billing = await app.http.get('/management/billing-settings').set('Authorization', `Bearer ${token}`);
      expect(billing.body).toMatchObject({ legalName: 'Dagbladet Nord AB', rateOverrides: [{ country: 'SE', category: 'news', rate: 6 }] });
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 180_000);

  it('at 390 px the Settings page reads and explains a refusal without sideways scrolling', async () => {
    const width = 390;
    const { context, page, problems } = await signedIn(width, owner);
    try {
      await go(page, 'Settings', width);
      await settingsLoaded(page);
      await audit(page, 'settings', width);
      const links = page.getByRole('form', { name: 'Signed-link tiers' });
      await links.getByLabel('Tier for free reads').fill('');
      await links.getByRole('button', { name: 'Save' }).click();
      await links.getByRole('alert').waitFor();
      expect(await links.getByLabel('Tier for free reads').getAttribute('aria-invalid')).toBe('true');
      const checkout = page.getByRole('form', { name: 'Checkout settings' });
      await checkout.getByLabel('Hours a checkout stays open').fill('9999');
      await checkout.getByRole('button', { name: 'Save' }).click();
      await checkout.getByRole('alert').waitFor();
      expect(await checkout.getByLabel('Hours a checkout stays open').getAttribute('aria-invalid')).toBe('true');
      // The field's problem names the field by its label, not by the API's name for it.
      await checkout.getByText('Hours a checkout stays open must not be greater than 720.').waitFor();
      await audit(page, 'settings-refusal', width);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 120_000);

  it('a viewer reads the settings and is offered no change; an editor may change them', async () => {
    const c = app.runtime.container;
    const viewer = `viewer@${vendor.vendorId}.example.com`;
    await c.get(CreateStaffUser).execute({ vendorId: vendor.vendorId, email: viewer, role: 'viewer' });
    await c.get(SignUp).execute({ vendorId: vendor.vendorId, email: viewer, password: PASSWORD });
    const { context, page, problems } = await signedIn(1280, viewer);
    try {
      expect(await page.textContent('.role')).toBe('(viewer)');
      await go(page, 'Settings', 1280);
      await page.getByText('Your role (viewer) can read these settings but not change them.').waitFor();
      await page.locator('#invoicing-form', { hasText: 'Dagbladet Nord AB' }).waitFor();
      await page.locator('#links-form', { hasText: 'gold' }).waitFor();
      await page.locator(`#site-${siteId}`, { hasText: 'The Daily on the web' }).waitFor();
      await page.locator('#sign-in-messages', { hasText: 'Sign in to {{vendor}} to read every article.' }).waitFor();
      const main = page.locator('main');
      expect(await main.locator('form').count()).toBe(0);
      expect(await main.locator('button, input, select, textarea').count()).toBe(0);
      await audit(page, 'settings-viewer', 1280);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }

    const editor = `editor@${vendor.vendorId}.example.com`;
    await c.get(CreateStaffUser).execute({ vendorId: vendor.vendorId, email: editor, role: 'editor' });
    await c.get(SignUp).execute({ vendorId: vendor.vendorId, email: editor, password: PASSWORD });
    const signedInEditor = await signedIn(390, editor);
    try {
      await go(signedInEditor.page, 'Settings', 390);
      await signedInEditor.page.getByRole('form', { name: 'Signed-link tiers' }).waitFor();
      expect(await signedInEditor.page.getByText('can read these settings but not change them').count()).toBe(0);
    } finally {
      await signedInEditor.context.close();
    }
  }, 120_000);
});
