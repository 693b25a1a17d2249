import { givenContractVendor } from '../contracts/support';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';

// GET /management/contracts and /management/contracts/{id} as the management
// client calls them (management-interface.md 3.4); the list's own behaviour
// is proven in test/contracts/contract-list.test.ts.
let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const CLIENT_FIELDS = [
  'id',
  'name',
  'userId',
  'currency',
  'status',
  'createdAt',
  'updatedAt',
  'price',
  'isActive',
  'nextBillAt',
  'willCancelAt',
  'nextPrice',
  'items',
  'appliedDiscounts',
  'contractDuration',
  'recurringInterval',
  'recurringTime',
  'issuesRemaining',
  'manageUrl',
  'expiresAt',
  'paymentData',
];

describe('GET /management/contracts and /management/contracts/{id}', () => {
  it('answers a bare array of contracts with the fields the client reads, paged and filtered, and one by id', async () => {
    const v = await givenContractVendor(app);
    const ids: string[] = [];
    for (let i = 0; i < 3; i += 1) {
      app.clock.advance(1_000);
      const res = await v.create(v.order({ user: { email: `user-${i}@corp.example` }, confirm: i !== 1 }));
      ids.push(res.body.id);
    }
    const list = await app.http.get('/management/contracts').query({ limit: 2, offset: 0 }).set(bearer(v.read));
    expect(list.status).toBe(200);
    expect(Array.isArray(list.body)).toBe(true);
    expect(list.body.map((c: { id: string }) => c.id)).toEqual([ids[2], ids[1]]);
    for (const contract of list.body) {
      for (const field of CLIENT_FIELDS) expect(contract).toHaveProperty(field);
      expect(contract.items[0]).toHaveProperty('sku');
      expect(contract.items[0]).toHaveProperty('name');
    }
    const pending = await app.http.get('/management/contracts').query({ status: 'PENDING' }).set(bearer(v.read));
    expect(pending.body.map((c: { id: string }) => c.id)).toEqual([ids[1]]);
    const userId = list.body[0].userId;
    const mine = await app.http.get('/management/contracts').query({ userId, status: 'ACTIVE', limit: 10, offset: 0 }).set(bearer(v.read));
    expect(mine.body.map((c: { id: string }) => c.id)).toEqual([ids[2]]);

    const one = await app.http.get(`/management/contracts/${ids[2]}`).set(bearer(v.read));
    expect(one.status).toBe(200);
    expect(one.body).toEqual(list.body[0]);
  });

  it('needs contracts:read; another vendor gets 404 and an empty list; bad queries are 400', async () => {
    const v = await givenContractVendor(app);
    const created = await v.create(v.order({ confirm: true }));
    const other = await givenVendor(app);
    const otherRead = await other.apiToken('read');
    const notFound = await app.http.get(`/management/contracts/${created.body.id}`).set(bearer(otherRead));
    expect([notFound.status, notFound.body.code]).toEqual([404, 'CONTRACT.NOT_FOUND']);
    expect((await app.http.get('/management/contracts').set(bearer(otherRead))).body).toEqual([]);
    const noScope = await v.apiToken('read', [], 'users:read');
    expect((await app.http.get('/management/contracts').set(bearer(noScope))).status).toBe(403);
    expect((await app.http.get(`/management/contracts/${created.body.id}`).set(bearer(noScope))).status).toBe(403);
    for (const query of [{ limit: '0' }, { limit: '501' }, { offset: '-1' }, { status: 'DONE' }]) {
      const res = await app.http.get('/management/contracts').query(query).set(bearer(v.read));
      expect([res.status, res.body.code]).toEqual([400, 'REQUEST.INVALID']);
    }
  });
});
