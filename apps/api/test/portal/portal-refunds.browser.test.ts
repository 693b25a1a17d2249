import { CreateStaffUser, SignUp } from '@kiosk/domain/identity';
import { Browser, Page } from 'playwright-core';
import { givenShop, pagePath } from '../checkout/support';
import { describeWithChromium, launchChromium } from '../support/chromium';
import { startListeningApp } from '../support/harness';
import { audit, signInToPortal } from './portal-page-checks';

/**
 * Refunds from the portal (issue 27), at 1280 and 390 px: an owner finds a
 * reader who paid 99 kr by card (a checkout on the embedded processor) by
 * e-mail, refunds half in the refund dialog (prefilled with what is left,
 * Escape closes it), sees the refund row; asks too much and reads why in
 * plain words; refunds the rest and ends the access: the contract is
 * canceled, the bill's credit note can be downloaded and the "Refund"
 * button is gone. An editor (no `bills:write`) sees the
 * transactions but no "Refund". axe clean with the dialog open and after.
 */
const PASSWORD = 'correct horse battery staple';
const SPACE = '[\\s\\u00a0\\u202f]';
const kr = (amount: string) => new RegExp(`${amount}${SPACE}kr`);

let app: Awaited<ReturnType<typeof startListeningApp>>;
let browser: Browser;
let shop: Awaited<ReturnType<typeof givenShop>>;
const staffMail = (local: string) => `${local}@${shop.vendorId}.example.com`;

