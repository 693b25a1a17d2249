import {
  CheckAccess,
  ContractAccessView,
  Entitlement,
  EntitlementRepository,
  grantsOf,
  hasAccess,
  SyncContractAccess,
} from '../../src/access';
import { ProvisionSeat } from '../../src/contracts';
import { FakeClock, InMemoryContractRepository, InMemoryEventOutbox, InMemoryProductRepository, SequentialIds } from '../../src/testing';
import { contractIn, DAY, products, T0, VENDOR } from '../contracts/fixtures';

class InMemoryEntitlements implements EntitlementRepository {
  readonly rows: Entitlement[] = [];
  async listByOrigin(vendorId: string, originType: string, originId: string) {
    return this.rows.filter((e) => e.vendorId === vendorId && e.origin.type === originType && e.origin.id === originId);
  }
  async grant(e: Entitlement) {
    const i = this.rows.findIndex(
      (r) => r.vendorId === e.vendorId && r.userId === e.userId && r.sku === e.sku && r.origin.id === e.origin.id,
    );
    if (i < 0) {
      this.rows.push(e);
      return e;
    }
    this.rows[i] = { ...e, id: this.rows[i].id, createdAt: this.rows[i].createdAt };
    return this.rows[i];
  }
  async revoke(vendorId: string, id: string, at: Date) {
    const i = this.rows.findIndex((r) => r.vendorId === vendorId && r.id === id && r.revokedAt === null);
    if (i >= 0) this.rows[i] = { ...this.rows[i], revokedAt: at, updatedAt: at };
  }
  async listByUser(vendorId: string, userId: string) {
    return this.rows.filter((e) => e.vendorId === vendorId && e.userId === userId);
  }
}

async function world() {
  const clock = new FakeClock(T0);
  const contracts = new InMemoryContractRepository();
  const productRepo = new InMemoryProductRepository();
  await productRepo.add(products.publication);
  await productRepo.add(products.license);
  const entitlements = new InMemoryEntitlements();
  const outbox = new InMemoryEventOutbox();
  const provision = new ProvisionSeat(contracts, clock);
  const source = {
    find: async (vendorId: string, contractId: string): Promise<ContractAccessView | null> => {
      const c = await contracts.find(vendorId, contractId);
      if (!c) return null;
      const s = c.toSnapshot();
      return { vendorId, contractId, name: s.name, status: s.status, userId: s.userId, items: s.items, seatHolders: s.seatHolders, expiresAt: c.expiresAt };
    },
  };
  const sync = new SyncContractAccess(
    source,
    entitlements,
    productRepo,
    { provisioned: async (command) => void (await provision.execute(command)) },
    new SequentialIds('e-'),
    clock,
    outbox,
  );
  return { clock, contracts, entitlements, sync, outbox, check: new CheckAccess(entitlements, clock) };
}

const live = (rows: Entitlement[]) => rows.filter((e) => e.revokedAt === null).map((e) => `${e.userId}:${e.sku}`).sort();

describe('grantsOf', () => {
  const view = (status: ContractAccessView['status']): ContractAccessView => {
    const s = contractIn('ACTIVE').toSnapshot();
    return { vendorId: VENDOR, contractId: s.id, name: s.name, status, userId: s.userId, items: s.items, seatHolders: s.seatHolders, expiresAt: null };
  };

  it('gives nothing unless the contract grants access now', () => {
    expect(grantsOf(view('PENDING'))).toEqual([]);
    expect(grantsOf(view('FORTHCOMING'))).toEqual([]);
    expect(grantsOf(view('CANCELED'))).toEqual([]);
    expect(grantsOf(view('OVERDUE'))).toHaveLength(1);
  });

  it('gives the content product a license unlocks, once per person, as a seat', () => {
    expect(grantsOf(view('ACTIVE'))).toEqual([
      expect.objectContaining({ userId: 'owner', sku: 'news', itemSku: 'news-multi', purchaseOptionId: 'po-license', seat: true }),
    ]);
  });
});

