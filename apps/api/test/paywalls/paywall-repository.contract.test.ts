import { PAYWALL_REPOSITORY_CONTRACT } from '@kiosk/domain/testing';
import { TypeOrmPaywallRepository } from '../../src/paywalls/typeorm-paywalls.repositories';
import { givenVendor, startTestApp } from '../support/harness';

// The database paywalls against the same cases as the in-memory ones (packages/domain/test/paywalls).
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('TypeOrmPaywallRepository keeps the PaywallRepository contract', () => {
  for (const c of PAYWALL_REPOSITORY_CONTRACT) {
    it(c.name, async () => {
      const [vendor, other] = [await givenVendor(app), await givenVendor(app)];
      await c.run({ paywalls: new TypeOrmPaywallRepository(app.runtime.database.db), vendorId: vendor.vendorId, otherVendorId: other.vendorId });
    });
  }
});
