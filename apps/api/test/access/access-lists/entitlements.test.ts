import { CheckAccess, ListUserEntitlements } from '@kiosk/domain/access';
import { createUser, IssueUserToken } from '@kiosk/domain/identity';
import { IDENTITY } from '../../../src/identity/identity.module';
import { CLOCK } from '../../catalog/support';
import { capsuleShop, fixture, ManifestFixture, renderedAt, requestFrom } from '../../capsule/support';
import { bearer, startTestApp, TestApp } from '../../support/harness';
import { givenListVendor, LISTS } from './support';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const DAY = 24 * 60 * 60 * 1000;

/** The vendor's outbox events about one aggregate: type and the user of the payload. */
const eventsOf = async (vendorId: string, aggregateId: string) =>
  (
    await app.runtime.database.db.query(`SELECT type, payload FROM outbox WHERE vendor_id = $1 AND aggregate_id = $2 ORDER BY occurred_at, id`, [
      vendorId,
      aggregateId,
    ])
  ).map((r: { type: string; payload: { userId: string; sku: string; origin: unknown } }) => [r.type, r.payload.userId, r.payload.sku]);

describe('grants as a source of entitlements', () => {
  it('gives the reader with the e-mail an entitlement with origin EXTERNAL; revoking in any way removes it at once', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList({ name: 'Library partners' });
    const rita = await v.reader(`rita@${v.vendorId}.example.com`);
    const bob = await v.reader(`bob@${v.vendorId}.example.com`);
    const created = await v.createGrant(list.id, { email: `RITA@${v.vendorId}.example.com`, endsAt: '2099-01-01T00:00:00Z' });
    expect(created.status).toBe(201);
    const grantId = created.body.id as string;
    const path = `${v.grantsOf(list.id)}/${grantId}`;

    const seen = await v.entitlementsOf(rita.auth);
    expect(seen).toEqual([
      {
        id: grantId,
        sku: 'news',
        purchaseOption: 'news-yearly',
        cover: null,
        title: 'Product news',
        url: null,
        presentationUrl: null,
        publisherContentId: null,
        token: null,
        type: 'publication',
        origin: { type: 'EXTERNAL', id: grantId, listId: list.id, name: 'Library partners' },
        hasAccess: true,
        createdAt: created.body.createdAt,
        updatedAt: created.body.updatedAt,
        expiresAt: '2099-01-01T00:00:00.000Z',
      },
    ]);
    expect((await app.http.get(`/entitlements/${grantId}`).set(rita.auth)).body).toMatchObject({ id: grantId, hasAccess: true });
    expect(await v.entitlementsOf(bob.auth)).toEqual([]);
    // The paywall's question (ContentEntitlements) and the access check see it too.
    const check = app.runtime.container.get(CheckAccess);
    const has = (userId: string) => check.execute({ vendorId: v.vendorId, userId, sku: 'news' });
    expect(await has(rita.userId)).toBe(true);
    expect(await has(bob.userId)).toBe(false);

    const put = (body: object) => app.http.put(path).set(bearer(v.full)).send(body);
    expect((await put({ status: 'CANCELED' })).status).toBe(200);
    expect(await v.entitlementsOf(rita.auth)).toEqual([]);
    expect(await has(rita.userId)).toBe(false);
    expect((await app.http.get(`/entitlements/${grantId}`).set(rita.auth)).status).toBe(404);
    await put({ status: 'ACTIVE' });
    expect(await has(rita.userId)).toBe(true);
    await put({ status: 'INACTIVE' });
    expect(await has(rita.userId)).toBe(false);
    await put({ status: 'ACTIVE' });

    // The list retired (or back to draft) takes the access of all its grants; active again gives it back.
    await app.http.patch(`${LISTS}/${list.id}`).set(bearer(v.full)).send({ status: 'CANCELED' });
    expect(await has(rita.userId)).toBe(false);
    await app.http.patch(`${LISTS}/${list.id}`).set(bearer(v.full)).send({ status: 'DRAFT' });
    expect(await has(rita.userId)).toBe(false);
    await app.http.patch(`${LISTS}/${list.id}`).set(bearer(v.full)).send({ status: 'ACTIVE', name: 'Renamed' });
    expect((await v.entitlementsOf(rita.auth))[0].origin).toEqual({ type: 'EXTERNAL', id: grantId, listId: list.id, name: 'Renamed' });

    // Moved to another person: the first loses it, the second has it.
    await put({ email: `bob@${v.vendorId}.example.com` });
    expect(await has(rita.userId)).toBe(false);
    expect(await has(bob.userId)).toBe(true);

    expect((await app.http.delete(path).set(bearer(v.full))).status).toBe(204);
    expect(await has(bob.userId)).toBe(false);
    expect(await v.entitlementsOf(bob.auth)).toEqual([]);

    // Each step recorded as entitlement events (as for contracts), for the webhooks.
    expect(await eventsOf(v.vendorId, grantId)).toEqual([
      ['entitlement.granted', rita.userId, 'news'],
      ['entitlement.revoked', rita.userId, 'news'],
      ['entitlement.granted', rita.userId, 'news'],
      ['entitlement.revoked', rita.userId, 'news'],
      ['entitlement.granted', rita.userId, 'news'],
      ['entitlement.revoked', rita.userId, 'news'],
      ['entitlement.granted', rita.userId, 'news'],
      ['entitlement.revoked', rita.userId, 'news'],
      ['entitlement.granted', bob.userId, 'news'],
      ['entitlement.revoked', bob.userId, 'news'],
    ]);
  });

  it("shows a grant's entitlement in the vendor's management list (GET /management/entitlements) while it is in force", async () => {
    const v = await givenListVendor(app);
    const list = await v.createList({ name: 'Press desk' });
    const rita = await v.reader(`rita@${v.vendorId}.example.com`);
    const grant = await v.createGrant(list.id);
    expect(grant.status).toBe(201);
    const listed = async (query: Record<string, string> = {}) => {
      const res = await app.http.get('/management/entitlements').query(query).set(bearer(v.read));
      expect(res.status).toBe(200);
      return res.body as { id: string; userId: string; sku: string; origin: Record<string, unknown> }[];
    };
    const expected = { id: grant.body.id, userId: rita.userId, sku: 'news', origin: { type: 'EXTERNAL', id: grant.body.id, contractId: null, listId: list.id, name: 'Press desk' } };
    expect((await listed()).map((e) => ({ id: e.id, userId: e.userId, sku: e.sku, origin: e.origin }))).toEqual([expect.objectContaining(expected)]);
    expect((await listed({ userId: rita.userId, sku: 'news' })).map((e) => e.id)).toEqual([grant.body.id]);
    expect(await listed({ sku: 'books' })).toEqual([]);
    await app.http.delete(`${LISTS}/${list.id}/grants/${grant.body.id}`).set(bearer(v.full)).expect(204);
    expect(await listed()).toEqual([]);
  });

  it('applies a grant made before the person had an account once they sign up, and grants from CSV alike', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    const email = `later@${v.vendorId}.example.com`;
    const grant = await v.createGrant(list.id, { email });
    expect(grant.body.userId).toBeNull();
    const imported = await v.importCsv(list.id, `email,sku,poId\n${email},books,books-yearly\n`);
    expect(imported.body).toEqual({ created: 1, updated: 0, errors: [] });

    const later = await v.reader(email);
    const seen = await v.entitlementsOf(later.auth);
    expect(seen.map((e) => [e.sku, e.origin.type, e.origin.listId, e.hasAccess]).sort()).toEqual([
      ['books', 'EXTERNAL', list.id, true],
      ['news', 'EXTERNAL', list.id, true],
    ]);
    // Written again now that the account exists, the grant names the user.
    const again = await app.http.put(`${v.grantsOf(list.id)}/${grant.body.id as string}`).set(bearer(v.full)).send({ notes: 'signed up' });
    expect(again.body).toMatchObject({ userId: later.userId });
  });

  it('holds only inside [startsAt, endsAt) of the service clock', async () => {
    const v = await givenListVendor(app);
    const list = await v.createList();
    const rita = await v.reader(`rita@${v.vendorId}.example.com`);
    const now = app.clock.now();
    const start = new Date(now.getTime() + DAY);
    const end = new Date(now.getTime() + 3 * DAY);
    await v.createGrant(list.id, { startsAt: start.toISOString(), endsAt: end.toISOString() });
    const check = app.runtime.container.get(CheckAccess);
    const has = () => check.execute({ vendorId: v.vendorId, userId: rita.userId, sku: 'news' });
    try {
      expect(await has()).toBe(false);
      app.clock.set(start);
      expect(await has()).toBe(true);
      // (the reader's token would have run out by now: the use case behind GET /entitlements)
      const listed = () => app.runtime.container.get(ListUserEntitlements).execute({ vendorId: v.vendorId, userId: rita.userId });
      expect(await listed()).toEqual([expect.objectContaining({ expiresAt: end, hasAccess: true })]);
      app.clock.set(new Date(end.getTime() - 1));
      expect(await has()).toBe(true);
      app.clock.set(end);
      expect(await has()).toBe(false);
      expect(await listed()).toEqual([]);
    } finally {
      app.clock.set(now);
    }
  });

  it("expires by a test vendor's test clock", async () => {
    const T0 = new Date('2031-03-01T00:00:00.000Z');
    const v = await givenListVendor(app, { testMode: true, testClockStart: T0 });
    const clockToken = await v.apiToken('full', ['test-clock:read', 'test-clock:write']);
    const list = await v.createList();
    const rita = await v.reader(`rita@${v.vendorId}.example.com`);
    const end = new Date(T0.getTime() + 10 * DAY);
    await v.createGrant(list.id, { startsAt: T0.toISOString(), endsAt: end.toISOString() });
    expect(await v.entitlementsOf(rita.auth)).toHaveLength(1);
    const advanced = await app.http.post(`${CLOCK}/advance`).set(bearer(clockToken)).send({ frozenTime: new Date(end.getTime() - 1000).toISOString() });
    expect(advanced.status).toBe(200);
    expect(await v.entitlementsOf(rita.auth)).toHaveLength(1);
    await app.http.post(`${CLOCK}/advance`).set(bearer(clockToken)).send({ frozenTime: end.toISOString() });
    expect(await v.entitlementsOf(rita.auth)).toEqual([]);
  });

  it('opens capsule content of the granted product (unlock) for the grantee, and no more once revoked', async () => {
    const ecdh = fixture<ManifestFixture>('js-rendered-manifest-ecdh.json');
    const before = app.clock.now();
    app.clock.set(renderedAt(ecdh.manifest));
    try {
      const shop = await capsuleShop(app);
      const full = await shop.apiToken('full');
      const list = (await app.http.post(LISTS).set(bearer(full)).send({ name: 'Comp', type: 'MANUAL', status: 'ACTIVE' })).body as { id: string };
      const email = `grantee@${shop.vendorId}.example.com`;
      const grant = await app.http
        .post(`${LISTS}/${list.id}/grants`)
        .set(bearer(full))
        .send({ source: list.id, email, sku: 'news', poId: 'news-yearly', status: 'ACTIVE' });
      expect(grant.status).toBe(201);
      const reader = await givenListReader(shop.vendorId, email);
      const body = { resourceJWT: ecdh.manifest.resourceJWT, keys: requestFrom(ecdh.manifest) };
      expect((await shop.unlock(body, reader)).status).toBe(200);
      await app.http.delete(`${LISTS}/${list.id}/grants/${grant.body.id as string}`).set(bearer(full));
      expect((await shop.unlock(body, reader)).status).toBe(403);
    } finally {
      app.clock.set(before);
    }
  });
});

async function givenListReader(vendorId: string, email: string) {
  const c = app.runtime.container;
  const user = await c.get(IDENTITY.Users).addOrGet(createUser({ id: `u-${Math.random().toString(36).slice(2)}`, vendorId, email }, new Date()));
  return bearer((await c.get(IssueUserToken).execute({ vendorId, userId: user.id })).accessToken);
}