describe('SyncContractAccess', () => {
  it('grants on activation, provisions seats, grants and revokes seat holders, and is a no-op when repeated', async () => {
    const w = await world();
    const contract = contractIn('ACTIVE');
    await w.contracts.add(contract);
    await w.sync.execute({ vendorId: VENDOR, contractId: contract.id });
    expect(live(w.entitlements.rows)).toEqual(['owner:news']);
    expect(w.entitlements.rows[0]).toMatchObject({ type: 'publication', title: 'News', origin: { type: 'CONTRACT', id: contract.id } });
    expect((await w.contracts.find(VENDOR, contract.id))!.seatUsers()[0]).toMatchObject({ status: 'ACTIVE', entitlementId: w.entitlements.rows[0].id });

    await w.contracts.update(VENDOR, contract.id, (c) => c.assignSeat({ id: 'colleague' }, undefined, T0));
    await w.sync.execute({ vendorId: VENDOR, contractId: contract.id });
    const snapshot = [...w.entitlements.rows];
    expect(live(snapshot)).toEqual(['colleague:news', 'owner:news']);
    const again = await w.sync.execute({ vendorId: VENDOR, contractId: contract.id });
    expect(again).toEqual({ granted: [], revoked: [] });
    expect(w.entitlements.rows).toEqual(snapshot);

    await w.contracts.update(VENDOR, contract.id, (c) => c.removeSeat('colleague', T0));
    await w.sync.execute({ vendorId: VENDOR, contractId: contract.id });
    expect(live(w.entitlements.rows)).toEqual(['owner:news']);
    // One event per grant and per revocation, about the entitlement; repeating the sync recorded nothing.
    const colleague = w.entitlements.rows.find((e) => e.userId === 'colleague')!;
    expect(w.outbox.events.map((e) => [e.type, e.aggregateId, e.payload.userId])).toEqual([
      ['entitlement.granted', w.entitlements.rows.find((e) => e.userId === 'owner')!.id, 'owner'],
      ['entitlement.granted', colleague.id, 'colleague'],
      ['entitlement.revoked', colleague.id, 'colleague'],
    ]);
    expect(await w.check.execute({ vendorId: VENDOR, userId: 'colleague', sku: 'news' })).toBe(false);
    expect(await w.check.execute({ vendorId: VENDOR, userId: 'owner', sku: 'news' })).toBe(true);
  });

  it('grants nothing to a FORTHCOMING contract and revokes all on cancel', async () => {
    const w = await world();
    const forthcoming = contractIn('FORTHCOMING');
    await w.contracts.add(forthcoming);
    await w.sync.execute({ vendorId: VENDOR, contractId: forthcoming.id });
    expect(w.entitlements.rows).toEqual([]);

    await w.contracts.update(VENDOR, forthcoming.id, (c) => c.start(new Date(T0.getTime() + 31 * DAY)));
    await w.sync.execute({ vendorId: VENDOR, contractId: forthcoming.id });
    expect(live(w.entitlements.rows)).toEqual(['owner:news']);
    await w.contracts.update(VENDOR, forthcoming.id, (c) => c.cancel(new Date(T0.getTime() + 40 * DAY), 'TEST'));
    await w.sync.execute({ vendorId: VENDOR, contractId: forthcoming.id });
    expect(live(w.entitlements.rows)).toEqual([]);
  });
});

describe('hasAccess', () => {
  it('is false once revoked or past the end', () => {
    expect(hasAccess({ revokedAt: null, expiresAt: null }, T0)).toBe(true);
    expect(hasAccess({ revokedAt: T0, expiresAt: null }, T0)).toBe(false);
    expect(hasAccess({ revokedAt: null, expiresAt: T0 }, T0)).toBe(false);
    expect(hasAccess({ revokedAt: null, expiresAt: new Date(T0.getTime() + 1) }, T0)).toBe(true);
  });
});
