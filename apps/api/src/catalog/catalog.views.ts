import { Product, PurchaseOption } from '@kiosk/domain/catalog';
import { toMajor } from '@kiosk/domain';
import { ProductView, PurchaseOptionView } from './catalog.dto';

export const productView = (p: Product): ProductView => ({
  sku: p.sku,
  title: p.title,
  productType: p.productType,
  cover: p.cover,
  language: p.language,
  publisherContentId: p.publisherContentId,
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
});

export const purchaseOptionView = (o: PurchaseOption): PurchaseOptionView => ({
  id: o.id,
  sku: o.sku,
  name: o.name,
  price: toMajor(o.price),
  currency: o.price.currency,
  taxIncluded: o.taxIncluded,
  recurring: o.recurring ? { ...o.recurring } : null,
  seatsPerUnit: o.seatsPerUnit,
  minQuantity: o.minQuantity,
  maxQuantity: o.maxQuantity,
  createdAt: o.createdAt.toISOString(),
});
