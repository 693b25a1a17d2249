import { CheckAccess } from '../../src/access';
import { TwoStepSignedInReads } from '../../src/paywalls';
import { FakeClock, InMemoryEntitlementRepository, InMemoryReadLedger, SIGNED_IN_READS_CONTRACT, SUITE_START } from '../../src/testing';

// The two-step rule over the in-memory ledger and entitlements; apps/api runs the same cases against its one statement.
describe('TwoStepSignedInReads keeps the SignedInReads contract', () => {
  for (const c of SIGNED_IN_READS_CONTRACT) {
    it(c.name, () => {
      const ledger = new InMemoryReadLedger();
      const entitlements = new InMemoryEntitlementRepository();
      const reads = new TwoStepSignedInReads(ledger, new CheckAccess(entitlements, new FakeClock(SUITE_START)));
      return c.run({ reads, ledger, entitlements, vendorId: 'acme', otherVendorId: 'globex' });
    });
  }
});
