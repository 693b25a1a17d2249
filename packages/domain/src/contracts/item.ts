import { Product, ProductType, PurchaseOption } from '../catalog';
import { Money } from '../shared';

/** One product line of a contract (interface 2.3), with the unit price it is billed at. */
export interface ContractItem {
  readonly sku: string;
  readonly purchaseOptionId: string;
  readonly purchaseOptionName: string;
  readonly name: string;
  readonly cover: string | null;
  readonly productType: ProductType;
  readonly purchaseType: 'RECURRING' | 'ONE_TIME';
  readonly isMultiseat: boolean;
  /** Billed units. */
  readonly quantity: number;
  /** Seats granted; meaningful on license items only. */
  readonly seats: number;
  readonly unitPrice: Money;
}

export function createItem(
  product: Product,
  option: PurchaseOption,
  priced: { quantity: number; seats: number; unitPrice: Money },
): ContractItem {
  return {
    sku: product.sku,
    purchaseOptionId: option.id,
    purchaseOptionName: option.name,
    name: product.title,
    cover: product.cover,
    productType: product.productType,
    purchaseType: option.recurring ? 'RECURRING' : 'ONE_TIME',
    isMultiseat: isLicense(product),
    quantity: priced.quantity,
    seats: priced.seats,
    unitPrice: priced.unitPrice,
  };
}

export function isLicense(item: { productType: ProductType }): boolean {
  return item.productType === 'license';
}
