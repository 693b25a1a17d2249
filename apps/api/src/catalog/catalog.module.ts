import {
  AccountsByEmail,
  AdvanceTestClock,
  CreateProduct,
  CreatePurchaseOption,
  CreateVendor,
  GetProduct,
  GetTestClock,
  GetVendor,
  ListProducts,
  ListPurchaseOptions,
  ListVendorsOfReader,
  SearchProducts,
  SiteBrowserClients,
  ProductRepository,
  PurchaseOptionRepository,
  TestClockRepository,
  UpdateProduct,
  VendorRepository,
} from '@kiosk/domain/catalog';
import { ServiceIdentifier } from 'inversify';
import { boundAbove, defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { ConfigCache } from '../platform/cache/config-cache';
import { CachedProductRepository, CachedPurchaseOptionRepository, CachedVendorLookup } from './cached-catalog.repositories';
import { ProductsController } from './products.controller';
import { ManagementCatalogController } from './management-catalog.controller';
import { SqlVendorCurrency } from './vendor-currency';
import { TestClockDueWork } from './test-clock-due-work';
import { TestClocksController } from './test-clocks.controller';
import { ReaderCatalogController } from './reader-catalog.controller';
import {
  TypeOrmProductRepository,
  TypeOrmPurchaseOptionRepository,
  TypeOrmVendorRepository,
} from './typeorm-catalog.repositories';
import { TypeOrmTestClockRepository } from './typeorm-test-clocks.repository';
import { bindSites } from './sites/sites.bindings';

export const CATALOG = {
  Vendors: Symbol.for('VendorRepository') as ServiceIdentifier<VendorRepository>,
  /** A vendor as invoices name it, through the configuration cache (only this lookup is cached). */
  VendorNames: Symbol.for('VendorNames') as ServiceIdentifier<Pick<VendorRepository, 'find'>>,
  Products: Symbol.for('ProductRepository') as ServiceIdentifier<ProductRepository>,
  PurchaseOptions: Symbol.for('PurchaseOptionRepository') as ServiceIdentifier<PurchaseOptionRepository>,
  TestClocks: Symbol.for('TestClockRepository') as ServiceIdentifier<TestClockRepository>,
  /** Port, bound by identity (over its users): which vendors an e-mail has an account with. */
  AccountsByEmail: Symbol.for('AccountsByEmail') as ServiceIdentifier<AccountsByEmail>,
  /** Port, bound by identity (over its browser clients): a site's client and the origins it accepts. */
  SiteBrowserClients: Symbol.for('SiteBrowserClients') as ServiceIdentifier<SiteBrowserClients>,
};

export const catalogModule = defineModule({
  name: 'catalog',
  requires: [],
  register: ({ bind }) => {
    // Products and options cached per process (cached-catalog.repositories.ts): every contract, bill and checkout reads them.
    bind(CATALOG.Vendors).toDynamicValue((c) => new TypeOrmVendorRepository(c.get(TOKENS.DataSource))).inSingletonScope();
    bind(CATALOG.VendorNames).toDynamicValue((c) => new CachedVendorLookup(c.get(CATALOG.Vendors), c.get(ConfigCache))).inSingletonScope();
    bind(CATALOG.Products)
      .toDynamicValue((c) => new CachedProductRepository(new TypeOrmProductRepository(c.get(TOKENS.DataSource)), c.get(ConfigCache)))
      .inSingletonScope();
    bind(CATALOG.PurchaseOptions)
      .toDynamicValue(
        (c) => new CachedPurchaseOptionRepository(new TypeOrmPurchaseOptionRepository(c.get(TOKENS.DataSource)), c.get(ConfigCache)),
      )
      .inSingletonScope();

    bind(CreateVendor).toDynamicValue((c) => new CreateVendor(c.get(CATALOG.Vendors), c.get(TOKENS.Clock)));
    bind(GetVendor).toDynamicValue((c) => new GetVendor(c.get(CATALOG.Vendors)));
    bind(ListProducts).toDynamicValue((c) => new ListProducts(c.get(CATALOG.Products)));
    bind(SearchProducts).toDynamicValue((c) => new SearchProducts(c.get(CATALOG.Products)));
    bind(CreateProduct).toDynamicValue(
      (c) => new CreateProduct(c.get(CATALOG.Products), c.get(CATALOG.Vendors), c.get(TOKENS.Clock)),
    );
    bind(UpdateProduct).toDynamicValue((c) => new UpdateProduct(c.get(CATALOG.Products), c.get(TOKENS.Clock)));
    bind(CreatePurchaseOption).toDynamicValue(
      (c) => new CreatePurchaseOption(c.get(CATALOG.PurchaseOptions), c.get(CATALOG.Products), c.get(TOKENS.Clock)),
    );

    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new ProductsController(c.get(SearchProducts), c.get(CreateProduct), c.get(UpdateProduct), c.get(CreatePurchaseOption)),
    );

    // A test-mode vendor's test clock; advancing it runs every module's time-driven work of the vendor (resolved when it runs).
    bind(CATALOG.TestClocks)
      .toDynamicValue((c) => new TypeOrmTestClockRepository(c.get(TOKENS.DataSource), c.get(ConfigCache)))
      .inSingletonScope();
    bind(GetTestClock).toDynamicValue((c) => new GetTestClock(c.get(CATALOG.Vendors), c.get(CATALOG.TestClocks)));
    bind(AdvanceTestClock).toDynamicValue(
      (c) =>
        new AdvanceTestClock(
          c.get(CATALOG.Vendors),
          c.get(CATALOG.TestClocks),
          new TestClockDueWork(() => c.getAll(TOKENS.VendorTimedWork), c.get(TOKENS.Logger)),
        ),
    );
    bind(TOKENS.Controller).toDynamicValue((c) => new TestClocksController(c.get(GetTestClock), c.get(AdvanceTestClock)));

    // The reader's side: a product, their vendor, the vendors where their e-mail has an account.
    bind(GetProduct).toDynamicValue((c) => new GetProduct(c.get(CATALOG.Products)));
    bind(ListVendorsOfReader).toDynamicValue((c) => new ListVendorsOfReader(boundAbove(c, CATALOG.AccountsByEmail), c.get(CATALOG.Vendors)));
    bind(TOKENS.Controller).toDynamicValue(
      (c) => new ReaderCatalogController({ getProduct: c.get(GetProduct), getVendor: c.get(GetVendor), listVendors: c.get(ListVendorsOfReader) }),
    );
    // A product by SKU and the caller's own vendor (management-interface.md 3.1, 3.7).
    bind(ListPurchaseOptions).toDynamicValue((c) => new ListPurchaseOptions(c.get(CATALOG.Products), c.get(CATALOG.PurchaseOptions)));
    bind(TOKENS.Controller).toDynamicValue((c) => {
      const currency = new SqlVendorCurrency(c.get(TOKENS.DataSource));
      return new ManagementCatalogController(c.get(GetProduct), c.get(GetVendor), c.get(ListPurchaseOptions), (vendorId) => currency.of(vendorId));
    });
    // The vendor's web domains and the sites behind them (docs/management.md, "Domains and sites").
    bindSites(bind, CATALOG.SiteBrowserClients);
  },
});
