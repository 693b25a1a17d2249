import {
  CreateProduct,
  CreatePurchaseOption,
  CreateVendor,
  GetProduct,
  GetVendor,
  ListProducts,
  ListVendorsOfReader,
  ProductRepository,
  PurchaseOptionRepository,
  UpdateProduct,
  VendorRepository,
} from '@kiosk/domain/catalog';
import { ServiceIdentifier } from 'inversify';
import { IDENTITY } from '../identity/identity.module';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { ProductsController } from './products.controller';
import { ReaderCatalogController } from './reader-catalog.controller';
import {
  TypeOrmProductRepository,
  TypeOrmPurchaseOptionRepository,
  TypeOrmVendorRepository,
} from './typeorm-catalog.repositories';

export const CATALOG = {
  Vendors: Symbol.for('VendorRepository') as ServiceIdentifier<VendorRepository>,
  Products: Symbol.for('ProductRepository') as ServiceIdentifier<ProductRepository>,
  PurchaseOptions: Symbol.for('PurchaseOptionRepository') as ServiceIdentifier<PurchaseOptionRepository>,
};

export const catalogModule = defineModule({
  name: 'catalog',
  requires: ['identity'],
  register: ({ bind }) => {
    bind(CATALOG.Vendors).toDynamicValue((c) => new TypeOrmVendorRepository(c.get(TOKENS.DataSource))).inSingletonScope();
    bind(CATALOG.Products).toDynamicValue((c) => new TypeOrmProductRepository(c.get(TOKENS.DataSource))).inSingletonScope();
    bind(CATALOG.PurchaseOptions)
      .toDynamicValue((c) => new TypeOrmPurchaseOptionRepository(c.get(TOKENS.DataSource)))
      .inSingletonScope();

    bind(CreateVendor).toDynamicValue((c) => new CreateVendor(c.get(CATALOG.Vendors), c.get(TOKENS.Clock)));
    bind(GetVendor).toDynamicValue((c) => new GetVendor(c.get(CATALOG.Vendors)));
    bind(ListProducts).toDynamicValue((c) => new ListProducts(c.get(CATALOG.Products)));
    bind(CreateProduct).toDynamicValue(
      (c) => new CreateProduct(c.get(CATALOG.Products), c.get(CATALOG.Vendors), c.get(TOKENS.Clock)),
    );
    bind(UpdateProduct).toDynamicValue((c) => new UpdateProduct(c.get(CATALOG.Products), c.get(TOKENS.Clock)));
    bind(CreatePurchaseOption).toDynamicValue(
      (c) => new CreatePurchaseOption(c.get(CATALOG.PurchaseOptions), c.get(CATALOG.Products), c.get(TOKENS.Clock)),
    );

    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new ProductsController(c.get(ListProducts), c.get(CreateProduct), c.get(UpdateProduct), c.get(CreatePurchaseOption)),
    );

    // The reader's side: a product, their vendor, the vendors where their e-mail has an account.
    bind(GetProduct).toDynamicValue((c) => new GetProduct(c.get(CATALOG.Products)));
    bind(ListVendorsOfReader).toDynamicValue((c) => new ListVendorsOfReader(c.get(IDENTITY.AccountsByEmail), c.get(CATALOG.Vendors)));
    bind(TOKENS.Controller).toDynamicValue(
      (c) => new ReaderCatalogController({ getProduct: c.get(GetProduct), getVendor: c.get(GetVendor), listVendors: c.get(ListVendorsOfReader) }),
    );
  },
});
