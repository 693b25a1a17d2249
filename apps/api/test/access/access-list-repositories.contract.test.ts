import { ACCESS_GRANT_REPOSITORY_CONTRACT, ACCESS_LIST_REPOSITORY_CONTRACT } from '@kiosk/domain/testing';
import { TypeOrmAccessGrantRepository, TypeOrmAccessListRepository } from '../../src/access/access-lists/typeorm-access-lists.repositories';
import { givenVendor, startTestApp } from '../support/harness';

// The database access lists and grants against the same cases as the in-memory ones (packages/domain/test/repositories).
let app: Awaited<ReturnType<typeof startTestApp>>;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app?.close());

async function fixture() {
  const [vendor, other] = [await givenVendor(app), await givenVendor(app)];
  const db = app.runtime.database.db;
  return { lists: new TypeOrmAccessListRepository(db), grants: new TypeOrmAccessGrantRepository(db), vendorId: vendor.vendorId, otherVendorId: other.vendorId };
}

describe('TypeOrmAccessListRepository keeps the AccessListRepository contract', () => {
  for (const c of ACCESS_LIST_REPOSITORY_CONTRACT) it(c.name, async () => c.run(await fixture()));
});

describe('TypeOrmAccessGrantRepository keeps the AccessGrantRepository contract', () => {
  for (const c of ACCESS_GRANT_REPOSITORY_CONTRACT) it(c.name, async () => c.run(await fixture()));
});
