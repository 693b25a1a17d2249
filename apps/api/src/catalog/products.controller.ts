import { fromMajor } from '@kiosk/domain';
import {
  CreateProduct,
  CreatePurchaseOption,
  DEFAULT_MAX_QUANTITY,
  ListProducts,
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
import { productView, purchaseOptionView } from './catalog.views';

export class ProductsController implements Controller {
  constructor(
    private readonly listProducts: ListProducts,
    private readonly createProduct: CreateProduct,
    private readonly updateProduct: UpdateProduct,
    private readonly createOption: CreatePurchaseOption,
  ) {}

  routes() {
    const tags = ['management: products'];
    return [
      route({
        method: 'get',
        path: '/management/products',
        operationId: 'listProducts',
        summary: 'Products of the vendor',
        tags,
        auth: { kind: 'bearer', scope: 'products:read' },
        responses: { 200: { description: 'The products, by sku', schema: [ProductView] } },
        handler: async ({ res, principal }) => {
          res.json((await this.listProducts.execute(principal.vendorId)).map(productView));
        },
      }),
      route<CreateProductBody>({
        method: 'post',
        path: '/management/products',
        operationId: 'createProduct',
        summary: 'Create a product',
        tags,
        auth: { kind: 'bearer', scope: 'products:write' },
        body: { dto: CreateProductBody },
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
        tags,
        auth: { kind: 'bearer', scope: 'products:write' },
        body: { dto: UpdateProductBody },
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
        tags,
        auth: { kind: 'bearer', scope: 'products:write' },
        body: { dto: CreatePurchaseOptionBody },
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
