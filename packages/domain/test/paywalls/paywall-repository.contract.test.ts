import { InMemoryPaywallRepository, PAYWALL_REPOSITORY_CONTRACT } from '../../src/testing';

// The in-memory paywalls against the PaywallRepository contract; apps/api runs the same cases on the database.
describe('InMemoryPaywallRepository keeps the PaywallRepository contract', () => {
  for (const c of PAYWALL_REPOSITORY_CONTRACT) {
    it(c.name, () => c.run({ paywalls: new InMemoryPaywallRepository(), vendorId: 'acme', otherVendorId: 'globex' }));
  }
});
