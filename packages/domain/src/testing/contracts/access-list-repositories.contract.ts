import { AccessList } from '../../access/access-lists/access-list';
import { AccessGrant } from '../../access/access-lists/grant';
import { AccessGrantRepository, AccessListRepository } from '../../access/access-lists/ports';
import { minutesLater, SUITE_START } from './contract-builders';
import { ContractCase, ContractViolation, same } from './contract-case';

/**
 * What every AccessListRepository and AccessGrantRepository must do
 * (access/access-lists/ports.ts): lists oldest first, one grant per (list,
 * e-mail, sku), grants oldest first a page at a time, upserts that keep an
 * updated grant's id and createdAt, tenancy by vendor. A fixture holds no
 * list or grant of its two vendors (which exist, for stores that check).
 */
export interface AccessListRepositoryFixture {
  readonly lists: AccessListRepository;
  readonly grants: AccessGrantRepository;
  readonly vendorId: string;
  readonly otherVendorId: string;
}

const accessList = (vendorId: string, id: string, fields: Partial<AccessList> = {}): AccessList => ({
  id,
  vendorId,
  name: 'Partner readers',
  description: 'From the partner\u2019s spreadsheet',
  type: 'CSV_FILE',
  status: 'ACTIVE',
  excludeFromStats: true,
  createdAt: SUITE_START,
  updatedAt: SUITE_START,
  ...fields,
});

const address = { street: 'Storgatan 1', city: 'Stockholm', zip: '111 22', country: 'SE', co: null };

/** A grant with every optional field set, so a round trip shows each one. */
const grant = (vendorId: string, id: string, fields: Partial<AccessGrant> = {}): AccessGrant => ({
  id,
  vendorId,
  listId: 'list-1',
  email: 'reader@example.com',
  sku: 'news',
  purchaseOptionId: 'po-month',
  status: 'ACTIVE',
  startsAt: SUITE_START,
  endsAt: minutesLater(60 * 24 * 30),
  userId: 'u1',
  publisherUserId: 'partner-7',
  publisherPurchaseId: 'purchase-9',
  firstName: 'Ada',
  lastName: 'Lind',
  phone: '+46 70 000 00 00',
  deliveryAddress: address,
  billingAddress: { ...address, co: 'Acme AB', street: 'Box 5' },
  notes: 'paid by invoice',
  extraFields: { region: 'north', campaign: 'spring' },
  excludeFromStats: false,
  product: { type: 'publication', title: 'News', cover: 'https://cdn.example/news.png', publisherContentId: 'news' },
  createdAt: SUITE_START,
  updatedAt: SUITE_START,
  ...fields,
});

/** Grants need their list: both vendors get a list `list-1` (another vendor's list of the same id is its own). */
async function withLists(f: AccessListRepositoryFixture, ...more: string[]): Promise<void> {
  for (const id of ['list-1', ...more]) await f.lists.add(accessList(f.vendorId, id));
  await f.lists.add(accessList(f.otherVendorId, 'list-1'));
}

const ids = (grants: { id: string }[]) => grants.map((g) => g.id);
const sortedIds = (grants: { id: string }[]) => ids(grants).sort();

export const ACCESS_LIST_REPOSITORY_CONTRACT: readonly ContractCase<AccessListRepositoryFixture>[] = [
  {
    name: 'finds a list as it was added, every field; another vendor finds and lists nothing of it',
    async run(f) {
      const added = accessList(f.vendorId, 'list-1');
      const bare = accessList(f.vendorId, 'list-2', { description: null, excludeFromStats: false, type: 'MANUAL', status: 'DRAFT' });
      await f.lists.add(added);
      await f.lists.add(bare);
      same(await f.lists.find(f.vendorId, 'list-1'), added, 'the list with every field');
      same(await f.lists.find(f.vendorId, 'list-2'), bare, 'the list without a description');
      same(await f.lists.find(f.otherVendorId, 'list-1'), null, "another vendor's find");
      same(await f.lists.list(f.otherVendorId), [], "another vendor's lists");
    },
  },
  {
    name: "save stores the changed list by id; another vendor's list of the same id is not changed",
    async run(f) {
      await f.lists.add(accessList(f.vendorId, 'list-1'));
      const theirs = accessList(f.otherVendorId, 'list-1');
      await f.lists.add(theirs);
      const changed = accessList(f.vendorId, 'list-1', {
        name: 'Retired partner',
        description: null,
        type: 'HOOK',
        status: 'CANCELED',
        excludeFromStats: false,
        updatedAt: minutesLater(5),
      });
      await f.lists.save(changed);
      same(await f.lists.find(f.vendorId, 'list-1'), changed, 'the saved list');
      same(await f.lists.find(f.otherVendorId, 'list-1'), theirs, "another vendor's list");
    },
  },
  {
    name: 'lists every list of the vendor, oldest first',
    async run(f) {
      await f.lists.add(accessList(f.vendorId, 'list-b', { createdAt: minutesLater(2), updatedAt: minutesLater(2) }));
      await f.lists.add(accessList(f.vendorId, 'list-c', { createdAt: minutesLater(3), updatedAt: minutesLater(3) }));
      await f.lists.add(accessList(f.vendorId, 'list-a', { createdAt: minutesLater(1), updatedAt: minutesLater(1) }));
      await f.lists.add(accessList(f.otherVendorId, 'list-0'));
      same(ids(await f.lists.list(f.vendorId)), ['list-a', 'list-b', 'list-c'], "the vendor's lists");
    },
  },
];

