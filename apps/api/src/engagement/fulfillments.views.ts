import { Fulfillment, FulfillmentInput } from '@kiosk/domain/engagement';
import { FulfillmentLoadItem, FulfillmentView, ManagedFulfillmentView } from './fulfillments.dto';

export function fulfillmentView(f: Fulfillment): FulfillmentView {
  return {
    id: f.id,
    numericId: f.numericId ?? 0,
    status: f.status,
    sku: f.sku,
    title: f.title,
    ...(f.cover ? { cover: f.cover } : {}),
    ...(f.deliveryProvider ? { deliveryProvider: f.deliveryProvider } : {}),
    ...(f.itemId ? { itemId: f.itemId } : {}),
    copies: f.copies,
    ...(f.deliversAt ? { deliversAt: f.deliversAt.toISOString() } : {}),
    createdAt: f.createdAt.toISOString(),
    updatedAt: f.updatedAt.toISOString(),
  };
}

export const managedFulfillmentView = (f: Fulfillment): ManagedFulfillmentView => ({
  ...fulfillmentView(f),
  userId: f.userId,
  ...(f.deliveryRequestedAt ? { deliveryRequestedAt: f.deliveryRequestedAt.toISOString() } : {}),
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
