import { ProductNotFound } from '../catalog';
import { Fulfillment } from './fulfillment';

// GET /management/products/{sku}/fulfillments (management-interface.md 3.1):
// every reader's fulfillments of one of the vendor's products.

/** Page sizes: `limit` 1 to 500, default 100; `offset` from 0. */
export const FULFILLMENT_LIST_LIMITS = { default: 100, max: 500 } as const;

export interface ProductFulfillmentReads {
  /** The vendor's fulfillments of `sku`, every reader's, oldest first. */
  listBySku(vendorId: string, sku: string, page: { limit: number; offset: number }): Promise<Fulfillment[]>;
}

export class ListProductFulfillments {
  constructor(
    private readonly products: { exists(vendorId: string, sku: string): Promise<boolean> },
    private readonly reads: ProductFulfillmentReads,
  ) {}

  async execute(command: { vendorId: string; sku: string; limit?: number; offset?: number }): Promise<Fulfillment[]> {
    if (!(await this.products.exists(command.vendorId, command.sku))) throw new ProductNotFound(command.sku);
    return this.reads.listBySku(command.vendorId, command.sku, {
      limit: Math.min(Math.max(command.limit ?? FULFILLMENT_LIST_LIMITS.default, 1), FULFILLMENT_LIST_LIMITS.max),
      offset: Math.max(command.offset ?? 0, 0),
    });
  }
}
