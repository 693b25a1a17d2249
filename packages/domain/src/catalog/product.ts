import { DEFAULT_TAX_CATEGORY, TaxCategory } from './tax-categories';
import { InvalidError } from '../shared';

/** What a vendor sells. `license` products sell seats that unlock other products. */
export const PRODUCT_TYPES = [
  'article',
  'audiobook',
  'ebook',
  'bundle',
  'podcast',
  'pass',
  'publication',
  'physical_issue',
  'license',
] as const;
export type ProductType = (typeof PRODUCT_TYPES)[number];

export const SKU_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;

export interface Product {
  readonly vendorId: string;
  readonly sku: string;
  readonly title: string;
  readonly productType: ProductType;
  readonly cover: string | null;
  readonly language: string | null;
  readonly publisherContentId: string | null;
  /** What the product is for VAT (tax-categories.ts); `standard` unless the vendor says otherwise. */
  readonly taxCategory: TaxCategory;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export interface ProductFields {
  title: string;
  productType: ProductType;
  cover?: string | null;
  language?: string | null;
  publisherContentId?: string | null;
  taxCategory?: TaxCategory;
}

function checkTitle(title: string): string {
  const trimmed = title.trim();
  if (trimmed.length === 0 || trimmed.length > 500) {
    throw new InvalidError('PRODUCT.BAD_TITLE', 'product title must be 1 to 500 characters');
  }
  return trimmed;
}

export function createProduct(vendorId: string, sku: string, fields: ProductFields, now: Date): Product {
  if (!SKU_PATTERN.test(sku)) {
    throw new InvalidError('PRODUCT.BAD_SKU', 'sku must be 1 to 128 letters, digits, dots, underscores or hyphens', {
      sku,
    });
  }
  return {
    vendorId,
    sku,
    title: checkTitle(fields.title),
    productType: fields.productType,
    cover: fields.cover ?? null,
    language: fields.language ?? null,
    publisherContentId: fields.publisherContentId ?? null,
    taxCategory: fields.taxCategory ?? DEFAULT_TAX_CATEGORY,
    createdAt: now,
    updatedAt: now,
  };
}

/** A partial update; the sku and the owning vendor never change. */
export function changeProduct(product: Product, change: Partial<ProductFields>, now: Date): Product {
  return {
    ...product,
    title: change.title === undefined ? product.title : checkTitle(change.title),
    productType: change.productType ?? product.productType,
    cover: change.cover === undefined ? product.cover : change.cover,
    language: change.language === undefined ? product.language : change.language,
    publisherContentId:
      change.publisherContentId === undefined ? product.publisherContentId : change.publisherContentId,
    taxCategory: change.taxCategory ?? product.taxCategory,
    updatedAt: now,
  };
}
