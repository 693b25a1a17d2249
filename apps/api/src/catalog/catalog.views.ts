import { Product, PurchaseOption, Vendor } from '@kiosk/domain/catalog';
import { toMajor } from '@kiosk/domain';
import { orNull as present } from '../platform/http/views';
import { ProductView, PurchaseOptionView } from './catalog.dto';

export const productView = (p: Product): ProductView => ({
  sku: p.sku,
  title: p.title,
  productType: p.productType,
  cover: p.cover,
  language: p.language,
  publisherContentId: p.publisherContentId,
  taxCategory: p.taxCategory,
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


/** A product as a reader sees it (`GET /products/{sku}`); absent values are null. */
export const readerProductView = (p: Product) => ({
  cover: present(p.cover),
  language: present(p.language),
  createdAt: p.createdAt.toISOString(),
  updatedAt: p.updatedAt.toISOString(),
  sku: p.sku,
  title: p.title,
  productType: p.productType,
  publisherContentId: present(p.publisherContentId),
});

export const vendorView = (v: Vendor) => ({ id: v.id, name: v.name, logo: present(v.logo) });
