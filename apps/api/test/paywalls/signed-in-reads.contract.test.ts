import { SIGNED_IN_READS_CONTRACT, SUITE_START } from '@kiosk/domain/testing';
import { TypeOrmEntitlementRepository } from '../../src/access/typeorm-entitlements.repository';
import { TypeOrmReadLedger } from '../../src/paywalls/typeorm-read-ledger';
import { TypeOrmSignedInReads } from '../../src/paywalls/typeorm-signed-in-reads';
import { givenVendor, startTestApp } from '../support/harness';

// The paywall's daily view counts are not what these tests look at.
const noViews = { count: () => undefined };

// The one-statement entitlement and read against the same cases as the two-step rule (packages/domain/test/paywalls).
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('TypeOrmSignedInReads keeps the SignedInReads contract', () => {
  for (const c of SIGNED_IN_READS_CONTRACT) {
    it(c.name, async () => {
      const [vendor, other] = [await givenVendor(app), await givenVendor(app)];
      const db = app.runtime.database.db;
      const clock = { now: () => SUITE_START };
      await c.run({
        reads: new TypeOrmSignedInReads(db, clock, noViews),
        ledger: new TypeOrmReadLedger(db, noViews),
        entitlements: new TypeOrmEntitlementRepository(db, clock),
        vendorId: vendor.vendorId,
        otherVendorId: other.vendorId,
      });
    });
  }
});
