import { PRODUCT_REPOSITORY_CONTRACT, PURCHASE_OPTION_REPOSITORY_CONTRACT } from '@kiosk/domain/testing';
import { CachedProductRepository, CachedPurchaseOptionRepository } from '../../src/catalog/cached-catalog.repositories';
import { TypeOrmProductRepository, TypeOrmPurchaseOptionRepository } from '../../src/catalog/typeorm-catalog.repositories';
import { ConfigCache } from '../../src/platform/cache/config-cache';
import { givenVendor, startTestApp } from '../support/harness';

// The database products and purchase options against the same cases as the in-memory ones (packages/domain/test/repositories).
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function twoVendors() {
  const [vendor, other] = [await givenVendor(app), await givenVendor(app)];
  return { vendorId: vendor.vendorId, otherVendorId: other.vendorId };
}

describe('TypeOrmProductRepository keeps the ProductRepository contract', () => {
  for (const c of PRODUCT_REPOSITORY_CONTRACT) {
    it(c.name, async () => c.run({ products: new TypeOrmProductRepository(app.runtime.database.db), ...(await twoVendors()) }));
  }
});

describe('TypeOrmPurchaseOptionRepository keeps the PurchaseOptionRepository contract', () => {
  for (const c of PURCHASE_OPTION_REPOSITORY_CONTRACT) {
    it(c.name, async () => {
      const db = app.runtime.database.db;
      await c.run({ products: new TypeOrmProductRepository(db), options: new TypeOrmPurchaseOptionRepository(db), ...(await twoVendors()) });
    });
  }
});

// The service binds them through the configuration cache: the cached ones keep the same contract (a write is seen by the next read).
describe('CachedProductRepository and CachedPurchaseOptionRepository keep the same contracts', () => {
  const cached = () => {
    const db = app.runtime.database.db;
    const cache = app.runtime.container.get(ConfigCache);
    const products = new CachedProductRepository(new TypeOrmProductRepository(db), cache);
    return { products, options: new CachedPurchaseOptionRepository(new TypeOrmPurchaseOptionRepository(db), cache) };
  };
  for (const c of PRODUCT_REPOSITORY_CONTRACT) {
    it(`products: ${c.name}`, async () => c.run({ products: cached().products, ...(await twoVendors()) }));
  }
  for (const c of PURCHASE_OPTION_REPOSITORY_CONTRACT) {
    it(`purchase options: ${c.name}`, async () => c.run({ ...cached(), ...(await twoVendors()) }));
  }
});
