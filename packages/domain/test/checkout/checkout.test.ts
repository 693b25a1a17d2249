import { createProduct, createPurchaseOption } from '../../src/catalog';
import {
  CheckoutPricing,
  CheckoutSale,
  CompleteCheckout,
  ConfirmCheckoutPayment,
  CreateCheckout,
  GetCheckout,
  PayCheckout,
  UpdateCheckout,
  availablePaymentMethods,
} from '../../src/checkout';
import { createDiscountCode } from '../../src/contracts';
import { money } from '../../src/shared';
import {
  FakeClock,
  InMemoryCheckoutRepository,
  InMemoryCheckoutSettingsRepository,
  InMemoryDiscountCodeRepository,
  InMemoryProductRepository,
  InMemoryPurchaseOptionRepository,
  ScriptedPaymentProvider,
  SequentialIds,
} from '../../src/testing';

const V = 'acme';
const T0 = new Date('2026-01-01T00:00:00.000Z');
const HOUR = 3_600_000;

async function setup() {
  const clock = new FakeClock(T0);
  const products = new InMemoryProductRepository();
  const options = new InMemoryPurchaseOptionRepository();
  const codes = new InMemoryDiscountCodeRepository();
  const settings = new InMemoryCheckoutSettingsRepository();
  const checkouts = new InMemoryCheckoutRepository();
  await products.add(createProduct(V, 'news', { title: 'News', productType: 'publication' }, T0));
  await products.add(createProduct(V, 'book', { title: 'A book', productType: 'ebook', publisherContentId: 'a-book' }, T0));
  const po = { vendorId: V, taxIncluded: true, seatsPerUnit: 1, minQuantity: 1, maxQuantity: 1 };
  await options.add(createPurchaseOption({ ...po, id: 'news-month', sku: 'news', name: 'Monthly', price: money(9900, 'SEK'), recurring: { interval: 'MONTH', time: 1 } }, T0));
  await options.add(createPurchaseOption({ ...po, id: 'book-once', sku: 'book', name: 'Once', price: money(4950, 'SEK'), recurring: null }, T0));
  await codes.add(
    createDiscountCode({
      id: 'd1', vendorId: V, code: 'HALF', name: 'Half', description: 'Half off', value: { kind: 'percentage', percentage: 50 },
      duration: { kind: 'bills', count: 1 }, validFrom: null, validUntil: null, purchaseOptionIds: ['news-month'], maxRedemptions: null,
    }),
  );
  const owned = new Set<string>();
  const pricing = new CheckoutPricing(products, options, codes, { owns: async (_v, u, sku) => owned.has(`${u}/${sku}`) }, settings, () => 'embedded');
  const ids = new SequentialIds('co');
  const provider = new ScriptedPaymentProvider();
  const providers = { card: provider, find: (n: string) => (n === 'embedded' ? provider : null) };
  const sales: string[] = [];
  const sale: CheckoutSale = {
    sell: async ({ checkout }) => {
      sales.push(checkout.id);
      return { payer: { id: 'u1', email: 'r@x.example' }, contractIds: checkout.items.map((i) => `contract-${i.sku}`) };
    },
  };
  const complete = new CompleteCheckout(checkouts, sale, clock);
  return {
    clock, owned, settings, checkouts, provider, sales,
    create: new CreateCheckout(checkouts, pricing, ids, clock),
    get: new GetCheckout(checkouts),
    update: new UpdateCheckout(checkouts, pricing, clock),
    pay: new PayCheckout(checkouts, providers, complete, clock),
    confirm: new ConfirmCheckoutPayment(checkouts, providers, complete, clock),
    complete,
  };
}

const reader = { kind: 'user' as const, userId: 'u1' };
const visitor = { kind: 'visitor' as const, visitorId: 'vis-1' };

