import { PaymentProvider } from '@kiosk/domain/checkout';
import { cardInTestMode, EmbeddedCardProcessor } from '../../src/checkout/payment-providers';
import { startTestApp, TestApp } from '../support/harness';
import { givenShop, pagePath } from './support';

/*
 * "Test mode" on every hosted page while the card provider moves no real
 * money (issue 25): the embedded processor always, stripe with a test key.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

describe('the test-mode banner of the hosted pages', () => {
  it('shows on the checkout page and its receipt with the embedded test processor', async () => {
    const v = await givenShop(app);
    const visitor = v.visitor();
    const created = (await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'book' }] })).body;
    const banner = /<p class="test-mode" role="note" id="test-mode"><strong>Test mode\.<\/strong> No money moves: pay with the test card 4242 4242 4242 4242\.<\/p>/;
    const page = await app.http.get(pagePath(created.checkoutUrl)).set('Accept', 'text/html');
    expect(page.status).toBe(200);
    expect(page.text).toMatch(banner);
    const paid = await app.http
      .post(pagePath(created.checkoutUrl, '/pay'))
      .type('form')
      .send({ buyerEmail: `buyer@${v.vendorId}.example.com`, cardNumber: '4242424242424242', expiry: '12/34', cvc: '123' });
    expect(paid.status).toBe(303);
    const receipt = await app.http.get(pagePath(created.checkoutUrl, '/receipt'));
    expect(receipt.status).toBe(200);
    expect(receipt.text).toMatch(banner);
  });

  it('is on for the embedded processor and a stripe test key, off for a live stripe key', () => {
    const stripe = { name: 'stripe' } as Pick<PaymentProvider, 'name'> as PaymentProvider; // only its name is read
    expect(cardInTestMode(new EmbeddedCardProcessor(), null)).toBe(true);
    expect(cardInTestMode(stripe, 'sk_test_51abc')).toBe(true);
    expect(cardInTestMode(stripe, 'rk_test_51abc')).toBe(true);
    expect(cardInTestMode(stripe, 'sk_live_51abc')).toBe(false);
  });
});
