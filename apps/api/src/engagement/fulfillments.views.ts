import { Fulfillment, FulfillmentInput } from '@kiosk/domain/engagement';
import { isoOrNull, orNull } from '../platform/http/views';
import { FulfillmentLoadItem, FulfillmentView, ManagedFulfillmentView } from './fulfillments.dto';

export function fulfillmentView(f: Fulfillment): FulfillmentView {
  return {
    id: f.id,
    numericId: f.numericId ?? 0,
    status: f.status,
    sku: f.sku,
    title: f.title,
    cover: orNull(f.cover),
    deliveryProvider: orNull(f.deliveryProvider),
    itemId: orNull(f.itemId),
    copies: f.copies,
    deliversAt: isoOrNull(f.deliversAt),
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

export const managedFulfillmentView = (f: Fulfillment): ManagedFulfillmentView => ({
  ...fulfillmentView(f),
  userId: f.userId,
  deliveryRequestedAt: isoOrNull(f.deliveryRequestedAt),
});

export const fulfillmentInput = (item: FulfillmentLoadItem): FulfillmentInput => ({
  id: item.id,
  userId: item.userId,
  sku: item.sku,
  title: item.title,
  cover: item.cover,
  numericId: item.numericId,
  status: item.status,
  deliveryProvider: item.deliveryProvider,
  itemId: item.itemId,
  copies: item.copies,
  deliversAt: item.deliversAt === undefined ? undefined : new Date(item.deliversAt),
});
