import { IssueUserToken } from '@kiosk/domain/identity';
import { TypeOrmEntitlementRepository } from '../../src/access/typeorm-entitlements.repository';
import { inTransaction } from '../../src/platform/database/transaction';
import { EntitlementWaiter } from '../../src/access/entitlement-waiter';
import { givenSellingVendor, settleEvents } from '../billing/support';
import { bearer, onRealPostgres, openTestDatabase, startTestApp, TestApp, uniqueId } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp({ ENTITLEMENT_WAIT_MAX_SECONDS: '10', ENTITLEMENT_WAIT_POLL_MS: '100' });
});
afterAll(async () => {
  await app.runtime.container.get(EntitlementWaiter).close();
  await app.close();
});

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function givenReader() {
  const v = await givenSellingVendor(app);
  const pending = await v.contracts.create.execute(v.order({ user: { email: `${uniqueId('w')}@${v.vendorId}.example.com` } }));
  const token = (await app.runtime.container.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: pending.userId })).accessToken;
  return { v, contractId: pending.id, userId: pending.userId, token };
}

describe('GET /entitlements?wait-for-entitlement-after', () => {
  it('holds the request until the grant, then answers the list with it', async () => {
    const r = await givenReader();
    const after = new Date(app.clock.now().getTime() - 1).toISOString();
    const started = Date.now();
    const waiting = app.http.get('/entitlements').query({ 'wait-for-entitlement-after': after, sku: 'news' }).set(bearer(r.token)).then((res) => res);
    await sleep(400);
    await r.v.contracts.confirm.execute({ vendorId: r.v.vendorId, contractId: r.contractId });
    await settleEvents(app, r.v.vendorId);
    const res = await waiting;
    expect(res.status).toBe(200);
    expect(res.body).toEqual([expect.objectContaining({ sku: 'news', hasAccess: true })]);
    expect(Date.now() - started).toBeLessThan(10_000);
  });

  it('answers the list either way when nothing new comes within the bound', async () => {
    const quick = await startTestApp({ ENTITLEMENT_WAIT_MAX_SECONDS: '1' });
    try {
      const v = await givenSellingVendor(quick);
      const pending = await v.contracts.create.execute(v.order());
      const token = (await quick.runtime.container.get(IssueUserToken).execute({ vendorId: v.vendorId, userId: pending.userId })).accessToken;
      const started = Date.now();
      const res = await quick.http
        .get('/entitlements')
        .query({ 'wait-for-entitlement-after': quick.clock.now().toISOString() })
        .set(bearer(token));
      expect(res.status).toBe(200);
      expect(res.body).toEqual([]);
      expect(Date.now() - started).toBeGreaterThanOrEqual(900);
    } finally {
      await quick.runtime.container.get(EntitlementWaiter).close();
      await quick.close();
    }
  });

  it('does not wait for an entitlement created before the timestamp', async () => {
    const r = await givenReader();
    await r.v.contracts.confirm.execute({ vendorId: r.v.vendorId, contractId: r.contractId });
    await settleEvents(app, r.v.vendorId);
    const started = Date.now();
    const before = await app.http
      .get('/entitlements')
      .query({ 'wait-for-entitlement-after': new Date(app.clock.now().getTime() - 60_000).toISOString() })
      .set(bearer(r.token));
    expect(before.body).toHaveLength(1);
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  (onRealPostgres() ? it : it.skip)('is woken by a grant another process makes (LISTEN/NOTIFY on PostgreSQL)', async () => {
    const r = await givenReader();
    const other = await openTestDatabase(2);
    try {
      const entitlements = new TypeOrmEntitlementRepository(other.db, app.clock);
      const after = app.clock.now();
      const started = Date.now();
      const waiting = app.http
        .get('/entitlements')
        .query({ 'wait-for-entitlement-after': after.toISOString() })
        .set(bearer(r.token))
        .then((res) => res);
      await sleep(500);
      const createdAt = new Date(after.getTime() + 1_000);
      await inTransaction(other.db, async () => {
        await entitlements.grant({
          id: uniqueId('e'),
          vendorId: r.v.vendorId,
          userId: r.userId,
          sku: 'news',
          purchaseOptionId: null,
          type: 'publication',
          title: 'Granted elsewhere',
          cover: null,
          url: null,
          presentationUrl: null,
          publisherContentId: null,
          origin: { type: 'AUTO_ONBOARD', id: 'elsewhere', listId: null, name: null },
          createdAt,
          updatedAt: createdAt,
          expiresAt: null,
          revokedAt: null,
        });
      });
      const res = await waiting;
      expect(res.body).toEqual([expect.objectContaining({ title: 'Granted elsewhere' })]);
      // Woken by the notification: well before the 5 s safety re-check and the 10 s bound.
      expect(Date.now() - started).toBeLessThan(4_000);
    } finally {
      await other.close();
    }
  });
});