describe('checkout pricing', () => {
  it('prices items from the price list; RECURRING when an item recurs; 24 h lifetime', async () => {
    const s = await setup();
    const c = (await s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'news', purchaseOptionId: 'news-month' }, { url: 'https://site.example/books/a-book' }] } })).toSnapshot();
    expect(c.price).toEqual(money(14850, 'SEK'));
    expect(c.type).toBe('RECURRING');
    expect(c.status).toBe('PENDING');
    expect(c.items.map((i) => [i.sku, i.purchaseOptionId, i.url])).toEqual([['news', 'news-month', null], ['book', 'book-once', 'https://site.example/books/a-book']]);
    expect(c.expiresAt.getTime() - T0.getTime()).toBe(24 * HOUR);
  });

  it('checks request prices, never trusts them', async () => {
    const s = await setup();
    await expect(s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'book', price: 1 }] } })).rejects.toMatchObject({ code: 'CHECKOUT.PRICE_MISMATCH' });
    await expect(s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'book', currency: 'EUR' }] } })).rejects.toMatchObject({ code: 'CHECKOUT.PRICE_MISMATCH' });
    await expect(s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'book' }], price: 10 } })).rejects.toMatchObject({ code: 'CHECKOUT.PRICE_MISMATCH' });
    const ok = await s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'book', price: 49.5, currency: 'SEK' }], price: 49.5 } });
    expect(ok.price.minor).toBe(4950);
  });

  it('applies the first applicable discount code; others are UNAPPLICABLE', async () => {
    const s = await setup();
    const c = await s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'news' }, { sku: 'book' }], requestedDiscountCodes: ['nope', 'half', 'HALF2'] } });
    expect(c.appliedDiscountCodes.map((a) => [a.code, a.status])).toEqual([['NOPE', 'UNAPPLICABLE'], ['HALF', 'APPLIED'], ['HALF2', 'UNAPPLICABLE']]);
    expect(c.price.minor).toBe(4950 + 4950);
  });

  it('lists items the reader owns', async () => {
    const s = await setup();
    s.owned.add('u1/book');
    const c = await s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'book' }] } });
    expect(c.toSnapshot().itemsOwned).toEqual([{ sku: 'book', purchaseOptionId: 'book-once', title: 'A book' }]);
  });

  it('narrows payment methods by vendor settings and the request filter', () => {
    const base = { cardProvider: 'embedded', vendorAllowed: null, invoiceForBusiness: true, isBusiness: true, filter: null };
    expect(availablePaymentMethods(base)).toEqual([{ provider: 'embedded', methods: ['card'] }, { provider: 'invoice', methods: ['invoice'] }]);
    expect(availablePaymentMethods({ ...base, filter: [{ provider: 'invoice', methods: ['invoice'] }] })).toEqual([{ provider: 'invoice', methods: ['invoice'] }]);
    expect(availablePaymentMethods({ ...base, isBusiness: false })).toEqual([{ provider: 'embedded', methods: ['card'] }]);
    expect(availablePaymentMethods({ ...base, vendorAllowed: [{ provider: 'embedded', methods: ['card'] }] })).toEqual([{ provider: 'embedded', methods: ['card'] }]);
  });
});

