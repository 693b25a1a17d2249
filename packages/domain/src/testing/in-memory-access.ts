import { ContractAccessSource, ContractAccessView, Entitlement, EntitlementRepository, SeatProvisioning } from '../access';
import { Contract, ContractRepository } from '../contracts';

const key = (vendorId: string, id: string) => `${vendorId}\u0000${id}`;

/** Entitlements in memory, one per (user, sku, origin) as the port promises. */
export class InMemoryEntitlementRepository implements EntitlementRepository {
  readonly rows = new Map<string, Entitlement>();

  async listByOrigin(vendorId: string, originType: string, originId: string): Promise<Entitlement[]> {
    return [...this.rows.values()].filter((e) => e.vendorId === vendorId && e.origin.type === originType && e.origin.id === originId);
  }

  async grant(entitlement: Entitlement): Promise<Entitlement> {
    const same = [...this.rows.values()].find(
      (e) =>
        e.vendorId === entitlement.vendorId &&
        e.userId === entitlement.userId &&
        e.sku === entitlement.sku &&
        e.origin.type === entitlement.origin.type &&
        e.origin.id === entitlement.origin.id,
    );
    const stored: Entitlement = same ? { ...entitlement, id: same.id, createdAt: same.createdAt, revokedAt: null } : entitlement;
    this.rows.set(key(stored.vendorId, stored.id), stored);
    return stored;
  }

  async revoke(vendorId: string, entitlementId: string, at: Date): Promise<void> {
    const row = this.rows.get(key(vendorId, entitlementId));
    if (row && row.revokedAt === null) this.rows.set(key(vendorId, entitlementId), { ...row, revokedAt: at, updatedAt: at });
  }

  async listByUser(vendorId: string, userId: string): Promise<Entitlement[]> {
    return [...this.rows.values()]
      .filter((e) => e.vendorId === vendorId && e.userId === userId)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }
}

/** Records the seats the access module reports as provisioned. */
export class RecordingSeatProvisioning implements SeatProvisioning {
  readonly provisionedSeats: Parameters<SeatProvisioning['provisioned']>[0][] = [];
  async provisioned(command: Parameters<SeatProvisioning['provisioned']>[0]): Promise<void> {
    this.provisionedSeats.push(command);
  }
}

/** The contract as the access rules see it (what the service's access module reads too). */
export function contractAccessViewOf(contract: Contract): ContractAccessView {
  const s = contract.toSnapshot();
  return {
    vendorId: s.vendorId,
    contractId: s.id,
    name: s.name,
    status: s.status,
    userId: s.userId,
    items: s.items.map((i) => ({ sku: i.sku, purchaseOptionId: i.purchaseOptionId, productType: i.productType, name: i.name, cover: i.cover })),
    seatHolders: s.seatHolders.map((h) => ({ userId: h.userId, itemSku: h.itemSku, sku: h.sku, status: h.status, entitlementId: h.entitlementId })),
    expiresAt: contract.expiresAt,
  };
}

/** The access module's view of contracts, read from a contract repository (in memory or not). */
export class ContractsAsAccessSource implements ContractAccessSource {
  constructor(private readonly contracts: Pick<ContractRepository, 'find'>) {}
  async find(vendorId: string, contractId: string): Promise<ContractAccessView | null> {
    const contract = await this.contracts.find(vendorId, contractId);
    return contract ? contractAccessViewOf(contract) : null;
  }
}
