import { Entitlement } from '../../access/entitlement';
import { EntitlementRepository } from '../../access/ports';
import { minutesLater, SUITE_START } from './contract-builders';
import { ContractCase, same } from './contract-case';

/**
 * What every EntitlementRepository must do (access/ports.ts): one
 * entitlement per (user, sku, origin), revocation that sticks, tenancy by
 * vendor. A fixture is a repository holding no entitlement of its two vendors.
 */
export interface EntitlementRepositoryFixture {
  readonly entitlements: EntitlementRepository;
  readonly vendorId: string;
  readonly otherVendorId: string;
}

/** An entitlement of user `u1` to product `news` (content `news`), from a contract, live from the suite's start. */
export const contractEntitlement = (vendorId: string, id: string, fields: Partial<Entitlement> = {}): Entitlement => ({
  id,
  vendorId,
  userId: 'u1',
  sku: 'news',
  purchaseOptionId: 'po-month',
  type: 'publication',
  title: 'News',
  cover: null,
  url: null,
  presentationUrl: null,
  publisherContentId: 'news',
  origin: { type: 'CONTRACT', id: 'c1', listId: null, name: null },
  createdAt: SUITE_START,
  updatedAt: SUITE_START,
  expiresAt: null,
  revokedAt: null,
  ...fields,
});

export const ENTITLEMENT_REPOSITORY_CONTRACT: readonly ContractCase<EntitlementRepositoryFixture>[] = [
  {
    name: 'grants an entitlement and answers it as stored; another vendor sees none of it',
    async run(f) {
      const granted = contractEntitlement(f.vendorId, 'e1');
      same(await f.entitlements.grant(granted), granted, 'the answer');
      same(await f.entitlements.listByUser(f.vendorId, 'u1'), [granted], "the user's entitlements");
      same(await f.entitlements.listByOrigin(f.vendorId, 'CONTRACT', 'c1'), [granted], "the origin's entitlements");
      same(await f.entitlements.listByUser(f.otherVendorId, 'u1'), [], "another vendor's list by user");
      same(await f.entitlements.listByOrigin(f.otherVendorId, 'CONTRACT', 'c1'), [], "another vendor's list by origin");
      await f.entitlements.revoke(f.otherVendorId, 'e1', minutesLater(1));
      same((await f.entitlements.listByUser(f.vendorId, 'u1'))[0].revokedAt, null, "after another vendor's revoke");
    },
  },
  {
    name: 'granting again from the same origin reuses the entitlement (id and createdAt) and makes it live with the new end',
    async run(f) {
      await f.entitlements.grant(contractEntitlement(f.vendorId, 'e1'));
      await f.entitlements.revoke(f.vendorId, 'e1', minutesLater(1));
      const again = await f.entitlements.grant(
        contractEntitlement(f.vendorId, 'e2', { createdAt: minutesLater(2), updatedAt: minutesLater(2), expiresAt: minutesLater(60) }),
      );
      same([again.id, again.createdAt, again.revokedAt, again.expiresAt], ['e1', SUITE_START, null, minutesLater(60)], 'the regranted entitlement');
      same((await f.entitlements.listByUser(f.vendorId, 'u1')).length, 1, 'how many the user has');
    },
  },
  {
    name: 'another origin or sku is another entitlement; lists come newest first, revoked ones included',
    async run(f) {
      await f.entitlements.grant(contractEntitlement(f.vendorId, 'e1'));
      await f.entitlements.grant(contractEntitlement(f.vendorId, 'e2', { origin: { type: 'CONTRACT', id: 'c2', listId: null, name: null }, createdAt: minutesLater(1), updatedAt: minutesLater(1) }));
      await f.entitlements.grant(contractEntitlement(f.vendorId, 'e3', { sku: 'sport', createdAt: minutesLater(2), updatedAt: minutesLater(2) }));
      await f.entitlements.revoke(f.vendorId, 'e1', minutesLater(3));
      const listed = await f.entitlements.listByUser(f.vendorId, 'u1');
      same(listed.map((e) => [e.id, e.revokedAt]), [['e3', null], ['e2', null], ['e1', minutesLater(3)]], "the user's entitlements");
      same((await f.entitlements.listByOrigin(f.vendorId, 'CONTRACT', 'c1')).map((e) => e.id).sort(), ['e1', 'e3'], "c1's entitlements");
    },
  },
  {
    name: 'a revocation sticks: revoking again keeps the first time',
    async run(f) {
      await f.entitlements.grant(contractEntitlement(f.vendorId, 'e1'));
      await f.entitlements.revoke(f.vendorId, 'e1', minutesLater(1));
      await f.entitlements.revoke(f.vendorId, 'e1', minutesLater(2));
      same((await f.entitlements.listByUser(f.vendorId, 'u1'))[0].revokedAt, minutesLater(1), 'revokedAt');
    },
  },
];