/** A reader who bought the monthly news (99 kr) on the hosted checkout with the embedded processor's succeeding card. */
async function paidReader() {
  const reader = await shop.reader();
  const created = await app.http.post('/checkouts').set(reader.auth).send({ items: [{ sku: 'news' }] });
  expect(created.status).toBe(201);
  const pay = await app.http
    .post(pagePath(created.body.checkoutUrl, '/pay'))
    .type('form')
    .send({ payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
  expect(pay.status).toBe(303);
  return reader;
}

async function signedIn(email: string, width: number) {
  return signInToPortal(browser, { baseUrl: app.baseUrl, vendorId: shop.vendorId, email, password: PASSWORD, width });
}

/** Opens the reader as staff do: the Readers page, searched by e-mail. */
async function openReader(page: Page, email: string) {
  await page.goto(`${app.baseUrl}/portal/readers`);
  await page.getByLabel('E-mail, name or reader ID').fill(email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.locator('#readers').getByRole('link', { name: email }).click();
  await page.getByRole('heading', { level: 1, name: email }).waitFor();
  await page.locator('#transactions tbody tr').first().waitFor();
}

describeWithChromium('refunds in the portal (headless Chromium, axe-core, 390 px and desktop)', () => {
  beforeAll(async () => {
    app = await startListeningApp(process.env.PORTAL_TEST_LOG ? { LOG_LEVEL: 'error' } : {});
    browser = await launchChromium();
    shop = await givenShop(app);
    const c = app.runtime.container;
    await c.get(SignUp).execute({ vendorId: shop.vendorId, email: staffMail('staff'), password: PASSWORD });
    await c.get(CreateStaffUser).execute({ vendorId: shop.vendorId, email: staffMail('editor'), role: 'editor' });
    await c.get(SignUp).execute({ vendorId: shop.vendorId, email: staffMail('editor'), password: PASSWORD });
  }, 90_000);

  afterAll(async () => {
    await browser?.close();
    await app?.close();
  });

  it.each([1280, 390])(
    'at %i px an owner refunds half a card payment, is told why too much is refused, refunds the rest ending the access, and gets the credit note',
    async (width) => {
      const reader = await paidReader();
      const { context, page, problems } = await signedIn(staffMail('staff'), width);
      const label = (name: string) => `refunds-${name}`;
      // The Idempotency-Key of each refund the page sends.
      const keys: string[] = [];
      page.on('request', (r) => r.method() === 'POST' && r.url().endsWith('/refund') && keys.push(r.headers()['idempotency-key'] ?? 'none'));
      try {
        await openReader(page, reader.email);
        const rows = page.locator('#transactions tbody tr');
        expect(await rows.allTextContents()).toEqual([expect.stringMatching(kr('99,00'))]);
        const refundButton = page.getByRole('button', { name: /^Refund the payment of 99,00/ });

        // The dialog: labelled, prefilled with all that is left, closed by Escape with focus back on its button.
        await refundButton.click();
        const dialog = page.getByRole('dialog', { name: 'Refund a payment' });
        await dialog.waitFor();
        const amount = dialog.getByLabel('Amount to refund (SEK)');
        expect(await amount.inputValue()).toBe('99,00');
        expect(await dialog.getByLabel(/End the reader’s access now/).isChecked()).toBe(false);
        await audit(page, label('dialog'), width);
        await page.keyboard.press('Escape');
        await dialog.waitFor({ state: 'detached' });
        await page.locator('button:focus', { hasText: /^Refund the payment of 99,00/ }).waitFor();

        // Half: the refund row appears, the payment says how much of it went back.
        await refundButton.click();
        await amount.fill('49,50');
        await dialog.getByRole('button', { name: 'Confirm refund' }).click();
        await page.locator('#refund-message', { hasText: /49,50.kr refunded\./ }).waitFor();
        await rows.nth(1).waitFor();
        const refundRow = rows.filter({ hasText: 'refund' }).filter({ hasNotText: 'payment' });
        expect(await refundRow.textContent()).toMatch(new RegExp(`−49,50${SPACE}kr`));
        expect(await rows.filter({ hasText: 'payment' }).textContent()).toMatch(new RegExp(`payment, 49,50${SPACE}kr refunded`));
        // Its credit note, for the half paid back, on the payment's row.
        const creditNotes = page.getByRole('button', { name: /^Credit note \d+ \(PDF\)/ });
        await creditNotes.first().waitFor();
        expect(await creditNotes.count()).toBe(1);
        expect(await creditNotes.first().textContent()).toMatch(new RegExp(`, 49,50${SPACE}kr$`));

        // Too much: said in plain words, nothing refunded; the dialog stays open to correct it.
        await refundButton.click();
        expect(await amount.inputValue()).toBe('49,50');
        await amount.fill('60');
        await dialog.getByRole('button', { name: 'Confirm refund' }).click();
        await dialog.getByRole('alert').filter({ hasText: kr('49,50') }).waitFor();
        expect(await dialog.getByRole('alert').textContent()).toMatch(/^That is more than is left to refund: at most 49,50.kr of this payment can still be paid back\.$/);
        await audit(page, label('too-much'), width);
        expect(await rows.count()).toBe(2);

        // The rest, ending the access: the bill is refunded, its credit note downloads, the contract is canceled, nothing is left to refund.
        await amount.fill('49,50');
        await dialog.getByLabel(/End the reader’s access now/).check();
        await dialog.getByRole('button', { name: 'Confirm refund' }).click();
        await dialog.waitFor({ state: 'detached' });
        await page.locator('#refund-message', { hasText: /49,50.kr refunded, and the reader’s access ended\./ }).waitFor();
        await page.getByRole('region', { name: 'Contracts of this reader' }).getByText('canceled', { exact: true }).waitFor();
        await rows.nth(2).waitFor();
        await creditNotes.nth(1).waitFor();
        expect(await creditNotes.count()).toBe(2);
        expect(await page.getByRole('button', { name: /^Refund the payment/ }).count()).toBe(0);
        const [file] = await Promise.all([page.waitForEvent('download'), creditNotes.nth(1).click()]);
        const second = /^Credit note (\d+)/.exec((await creditNotes.nth(1).textContent()) ?? '')![1];
        expect(file.suggestedFilename()).toBe(`credit-note-${second}.pdf`);
        const bills = page.getByRole('region', { name: 'Bills of this reader' });
        expect(await bills.textContent()).toContain('refunded');
        await audit(page, label('refunded'), width);
        // A key per opening (half; too much), and a new one after the refusal, which refunded nothing (the rest).
        expect(keys).toEqual([expect.stringMatching(/^portal-refund-/), expect.stringMatching(/^portal-refund-/), expect.stringMatching(/^portal-refund-/)]);
        expect(new Set(keys).size).toBe(3);
        expect(problems).toEqual([]);
      } catch (error) {
        await page.screenshot({ path: `/tmp/portal-refunds-failure-${width}.png`, fullPage: true });
        throw error;
      } finally {
        await context.close();
      }
    },
    120_000,
  );

  it('an editor (no bills:write) sees the payment but is offered no refund', async () => {
    const reader = await paidReader();
    const { context, page, problems } = await signedIn(staffMail('editor'), 1280);
    try {
      await openReader(page, reader.email);
      expect(await page.locator('#transactions tbody tr').allTextContents()).toEqual([expect.stringMatching(kr('99,00'))]);
      expect(await page.getByRole('button', { name: /Refund/ }).count()).toBe(0);
      expect(problems).toEqual([]);
    } finally {
      await context.close();
    }
  }, 60_000);
});
