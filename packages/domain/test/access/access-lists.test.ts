import {
  AccessGrant,
  changeAccessList,
  checkGrantRow,
  createAccessList,
  CreateGrant,
  DeleteGrant,
  entitlementOfGrant,
  grantChangeEvents,
  grantInForce,
  headerProblems,
  ImportGrants,
  linkExpiry,
  linkUrl,
  UpdateAccessList,
  UpdateGrant,
} from '../../src/access';
import { createProduct, createPurchaseOption } from '../../src/catalog';
import { fromMajor } from '../../src/shared';
import {
  FakeClock,
  InMemoryAccessGrantRepository,
  InMemoryAccessListRepository,
  InMemoryEventOutbox,
  InMemoryGrantees,
  InMemoryProductRepository,
  InMemoryPurchaseOptionRepository,
  SequentialIds,
} from '../../src/testing';

const VENDOR = 'acme';
const T0 = new Date('2026-01-01T00:00:00Z');
const at = (iso: string) => new Date(iso);

const listFields = { name: 'Partners', description: null, type: 'MANUAL' as const, status: 'ACTIVE' as const, excludeFromStats: false };

describe('access lists', () => {
  it('PUT replaces every field (optional ones reset), PATCH merges; names are trimmed and checked', () => {
    const list = createAccessList({ id: 'src_1', vendorId: VENDOR, ...listFields, name: ' Partners ', description: 'd', excludeFromStats: true }, T0);
    expect(list).toMatchObject({ name: 'Partners', description: 'd', excludeFromStats: true });
    const later = at('2026-02-01T00:00:00Z');
    expect(changeAccessList(list, { status: 'CANCELED' }, 'merge', later)).toMatchObject({ status: 'CANCELED', description: 'd', excludeFromStats: true, updatedAt: later });
    expect(changeAccessList(list, { name: 'X', type: 'HOOK', status: 'DRAFT' }, 'replace', later)).toMatchObject({
      name: 'X',
      type: 'HOOK',
      status: 'DRAFT',
      description: null,
      excludeFromStats: false,
      createdAt: T0,
    });
    expect(() => createAccessList({ id: 'src_2', vendorId: VENDOR, ...listFields, name: '  ' }, T0)).toThrow(/name/);
    expect(() => changeAccessList(list, { type: 'EXCEL' as never }, 'merge', later)).toThrow(/type/);
  });
});

describe('grants in force', () => {
  const grant = { status: 'ACTIVE' as const, startsAt: at('2026-01-10T00:00:00Z'), endsAt: at('2026-02-10T00:00:00Z') };
  const active = { status: 'ACTIVE' as const };

  it('holds for an ACTIVE grant on an ACTIVE list inside [startsAt, endsAt)', () => {
    expect(grantInForce(grant, active, at('2026-01-09T23:59:59Z'))).toBe(false);
    expect(grantInForce(grant, active, at('2026-01-10T00:00:00Z'))).toBe(true);
    expect(grantInForce(grant, active, at('2026-02-09T23:59:59Z'))).toBe(true);
    expect(grantInForce(grant, active, at('2026-02-10T00:00:00Z'))).toBe(false);
    expect(grantInForce({ ...grant, startsAt: null, endsAt: null }, active, at('2100-01-01T00:00:00Z'))).toBe(true);
  });

  it('never for an INACTIVE or CANCELED grant, or on a DRAFT or CANCELED list', () => {
    const now = at('2026-01-20T00:00:00Z');
    expect(grantInForce({ ...grant, status: 'INACTIVE' }, active, now)).toBe(false);
    expect(grantInForce({ ...grant, status: 'CANCELED' }, active, now)).toBe(false);
    expect(grantInForce(grant, { status: 'DRAFT' }, now)).toBe(false);
    expect(grantInForce(grant, { status: 'CANCELED' }, now)).toBe(false);
  });
});

describe('CSV rows', () => {
  it('checks the header: required, unknown and repeated columns', () => {
    expect(headerProblems(['email', 'sku', 'poId', 'notes'])).toEqual([]);
    expect(headerProblems(['email', 'sku', 'colour', 'sku'])).toEqual(['unknown column "colour"', 'column "sku" appears twice', 'column "poId" is missing']);
  });

  it('normalises the e-mail as accounts do and parses dates; reports every problem of a row', () => {
    expect(checkGrantRow(2, { email: ' Rita@Example.COM ', sku: 'news', poId: 'news-yearly', startsAt: '2026-01-01', endsAt: '2026-02-01T12:00:00+01:00' })).toEqual({
      row: expect.objectContaining({ row: 2, email: 'rita@example.com', startsAt: at('2026-01-01T00:00:00Z'), endsAt: at('2026-02-01T11:00:00Z'), notes: null }),
    });
    const bad = checkGrantRow(7, { email: 'nope', sku: '', poId: 'x', startsAt: '2026-13-45', notes: 'n'.repeat(1001) });
    expect('errors' in bad && bad.errors.map((e) => [e.row, e.field, e.code])).toEqual([
      [7, 'email', 'GRANT.BAD_EMAIL'],
      [7, 'sku', 'GRANT.REQUIRED'],
      [7, 'startsAt', 'GRANT.BAD_DATE'],
      [7, 'notes', 'GRANT.TOO_LONG'],
    ]);
    const order = checkGrantRow(3, { email: 'a@example.com', sku: 'news', poId: 'p', startsAt: '2026-02-01', endsAt: '2026-01-01' });
    expect('errors' in order && order.errors).toEqual([expect.objectContaining({ field: 'endsAt', code: 'GRANT.BAD_PERIOD' })]);
  });
});

