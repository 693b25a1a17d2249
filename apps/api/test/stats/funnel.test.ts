import { settleEvents } from '../billing/support';
import { givenShop, pagePath, rowsOf } from '../checkout/support';
import { bearer, startTestApp, TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const today = () => app.clock.now().toISOString().slice(0, 10);
const pay = (checkoutUrl: string, extra: Record<string, string> = {}) =>
  app.http
    .post(pagePath(checkoutUrl, '/pay'))
    .type('form')
    .send({ cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123', ...extra });

/**
 * The journey the paywall component makes (issue 25): a visitor's checkout
 * started from the paywall with its attribution (paywall, article, strategy
 * node), paid on the hosted page, counts as one checkout started and one
 * conversion for that paywall in the statistics the portal's Overview reads.
 */
describe('the paywall funnel in GET /management/stats', () => {
  it("counts a visitor's checkout started from a paywall, and its payment as a conversion, from the outbox", async () => {
    const v = await givenShop(app);
    const write = bearer(await v.apiToken('full'));
    const paywall = (await app.http.post('/management/paywalls').set(write).send({ name: 'Metered', settings: { leaky: { enabled: true, count: 3, periodInHours: 24 } } }))
      .body as { id: string };
    const visitor = v.visitor();
    const attribution = { source: 'paywall', sourceId: paywall.id, publisherContentId: 'harbour', strategyNodeId: 'mobile-leaf' };
    const created = await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'news' }], redirectUrl: `https://${v.vendorId}.example.com/harbour`, attribution });
    expect(created.status).toBe(201);
    // The strategy node is kept and shown back (the service's own attribution field).
    expect(created.body.attribution).toEqual(attribution);

    const stats = async () => (await app.http.get('/management/stats').query({ from: today(), to: today() }).set(bearer(await v.apiToken('read')))).body;
    await settleEvents(app, v.vendorId);
    let report = await stats();
    expect(report.totals).toMatchObject({ checkoutsStarted: 1, conversions: 0 });
    expect(report.byPaywall).toEqual([{ paywallId: paywall.id, paywallViews: 0, freeReads: 0, blockedReads: 0, checkoutsStarted: 1, conversions: 0 }]);

    expect((await pay(created.body.checkoutUrl, { buyerEmail: `payer-${v.vendorId}@example.com` })).status).toBe(303);
    await settleEvents(app, v.vendorId);
    report = await stats();
    expect(report.totals).toMatchObject({ checkoutsStarted: 1, conversions: 1, newSubscribers: 1, revenue: [{ currency: 'SEK', amount: 99 }] });
    expect(report.byPaywall).toEqual([{ paywallId: paywall.id, paywallViews: 0, freeReads: 0, blockedReads: 0, checkoutsStarted: 1, conversions: 1 }]);
    expect(report.byProduct).toEqual([
      { sku: 'news', checkoutsStarted: 1, conversions: 1, newSubscribers: 1, lostSubscribers: 0, revenue: [{ currency: 'SEK', amount: 99 }] },
    ]);
    // The statistics' own record: the article and the strategy node are kept for the funnel.
    const [row] = await rowsOf(app, 'stats_checkout_funnel', 'vendor_id = $1', [v.vendorId]);
    expect(row).toMatchObject({ checkout_id: created.body.id, paywall_id: paywall.id, publisher_content_id: 'harbour', strategy_node_id: 'mobile-leaf', sku: 'news' });
    expect(row.completed_at).not.toBeNull();

    // Delivered again (at least once): counted once.
    await app.runtime.database.db.query(`UPDATE outbox SET processed_at = NULL, locked_until = NULL WHERE vendor_id = $1`, [v.vendorId]);
    await settleEvents(app, v.vendorId);
    expect((await stats()).totals).toMatchObject({ checkoutsStarted: 1, conversions: 1 });
  });

  it('counts a checkout whose attribution a change added, and forgets one a change moved away from the paywall; others are not counted', async () => {
    const v = await givenShop(app);
    const visitor = v.visitor();
    const plain = (await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'news' }] })).body;
    const other = (await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'book' }], attribution: { source: 'newsletter', sourceId: 'x' } })).body;
    const later = (await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'news' }] })).body;
    const moved = (await app.http.post('/checkouts').set(visitor.auth).send({ items: [{ sku: 'news' }], attribution: { source: 'paywall', sourceId: 'pw-b' } })).body;
    expect((await app.http.patch(`/checkouts/${later.id}`).set(visitor.auth).send({ attribution: { source: 'paywall', sourceId: 'pw-a' } })).status).toBe(200);
    expect((await app.http.patch(`/checkouts/${moved.id}`).set(visitor.auth).send({ attribution: { source: 'banner' } })).status).toBe(200);
    expect([plain.id, other.id]).toHaveLength(2);
    await settleEvents(app, v.vendorId);
    const report = (await app.http.get('/management/stats').query({ from: today(), to: today() }).set(bearer(await v.apiToken('read')))).body;
    expect(report.totals).toMatchObject({ checkoutsStarted: 1, conversions: 0 });
    expect(report.byPaywall).toEqual([{ paywallId: 'pw-a', paywallViews: 0, freeReads: 0, blockedReads: 0, checkoutsStarted: 1, conversions: 0 }]);
  });

  it('refuses a strategy node that is not text or too long (400), never a 500', async () => {
    const v = await givenShop(app);
    for (const strategyNodeId of [42, 'x'.repeat(501), { id: 'n' }]) {
      const res = await app.http.post('/checkouts').set(v.visitor().auth).send({ items: [{ sku: 'news' }], attribution: { source: 'paywall', sourceId: 'p', strategyNodeId } });
      expect([strategyNodeId, res.status, res.body.code]).toEqual([strategyNodeId, 400, 'REQUEST.INVALID']);
    }
  });
});
