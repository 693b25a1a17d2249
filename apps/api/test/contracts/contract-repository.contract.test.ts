import { CONTRACT_REPOSITORY_CONTRACT } from '@kiosk/domain/testing';
import { TypeOrmContractRepository } from '../../src/contracts/typeorm-contract.repositories';
import { givenVendor, startTestApp } from '../support/harness';

// The database contracts against the same cases as the in-memory ones (packages/domain/test/repositories).
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

describe('TypeOrmContractRepository keeps the ContractRepository contract', () => {
  for (const c of CONTRACT_REPOSITORY_CONTRACT) {
    it(c.name, async () => {
      const [vendor, other] = [await givenVendor(app), await givenVendor(app)];
      await c.run({ contracts: new TypeOrmContractRepository(app.runtime.database.db), vendorId: vendor.vendorId, otherVendorId: other.vendorId });
    });
  }
});
