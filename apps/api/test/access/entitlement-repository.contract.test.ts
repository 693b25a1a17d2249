import { ENTITLEMENT_REPOSITORY_CONTRACT } from '@kiosk/domain/testing';
import { TypeOrmEntitlementRepository } from '../../src/access/typeorm-entitlements.repository';
import { givenVendor, startTestApp } from '../support/harness';

// The database entitlements against the same cases as the in-memory ones (packages/domain/test/repositories).
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('TypeOrmEntitlementRepository keeps the EntitlementRepository contract', () => {
  for (const c of ENTITLEMENT_REPOSITORY_CONTRACT) {
    it(c.name, async () => {
      const [vendor, other] = [await givenVendor(app), await givenVendor(app)];
      // The clock only dates the access-list grants it reads beside the rows; these vendors have none.
      const entitlements = new TypeOrmEntitlementRepository(app.runtime.database.db, { now: () => new Date() });
      await c.run({ entitlements, vendorId: vendor.vendorId, otherVendorId: other.vendorId });
    });
  }
});
