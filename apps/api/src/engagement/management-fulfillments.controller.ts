import { Fulfillment, FULFILLMENT_LIST_LIMITS, ListProductFulfillments, ProductFulfillmentReads } from '@kiosk/domain/engagement';
import { Transform } from 'class-transformer';
import { IsInt, IsOptional, Max, Min } from 'class-validator';
import { DataSource } from 'typeorm';
import { managerOf } from '../platform/database/transaction';
import { Controller, route } from '../platform/http/routes';
import { MANAGED_FULFILLMENT_EXAMPLE } from './engagement.examples';
import { ManagedFulfillmentView } from './fulfillments.dto';
import { FulfillmentRow } from './fulfillments.rows';
import { toDomain } from './fulfillments.typeorm';
import { managedFulfillmentView } from './fulfillments.views';
import { PRODUCT_NOT_FOUND } from './engagement.error-examples';

const wholeNumber = ({ value }: { value: unknown }) => (typeof value === 'string' && /^\d{1,9}$/.test(value) ? Number(value) : value);

export class ProductFulfillmentsQuery {
  /** Page size, oldest first: 1 to 500, default 100. */
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(1) @Max(FULFILLMENT_LIST_LIMITS.max) limit?: number;
  @IsOptional() @Transform(wholeNumber) @IsInt() @Min(0) @Max(1_000_000) offset?: number;
}


/** Every reader's fulfillments of one product, oldest first. */
export class TypeOrmProductFulfillmentReads implements ProductFulfillmentReads {
  constructor(private readonly db: DataSource) {}

  async listBySku(vendorId: string, sku: string, page: { limit: number; offset: number }): Promise<Fulfillment[]> {
    const rows = await managerOf(this.db)
      .getRepository(FulfillmentRow)
      .find({ where: { vendorId, sku }, order: { createdAt: 'ASC', id: 'ASC' }, skip: page.offset, take: page.limit });
    return rows.map(toDomain);
  }
}

/** GET /management/products/{sku}/fulfillments (management-interface.md 3.1). */
export class ManagementFulfillmentsController implements Controller {
  constructor(private readonly list: ListProductFulfillments) {}

  routes() {
    return [
      route<unknown, ProductFulfillmentsQuery>({
        method: 'get',
        path: '/management/products/{sku}/fulfillments',
        operationId: 'listProductFulfillments',
        summary: "Every reader's fulfillments of one product, oldest first, a page at a time",
        description:
          'A bare array of fulfillments (interface 2.6a) with the reader they are for (`userId`) and when delivery was ' +
          "asked for. `limit` 1 to 500, default 100; `offset` from 0. Another vendor's product, or none, is a 404 " +
          '`PRODUCT.NOT_FOUND`; a product without fulfillments answers `[]`.',
        tags: ['management: products'],
        auth: { kind: 'bearer', scope: 'products:read' },
        query: ProductFulfillmentsQuery,
        examples: { params: { sku: MANAGED_FULFILLMENT_EXAMPLE.sku }, query: { limit: 100 }, responses: { 200: [MANAGED_FULFILLMENT_EXAMPLE] } },
        responses: {
          200: { description: 'The fulfillments', schema: [ManagedFulfillmentView] },
          404: PRODUCT_NOT_FOUND('No such product of the vendor'),
        },
        handler: async ({ res, params, query, principal }) => {
          const found = await this.list.execute({ vendorId: principal.vendorId, sku: params.sku, limit: query.limit, offset: query.offset });
          res.json(found.map(managedFulfillmentView));
        },
      }),
    ];
  }
}
