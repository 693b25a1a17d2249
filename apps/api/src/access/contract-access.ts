import { ContractAccessView } from '@kiosk/domain/access';
import { Contract } from '@kiosk/domain/contracts';

/** The contract as the access rules see it, from the contracts module's aggregate. */
export function accessViewOf(contract: Contract): ContractAccessView {
  const s = contract.toSnapshot();
  return {
    vendorId: s.vendorId,
    contractId: s.id,
    name: s.name,
    status: s.status,
    userId: s.userId,
    items: s.items.map((i) => ({
      sku: i.sku,
      purchaseOptionId: i.purchaseOptionId,
      productType: i.productType,
      name: i.name,
      cover: i.cover,
    })),
    seatHolders: s.seatHolders.map((h) => ({
      userId: h.userId,
      itemSku: h.itemSku,
      sku: h.sku,
      status: h.status,
      entitlementId: h.entitlementId,
    })),
    expiresAt: contract.expiresAt,
  };
}
