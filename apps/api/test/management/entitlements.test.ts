import { Entitlement } from '@kiosk/domain/access';
import { ACCESS } from '../../src/access/access.module';
import { givenSellingVendor, settleEvents } from '../billing/support';
import { bearer, givenVendor, startTestApp, TestApp } from '../support/harness';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const FIELDS = [
  'cover',
  'createdAt',
  'expiresAt',
  'hasAccess',
  'id',
  'origin',
  'presentationUrl',
  'publisherContentId',
  'purchaseOption',
  'sku',
  'title',
  'token',
  'type',
  'updatedAt',
  'url',
  'userId',
];

/** A vendor whose readers hold entitlements from two contracts, an access-list grant and a revoked grant. */
async function givenEntitledVendor() {
  const v = await givenSellingVendor(app);
  const a = await v.contracts.create.execute(v.order({ user: { email: `a@${v.vendorId}.example.com` }, confirm: true }));
  app.clock.advance(1_000);
  const b = await v.contracts.create.execute(v.order({ user: { email: `b@${v.vendorId}.example.com` }, confirm: true }));
  await settleEvents(app, v.vendorId);
  const repository = app.runtime.container.get(ACCESS.Entitlements);
  const grant = async (id: string, overrides: Partial<Entitlement>) => {
    app.clock.advance(1_000);
    const now = app.clock.now();
    return repository.grant({
      id,
      vendorId: v.vendorId,
      userId: a.userId,
      sku: 'crossword',
      purchaseOptionId: null,
      type: 'article',
      title: 'Crossword',
      cover: null,
      url: null,
      presentationUrl: null,
      publisherContentId: null,
      origin: { type: 'EXTERNAL', id: `grant-${id}`, listId: 'src_partner', name: 'Partner list' },
      createdAt: now,
      updatedAt: now,
      expiresAt: null,
      revokedAt: null,
      ...overrides,
    });
  };
  const external = await grant(`${v.vendorId}-ext`, {});
  await grant(`${v.vendorId}-gone`, { sku: 'gone', revokedAt: app.clock.now() });
  const read = await v.apiToken('read');
  const list = (query: Record<string, string | number> = {}, token = read) =>
    app.http.get('/management/entitlements').query(query).set(bearer(token));
  return { ...v, a, b, external, read, list };
}

describe('GET /management/entitlements', () => {
  it("lists the vendor's live entitlements newest first, with the reader's view, the user and the origin forms", async () => {
    const v = await givenEntitledVendor();
    const res = await v.list();
    expect(res.status).toBe(200);
    expect(res.body).toHaveLength(3);
    for (const e of res.body) expect(Object.keys(e).sort()).toEqual(FIELDS);
    const [external, fromB, fromA] = res.body;
    expect(external).toEqual({
      id: v.external.id,
      userId: v.a.userId,
      sku: 'crossword',
      purchaseOption: null,
      cover: null,
      title: 'Crossword',
      url: null,
      presentationUrl: null,
      publisherContentId: null,
      token: null,
      type: 'article',
      origin: { type: 'EXTERNAL', id: `grant-${v.external.id}`, contractId: null, listId: 'src_partner', name: 'Partner list' },
      hasAccess: true,
      createdAt: v.external.createdAt.toISOString(),
      updatedAt: v.external.updatedAt.toISOString(),
      expiresAt: null,
    });
    expect(fromB).toMatchObject({ userId: v.b.userId, sku: 'news', type: 'publication', hasAccess: true, purchaseOption: 'news-yearly' });
    expect(fromB.origin).toMatchObject({ type: 'PAYMENTS', id: v.b.id, contractId: v.b.id, listId: null });
    expect(fromA.origin).toMatchObject({ type: 'PAYMENTS', contractId: v.a.id });

    // The reader sees the same entitlement the same way (less the user, with the stored origin).
    const ids = (r: { body: { id: string }[] }) => r.body.map((e) => e.id);
    expect(ids(await v.list({ limit: 1 }))).toEqual([external.id]);
    expect(ids(await v.list({ limit: 2, offset: 1 }))).toEqual([fromB.id, fromA.id]);
    expect((await v.list({ offset: 3 })).body).toEqual([]);
  });

  it('filters by userId, type and sku, together', async () => {
    const v = await givenEntitledVendor();
    const ids = async (query: Record<string, string>) => (await v.list(query)).body.map((e: { id: string }) => e.id);
    const all = (await v.list()).body as { id: string; userId: string; sku: string }[];
    expect(await ids({ userId: v.a.userId })).toEqual(all.filter((e) => e.userId === v.a.userId).map((e) => e.id));
    expect(await ids({ userId: v.a.userId })).toHaveLength(2);
    expect(await ids({ type: 'article' })).toEqual([v.external.id]);
    expect(await ids({ sku: 'news' })).toHaveLength(2);
    expect(await ids({ sku: 'news', userId: v.b.userId })).toHaveLength(1);
    expect(await ids({ sku: 'news', type: 'article' })).toEqual([]);
    expect(await ids({ sku: 'gone' })).toEqual([]);
    expect(await ids({ userId: 'nobody' })).toEqual([]);
  });

  it('needs entitlements:read, and shows nothing of another vendor', async () => {
    const v = await givenEntitledVendor();
    const noScope = await v.apiToken('read', [], 'users:read');
    const refused = await v.list({}, noScope);
    expect([refused.status, refused.body.code]).toEqual([403, 'AUTH.INSUFFICIENT_SCOPE']);
    expect((await app.http.get('/management/entitlements')).status).toBe(401);

    const other = await givenVendor(app);
    const otherToken = await other.apiToken('read');
    expect((await v.list({}, otherToken)).body).toEqual([]);
    expect((await v.list({ userId: v.a.userId }, otherToken)).body).toEqual([]);
  });

  it.each([
    [{ limit: '0' }, 'limit'],
    [{ limit: '501' }, 'limit'],
    [{ offset: '-5' }, 'offset'],
    [{ type: 'magazine' }, 'type'],
    [{ sku: '' }, 'sku'],
  ])('answers 400 problem+json naming the field for %j', async (query, field) => {
    const v = await givenVendor(app);
    const res = await app.http.get('/management/entitlements').query(query).set(bearer(await v.apiToken('read')));
    expect(res.status).toBe(400);
    expect(res.headers['content-type']).toMatch(/application\/problem\+json/);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual([field]);
  });
});
