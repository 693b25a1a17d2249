import { money } from '../../src/shared';
import { createUser } from '../../src/identity';
import { createInMemoryKiosk, InMemoryTagRepository, InMemoryUserMetadataRepository } from '../../src/testing';

const VENDOR = 'acme';
// Each article is its own content id; the subscription's product stands for the whole publication (`news`).
const article = (n: number) => ({ publisherContentId: `news-article-${n}`, url: `https://news.example.com/articles/${n}` });

/** The scenario the README shows: the same one the packed-package test runs from outside the repository. */
async function contractToEntitlementAndLeakyCount() {
  const kiosk = createInMemoryKiosk({ start: '2026-03-01T12:00:00.000Z' });
  await kiosk.catalog.addProduct(
    VENDOR,
    'news',
    { title: 'News', productType: 'publication', publisherContentId: 'news' },
    {
      id: 'po-month',
      name: 'Monthly',
      price: money(9_900, 'SEK'),
      taxIncluded: true,
      recurring: { interval: 'MONTH', time: 1 },
      seatsPerUnit: 1,
      minQuantity: 1,
      maxQuantity: 1,
    },
  );
  const paywall = await kiosk.paywalls.create.execute({
    vendorId: VENDOR,
    name: 'Metered',
    content: {
      currency: 'SEK',
      headline: 'Read on with a subscription',
      mainColor: '#0a7cff',
      settings: { leaky: { enabled: true, count: 2, periodInHours: 24 } },
      subscriptions: [{ id: 'sub-1', sku: 'news', poId: 'po-month', title: 'Monthly', price: 99, periodText: 'per month' }],
    },
  });
  return { kiosk, paywall };
}

describe('createInMemoryKiosk', () => {
  it('runs a contract from creation to an entitlement, and the paywall counts a visitor but not the subscriber', async () => {
    const { kiosk, paywall } = await contractToEntitlementAndLeakyCount();

    const visitor = [];
    for (const n of [1, 2, 3]) visitor.push(await kiosk.paywalls.access.execute({ vendorId: VENDOR, paywallId: paywall.id, visitorId: 'v-1', ...article(n) }));
    expect(visitor.map((a) => [a.status, a.remaining])).toEqual([
      ['allowed', 1],
      ['allowed', 0],
      ['blocked', 0],
    ]);

    const created = await kiosk.contracts.create.execute({
      vendorId: VENDOR,
      sku: 'news',
      purchaseOptionId: 'po-month',
      user: { email: 'reader@example.com' },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
    });
    expect(created.status).toBe('PENDING');
    const confirmed = await kiosk.contracts.confirm.execute({ vendorId: VENDOR, contractId: created.id });
    expect(confirmed.status).toBe('ACTIVE');
    expect(await kiosk.access.check.execute({ vendorId: VENDOR, userId: created.userId, sku: 'news' })).toBe(false);

    expect(await kiosk.deliverEvents()).toBeGreaterThanOrEqual(2);
    expect(kiosk.events.map((e) => e.type)).toEqual(expect.arrayContaining(['contract.created', 'contract.confirmed']));
    const entitlements = await kiosk.access.list.execute({ vendorId: VENDOR, userId: created.userId });
    expect(entitlements.map((e) => [e.sku, e.hasAccess, e.origin.id])).toEqual([['news', true, created.id]]);
    expect(kiosk.recorded.invoicing.sent).toHaveLength(1);

    const subscriber = await kiosk.paywalls.access.execute({ vendorId: VENDOR, paywallId: paywall.id, userId: created.userId, publisherContentId: 'news', url: 'https://news.example.com/' });
    expect(subscriber).toMatchObject({ status: 'allowed', reason: 'entitled' });
    // A day later the visitor's allowance is back.
    kiosk.clock.advance(25 * 60 * 60 * 1000);
    expect(await kiosk.paywalls.access.execute({ vendorId: VENDOR, paywallId: paywall.id, visitorId: 'v-1', ...article(5) })).toMatchObject({
      status: 'allowed',
      remaining: 1,
    });
  });

  it("gives a grant's entitlement to the user with its e-mail while it is in force, and the paywall lets them through", async () => {
    const { kiosk, paywall } = await contractToEntitlementAndLeakyCount();
    const rita = await kiosk.repositories.users.addOrGet(createUser({ id: 'rita', vendorId: VENDOR, email: 'rita@example.com' }, kiosk.clock.now()));
    const list = await kiosk.access.lists.create.execute({ vendorId: VENDOR, name: 'Press desk', description: null, type: 'MANUAL', status: 'ACTIVE', excludeFromStats: false });
    const ends = new Date(kiosk.clock.now().getTime() + 48 * 60 * 60 * 1000);
    const grant = await kiosk.access.lists.createGrant.execute({
      vendorId: VENDOR,
      listId: list.id,
      source: list.id,
      fields: { email: 'Rita@Example.com', sku: 'news', poId: 'po-month', status: 'ACTIVE', endsAt: ends },
    });
    const listed = await kiosk.access.list.execute({ vendorId: VENDOR, userId: rita.id });
    expect(listed.map((e) => [e.sku, e.hasAccess, e.origin])).toEqual([['news', true, { type: 'EXTERNAL', id: grant.id, listId: list.id, name: 'Press desk' }]]);
    expect(await kiosk.paywalls.access.execute({ vendorId: VENDOR, paywallId: paywall.id, userId: rita.id, publisherContentId: 'news', url: 'https://news.example.com/' })).toMatchObject({
      status: 'allowed',
      reason: 'entitled',
    });
    expect(kiosk.recorded.outbox.events.map((e) => e.type)).toEqual(['entitlement.granted']);

    kiosk.clock.advance(48 * 60 * 60 * 1000); // the end of the grant's period
    expect(await kiosk.access.check.execute({ vendorId: VENDOR, userId: rita.id, sku: 'news' })).toBe(false);
  });

  it('delivers each event once', async () => {
    const { kiosk } = await contractToEntitlementAndLeakyCount();
    expect(await kiosk.deliverEvents()).toBe(1);
    expect(kiosk.events.map((e) => e.type)).toEqual(['paywall.created']);
    expect(await kiosk.deliverEvents()).toBe(0);
  });
});

describe('in-memory engagement fakes', () => {
  it('refuse a change past the limit whole, as the port promises', async () => {
    const metadata = new InMemoryUserMetadataRepository();
    expect(await metadata.apply(VENDOR, 'u-1', { a: '1', b: '2' }, 2, new Date())).toBe('ok');
    expect(await metadata.apply(VENDOR, 'u-1', { c: '3' }, 2, new Date())).toBe('too_many');
    expect(await metadata.apply(VENDOR, 'u-1', { a: null, c: '3' }, 2, new Date())).toBe('ok');
    expect(await metadata.list(VENDOR, 'u-1')).toEqual({ b: '2', c: '3' });
    const tags = new InMemoryTagRepository();
    expect(await tags.add(VENDOR, 'u-1', 'sports', 1, new Date())).toBe('ok');
    expect(await tags.add(VENDOR, 'u-1', 'sports', 1, new Date())).toBe('ok');
    expect(await tags.add(VENDOR, 'u-1', 'culture', 1, new Date())).toBe('too_many');
    expect(await tags.list(VENDOR, 'u-1')).toEqual(['sports']);
  });
});
