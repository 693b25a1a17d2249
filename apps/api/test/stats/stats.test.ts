import { CreateContract, RequestCancel } from '@kiosk/domain/contracts';
import { CreateStaffUser, IssueUserToken } from '@kiosk/domain/identity';
import { settleEvents } from '../billing/support';
import { givenShop, pagePath } from '../checkout/support';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const today = () => app.clock.now().toISOString().slice(0, 10);

/**
 * A shop whose paywall lets two articles a day through: reader one reads
 * a, b and c (the third is blocked), reader two reads a twice (the second is
 * free); reader one starts two checkouts from the paywall and pays for one
 * (news, 99 SEK a month); an invoiced contract for the book is confirmed.
 */
async function givenActivity() {
  const v = await givenShop(app);
  const write = bearer(await v.apiToken('full'));
  const paywall = (await app.http.post('/management/paywalls').set(write).send({ name: 'Metered', settings: { leaky: { enabled: true, count: 2, periodInHours: 24 } } }))
    .body as { id: string };
  const one = await v.reader();
  const two = await v.reader();
  const read = (auth: Record<string, string>, id: string) =>
    app.http.post(`/paywalls/${paywall.id}/access`).set(auth).send({ publisherContentId: id, url: `https://news.example.com/${id}` });
  const decisions = [];
  for (const [reader, id] of [[one, 'a'], [one, 'b'], [one, 'c'], [two, 'a'], [two, 'a']] as const) {
    const res = await read(reader.auth, id);
    expect(res.status).toBe(200);
    decisions.push(res.body.status);
  }
  expect(decisions).toEqual(['allowed', 'allowed', 'blocked', 'allowed', 'allowed']);

  const attribution = { source: 'paywall', sourceId: paywall.id };
  const paid = (await app.http.post('/checkouts').set(one.auth).send({ items: [{ sku: 'news' }], attribution })).body;
  await app.http.post('/checkouts').set(one.auth).send({ items: [{ sku: 'news' }], attribution }).expect(201);
  await app.http.post('/checkouts').set(two.auth).send({ items: [{ sku: 'news' }] }).expect(201);
  const pay = await app.http
    .post(pagePath(paid.checkoutUrl, '/pay'))
    .type('form')
    .send({ payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' });
  expect(pay.status).toBe(303);

  const book = await app.runtime.container.get(CreateContract).execute({
    vendorId: v.vendorId,
    sku: 'book',
    purchaseOptionId: 'book-once',
    user: { email: `buyer@${v.vendorId}.example.com` },
    payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
    confirm: true,
  });
  // The funnel is counted from the outbox's checkout events (the running service's worker does this on its own).
  await settleEvents(app, v.vendorId);
  return { ...v, paywall, bookContractId: book.id, token: await v.apiToken('read') };
}

describe('GET /management/stats', () => {
  it('counts views, free and blocked reads, checkouts from the paywall, conversions, subscribers and revenue by day', async () => {
    const v = await givenActivity();
    const day = today();
    const res = await app.http.get('/management/stats').query({ from: day, to: day }).set(bearer(v.token));
    expect(res.status).toBe(200);
    const figures = {
      paywallViews: 5,
      freeReads: 4,
      blockedReads: 1,
      checkoutsStarted: 2,
      conversions: 1,
      newSubscribers: 2,
      lostSubscribers: 0,
      revenue: [{ currency: 'SEK', amount: 99 }],
    };
    expect(res.body).toEqual({
      from: day,
      to: day,
      paywallId: null,
      sku: null,
      days: [{ day, ...figures }],
      totals: figures,
      byPaywall: [{ paywallId: v.paywall.id, paywallViews: 5, freeReads: 4, blockedReads: 1, checkoutsStarted: 2, conversions: 1 }],
      byProduct: [
        { sku: 'book', checkoutsStarted: 0, conversions: 0, newSubscribers: 1, lostSubscribers: 0, revenue: [] },
        { sku: 'news', checkoutsStarted: 2, conversions: 1, newSubscribers: 1, lostSubscribers: 0, revenue: [{ currency: 'SEK', amount: 99 }] },
      ],
    });

    // One paywall: its reads, and what its checkouts led to (not the invoiced book).
    const byPaywall = await app.http.get('/management/stats').query({ from: day, to: day, paywallId: v.paywall.id }).set(bearer(v.token));
    expect(byPaywall.body.totals).toEqual({ ...figures, newSubscribers: 1 });
    const otherPaywall = await app.http.get('/management/stats').query({ from: day, to: day, paywallId: 'nope' }).set(bearer(v.token));
    expect(otherPaywall.body.totals).toMatchObject({ paywallViews: 0, checkoutsStarted: 0, newSubscribers: 0, revenue: [] });
    // One product.
    const book = await app.http.get('/management/stats').query({ from: day, to: day, sku: 'book' }).set(bearer(v.token));
    expect(book.body.totals).toMatchObject({ checkoutsStarted: 0, conversions: 0, newSubscribers: 1, revenue: [] });

    // A contract canceled at once is a lost subscriber of its day.
    await app.runtime.container.get(RequestCancel).execute({ vendorId: v.vendorId, contractId: v.bookContractId, reason: 'changed my mind' });
    const lost = await app.http.get('/management/stats').query({ from: day, to: day, sku: 'book' }).set(bearer(v.token));
    expect(lost.body.totals).toMatchObject({ newSubscribers: 1, lostSubscribers: 1 });

    // A longer period: every day listed, zero where nothing happened.
    const from = new Date(app.clock.now().getTime() - 6 * 86_400_000).toISOString().slice(0, 10);
    const week = await app.http.get('/management/stats').query({ from, to: day }).set(bearer(v.token));
    expect(week.body.days).toHaveLength(7);
    expect(week.body.days[0]).toMatchObject({ day: from, paywallViews: 0, revenue: [] });
    expect(week.body.totals).toEqual({ ...figures, lostSubscribers: 1 });
  });

  it("shows a vendor only its own figures, to API keys with stats:views:read and to every staff role", async () => {
    const v = await givenActivity();
    const other = await givenVendor(app);
    const day = today();
    const foreign = await app.http.get('/management/stats').query({ from: day, to: day }).set(bearer(await other.apiToken('read')));
    expect(foreign.status).toBe(200);
    expect(foreign.body.totals).toEqual({
      paywallViews: 0, freeReads: 0, blockedReads: 0, checkoutsStarted: 0, conversions: 0, newSubscribers: 0, lostSubscribers: 0, revenue: [],
    });
    expect(foreign.body.byPaywall).toEqual([]);
    const foreignPaywall = await app.http.get('/management/stats').query({ from: day, to: day, paywallId: v.paywall.id }).set(bearer(await other.apiToken('read')));
    expect(foreignPaywall.body.totals.paywallViews).toBe(0);

    const narrow = await app.http.get('/management/stats').query({ from: day, to: day }).set(bearer(await v.apiToken('read', [], 'products:read')));
    expect(narrow.status).toBe(403);
    const c = app.runtime.container;
    const viewer = await c.get(CreateStaffUser).execute({ vendorId: v.vendorId, email: `viewer@${v.vendorId}.example.com`, role: 'viewer' });
    const viewerToken = (await c.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: viewer.id })).accessToken;
    const seen = await app.http.get('/management/stats').query({ from: day, to: day }).set(bearer(viewerToken));
    expect(seen.status).toBe(200);
    expect(seen.body.totals.paywallViews).toBe(5);
    expect((await app.http.get('/management/stats').query({ from: day, to: day })).status).toBe(401);
  });

  it('refuses periods that are reversed, too long or not days (400), never a 500', async () => {
    const v = await givenVendor(app);
    const token = bearer(await v.apiToken('read'));
    const cases: [Record<string, string>, string][] = [
      [{ from: '2026-03-02', to: '2026-03-01' }, 'STATS.BAD_RANGE'],
      [{ from: '2025-01-01', to: '2026-01-02' }, 'STATS.RANGE_TOO_LONG'],
      [{ from: '2026-02-30', to: '2026-03-01' }, 'STATS.BAD_DATE'],
      [{ from: '2026-13-01', to: '2026-03-01' }, 'STATS.BAD_DATE'],
      [{ from: 'yesterday', to: '2026-03-01' }, 'REQUEST.INVALID'],
      [{ to: '2026-03-01' }, 'REQUEST.INVALID'],
      [{ from: '2026-03-01' }, 'REQUEST.INVALID'],
    ];
    for (const [query, code] of cases) {
      const res = await app.http.get('/management/stats').query(query).set(token);
      expect([query, res.status]).toEqual([query, 400]);
      if (code !== 'REQUEST.INVALID') expect(res.body.code).toBe(code);
    }
    const year = await app.http.get('/management/stats').query({ from: '2024-01-01', to: '2024-12-31' }).set(token);
    expect(year.status).toBe(200);
    expect(year.body.days).toHaveLength(366);
    const repeated = await app.http.get('/management/stats?from=2026-01-01&from=2026-01-02&to=2026-01-03').set(token);
    expect(repeated.status).toBe(400);
  });
});
