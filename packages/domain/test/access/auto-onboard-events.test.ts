import { AutoOnboard } from '../../src/access';
import { createProduct } from '../../src/catalog';
import { FakeClock, InMemoryEntitlementRepository, InMemoryEventOutbox, InMemoryProductRepository, SequentialIds } from '../../src/testing';

const VENDOR = 'acme';

async function world() {
  const clock = new FakeClock('2026-01-01T00:00:00Z');
  const products = new InMemoryProductRepository();
  await products.add(createProduct(VENDOR, 'news', { title: 'News', productType: 'publication' }, clock.now()));
  await products.add(createProduct(VENDOR, 'archive', { title: 'Archive', productType: 'publication' }, clock.now()));
  const entitlements = new InMemoryEntitlementRepository();
  const outbox = new InMemoryEventOutbox();
  const onboard = new AutoOnboard(products, entitlements, { grantsFor: async () => ['archive'] }, new SequentialIds('e-'), clock, outbox);
  await entitlements.grant({
    id: 'source',
    vendorId: VENDOR,
    userId: 'reader',
    sku: 'news',
    purchaseOptionId: null,
    type: 'publication',
    title: 'News',
    cover: null,
    url: null,
    presentationUrl: null,
    publisherContentId: null,
    origin: { type: 'CONTRACT', id: 'contract-1', listId: null, name: null },
    createdAt: clock.now(),
    updatedAt: clock.now(),
    expiresAt: null,
    revokedAt: null,
  });
  return { clock, onboard, outbox };
}

describe('AutoOnboard records entitlement.granted', () => {
  it('once per grant the reader did not hold: onboarding again records nothing', async () => {
    const w = await world();
    const [granted] = await w.onboard.execute({ vendorId: VENDOR, userId: 'reader', sku: 'news' });
    expect(w.outbox.events).toEqual([
      {
        type: 'entitlement.granted',
        vendorId: VENDOR,
        aggregateId: granted.id,
        occurredAt: w.clock.now(),
        payload: { userId: 'reader', sku: 'archive', origin: { type: 'AUTO_ONBOARD', id: 'news' } },
      },
    ]);
    w.clock.advance(60_000);
    await w.onboard.execute({ vendorId: VENDOR, userId: 'reader', sku: 'news' });
    expect(w.outbox.events).toHaveLength(1);
  });
});
