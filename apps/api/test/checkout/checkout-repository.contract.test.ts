import { CHECKOUT_REPOSITORY_CONTRACT } from '@kiosk/domain/testing';
import { TypeOrmCheckoutRepository } from '../../src/checkout/typeorm-checkout.repositories';
import { sqlRows } from '../../src/platform/database/sql';
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
      const db = app.runtime.database.db;
      const eventTypesOf = async (vendorId: string, checkoutId: string) =>
        (await sqlRows<{ type: string }>(db, `SELECT type FROM outbox WHERE vendor_id = $1 AND aggregate_id = $2 ORDER BY occurred_at, id`, [vendorId, checkoutId])).map(
          (r) => r.type,
        );
      await c.run({ checkouts: new TypeOrmCheckoutRepository(db), eventTypesOf, vendorId: vendor.vendorId, otherVendorId: other.vendorId });
    });
  }
});
