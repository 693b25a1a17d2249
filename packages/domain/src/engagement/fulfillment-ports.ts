import { Address } from './address';
import { Fulfillment, FulfillmentInput } from './fulfillment';

export interface FulfillmentRepository {
  /** The reader's fulfillments of one SKU, oldest first. */
  listBySku(vendorId: string, userId: string, sku: string): Promise<Fulfillment[]>;
  /**
   * Runs `change` on the reader's fulfillment with the row locked and stores
   * what it returns; null when the reader has no such fulfillment.
   */
  update<T>(
    vendorId: string,
    userId: string,
    id: string,
    change: (current: Fulfillment) => Promise<{ next: Fulfillment | null; result: T }>,
  ): Promise<T | null>;
  /** Inserts or updates the vendor's fulfillments by id, all or nothing; returns them as stored. */
  upsert(vendorId: string, inputs: readonly FulfillmentInput[], now: Date): Promise<Fulfillment[]>;
}

/** Where a delivery request goes: the vendor's logistics partner. */
export interface DeliveryProvider {
  readonly name: string;
  /** Asks for delivery of the item to the address; `ok` false when the provider refuses. */
  requestDelivery(request: { fulfillment: Fulfillment; address: Address; requestedAt: Date }): Promise<{ ok: boolean }>;
}