async function world() {
  const clock = new FakeClock(T0);
  const ids = new SequentialIds('x-');
  const products = new InMemoryProductRepository();
  const options = new InMemoryPurchaseOptionRepository();
  for (const sku of ['news', 'books']) {
    await products.add(createProduct(VENDOR, sku, { title: `Product ${sku}`, productType: 'publication' }, T0));
    await options.add(
      createPurchaseOption(
        { id: `${sku}-yearly`, vendorId: VENDOR, sku, name: 'Yearly', price: fromMajor(100, 'SEK'), taxIncluded: true, recurring: null, seatsPerUnit: 1, minQuantity: 1, maxQuantity: 1 },
        T0,
      ),
    );
  }
  const lists = new InMemoryAccessListRepository();
  const grants = new InMemoryAccessGrantRepository();
  const grantees = new InMemoryGrantees().add(VENDOR, 'rita@example.com', 'u-rita');
  const outbox = new InMemoryEventOutbox();
  const catalog = { products, options };
  const list = createAccessList({ id: 'src_1', vendorId: VENDOR, ...listFields }, T0);
  await lists.add(list);
  return {
    clock,
    lists,
    grants,
    grantees,
    outbox,
    list,
    create: new CreateGrant(lists, grants, catalog, grantees, ids, clock, outbox),
    update: new UpdateGrant(lists, grants, catalog, grantees, clock, outbox),
    remove: new DeleteGrant(lists, grants, grantees, clock, outbox),
    updateList: new UpdateAccessList(lists, grants, clock, outbox),
    importGrants: new ImportGrants(lists, grants, catalog, grantees, ids, clock, outbox),
    types: () => outbox.events.map((e) => `${e.type}:${(e.payload as { userId: string }).userId}`),
  };
}

