import { ProductRepository } from '../catalog';
import { Entitlement } from './entitlement';
import { ContractAccessView } from './rules';

/** Entitlements per vendor. One per (user, sku, origin): granting again reuses it. */
export interface EntitlementRepository {
  /** Everything one origin (a contract) has given, revoked ones included. */
  listByOrigin(vendorId: string, originType: string, originId: string): Promise<Entitlement[]>;
  /**
   * Stores a grant atomically: inserts it, or, when the user already has one
   * for the sku from the same origin, makes that one live again with the
   * given fields and end date (its id and createdAt stay). Answers what is stored.
   */
  grant(entitlement: Entitlement): Promise<Entitlement>;
  /** Marks a live entitlement revoked; a revoked one stays as it is. */
  revoke(vendorId: string, entitlementId: string, at: Date): Promise<void>;
  /** Every entitlement of a user, revoked ones included, newest first. */
  listByUser(vendorId: string, userId: string): Promise<Entitlement[]>;
}

/** Reads a contract as the access rules see it; null when the vendor has no such contract. */
export interface ContractAccessSource {
  find(vendorId: string, contractId: string): Promise<ContractAccessView | null>;
}

/** Tells the contracts module that a seat's entitlement is granted (ProvisionSeat). */
export interface SeatProvisioning {
  provisioned(command: { vendorId: string; contractId: string; userId: string; itemSku: string; entitlementId: string }): Promise<void>;
}

/** Products by sku, for the title, cover, type and content id an entitlement shows. */
export type ContentProducts = Pick<ProductRepository, 'find'>;
