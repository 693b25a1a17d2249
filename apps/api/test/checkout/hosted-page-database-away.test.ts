import { GetCheckout } from '@kiosk/domain/checkout';
import { startTestApp, TestApp } from '../support/harness';
import { givenShop, pagePath } from './support';

/**
 * The hosted checkout's pages while the database is away: the checkout cannot
 * be read, which is not "wrong link". The scale-out run (docs/operations.md)
 * saw a payment answered 404 during a PostgreSQL restart; it must be 503 with
 * Retry-After, so the buyer tries again instead of being told the link is bad.
 */

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const away = () => Object.assign(new Error('terminating connection due to administrator command'), { code: '57P01' });

it('a checkout page and its payment answer 503 with Retry-After, not the 404 wrong-link page, when the checkout cannot be read', async () => {
  const v = await givenShop(app);
  const r = await v.reader();
  const created = (await app.http.post('/checkouts').set(r.auth).send({ items: [{ sku: 'news' }] })).body;
  const get = app.runtime.container.get(GetCheckout);
  const spy = jest.spyOn(get, 'execute').mockRejectedValue(away());
  try {
    const page = await app.http.get(pagePath(created.checkoutUrl));
    expect(page.status).toBe(503);
    expect(page.headers['retry-after']).toBe('5');
    const pay = await app.http
      .post(pagePath(created.checkoutUrl, '/pay'))
      .type('form')
      .send({ payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
    expect(pay.status).toBe(503);
    expect(pay.headers['retry-after']).toBe('5');
    expect(spy).toHaveBeenCalled();
  } finally {
    spy.mockRestore();
  }
  // Once the checkout can be read again, the page is back.
  expect((await app.http.get(pagePath(created.checkoutUrl))).status).toBe(200);
});
