import { RegisterBrowserClient, SignUp } from '@kiosk/domain/identity';
import { Browser } from 'playwright-core';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { bearer, givenVendor, startListeningApp } from '../support/harness';
import { audit, go, signInToPortal } from './portal-page-checks';

/**
 * The portal shows people, not ids (issue 27), at 1280 and 390 px: lists of
 * contracts and bills name each reader (name and e-mail) and are searched
 * by e-mail; a contract links its reader and one set to cancel "ends on" a
 * day; staff are marked and not listed among readers; bills show their
 * invoice numbers; money is written in a SEK publisher's way and its forms
 * offer SEK. Every page passes axe, with nothing wider than its card, and
 * leaves a screenshot in /tmp/portal-people-*.png. Set up through the API.
 */
const PASSWORD = 'correct horse battery staple';
const SPACE = '[\\s\\u00a0\\u202f]';

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;
let vendor: Awaited<ReturnType<typeof givenVendor>>;
let owner: string;
const mail = (local: string) => `${local}@${vendor.vendorId}.example.com`;
let anna: { contractId: string; invoiceNumber: string };

async function signedIn(width: number) {
  return signInToPortal(browser, { baseUrl: app.baseUrl, vendorId: vendor.vendorId, email: owner, password: PASSWORD, width });
}

