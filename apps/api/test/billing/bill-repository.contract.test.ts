import { BILL_REPOSITORY_CONTRACT } from '@kiosk/domain/testing';
import { TypeOrmBillRepository } from '../../src/billing/typeorm-billing.repositories';
import { givenVendor, startTestApp } from '../support/harness';

// The database bills against the same cases as the in-memory ones (packages/domain/test/repositories).
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('TypeOrmBillRepository keeps the BillRepository contract', () => {
  for (const c of BILL_REPOSITORY_CONTRACT) {
    it(c.name, async () => {
      const [vendor, other] = [await givenVendor(app), await givenVendor(app)];
      await c.run({ bills: new TypeOrmBillRepository(app.runtime.database.db), vendorId: vendor.vendorId, otherVendorId: other.vendorId });
    });
  }
});