describe('checkout lifecycle', () => {
  it('another owner gets not found', async () => {
    const s = await setup();
    const c = await s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'book' }] } });
    await expect(s.get.execute({ vendorId: V, checkoutId: c.id, owner: visitor })).rejects.toMatchObject({ code: 'CHECKOUT.NOT_FOUND' });
    await expect(s.get.execute({ vendorId: 'other', checkoutId: c.id, owner: reader })).rejects.toMatchObject({ code: 'CHECKOUT.NOT_FOUND' });
  });

  it('payment enforces requireAddress, fieldSettings and e-mail, listing every missing field', async () => {
    const s = await setup();
    const c = await s.create.execute({
      vendorId: V, owner: visitor,
      request: { items: [{ sku: 'book' }], requireAddress: true, fieldSettings: { phone: { enabled: true, required: true } } },
    });
    await expect(s.pay.execute({ vendorId: V, checkoutId: c.id, owner: visitor, input: {} })).rejects.toMatchObject({
      code: 'CHECKOUT.INCOMPLETE',
      details: { missing: ['email', 'phoneNumber', 'address.street', 'address.zip', 'address.city', 'address.country'] },
    });
    expect(s.provider.charges).toBe(0);
  });

  it('geo restrictions are judged by the buyer country', async () => {
    const s = await setup();
    const c = await s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'book', geoRestrictions: { type: 'ALLOW', countries: ['SE'] } }], country: 'NO' } });
    await expect(s.pay.execute({ vendorId: V, checkoutId: c.id, owner: reader, input: {} })).rejects.toMatchObject({ code: 'CHECKOUT.GEO_RESTRICTED' });
    await s.update.execute({ vendorId: V, checkoutId: c.id, owner: reader, request: { country: 'SE' } });
    expect((await s.pay.execute({ vendorId: V, checkoutId: c.id, owner: reader, input: {} })).status).toBe('COMPLETED');
  });

  it('a declined payment leaves it PENDING and sells nothing; success completes once', async () => {
    const s = await setup();
    const c = await s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'book' }] } });
    await expect(s.pay.execute({ vendorId: V, checkoutId: c.id, owner: reader, input: { number: 'decline' } })).rejects.toMatchObject({ code: 'CHECKOUT.PAYMENT_DECLINED' });
    expect((await s.get.execute({ vendorId: V, checkoutId: c.id, owner: reader })).statusAt(s.clock.now())).toBe('PENDING');
    expect(s.sales).toEqual([]);
    const results = await Promise.all([1, 2, 3].map(() => s.pay.execute({ vendorId: V, checkoutId: c.id, owner: reader, input: {} })));
    expect(results.map((r) => r.status)).toEqual(['COMPLETED', 'COMPLETED', 'COMPLETED']);
    expect(s.sales).toEqual([c.id]);
    const done = (await s.get.execute({ vendorId: V, checkoutId: c.id, owner: reader })).toSnapshot();
    expect(done.contractIds).toEqual(['contract-book']);
    await expect(s.update.execute({ vendorId: V, checkoutId: c.id, owner: reader, request: { email: 'a@b.example' } })).rejects.toMatchObject({ code: 'CHECKOUT.CLOSED' });
  });

  it('an extra confirmation step waits, then completes', async () => {
    const s = await setup();
    const c = await s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'book' }] } });
    const waiting = await s.pay.execute({ vendorId: V, checkoutId: c.id, owner: reader, input: { number: 'action' } });
    expect(waiting.status).toBe('WAITING_PAYMENT_CONFIRMATION');
    await expect(s.update.execute({ vendorId: V, checkoutId: c.id, owner: reader, request: { email: 'a@b.example' } })).rejects.toMatchObject({ code: 'CHECKOUT.AWAITING_CONFIRMATION' });
    const done = await s.confirm.execute({ vendorId: V, checkoutId: c.id, approved: true });
    expect(done.statusAt(s.clock.now())).toBe('COMPLETED');
    expect(s.sales).toEqual([c.id]);
  });

  it('expires after the lifetime; an expired checkout refuses changes', async () => {
    const s = await setup();
    const c = await s.create.execute({ vendorId: V, owner: reader, request: { items: [{ sku: 'book' }] } });
    s.clock.advance(24 * HOUR);
    expect((await s.get.execute({ vendorId: V, checkoutId: c.id, owner: reader })).statusAt(s.clock.now())).toBe('EXPIRED');
    await expect(s.update.execute({ vendorId: V, checkoutId: c.id, owner: reader, request: { email: 'a@b.example' } })).rejects.toMatchObject({ code: 'CHECKOUT.CLOSED' });
    await expect(s.pay.execute({ vendorId: V, checkoutId: c.id, owner: reader, input: {} })).rejects.toMatchObject({ code: 'CHECKOUT.CLOSED' });
  });

  it('gift mode needs the recipient e-mail and the payer; business needs address, company and VAT number', async () => {
    const s = await setup();
    const c = await s.create.execute({ vendorId: V, owner: visitor, request: { items: [{ sku: 'book' }], giftMode: true, isBusiness: true } });
    await expect(s.pay.execute({ vendorId: V, checkoutId: c.id, owner: visitor, input: {} })).rejects.toMatchObject({
      details: { missing: ['email', 'payerEmail', 'businessAddress.street', 'businessAddress.zip', 'businessAddress.city', 'businessAddress.country', 'companyName', 'vatNumber'] },
    });
  });
});
