import { GetProduct, GetVendor, ListVendorsOfReader } from '@kiosk/domain/catalog';
import { ARRAY, OBJECT, readerOf } from '../platform/http/reader';
import { Controller, route } from '../platform/http/routes';
import { readerProductView, vendorView } from './catalog.views';

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
        tags: ['reader: catalog'],
        auth: USER,
        responses: { 200: { description: 'The product', schema: OBJECT }, 404: { description: 'No such product' } },
        handler: async ({ res, params, principal }) => {
          res.json(readerProductView(await u.getProduct.execute({ vendorId: readerOf(principal).vendorId, sku: params.sku })));
        },
      }),
      route({
        method: 'get',
        path: '/vendor',
        operationId: 'getMyVendor',
        summary: "The vendor of the reader's token",
        tags: ['reader: catalog'],
        auth: USER,
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
        tags: ['reader: catalog'],
        auth: USER,
        responses: { 200: { description: 'Vendors', schema: ARRAY } },
        handler: async ({ res, principal }) => {
          res.json((await u.listVendors.execute(readerOf(principal))).map(vendorView));
        },
      }),
    ];
  }
}
