import { fromMajor } from '@kiosk/domain';
import {
  CreateProduct,
  CreatePurchaseOption,
  DEFAULT_MAX_QUANTITY,
  SearchProducts,
  UpdateProduct,
} from '@kiosk/domain/catalog';
import { Controller, route } from '../platform/http/routes';
import {
  CreateProductBody,
  CreatePurchaseOptionBody,
  ProductView,
  PurchaseOptionView,
  UpdateProductBody,
} from './catalog.dto';
import {
  CREATE_PRODUCT_EXAMPLE,
  CREATE_PURCHASE_OPTION_EXAMPLE,
  PRODUCT_EXAMPLE,
  PURCHASE_OPTION_EXAMPLE,
  UPDATE_PRODUCT_EXAMPLE,
  UPDATED_PRODUCT_EXAMPLE,
} from './catalog.examples';
import { productView, purchaseOptionView } from './catalog.views';
import { ManagementProductsQuery } from './management-catalog.dto';

export class ProductsController implements Controller {
  constructor(
    private readonly listProducts: SearchProducts,
    private readonly createProduct: CreateProduct,
    private readonly updateProduct: UpdateProduct,
    private readonly createOption: CreatePurchaseOption,
  ) {}

  routes() {
    const tags = ['management: products'];
    return [
      route<unknown, ManagementProductsQuery>({
        method: 'get',
        path: '/management/products',
        operationId: 'listProducts',
        summary: 'Products of the vendor, by SKU; `search`, `limit` and `offset` optional',
        description:
          'A bare array. Without query, every product of the vendor, by SKU; `search` matches part of the SKU or the title ' +
          '(case ignored); `limit` (1 to 500) and `offset` take a page. Fields with no value are `null`.',
        tags,
        auth: { kind: 'bearer', scope: 'products:read' },
        query: ManagementProductsQuery,
        examples: { query: { search: 'daily', limit: 50 }, responses: { 200: [PRODUCT_EXAMPLE] } },
        responses: { 200: { description: 'The products, by sku', schema: [ProductView] } },
        handler: async ({ res, query, principal }) => {
          const found = await this.listProducts.execute({ vendorId: principal.vendorId, ...query });
          res.json(found.map(productView));
        },
      }),
      route<CreateProductBody>({
        method: 'post',
        path: '/management/products',
        operationId: 'createProduct',
        summary: 'Create a product',
        description:
          'A product is what a vendor sells (`productType`: article, audiobook, ebook, bundle, podcast, pass, ' +
          'publication, physical_issue, or license for seats); it is sold through its purchase options. The SKU is the ' +
          "vendor's own id for it (1 to 128 letters, digits, `.`, `_`, `-`); a SKU the vendor already has is a 409 `PRODUCT.EXISTS`. " +
          '`taxCategory` (standard, news, book, audiobook, e_publication, physical_periodical; default standard) picks ' +
          "the product's VAT rate in each market (docs/invoices.md).",
        tags,
        auth: { kind: 'bearer', scope: 'products:write' },
        body: { dto: CreateProductBody },
        examples: { request: CREATE_PRODUCT_EXAMPLE, responses: { 201: PRODUCT_EXAMPLE } },
        responses: { 201: { description: 'Created', schema: ProductView } },
        handler: async ({ res, body, principal }) => {
          const product = await this.createProduct.execute({ vendorId: principal.vendorId, ...body });
          res.status(201).json(productView(product));
        },
      }),
      route<UpdateProductBody>({
        method: 'patch',
        path: '/management/products/{sku}',
        operationId: 'updateProduct',
        summary: 'Change a product; fields left out stay as they are',
        description: "Contracts already made keep the title and cover they were made with; another vendor's product is a 404.",
        tags,
        auth: { kind: 'bearer', scope: 'products:write' },
        body: { dto: UpdateProductBody },
        examples: { params: { sku: PRODUCT_EXAMPLE.sku }, request: UPDATE_PRODUCT_EXAMPLE, responses: { 200: UPDATED_PRODUCT_EXAMPLE } },
        responses: { 200: { description: 'Updated', schema: ProductView } },
        handler: async ({ res, body, params, principal }) => {
          const product = await this.updateProduct.execute({
            vendorId: principal.vendorId,
            sku: params.sku,
            change: body,
          });
          res.json(productView(product));
        },
      }),
      route<CreatePurchaseOptionBody>({
        method: 'post',
        path: '/management/products/{sku}/purchase-options',
        operationId: 'createPurchaseOption',
        summary: 'Add a purchase option (price, cycle, seats per unit, quantity limits) to a product',
        description:
          '`price` is in major units of `currency` (at most two decimals); `recurring` makes it a subscription billed ' +
          'every `time` `interval`s, left out a one-time purchase. `taxIncluded` defaults to true, `seatsPerUnit` and ' +
          '`minQuantity` to 1, `maxQuantity` to 10000.',
        tags,
        auth: { kind: 'bearer', scope: 'products:write' },
        body: { dto: CreatePurchaseOptionBody },
        examples: { params: { sku: PRODUCT_EXAMPLE.sku }, request: CREATE_PURCHASE_OPTION_EXAMPLE, responses: { 201: PURCHASE_OPTION_EXAMPLE } },
        responses: { 201: { description: 'Created', schema: PurchaseOptionView } },
        handler: async ({ res, body, params, principal }) => {
          const option = await this.createOption.execute({
            id: body.id,
            vendorId: principal.vendorId,
            sku: params.sku,
            name: body.name,
            price: fromMajor(body.price, body.currency),
            taxIncluded: body.taxIncluded ?? true,
            recurring: body.recurring ? { interval: body.recurring.interval, time: body.recurring.time } : null,
            seatsPerUnit: body.seatsPerUnit ?? 1,
            minQuantity: body.minQuantity ?? 1,
            maxQuantity: body.maxQuantity ?? DEFAULT_MAX_QUANTITY,
          });
          res.status(201).json(purchaseOptionView(option));
        },
      }),
    ];
  }
}