describe('grant use cases (in-memory)', () => {
  it('create, change, list status and delete record entitlement events for the known user; the grant gives an EXTERNAL entitlement', async () => {
    const w = await world();
    const grant = await w.create.execute({
      vendorId: VENDOR,
      listId: 'src_1',
      source: 'src_1',
      fields: { email: 'RITA@example.com', sku: 'news', poId: 'news-yearly', status: 'ACTIVE' },
    });
    expect(grant).toMatchObject({ email: 'rita@example.com', userId: 'u-rita', product: { type: 'publication', title: 'Product news' } });
    expect(w.grants.entitlementsOf(w.lists, VENDOR, 'u-rita', 'rita@example.com', T0)).toEqual([
      expect.objectContaining({ id: grant.id, sku: 'news', origin: { type: 'EXTERNAL', id: grant.id, listId: 'src_1', name: 'Partners' }, expiresAt: null }),
    ]);
    await w.update.execute({ vendorId: VENDOR, listId: 'src_1', grantId: grant.id, change: { status: 'CANCELED' } });
    await w.update.execute({ vendorId: VENDOR, listId: 'src_1', grantId: grant.id, change: { status: 'ACTIVE' } });
    await w.updateList.execute({ vendorId: VENDOR, listId: 'src_1', mode: 'merge', change: { status: 'CANCELED' } });
    expect(w.grants.entitlementsOf(w.lists, VENDOR, 'u-rita', 'rita@example.com', T0)).toEqual([]);
    await w.updateList.execute({ vendorId: VENDOR, listId: 'src_1', mode: 'merge', change: { status: 'ACTIVE' } });
    await w.remove.execute({ vendorId: VENDOR, listId: 'src_1', grantId: grant.id });
    expect(w.types()).toEqual([
      'entitlement.granted:u-rita',
      'entitlement.revoked:u-rita',
      'entitlement.granted:u-rita',
      'entitlement.revoked:u-rita',
      'entitlement.granted:u-rita',
      'entitlement.revoked:u-rita',
    ]);
  });

  it('refuses a source other than the list, an unknown product, an option of another product, a duplicate', async () => {
    const w = await world();
    const base = { email: 'a@example.com', sku: 'news', poId: 'news-yearly', status: 'ACTIVE' as const };
    const create = (fields: object, source = 'src_1') => w.create.execute({ vendorId: VENDOR, listId: 'src_1', source, fields: { ...base, ...fields } });
    await expect(create({}, 'src_2')).rejects.toMatchObject({ code: 'GRANT.SOURCE_MISMATCH' });
    await expect(create({ sku: 'nothing' })).rejects.toMatchObject({ code: 'PRODUCT.NOT_FOUND' });
    await expect(create({ poId: 'books-yearly' })).rejects.toMatchObject({ code: 'GRANT.PURCHASE_OPTION_NOT_FOUND' });
    await expect(create({ email: 'bad' })).rejects.toMatchObject({ code: 'GRANT.BAD_EMAIL' });
    await expect(create({ userId: 'u-rita' })).rejects.toMatchObject({ code: 'GRANT.USER_MISMATCH' });
    await create({});
    await expect(create({ email: 'A@example.com' })).rejects.toMatchObject({ code: 'GRANT.EXISTS' });
    await expect(w.create.execute({ vendorId: 'other', listId: 'src_1', source: 'src_1', fields: base })).rejects.toMatchObject({ code: 'ACCESS_LIST.NOT_FOUND' });
  });

  it('imports rows: bad rows reported and skipped, good ones written; importing again updates (idempotent)', async () => {
    const w = await world();
    const rows = [
      { row: 2, values: { email: 'rita@example.com', sku: 'news', poId: 'news-yearly' } },
      { row: 3, values: { email: 'new@example.com', sku: 'books', poId: 'books-yearly', endsAt: '2027-01-01' } },
      { row: 4, values: { email: 'x@example.com', sku: 'ghost', poId: 'news-yearly' } },
      { row: 5, values: { email: 'RITA@example.com', sku: 'news', poId: 'news-yearly' } },
    ];
    const first = await w.importGrants.execute({ vendorId: VENDOR, listId: 'src_1', rows });
    expect(first).toEqual({
      created: 2,
      updated: 0,
      errors: [
        { row: 4, field: 'sku', code: 'PRODUCT.NOT_FOUND', message: expect.any(String) },
        { row: 5, field: 'email', code: 'GRANT.DUPLICATE_ROW', message: expect.any(String) },
      ],
    });
    expect(w.types()).toEqual(['entitlement.granted:u-rita']);
    const again = await w.importGrants.execute({ vendorId: VENDOR, listId: 'src_1', rows: rows.slice(0, 2) });
    expect(again).toEqual({ created: 0, updated: 2, errors: [] });
    expect(w.grants.rows.size).toBe(2);
    expect(w.types()).toEqual(['entitlement.granted:u-rita']);
  });

  it('an entitlement of a grant ends when the grant ends; moving the grant to another person revokes and grants', () => {
    const grant = { id: 'grant_1', vendorId: VENDOR, listId: 'src_1', email: 'a@example.com', sku: 'news', purchaseOptionId: 'p', status: 'ACTIVE', startsAt: null, endsAt: at('2027-01-01T00:00:00Z'), userId: 'u-a', product: { type: 'pass', title: 'T', cover: null, publisherContentId: 'c-1' }, createdAt: T0, updatedAt: T0 } as unknown as AccessGrant;
    const list = createAccessList({ id: 'src_1', vendorId: VENDOR, ...listFields }, T0);
    expect(entitlementOfGrant(grant, list, 'u-a')).toMatchObject({ expiresAt: at('2027-01-01T00:00:00Z'), publisherContentId: 'c-1', type: 'pass', revokedAt: null });
    const moved = grantChangeEvents({ grant, list }, { grant: { ...grant, userId: 'u-b' }, list }, T0);
    expect(moved.map((e) => `${e.type}:${(e.payload as { userId: string }).userId}`)).toEqual(['entitlement.revoked:u-a', 'entitlement.granted:u-b']);
    expect(grantChangeEvents({ grant, list }, { grant: { ...grant, notes: 'x' }, list }, T0)).toEqual([]);
  });
});

describe('links on request', () => {
  it('expire a week after now by default, at most 366 days away, never in the past; take only absolute http(s) pages', () => {
    expect(linkExpiry(undefined, T0)).toEqual(at('2026-01-08T00:00:00Z'));
    expect(linkExpiry(at('2026-06-01T00:00:00Z'), T0)).toEqual(at('2026-06-01T00:00:00Z'));
    expect(() => linkExpiry(T0, T0)).toThrow(/future/);
    expect(() => linkExpiry(at('2027-06-01T00:00:00Z'), T0)).toThrow(/366/);
    expect(linkUrl('https://a.example/x?y=1')).toBe('https://a.example/x?y=1');
    expect(linkUrl(undefined)).toBeNull();
    expect(() => linkUrl('ftp://a.example/')).toThrow();
    expect(() => linkUrl('/x')).toThrow();
  });
});
