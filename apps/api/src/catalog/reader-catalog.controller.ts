import { GetProduct, GetVendor, ListVendorsOfReader } from '@kiosk/domain/catalog';
import { ARRAY, OBJECT, readerOf } from '../platform/http/reader';
import { Controller, route } from '../platform/http/routes';
import { PRODUCT_EXAMPLE, VENDOR_EXAMPLE } from './catalog.examples';
import { readerProductView, vendorView } from './catalog.views';
import { PRODUCT_NOT_FOUND } from './catalog.error-examples';

export interface ReaderCatalogUseCases {
  getProduct: GetProduct;
  getVendor: GetVendor;
  listVendors: ListVendorsOfReader;
}

const USER = { kind: 'user' } as const;

/** A product of the reader's vendor, that vendor, and the vendors where the reader has an account (interface 4.3). */
export class ReaderCatalogController implements Controller {
  constructor(private readonly u: ReaderCatalogUseCases) {}

  routes() {
    const u = this.u;
    return [
      route({
        method: 'get',
        path: '/products/{sku}',
        operationId: 'getProduct',
        summary: "A product of the reader's vendor",
        description: 'The product as readers see it: title, type, cover and language; absent values are `null`.',
        tags: ['reader: catalog'],
        auth: USER,
        examples: { params: { sku: PRODUCT_EXAMPLE.sku }, responses: { 200: PRODUCT_EXAMPLE } },
        responses: { 200: { description: 'The product', schema: OBJECT }, 404: PRODUCT_NOT_FOUND('No such product') },
        handler: async ({ res, params, principal }) => {
          res.json(readerProductView(await u.getProduct.execute({ vendorId: readerOf(principal).vendorId, sku: params.sku })));
        },
      }),
      route({
        method: 'get',
        path: '/vendor',
        operationId: 'getMyVendor',
        summary: "The vendor of the reader's token",
        description: "The vendor's id, name and logo (`null` when it has none), for a page to show whose account this is.",
        tags: ['reader: catalog'],
        auth: USER,
        examples: { responses: { 200: VENDOR_EXAMPLE } },
        responses: { 200: { description: 'Vendor settings', schema: OBJECT } },
        handler: async ({ res, principal }) => {
          res.json(vendorView(await u.getVendor.execute(readerOf(principal).vendorId)));
        },
      }),
      route({
        method: 'get',
        path: '/vendors',
        operationId: 'listMyVendors',
        summary: "Vendors where an account with the reader's e-mail exists, by name",
        description: "Every vendor where the reader's e-mail address has an account (the reader's own vendor included), for a switcher.",
        tags: ['reader: catalog'],
        auth: USER,
        examples: { responses: { 200: [VENDOR_EXAMPLE, { id: '0190a4c0-1b2c-7d3e-8f40-516273849506', name: 'Weekend Magazine', logo: null }] } },
        responses: { 200: { description: 'Vendors', schema: ARRAY } },
        handler: async ({ res, principal }) => {
          res.json((await u.listVendors.execute(readerOf(principal))).map(vendorView));
        },
      }),
    ];
  }
}
