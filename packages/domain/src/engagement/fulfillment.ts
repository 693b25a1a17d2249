import { ConflictError, InvalidError, NotFoundError } from '../shared';
import { text } from './address';

/**
 * A physical item a reader is to receive (interface 2.6a Fulfillment), loaded
 * by the vendor. PENDING until the reader asks for delivery; the vendor moves
 * it on (SHIPPED, DELIVERED, CANCELED) by loading it again.
 */
export const FULFILLMENT_STATUSES = ['PENDING', 'DELIVERY_REQUESTED', 'SHIPPED', 'DELIVERED', 'CANCELED'] as const;
export type FulfillmentStatus = (typeof FULFILLMENT_STATUSES)[number];

export interface Fulfillment {
  readonly vendorId: string;
  readonly id: string;
  readonly userId: string;
  readonly sku: string;
  readonly title: string;
  readonly cover: string | null;
  /** A number for people (packing slips); the vendor's, or assigned by the store when not given. */
  readonly numericId: number | null;
  readonly status: FulfillmentStatus;
  readonly deliveryProvider: string | null;
  readonly itemId: string | null;
  readonly copies: number;
  readonly deliversAt: Date | null;
  readonly deliveryRequestedAt: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export const FULFILLMENT_ID = /^[A-Za-z0-9_.:-]{1,128}$/;
export const FULFILLMENT_SKU = /^[A-Za-z0-9_.:-]{1,128}$/;
export const MAX_FULFILLMENTS_PER_LOAD = 500;

/** What a vendor loads for one fulfillment; `id` names it, so loading again updates it. */
export interface FulfillmentInput {
  readonly id: string;
  readonly userId: string;
  readonly sku: string;
  readonly title: string;
  readonly cover?: string | null;
  readonly numericId?: number | null;
  readonly status?: FulfillmentStatus;
  readonly deliveryProvider?: string | null;
  readonly itemId?: string | null;
  readonly copies?: number;
  readonly deliversAt?: Date | null;
}

export function checkFulfillmentInput(input: FulfillmentInput, index: number): FulfillmentInput {
  const at = (field: string) => `fulfillments[${index}].${field}`;
  const bad = (field: string, message: string) =>
    new InvalidError('FULFILLMENT.INVALID', `${at(field)} ${message}`, { field: at(field) });
  if (!FULFILLMENT_ID.test(input.id)) throw bad('id', 'must be 1 to 128 letters, digits or _.:-');
  if (!FULFILLMENT_SKU.test(input.sku)) throw bad('sku', 'must be 1 to 128 letters, digits or _.:-');
  if (input.copies !== undefined && (!Number.isSafeInteger(input.copies) || input.copies < 1 || input.copies > 10_000)) {
    throw bad('copies', 'must be a whole number from 1 to 10000');
  }
  if (input.numericId !== undefined && input.numericId !== null && (!Number.isSafeInteger(input.numericId) || input.numericId < 1)) {
    throw bad('numericId', 'must be a positive whole number');
  }
  if (input.status !== undefined && !FULFILLMENT_STATUSES.includes(input.status)) throw bad('status', 'is not a known status');
  const title = text(at('title'), input.title, 300);
  if (title === null) throw bad('title', 'is required');
  return {
    ...input,
    title,
    cover: text(at('cover'), input.cover, 2048),
    deliveryProvider: text(at('deliveryProvider'), input.deliveryProvider, 100),
    itemId: text(at('itemId'), input.itemId, 128),
  };
}

/**
 * The reader asks for delivery: allowed from PENDING; asking again once
 * requested changes nothing (`first` false); later states refuse.
 */
export function requestDelivery(f: Fulfillment, now: Date): { fulfillment: Fulfillment; first: boolean } {
  if (f.status === 'DELIVERY_REQUESTED') return { fulfillment: f, first: false };
  if (f.status !== 'PENDING') {
    throw new ConflictError('FULFILLMENT.NOT_DELIVERABLE', `the fulfillment is ${f.status}; delivery can no longer be requested`, {
      status: f.status,
    });
  }
  return { fulfillment: { ...f, status: 'DELIVERY_REQUESTED', deliveryRequestedAt: now, updatedAt: now }, first: true };
}

export const fulfillmentNotFound = (id: string) =>
  new NotFoundError('FULFILLMENT.NOT_FOUND', 'no such fulfillment for this reader and sku', { id });