describeWithChromium('the portal names people (headless Chromium, axe-core, 390 px and desktop)', () => {
  beforeAll(async () => {
    app = await startListeningApp(process.env.PORTAL_TEST_LOG ? { LOG_LEVEL: 'error' } : {});
    browser = await launchChromium();
    const c = app.runtime.container;
    vendor = await givenVendor(app);
    await app.runtime.database.db.query(`UPDATE vendors SET name = 'Norra Tidningen' WHERE id = $1`, [vendor.vendorId]);
    await c.get(RegisterBrowserClient).execute({ vendorId: vendor.vendorId, name: 'Norra', redirectUris: ['https://norra.example/after'] });
    owner = mail('staff');
    await c.get(SignUp).execute({ vendorId: vendor.vendorId, email: owner, password: PASSWORD });
    // A SEK publisher: one yearly subscription at 1,200 kr; three buyers, one of them its own staff member.
    await vendor.product('news');
    const full = bearer(await vendor.apiToken('full', ['contracts:write']));
    const buy = async (email: string, names: Record<string, string> = {}) => {
      const res = await app.http
        .post('/management/contracts')
        .set(full)
        .send({ sku: 'news', purchaseOptionId: 'news-yearly', user: { email, ...names }, payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' }, confirm: true });
      expect(res.status).toBe(201);
      return res.body.id as string;
    };
    const annaContract = await buy(mail('anna.svensson'), { firstName: 'Anna', lastName: 'Svensson' });
    await buy(mail('bo'));
    await buy(owner);
    // Anna pays and then cancels: her contract runs to the end of its year.
    const [bill] = (await app.http.get('/management/bills').query({ email: mail('anna.svensson') }).set(full)).body as { id: string; invoiceNumber: string }[];
    expect((await app.http.post(`/management/bills/${bill.id}/payments`).set(full).send({})).status).toBe(201);
    expect((await app.http.post(`/management/contracts/${annaContract}/cancel`).set(full).send({ reason: 'CUSTOMER_REQUEST' })).status).toBe(200);
    anna = { contractId: annaContract, invoiceNumber: bill.invoiceNumber };
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each([1280, 390])(
    'at %i px contracts and bills name their readers and are found by e-mail, staff are marked, money is in kronor',
    async (width) => {
      const { context, page, problems } = await signedIn(width);
      const label = (name: string) => `people-${name}`;
      try {
        expect(anna.invoiceNumber).toMatch(/^\d{6}$/);
        // Overview: revenue in kronor, written the Swedish way.
        await page.locator('#overview-figures').waitFor();
        expect(await page.textContent('#figure-revenue')).toMatch(new RegExp(`^1${SPACE}200,00${SPACE}kr$`));
        await audit(page, label('overview'), width);

        // Contracts: each with its reader; Anna by name over her e-mail, the staff member marked; set to cancel reads "ends on".
        await go(page, 'Contracts', width);
        const rows = page.locator('#contracts tbody tr');
        await rows.nth(2).waitFor();
        const annaRow = rows.filter({ hasText: mail('anna.svensson') });
        await annaRow.getByRole('link', { name: 'Anna Svensson' }).waitFor();
        expect(await annaRow.textContent()).toMatch(/ends on \w{3} \d{1,2}, \d{4}/);
        expect(await annaRow.textContent()).not.toMatch(/active/);
        await rows.filter({ hasText: mail('bo') }).getByRole('link', { name: mail('bo') }).waitFor();
        expect(await rows.filter({ hasText: mail('bo') }).textContent()).toMatch(/active/);
        expect(await rows.filter({ hasText: owner }).locator('.staff-tag').textContent()).toBe('staff');
        expect(await page.locator('#contracts').textContent()).not.toMatch(/[0-9a-f]{8}-[0-9a-f]{4}-/);
        await audit(page, label('contracts'), width);
        // Searched by e-mail, any case; nobody's e-mail finds nothing, said in words.
        const filter = page.getByRole('form', { name: 'Filter contracts' });
        await filter.getByLabel("Reader's e-mail or ID").fill(mail('Anna.Svensson').toUpperCase());
        await filter.getByRole('button', { name: 'Filter' }).click();
        await page.locator('#contracts tbody tr').nth(1).waitFor({ state: 'detached' });
        expect(await page.locator('#contracts tbody tr').allTextContents()).toEqual([expect.stringContaining('Anna Svensson')]);
        await filter.getByLabel("Reader's e-mail or ID").fill(mail('nobody'));
        await filter.getByRole('button', { name: 'Filter' }).click();
        await page.getByText(`No contracts of ${mail('nobody')} match.`).waitFor();

        // A contract links its reader (name and e-mail) and says when it ends; its bill shows the invoice number.
        await page.goto(`${app.baseUrl}/portal/contracts/${anna.contractId}`);
        await page.locator('#contract-reader').getByRole('link', { name: 'Anna Svensson' }).waitFor();
        expect(await page.textContent('#contract-reader')).toContain(mail('anna.svensson'));
        expect(await page.textContent('#contract-status')).toMatch(/^ends on /);
        await page.locator('#bills tbody tr', { hasText: anna.invoiceNumber }).waitFor();
        expect(await page.textContent('#contract-facts')).toMatch(new RegExp(`1${SPACE}200,00${SPACE}kr every year`));
        await audit(page, label('contract'), width);
        await page.locator('#contract-reader').getByRole('link').click();
        await page.getByRole('heading', { level: 1, name: mail('anna.svensson') }).waitFor();

        // Bills: invoice number, reader and amount; searched by e-mail.
        await go(page, 'Bills', width);
        const bills = page.locator('#ledger-bills tbody tr');
        await bills.nth(2).waitFor();
        const annaBill = bills.filter({ hasText: anna.invoiceNumber });
        await annaBill.getByRole('link', { name: 'Anna Svensson' }).waitFor();
        expect(await annaBill.textContent()).toMatch(new RegExp(`1${SPACE}200,00${SPACE}kr.*paid`));
        expect(await bills.filter({ hasText: owner }).locator('.staff-tag').count()).toBe(1);
        await audit(page, label('bills'), width);
        const billFilter = page.getByRole('form', { name: 'Filter bills' });
        await billFilter.getByLabel("Reader's e-mail or ID").fill(mail('bo'));
        await billFilter.getByRole('button', { name: 'Filter' }).click();
        await bills.nth(1).waitFor({ state: 'detached' });
        expect(await bills.allTextContents()).toEqual([expect.stringContaining(mail('bo'))]);

        // Readers: staff are not among them; the staff member's own page says so.
        await go(page, 'Readers', width);
        await page.locator('#readers', { hasText: mail('bo') }).waitFor();
        expect(await page.locator('#readers tbody tr').count()).toBe(2);
        expect(await page.textContent('#readers')).not.toContain(owner);
        await audit(page, label('readers'), width);
        await go(page, 'Contracts', width);
        await page.locator('#contracts tbody tr', { hasText: owner }).getByRole('link', { name: owner }).click();
        await page.locator('#reader-staff', { hasText: 'A staff member of this publisher' }).waitFor();

        // Team: the role picker is in view, not cut off.
        await go(page, 'Team', width);
        const picker = page.getByRole('combobox', { name: `Role of ${owner}` });
        await picker.waitFor();
        const box = (await picker.boundingBox())!;
        expect(box.x + box.width).toBeLessThanOrEqual(width);
        await audit(page, label('team'), width);

        // Products: a SEK publisher's price forms offer SEK.
        await go(page, 'Products', width);
        await page.getByRole('button', { name: 'Add a purchase option to Product news' }).click();
        expect(await page.getByRole('form', { name: 'Add a purchase option to news' }).getByLabel('Currency').inputValue()).toBe('SEK');
        expect(problems).toEqual([]);
      } catch (error) {
        await page.screenshot({ path: `/tmp/portal-people-failure-${width}.png`, fullPage: true });
        throw error;
      } finally {
        await context.close();
      }
    },
    120_000,
  );
});
