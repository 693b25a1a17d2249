import { InMemoryReadLedger, READ_LEDGER_CONTRACT } from '../../src/testing';

// The in-memory ledger against the ReadLedger contract; apps/api runs the same cases on PostgreSQL.
describe('InMemoryReadLedger keeps the ReadLedger contract', () => {
  for (const c of READ_LEDGER_CONTRACT) {
    it(c.name, () => c.run({ ledger: new InMemoryReadLedger(), vendorId: 'acme', otherVendorId: 'globex' }));
  }
});
