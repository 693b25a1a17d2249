import { CHECKOUT_REPOSITORY_CONTRACT } from '@kiosk/domain/testing';
import { TypeOrmCheckoutRepository } from '../../src/checkout/typeorm-checkout.repositories';
import { givenVendor, startTestApp } from '../support/harness';

// The database checkouts against the same cases as the in-memory ones (packages/domain/test/repositories).
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('TypeOrmCheckoutRepository keeps the CheckoutRepository contract', () => {
  for (const c of CHECKOUT_REPOSITORY_CONTRACT) {
    it(c.name, async () => {
      const [vendor, other] = [await givenVendor(app), await givenVendor(app)];
      await c.run({ checkouts: new TypeOrmCheckoutRepository(app.runtime.database.db), vendorId: vendor.vendorId, otherVendorId: other.vendorId });
    });
  }
});
