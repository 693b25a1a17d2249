import { GetProduct, GetVendor, ListPurchaseOptions, VendorCreationRefused } from '@kiosk/domain/catalog';
import { Controller, route } from '../platform/http/routes';
import { ProductView, PurchaseOptionView } from './catalog.dto';
import { PRODUCT_EXAMPLE, PURCHASE_OPTION_EXAMPLE, VENDOR_EXAMPLE, YEARLY_PURCHASE_OPTION_EXAMPLE } from './catalog.examples';
import { productView, purchaseOptionView, vendorView } from './catalog.views';
import { ManagementVendorView } from './management-catalog.dto';
import { PRODUCT_NOT_FOUND } from './catalog.error-examples';

/** A product by SKU and its purchase options, and the caller's vendor (management-interface.md 3.1, 3.7). */
export class ManagementCatalogController implements Controller {
  constructor(
    private readonly getProduct: GetProduct,
    private readonly getVendor: GetVendor,
    private readonly listOptions: ListPurchaseOptions,
    /** The currency most of the vendor's purchase options are priced in; null when it has none. */
    private readonly currencyOf: (vendorId: string) => Promise<string | null> = async () => null,
  ) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/management/products/{sku}',
        operationId: 'getManagementProduct',
        summary: 'One product of the vendor, by SKU',
        description: "The shape of the list; another vendor's product is a 404 `PRODUCT.NOT_FOUND`.",
        tags: ['management: products'],
        auth: { kind: 'bearer', scope: 'products:read' },
        examples: { params: { sku: PRODUCT_EXAMPLE.sku }, responses: { 200: PRODUCT_EXAMPLE } },
        responses: { 200: { description: 'The product', schema: ProductView }, 404: PRODUCT_NOT_FOUND('No such product of the vendor') },
        handler: async ({ res, params, principal }) => {
          res.json(productView(await this.getProduct.execute({ vendorId: principal.vendorId, sku: params.sku })));
        },
      }),
      route({
        method: 'get',
        path: '/management/products/{sku}/purchase-options',
        operationId: 'listPurchaseOptions',
        summary: 'The purchase options of one product of the vendor, by id',
        description:
          'Every purchase option of the product (the shape `POST .../purchase-options` answers), ordered by id; a bare ' +
          "array, empty when the product has none. A product the vendor does not have, another vendor's included, is a " +
          '404 `PRODUCT.NOT_FOUND`.',
        tags: ['management: products'],
        auth: { kind: 'bearer', scope: 'products:read' },
        examples: { params: { sku: PRODUCT_EXAMPLE.sku }, responses: { 200: [PURCHASE_OPTION_EXAMPLE, YEARLY_PURCHASE_OPTION_EXAMPLE] } },
        responses: {
          200: { description: 'The purchase options, by id', schema: [PurchaseOptionView] },
          404: PRODUCT_NOT_FOUND('No such product of the vendor'),
        },
        handler: async ({ res, params, principal }) => {
          const options = await this.listOptions.execute({ vendorId: principal.vendorId, sku: params.sku });
          res.json(options.map(purchaseOptionView));
        },
      }),
      route({
        method: 'get',
        path: '/management/vendors',
        operationId: 'listManagementVendors',
        summary: "The caller's own vendor, as a one-element array",
        description:
          'The vendor comes from the credentials, so the list holds exactly that vendor (`{id, name, logo, currency}`, ' +
          '`logo` `null` when there is none). `currency` is the currency most of its purchase options are priced in ' +
          '(`null` while it has none): what the portal formats money in and pre-fills its price forms with. Any valid ' +
          'bearer token of the vendor may read it: no preset scope names vendors.',
        tags: ['management: vendors'],
        auth: { kind: 'bearer' },
        examples: { responses: { 200: [{ ...VENDOR_EXAMPLE, currency: 'SEK' }] } },
        responses: { 200: { description: 'The vendor', schema: [ManagementVendorView] } },
        handler: async ({ res, principal }) => {
          const vendor = vendorView(await this.getVendor.execute(principal.vendorId));
          res.json([{ ...vendor, currency: await this.currencyOf(principal.vendorId) }]);
        },
      }),
      route({
        method: 'post',
        path: '/management/vendors',
        operationId: 'createManagementVendor',
        summary: 'Refused: vendors are created by the platform operator',
        description:
          "A vendor's credentials act for that vendor only, so none of them can create another: the platform operator " +
          'creates vendors with the command line (`kiosk vendor:create`). Always 403 `VENDOR.CREATE_FORBIDDEN`.',
        tags: ['management: vendors'],
        auth: { kind: 'bearer' },
        examples: {
          request: { name: 'The Evening Post' },
          responses: {
            403: {
              type: 'urn:kiosk:problem:vendor.create_forbidden',
              title: 'Forbidden',
              status: 403,
              detail: 'vendors are created by the platform operator, not through the management interface',
              code: 'VENDOR.CREATE_FORBIDDEN',
            },
          },
        },
        responses: { 403: { description: 'Always: vendors are created by the platform operator' } },
        handler: async () => {
          throw new VendorCreationRefused();
        },
      }),
    ];
  }
}
