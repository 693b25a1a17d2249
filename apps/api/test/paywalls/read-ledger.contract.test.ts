import { READ_LEDGER_CONTRACT } from '@kiosk/domain/testing';
import { TypeOrmReadLedger } from '../../src/paywalls/typeorm-read-ledger';
import { startTestApp, uniqueId } from '../support/harness';

// The paywall's daily view counts are not what these tests look at.
const noViews = { count: () => undefined };

// The database ledger against the same cases as the in-memory one (packages/domain/test/paywalls).
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('TypeOrmReadLedger keeps the ReadLedger contract', () => {
  for (const c of READ_LEDGER_CONTRACT) {
    it(c.name, () =>
      c.run({ ledger: new TypeOrmReadLedger(app.runtime.database.db, noViews), vendorId: uniqueId('ledger'), otherVendorId: uniqueId('ledger') }),
    );
  }
});
