import { ForbiddenError } from '../shared';
import { Product } from './product';
import { ProductRepository, PurchaseOptionRepository } from './ports';
import { PurchaseOption } from './purchase-option';
import { ProductNotFound } from './use-cases';

// GET /management/products with `limit`, `offset` and `search`
// (management-interface.md 3.1); POST /management/vendors (3.7) refused.

/** Page size of the product list: `limit` 1 to 500; without it, every product (as before paging existed). */
export const PRODUCT_LIST_LIMITS = { max: 500 } as const;

/**
 * The vendor's products by SKU; `search` matches part of the SKU or the
 * title, case ignored; `limit` and `offset` take a page. Without any of
 * them the answer is every product, as the list always was. A vendor's
 * catalogue is small (products, not readers), so it is filtered here.
 */
export class SearchProducts {
  constructor(private readonly products: Pick<ProductRepository, 'list'>) {}

  async execute(command: { vendorId: string; search?: string; limit?: number; offset?: number }): Promise<Product[]> {
    const needle = command.search?.trim().toLowerCase() ?? '';
    const all = await this.products.list(command.vendorId);
    const found = needle === '' ? all : all.filter((p) => p.sku.toLowerCase().includes(needle) || p.title.toLowerCase().includes(needle));
    const offset = Math.max(command.offset ?? 0, 0);
    const limit = command.limit === undefined ? found.length : Math.min(Math.max(command.limit, 1), PRODUCT_LIST_LIMITS.max);
    return found.slice(offset, offset + limit);
  }
}

/**
 * GET /management/products/{sku}/purchase-options: every purchase option of
 * one product of the vendor, by id. A product the vendor does not have (or
 * another vendor's) is `ProductNotFound`, never an empty list.
 */
export class ListPurchaseOptions {
  constructor(
    private readonly products: Pick<ProductRepository, 'find'>,
    private readonly options: Pick<PurchaseOptionRepository, 'listForProduct'>,
  ) {}

  async execute(command: { vendorId: string; sku: string }): Promise<PurchaseOption[]> {
    if (!(await this.products.find(command.vendorId, command.sku))) throw new ProductNotFound(command.sku);
    return this.options.listForProduct(command.vendorId, command.sku);
  }
}

/** Vendors are made by the platform operator (the `vendors` command), never through a vendor's own credentials. */
export class VendorCreationRefused extends ForbiddenError {
  constructor() {
    super('VENDOR.CREATE_FORBIDDEN', 'vendors are created by the platform operator, not through the management interface');
  }
}
