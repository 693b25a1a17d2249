import { PRODUCT_REPOSITORY_CONTRACT, PURCHASE_OPTION_REPOSITORY_CONTRACT } from '@kiosk/domain/testing';
import { TypeOrmProductRepository, TypeOrmPurchaseOptionRepository } from '../../src/catalog/typeorm-catalog.repositories';
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
