import { IssueUserToken, SignUp } from '@kiosk/domain/identity';
import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { Browser } from 'playwright-core';
import { confirmSignUpFromMail, describeWithChromium, launchChromium } from '../support/chromium';
import { givenVendor, startListeningApp } from '../support/harness';
import { audit, go } from './portal-page-checks';

const PASSWORD = 'correct horse battery staple';

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;

describeWithChromium('the vendor portal in headless Chromium (axe-core, 390 px and desktop)', () => {
  beforeAll(async () => {
    app = await startListeningApp(process.env.PORTAL_TEST_LOG ? { LOG_LEVEL: 'error' } : {});
    browser = await launchChromium();
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each([1280, 390])(
    'at %i px an owner signs in, creates a product with a purchase option, an API key whose secret shows once, invites an editor, and makes and confirms an invoiced contract',
    async (width) => {
      const c = app.runtime.container;
      const v = await givenVendor(app);
      await app.runtime.database.db.query(`UPDATE vendors SET name = 'The Daily Portal' WHERE id = $1`, [v.vendorId]);
      const site = await c.get(RegisterBrowserClient).execute({ vendorId: v.vendorId, name: 'The Daily', redirectUris: ['https://daily.example/after'] });
      const owner = `staff@${v.vendorId}.example.com`;
      await c.get(SignUp).execute({ vendorId: v.vendorId, email: owner, password: PASSWORD });

      const context = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 } });
      const page = await context.newPage();
      // Script errors in the page once signed in (a refused call is logged by the browser as a failed load: that is the API answering, not a fault).
      const problems: string[] = [];
      let signedIn = false;
      page.on('console', (m) => signedIn && m.type() === 'error' && !m.text().startsWith('Failed to load resource') && problems.push(m.text()));
      page.on('pageerror', (e) => problems.push(e.message));
      try {

      // Signed out: the portal asks which publisher, then the provider's sign-in page, then back.
      await page.goto(`${app.baseUrl}/portal/`);
      await page.locator('#portal-sign-in').waitFor();
      await audit(page, 'sign-in', width);
      await page.getByLabel('Publisher ID').fill(v.vendorId);
      await page.click('#portal-sign-in');
      await page.locator('#password').waitFor();
      await page.fill('#email', owner);
      await page.fill('#password', PASSWORD);
      await page.click('#sign-in');
      await page.waitForURL(/\/portal\/$/);
      await page.locator('#vendor-name', { hasText: 'The Daily Portal' }).waitFor();
      signedIn = true;
      await page.getByRole('heading', { level: 1, name: 'Overview' }).waitFor();
      await page.locator('#overview-figures').waitFor();
      await audit(page, 'overview', width);

      // Products: a product, then a purchase option for it.
      await go(page, 'Products', width);
      await page.getByText('New product').click();
      const productForm = page.getByRole('form', { name: 'New product' });
      await productForm.getByLabel('SKU').fill('daily-digital');
      await productForm.getByLabel('Title').fill('The Daily Digital');
      await productForm.getByLabel('Type').selectOption('license');
      await productForm.getByLabel('Tax category').selectOption('news');
      await productForm.getByRole('button', { name: 'Create product' }).click();
      await productForm.getByRole('status').filter({ hasText: 'Product The Daily Digital created' }).waitFor();
      // A refusal (problem+json) reads as words in an alert.
      await productForm.getByLabel('SKU').fill('daily-digital');
      await productForm.getByLabel('Title').fill('Again');
      await productForm.getByRole('button', { name: 'Create product' }).click();
      const refusal = (await productForm.getByRole('alert').textContent())!;
      expect(refusal).toMatch(/daily-digital/);
      expect(refusal).not.toMatch(/[{}]/);
      await page.getByRole('button', { name: 'Add a purchase option to The Daily Digital' }).click();
      const optionForm = page.getByRole('form', { name: 'Add a purchase option to daily-digital' });
      await optionForm.getByLabel('Option ID').fill('team-yearly');
      await optionForm.getByLabel('Name (required)', { exact: true }).fill('Team, yearly');
      await optionForm.getByLabel('Price').fill('1200');
      await optionForm.getByLabel('Currency').fill('SEK');
      await optionForm.getByLabel('Billing cycle').selectOption('YEAR');
      await optionForm.getByLabel('Seats per unit').fill('5');
      await optionForm.getByRole('button', { name: 'Add purchase option' }).click();
      await page.getByRole('list', { name: 'Purchase options of The Daily Digital' }).getByText(/Team, yearly \(team-yearly\): .*1\s200,00\skr, every year, 5 seats per unit/).waitFor();
      await audit(page, 'products', width);
      // The options are listed by the service, so they are still there after a reload.
      await page.reload();
      await page.getByRole('list', { name: 'Purchase options of The Daily Digital' }).getByText(/Team, yearly \(team-yearly\)/).waitFor();

      // Developers: an API key; its secret is shown once.
      await go(page, 'Developers', width);
      const keyForm = page.getByRole('form', { name: 'New API key' });
      await keyForm.getByLabel('Key name').fill('CRM sync');
      await keyForm.getByLabel('Access').selectOption('full');
      await keyForm.getByRole('button', { name: 'Create API key' }).click();
      await page.locator('#new-secret').waitFor();
      const secret = (await page.textContent('#new-key-secret'))!;
      expect(secret.length).toBeGreaterThan(20);
      await page.locator('#secret-heading:focus').waitFor();
      await audit(page, 'developers-secret', width);
      await page.click('#secret-done');
      await page.locator('#api-keys', { hasText: 'CRM sync' }).waitFor();
      expect(await page.locator('#new-secret').count()).toBe(0);
      expect(await page.content()).not.toContain(secret);
      await page.reload();
      await page.locator('#api-keys', { hasText: 'CRM sync' }).waitFor();
      expect(await page.content()).not.toContain(secret);

      // Developers: a domain and a site on it, a webhook endpoint (its secret shown once), encrypted content set up.
      const domainForm = page.getByRole('form', { name: 'Add a domain' });
      await domainForm.getByLabel('Domain').fill('News.Daily.Example');
      await domainForm.getByRole('button', { name: 'Add domain' }).click();
      await domainForm.getByRole('status').filter({ hasText: 'The domain news.daily.example is added.' }).waitFor();
      await page.locator('#domains', { hasText: 'news.daily.example' }).waitFor();
      await domainForm.getByLabel('Domain').fill('https://bad.example/path');
      await domainForm.getByRole('button', { name: 'Add domain' }).click();
      expect((await domainForm.getByRole('alert').textContent())!).not.toMatch(/[{}]/);
      const siteForm = page.getByRole('form', { name: 'Add a site' });
      await siteForm.getByLabel('Site name').fill('The Daily website');
      await siteForm.getByLabel('Address').fill('https://www.news.daily.example/');
      await siteForm.getByLabel('Browser client').selectOption(site.clientId);
      await siteForm.getByRole('button', { name: 'Add site' }).click();
      await page.locator('#sites', { hasText: 'The Daily website' }).waitFor();
      const hookForm = page.getByRole('form', { name: 'Add a webhook endpoint' });
      await hookForm.getByLabel('Address').fill('https://hooks.daily.example/kiosk');
      await hookForm.getByLabel('Description').fill('Subscriber sync');
      await hookForm.getByRole('checkbox', { name: /^contract\.created/ }).check();
      await hookForm.getByRole('button', { name: 'Add endpoint' }).click();
      await page.locator('#webhook-secret-heading:focus').waitFor();
      const hookSecret = (await page.textContent('#webhook-secret-value'))!;
      expect(hookSecret).toMatch(/^whsec_/);
      await page.locator('#webhook-endpoints', { hasText: 'https://hooks.daily.example/kiosk' }).waitFor();
      expect(await page.textContent('#webhook-endpoints')).toContain('contract.created');
      await page.getByRole('button', { name: 'Set up encrypted content' }).click();
      await page.locator('#capsule-state', { hasText: 'Hosted' }).waitFor();
      await audit(page, 'developers-settings', width);
      await page.click('#webhook-secret-done');
      expect(await page.content()).not.toContain(hookSecret);

      // Team: invite an editor.
      await go(page, 'Team', width);
      await page.locator('#members', { hasText: owner }).waitFor();
      const invite = page.getByRole('form', { name: 'Invite a team member' });
      await invite.getByLabel('E-mail address').fill(`editor@${v.vendorId}.example.com`);
      await invite.getByLabel('Role').selectOption('editor');
      await invite.getByRole('button', { name: 'Send invitation' }).click();
      await page.locator('#invitations', { hasText: `editor@${v.vendorId}.example.com` }).waitFor();
      await audit(page, 'team', width);
      const [mail] = await app.runtime.database.db.query(`SELECT body FROM mail_messages WHERE to_address = $1`, [`editor@${v.vendorId}.example.com`]);
      expect(mail.body).toMatch(/\/auth\/invitations\//);

      // Contracts: an invoiced contract for a company with 5 seats, left pending, then confirmed; a seat assigned.
      await go(page, 'Contracts', width);
      await page.getByText('New invoiced contract').click();
      const contractForm = page.getByRole('form', { name: 'New invoiced contract' });
      await contractForm.getByLabel('Product SKU').fill('daily-digital');
      await contractForm.getByLabel('Purchase option ID').fill('team-yearly');
      await contractForm.getByLabel('Customer e-mail').fill(`buyer@${v.vendorId}.example.com`);
      await contractForm.getByLabel('Company name').fill('Harbour Library');
      await contractForm.getByLabel('Country').fill('SE');
      await contractForm.getByRole('button', { name: 'Create contract' }).click();
      await page.locator('#contract-status', { hasText: 'pending' }).waitFor();
      await page.getByRole('button', { name: 'Confirm contract' }).click();
      await page.locator('#contract-status', { hasText: 'active' }).waitFor();
      await page.locator('#bills').waitFor();
      const seat = page.getByRole('form', { name: 'Assign a seat' });
      await seat.getByLabel('E-mail of the seat user').fill(`reader@${v.vendorId}.example.com`);
      await seat.getByRole('button', { name: 'Assign seat' }).click();
      await page.locator('#seat-users', { hasText: `reader@${v.vendorId}.example.com` }).waitFor();
      await audit(page, 'contract', width);
      // Cancel it: a step that says what will happen, then the yearly contract runs to the end of its period.
      await page.getByRole('button', { name: 'Cancel contract' }).click();
      await page.locator('#cancel-contract-title:focus').waitFor();
      const cancelForm = page.getByRole('form', { name: 'Cancel this contract?' });
      await cancelForm.getByText('It runs to the end of the paid period').waitFor();
      await cancelForm.getByLabel('Reason').fill('CUSTOMER_REQUEST');
      await audit(page, 'contract-cancel', width);
      await cancelForm.getByRole('button', { name: 'Yes, cancel the contract' }).click();
      await page.locator('#contract-message').getByRole('status').filter({ hasText: /set to cancel on .*no further bill/ }).waitFor();
      await page.locator('#contract-ends', { hasText: 'set to cancel' }).waitFor();
      await page.locator('#contract-facts', { hasText: 'CUSTOMER_REQUEST' }).waitFor();
      expect(await page.getByRole('button', { name: 'Cancel contract' }).count()).toBe(0);
      expect(await page.textContent('#contract-status')).toMatch(/^ends on /);

      // The other pages open and pass the audit too.
      await go(page, 'Readers', width);
      await page.locator('#readers', { hasText: `buyer@${v.vendorId}.example.com` }).waitFor();
      await audit(page, 'readers', width);
      await page.getByRole('link', { name: `buyer@${v.vendorId}.example.com` }).click();
      await page.getByRole('heading', { level: 1, name: `buyer@${v.vendorId}.example.com` }).waitFor();
      await page.locator('#contracts', { hasText: 'The Daily Digital' }).waitFor();
      // Pay the buyer's bill and give them a tag through the API, then reload: the transaction and the tag are listed.
      const buyerId = (await app.http.get('/management/users').query({ search: 'buyer@' }).set({ Authorization: `Bearer ${await v.apiToken('read')}` })).body[0].id as string;
      const payer = { Authorization: `Bearer ${await v.apiToken('full', ['contracts:write'])}` };
      const [bill] = (await app.http.get('/management/bills').query({ userId: buyerId }).set(payer)).body as { id: string; invoiceNumber: string | null }[];
      expect((await app.http.post(`/management/bills/${bill.id}/payments`).set(payer).send({})).status).toBe(201);
      const buyerToken = (await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: buyerId })).accessToken;
      expect((await app.http.post('/tags').set({ Authorization: `Bearer ${buyerToken}` }).type('text/plain').send('library-patron')).status).toBe(200);
      await page.reload();
      expect(bill.invoiceNumber).toMatch(/^\d{6}$/);
      await page.locator('#transactions tbody tr', { hasText: `Invoice ${bill.invoiceNumber}` }).filter({ hasText: 'payment' }).waitFor();
      await page.getByRole('list', { name: 'Tags' }).getByRole('listitem').filter({ hasText: 'library-patron' }).waitFor();
      await page.locator('#r-tallies ~ p', { hasText: 'No tallies.' }).waitFor();
      await audit(page, 'reader', width);
      // Grant the buyer access through an access-list grant for their e-mail, then revoke it.
      const grantForm = page.getByRole('form', { name: 'Grant access' });
      await grantForm.getByLabel('Product').selectOption('daily-digital');
      await grantForm.getByLabel('Purchase option').selectOption('team-yearly');
      await grantForm.getByRole('button', { name: 'Grant access' }).click();
      await grantForm.getByRole('status').filter({ hasText: `buyer@${v.vendorId}.example.com now has access to daily-digital.` }).waitFor();
      await page.locator('#entitlements', { hasText: 'a grant: Granted in the portal' }).waitFor();
      await audit(page, 'reader-access', width);
      await page.getByRole('button', { name: 'Revoke access to daily-digital' }).click();
      await page.locator('#access-message').getByRole('status').filter({ hasText: 'The access to daily-digital is revoked.' }).waitFor();
      await page.getByRole('button', { name: 'Revoke access to daily-digital' }).waitFor({ state: 'detached' });
      expect(await page.locator('#entitlements', { hasText: 'a grant: Granted in the portal' }).count()).toBe(0);
      // Erase the seat user's account, after a step that says it cannot be undone.
      await go(page, 'Readers', width);
      await page.getByLabel('E-mail, name or reader ID').fill(`reader@${v.vendorId}.example.com`);
      await page.getByRole('button', { name: 'Search' }).click();
      await page.getByRole('link', { name: `reader@${v.vendorId}.example.com` }).click();
      await page.getByRole('heading', { level: 1, name: `reader@${v.vendorId}.example.com` }).waitFor();
      await page.getByRole('button', { name: 'Erase this account' }).click();
      await page.locator('#erase-reader-title:focus').waitFor();
      await page.getByText('This cannot be undone.').waitFor();
      await audit(page, 'reader-erase', width);
      await page.getByRole('button', { name: 'Yes, erase the account' }).click();
      await page.getByRole('heading', { level: 1, name: 'Readers' }).waitFor();
      await page.locator('#readers-message').getByRole('status').filter({ hasText: `The account of reader@${v.vendorId}.example.com is erased.` }).waitFor();
      expect(await page.locator('#readers', { hasText: `reader@${v.vendorId}.example.com` }).count()).toBe(0);
      // Paywalls: create one, edit its headline with the preview following, save: the version rises.
      await go(page, 'Paywalls', width);
      const paywallForm = page.getByRole('form', { name: 'New paywall' });
      await paywallForm.getByLabel('Name (required)', { exact: true }).fill('Metered');
      await paywallForm.getByLabel('Headline').fill('Keep reading');
      await paywallForm.getByRole('button', { name: 'Create paywall' }).click();
      await page.locator('#paywall-version', { hasText: 'Version 1' }).waitFor();
      await page.getByRole('form', { name: 'Edit paywall' }).getByLabel('Headline').fill('Keep reading The Daily');
      await page.locator('.preview-headline', { hasText: 'Keep reading The Daily' }).waitFor();
      expect(await page.textContent('#public-shape')).toContain('"headline": "Keep reading The Daily"');
      await page.getByRole('button', { name: 'Save' }).click();
      await page.getByRole('status').filter({ hasText: 'Saved: now version 2.' }).waitFor();
      await page.locator('#paywall-version', { hasText: 'Version 2' }).waitFor();
      await audit(page, 'paywall', width);

      // History: both versions, newest first, saved by the signed-in person; version 1 is shown whole, then restored as version 3.
      const paywallHistory = page.getByRole('region', { name: 'History' });
      const paywallVersions = paywallHistory.getByRole('list', { name: 'Versions of this paywall' }).getByRole('listitem');
      await paywallVersions.nth(1).waitFor();
      expect(await paywallVersions.allTextContents()).toEqual([expect.stringMatching(/^Version 2current.*Saved .* by youView version 2$/), expect.stringMatching(/^Version 1Saved .* by youView version 1$/)]);
      await paywallHistory.getByRole('button', { name: 'View version 1' }).click();
      await page.locator('#version-view-heading:focus', { hasText: 'Version 1 as saved' }).waitFor();
      expect(await page.textContent('#version-view dl')).toMatch(/Headline\s*Keep reading\s*Free reads/);
      expect(await page.getByRole('button', { name: 'Hide version 1' }).getAttribute('aria-expanded')).toBe('true');
      await audit(page, 'paywall-history', width);
      await paywallHistory.getByRole('button', { name: 'Close version 1' }).click();
      await page.locator('#view-version-1:focus').waitFor();
      await page.keyboard.press('Enter');
      await paywallHistory.getByRole('button', { name: 'Restore version 1' }).click();
      await paywallHistory.getByRole('status').filter({ hasText: 'Restored version 1: now version 3.' }).waitFor();
      await page.locator('#paywall-version', { hasText: 'Version 3' }).waitFor();
      await expect(page.getByRole('form', { name: 'Edit paywall' }).getByLabel('Headline').inputValue()).resolves.toBe('Keep reading');
      await paywallVersions.nth(2).waitFor();
      expect((await paywallVersions.allTextContents()).map((t) => t.slice(0, 9))).toEqual(['Version 3', 'Version 2', 'Version 1']);

      // Two visitors read through that paywall (three free reads a week): five views, four free reads, one blocked; the overview says so.
      const paywallId = decodeURIComponent(new URL(page.url()).pathname.split('/').pop()!);

      // Strategies: one made from a starter (phones and tablets), shown in words; a flow the service refuses is explained; a saved change raises the version.
      await go(page, 'Paywalls', width);
      const strategyForm = page.getByRole('form', { name: 'New strategy' });
      await strategyForm.getByLabel('Name (required)', { exact: true }).fill('Mobile first');
      await strategyForm.getByLabel('For', { exact: true }).fill('articles');
      await strategyForm.getByLabel('Start from').selectOption('device');
      await strategyForm.getByLabel('Paywall for phones and tablets').selectOption(paywallId);
      await strategyForm.getByRole('button', { name: 'Create strategy' }).click();
      await page.getByRole('heading', { level: 1, name: 'Strategy Mobile first' }).waitFor();
      await page.locator('#strategy-version', { hasText: 'Version 1' }).waitFor();
      expect(await page.textContent('#flow-outline')).toMatch(/Phone or tablet\?.*checks device\.type in mobile, tablet: yes → Phones and tablets, no → Everyone else/);
      const strategyEditor = page.getByRole('form', { name: 'Edit strategy' });
      const flow = JSON.parse(await strategyEditor.getByLabel('Flow (JSON)').inputValue());
      await strategyEditor.getByLabel('Flow (JSON)').fill(JSON.stringify({ ...flow, fallback: 'nowhere' }, null, 2));
      await strategyEditor.getByRole('button', { name: 'Save strategy' }).click();
      const flowRefusal = (await strategyEditor.getByRole('alert').textContent())!;
      expect(flowRefusal).toMatch(/fallback/);
      expect(flowRefusal).not.toMatch(/[{}]/);
      await strategyEditor.getByLabel('Flow (JSON)').fill(JSON.stringify({ ...flow, nodes: flow.nodes.map((n: { id: string }) => (n.id === 'default' ? { ...n, label: 'Desktop readers' } : n)) }, null, 2));
      await strategyEditor.getByRole('button', { name: 'Save strategy' }).click();
      await strategyEditor.getByRole('status').filter({ hasText: 'Saved: now version 2.' }).waitFor();
      await page.locator('#flow-outline', { hasText: 'no → Desktop readers' }).waitFor();
      await audit(page, 'strategy', width);
      // The strategy's history: versions 2 and 1; version 1 as saved, its flow in words.
      const strategyHistory = page.getByRole('region', { name: 'History' });
      const strategyVersions = strategyHistory.getByRole('list', { name: 'Versions of this strategy' }).getByRole('listitem');
      await strategyVersions.nth(1).waitFor();
      expect((await strategyVersions.allTextContents()).map((t) => t.slice(0, 9))).toEqual(['Version 2', 'Version 1']);
      await strategyHistory.getByRole('button', { name: 'View version 1' }).click();
      await page.locator('#version-view-heading:focus', { hasText: 'Version 1 as saved' }).waitFor();
      expect(await page.textContent('#version-flow-outline')).toMatch(/no → Everyone else/);
      await audit(page, 'strategy-history', width);
      await page.getByRole('link', { name: 'Back to paywalls and strategies' }).click();
      await page.locator('#strategies', { hasText: 'Mobile first' }).waitFor();
      const visitor = (id: string) => ({ Authorization: `Basic ${Buffer.from(`${site.clientId}:${id}`).toString('base64')}` });
      for (const [who, article] of [['visitor-one-1234', 'a'], ['visitor-one-1234', 'b'], ['visitor-one-1234', 'c'], ['visitor-one-1234', 'd'], ['visitor-two-1234', 'a']]) {
        const read = await app.http.post(`/paywalls/${paywallId}/access`).set(visitor(who)).send({ publisherContentId: article, url: `https://daily.example/${article}` });
        expect(read.status).toBe(200);
      }
      await go(page, 'Overview', width);
      await page.locator('#figure-paywall-views', { hasText: '5' }).waitFor();
      const funnel = (await page.getByRole('figure', { name: 'Paywall funnel' }).textContent())!;
      expect(funnel).toMatch(/Free reads\s*4/);
      expect(funnel).toMatch(/Blocked reads\s*1/);
      await audit(page, 'overview-after-reads', width);

      // Access lists: a list, then a CSV import whose bad row is listed by line and column.
      await go(page, 'Access lists', width);
      const listForm = page.getByRole('form', { name: 'New access list' });
      await listForm.getByLabel('Name (required)', { exact: true }).fill('Harbour Library');
      await listForm.getByRole('button', { name: 'Create access list' }).click();
      await page.getByRole('link', { name: 'Harbour Library' }).click();
      await page.getByRole('heading', { level: 2, name: /Harbour Library/ }).waitFor();
      const grantee = `grantee@${v.vendorId}.example.com`;
      await page.getByLabel('Or paste the rows').fill(`email,sku,poId\n${grantee},daily-digital,team-yearly\nnot-an-address,daily-digital,team-yearly\n`);
      await page.getByRole('button', { name: 'Import' }).click();
      await page.locator('#import-result', { hasText: '1 created, 0 updated, 1 row with problems.' }).waitFor();
      expect(await page.textContent('#import-errors')).toMatch(/3\s*email/);
      await page.locator('#grants', { hasText: grantee }).waitFor();
      await audit(page, 'access-lists', width);
      expect(problems).toEqual([]);

      // Signing out comes back to the sign-in screen; signing in again asks for the password again.
      signedIn = false;
      await page.click('#sign-out');
      await page.locator('#portal-sign-in').waitFor();
      expect(await page.getByLabel('Publisher ID').inputValue()).toBe(v.vendorId);
      await page.click('#portal-sign-in');
      await page.locator('#password').waitFor();

      // The editor follows the invitation: signs up with the invited address, lands in the portal, and is offered no team or key management.
      const editor = `editor@${v.vendorId}.example.com`;
      const invited = await browser.newContext({ viewport: { width, height: width < 800 ? 844 : 900 } });
      const editorPage = await invited.newPage();
      try {
        await editorPage.goto(/(http\S+\/auth\/invitations\/\S+)/.exec(mail.body)![1]);
        await editorPage.click('#to-sign-up');
        await editorPage.fill('#email', editor);
        await editorPage.fill('#password', PASSWORD);
        await editorPage.click('#sign-up');
        await confirmSignUpFromMail(editorPage, app, editor);
        await editorPage.locator('#vendor-name', { hasText: 'The Daily Portal' }).waitFor();
        expect(await editorPage.textContent('.role')).toBe('(editor)');
        await go(editorPage, 'Team', width);
        await editorPage.getByText('Only owners see and manage the team').waitFor();
        expect(await editorPage.locator('form').count()).toBe(0);
        await go(editorPage, 'Developers', width);
        await editorPage.getByText('Only owners and admins see and manage API keys.').waitFor();
        // An editor sees the webhook endpoints but is offered no change to them.
        await editorPage.locator('#webhook-endpoints', { hasText: 'https://hooks.daily.example/kiosk' }).waitFor();
        expect(await editorPage.getByRole('form', { name: 'Add a webhook endpoint' }).count()).toBe(0);
        expect(await editorPage.locator('#webhook-endpoints button').count()).toBe(0);
        await go(editorPage, 'Contracts', width);
        await editorPage.getByText('can read this page but not change it').waitFor();
        expect(await editorPage.getByText('New invoiced contract').count()).toBe(0);
        await go(editorPage, 'Products', width);
        await editorPage.getByText('New product').waitFor();
        await audit(editorPage, 'editor-products', width);
      } finally {
        await invited.close();
      }
      } catch (error) {
        await page.screenshot({ path: `/tmp/portal-failure-${width}.png`, fullPage: true });
        throw error;
      } finally {
        await context.close();
      }
    },
    180_000,
  );
});
