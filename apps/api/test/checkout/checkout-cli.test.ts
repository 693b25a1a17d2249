import { Command } from 'commander';
import { registerCheckoutCommands } from '../../src/checkout/checkout.cli';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { givenShop } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

/** Runs `kiosk <args>` against the test runtime and answers what it printed. */
async function kiosk(...args: string[]): Promise<unknown> {
  let printed: unknown;
  const program = new Command('kiosk').exitOverride();
  registerCheckoutCommands(program, async (work) => {
    printed = await work(app.runtime);
  });
  await program.parseAsync(['node', 'kiosk', ...args]);
  return JSON.parse(JSON.stringify(printed));
}

const DEFAULTS = {
  allowedMethods: null,
  lifetimeHours: 24,
  businessEnabled: true,
  giftEnabled: true,
  invoiceForBusiness: false,
  termsUrl: null,
  privacyUrl: null,
  defaultLanguage: null,
  color: '#1d4ed8',
};

describe('checkout settings from the command line and over HTTP', () => {
  it('shows the defaults, changes them, and the management route answers the same', async () => {
    const v = await givenShop(app);
    expect(await kiosk('checkout-settings:show', '--vendor', v.vendorId)).toEqual(DEFAULTS);
    const changed = await kiosk(
      'checkout-settings:set', '--vendor', v.vendorId, '--method', 'embedded:card', '--lifetime-hours', '48', '--gift', 'false',
      '--invoice-for-business', 'true', '--terms-url', 'https://shop.example.com/terms', '--color', '#aa3300',
      '--privacy-url', 'https://legal.example.org/privacy', '--default-language', 'sv',
    );
    const expected = {
      ...DEFAULTS,
      allowedMethods: [{ provider: 'embedded', methods: ['card'] }],
      lifetimeHours: 48,
      giftEnabled: false,
      invoiceForBusiness: true,
      termsUrl: 'https://shop.example.com/terms',
      privacyUrl: 'https://legal.example.org/privacy',
      defaultLanguage: 'sv',
      color: '#aa3300',
    };
    expect(changed).toEqual(expected);
    const read = await app.http.get('/management/checkout-settings').set(bearer(await v.apiToken('read')));
    expect(read.status).toBe(200);
    expect(read.body).toEqual(expected);
    // Only the embedded card is allowed: a business buyer gets no invoice.
    const r = await v.reader();
    const checkout = await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'book' }], isBusiness: true });
    expect(checkout.body.availablePaymentMethods).toEqual([{ provider: 'embedded', methods: ['card'] }]);
    expect(await kiosk('checkout-settings:set', '--vendor', v.vendorId, '--method', 'all', '--terms-url', 'none', '--privacy-url', 'none', '--default-language', 'none')).toMatchObject({
      allowedMethods: null,
      termsUrl: null,
      privacyUrl: null,
      defaultLanguage: null,
    });
  });

  it('the management routes: read key may read, not change; bad values are 400', async () => {
    const v = await givenShop(app);
    const read = bearer(await v.apiToken('read'));
    const full = bearer(await v.apiToken('full'));
    expect((await app.http.patch('/management/checkout-settings').set(read).send({ giftEnabled: false })).status).toBe(403);
    const hostile = [
      { lifetimeHours: 0 }, { color: 'red' }, { termsUrl: 'ftp://x' }, { nope: true },
      // Terms and privacy: https only (any host), a real address, no credentials; the default language one the service speaks.
      { termsUrl: 'http://shop.example.com/terms' }, { privacyUrl: 'javascript:alert(1)' }, { privacyUrl: 'https://' }, { privacyUrl: 'https://user:pw@example.com/p' },
      { privacyUrl: `https://example.com/${'p'.repeat(2050)}` }, { privacyUrl: 42 }, { defaultLanguage: 'de' }, { defaultLanguage: 'SV' }, { defaultLanguage: ['sv'] },
    ];
    for (const body of hostile) {
      const res = await app.http.patch('/management/checkout-settings').set(full).send(body);
      expect([JSON.stringify(body), res.status]).toEqual([JSON.stringify(body), 400]);
    }
    expect((await app.http.get('/management/checkout-settings')).status).toBe(401);
    // The refused values changed nothing; accepted ones show as sent, and null clears them.
    expect((await app.http.get('/management/checkout-settings').set(read)).body).toMatchObject({ termsUrl: null, privacyUrl: null, defaultLanguage: null });
    const set = await app.http.patch('/management/checkout-settings').set(full).send({ privacyUrl: 'https://legal.example.org/privacy', defaultLanguage: 'sv' });
    expect(set.status).toBe(200);
    expect(set.body).toMatchObject({ privacyUrl: 'https://legal.example.org/privacy', defaultLanguage: 'sv' });
    const cleared = await app.http.patch('/management/checkout-settings').set(full).send({ privacyUrl: null, defaultLanguage: null });
    expect(cleared.body).toMatchObject({ privacyUrl: null, defaultLanguage: null });
  });
});