export const ACCESS_GRANT_REPOSITORY_CONTRACT: readonly ContractCase<AccessListRepositoryFixture>[] = [
  {
    name: "finds a grant as it was added, every field, on its own list only; another vendor finds, lists and removes nothing of it",
    async run(f) {
      await withLists(f, 'list-2');
      const added = grant(f.vendorId, 'g1');
      const bare = grant(f.vendorId, 'g2', {
        email: 'bare@example.com',
        startsAt: null,
        endsAt: null,
        userId: null,
        publisherUserId: null,
        publisherPurchaseId: null,
        firstName: null,
        lastName: null,
        phone: null,
        deliveryAddress: null,
        billingAddress: null,
        notes: null,
        extraFields: {},
        excludeFromStats: true,
        status: 'INACTIVE',
        product: { type: 'article', title: 'Bare', cover: null, publisherContentId: null },
      });
      same(await f.grants.add(added), true, 'the first add');
      same(await f.grants.add(bare), true, 'the second add');
      same(await f.grants.find(f.vendorId, 'list-1', 'g1'), added, 'the grant with every field');
      same(await f.grants.find(f.vendorId, 'list-1', 'g2'), bare, 'the grant with none of the optional fields');
      same(await f.grants.find(f.vendorId, 'list-2', 'g1'), null, 'the grant looked for on another list');
      same(await f.grants.find(f.otherVendorId, 'list-1', 'g1'), null, "another vendor's find");
      same(await f.grants.listByList(f.otherVendorId, 'list-1'), [], "another vendor's list");
      same(await f.grants.findByKeys(f.otherVendorId, 'list-1', [{ email: added.email, sku: 'news' }]), [], "another vendor's find by keys");
      same(await f.grants.remove(f.otherVendorId, 'list-1', 'g1'), false, "another vendor's remove");
      same(await f.grants.find(f.vendorId, 'list-1', 'g1'), added, "the grant after another vendor's remove");
    },
  },
  {
    name: 'adding a second grant of the same e-mail and sku to a list answers false and keeps the first; another sku or list is another grant',
    async run(f) {
      await withLists(f, 'list-2');
      const first = grant(f.vendorId, 'g1');
      await f.grants.add(first);
      same(await f.grants.add(grant(f.vendorId, 'g2', { firstName: 'Second' })), false, 'the same e-mail and sku again');
      same(await f.grants.find(f.vendorId, 'list-1', 'g2'), null, 'the refused grant');
      same(await f.grants.find(f.vendorId, 'list-1', 'g1'), first, 'the first grant');
      same(await f.grants.add(grant(f.vendorId, 'g3', { sku: 'sport' })), true, 'another sku for the e-mail');
      same(await f.grants.add(grant(f.vendorId, 'g4', { listId: 'list-2' })), true, 'the same e-mail and sku on another list');
      same(await f.grants.add(grant(f.otherVendorId, 'g5')), true, "the same e-mail and sku on another vendor's list");
    },
  },
  {
    name: 'save stores the changed grant by id; it answers false and stores nothing when another grant of the list has its e-mail and sku',
    async run(f) {
      await withLists(f);
      await f.grants.add(grant(f.vendorId, 'g1'));
      const other = grant(f.vendorId, 'g2', { email: 'other@example.com' });
      await f.grants.add(other);
      const changed = grant(f.vendorId, 'g1', {
        email: 'renamed@example.com',
        status: 'CANCELED',
        endsAt: minutesLater(10),
        userId: null,
        notes: null,
        extraFields: { region: 'south' },
        deliveryAddress: null,
        product: { type: 'podcast', title: 'News pod', cover: null, publisherContentId: 'pod' },
        updatedAt: minutesLater(5),
      });
      same(await f.grants.save(changed), true, 'the save');
      same(await f.grants.find(f.vendorId, 'list-1', 'g1'), changed, 'the saved grant');
      const clash = { ...changed, email: other.email, updatedAt: minutesLater(6) };
      same(await f.grants.save(clash), false, "the save onto another grant's e-mail and sku");
      same(await f.grants.find(f.vendorId, 'list-1', 'g1'), changed, 'the grant after the refused save');
      same(await f.grants.find(f.vendorId, 'list-1', 'g2'), other, 'the other grant');
    },
  },
  {
    name: 'saving a grant that is not stored (removed meanwhile, or another vendor\u2019s id) stores nothing',
    async run(f) {
      await withLists(f);
      const mine = grant(f.vendorId, 'g1');
      await f.grants.add(mine);
      await f.grants.save(grant(f.vendorId, 'g-gone', { email: 'gone@example.com' }));
      same(await f.grants.find(f.vendorId, 'list-1', 'g-gone'), null, 'the grant saved without an add');
      await f.grants.save(grant(f.otherVendorId, 'g1', { firstName: 'Theirs' }));
      same(await f.grants.find(f.otherVendorId, 'list-1', 'g1'), null, "another vendor's grant of the same id");
      same(await f.grants.find(f.vendorId, 'list-1', 'g1'), mine, 'the grant of that id');
    },
  },
  {
    name: 'remove deletes that grant only and answers whether there was one',
    async run(f) {
      await withLists(f);
      await f.grants.add(grant(f.vendorId, 'g1'));
      await f.grants.add(grant(f.vendorId, 'g2', { email: 'two@example.com' }));
      same(await f.grants.remove(f.vendorId, 'list-1', 'g1'), true, 'the first remove');
      same(await f.grants.remove(f.vendorId, 'list-1', 'g1'), false, 'the remove of a removed grant');
      same(ids(await f.grants.listByList(f.vendorId, 'list-1')), ['g2'], 'what is left');
    },
  },
  {
    name: "lists a list's grants oldest first, all of them or one page",
    async run(f) {
      await withLists(f, 'list-2');
      const at = (minutes: number) => ({ createdAt: minutesLater(minutes), updatedAt: minutesLater(minutes) });
      await f.grants.add(grant(f.vendorId, 'g-c', { email: 'c@example.com', ...at(3) }));
      await f.grants.add(grant(f.vendorId, 'g-a', { email: 'a@example.com', ...at(1) }));
      await f.grants.add(grant(f.vendorId, 'g-d', { email: 'd@example.com', ...at(4) }));
      await f.grants.add(grant(f.vendorId, 'g-b', { email: 'b@example.com', ...at(2) }));
      await f.grants.add(grant(f.vendorId, 'g-x', { listId: 'list-2', ...at(0) }));
      same(ids(await f.grants.listByList(f.vendorId, 'list-1')), ['g-a', 'g-b', 'g-c', 'g-d'], 'every grant of the list');
      same(ids(await f.grants.listByList(f.vendorId, 'list-1', { limit: 2, offset: 1 })), ['g-b', 'g-c'], 'the page of two after one');
      same(ids(await f.grants.listByList(f.vendorId, 'list-1', { limit: 10, offset: 4 })), [], 'a page past the end');
    },
  },
  {
    name: "finds a list's grants by (e-mail, sku) pairs: exactly the pairs asked for",
    async run(f) {
      await withLists(f, 'list-2');
      await f.grants.add(grant(f.vendorId, 'g1'));
      await f.grants.add(grant(f.vendorId, 'g2', { sku: 'sport' }));
      await f.grants.add(grant(f.vendorId, 'g3', { email: 'two@example.com' }));
      await f.grants.add(grant(f.vendorId, 'g4', { listId: 'list-2' }));
      const found = await f.grants.findByKeys(f.vendorId, 'list-1', [
        { email: 'reader@example.com', sku: 'news' },
        { email: 'two@example.com', sku: 'news' },
        { email: 'two@example.com', sku: 'sport' },
      ]);
      same(sortedIds(found), ['g1', 'g3'], 'the grants found');
      same(await f.grants.findByKeys(f.vendorId, 'list-1', []), [], 'no pairs asked for');
    },
  },
  {
    name: 'upsertMany inserts new grants and updates existing ones by (list, e-mail, sku), keeping their id and createdAt',
    async run(f) {
      await withLists(f);
      const before = grant(f.vendorId, 'g1');
      await f.grants.add(before);
      const update = grant(f.vendorId, 'g-new-id', { firstName: 'Updated', endsAt: minutesLater(99), createdAt: minutesLater(7), updatedAt: minutesLater(7) });
      const fresh = grant(f.vendorId, 'g2', { email: 'new@example.com', createdAt: minutesLater(7), updatedAt: minutesLater(7) });
      const answer = await f.grants.upsertMany([update, fresh]);
      const updated = { ...update, id: 'g1', createdAt: SUITE_START };
      const answered = [...answer].sort((a, b) => (a.grant.id < b.grant.id ? -1 : 1));
      same(answered, [{ grant: updated, created: false }, { grant: fresh, created: true }], 'the answer');
      same(await f.grants.listByList(f.vendorId, 'list-1'), [updated, fresh], 'what is stored');
      same(await f.grants.find(f.vendorId, 'list-1', 'g-new-id'), null, "the update's own id");
      if ((await f.grants.upsertMany([])).length !== 0) throw new ContractViolation('an empty upsert answered grants');
    },
  },
];
