import { Clock, ConflictError, InvalidError, NotFoundError } from '../shared';
import { ProductRepository, PurchaseOptionRepository, VendorRepository } from './ports';
import { changeProduct, createProduct, Product, ProductFields } from './product';
import { createPurchaseOption, NewPurchaseOption, PurchaseOption } from './purchase-option';
import { createVendor, NewVendor, Vendor } from './vendor';

export class VendorNotFound extends NotFoundError {
  constructor(vendorId: string) {
    super('VENDOR.NOT_FOUND', `no vendor ${vendorId}`, { vendorId });
  }
}

export class ProductNotFound extends NotFoundError {
  constructor(sku: string) {
    super('PRODUCT.NOT_FOUND', `no product ${sku}`, { sku });
  }
}

export class CreateVendor {
  constructor(
    private readonly vendors: VendorRepository,
    private readonly clock: Clock,
  ) {}

  /** `testClockStart`: where a test-mode vendor's clock starts (default: now), for trying what happened at a past instant. */
  async execute(command: NewVendor & { testClockStart?: Date }): Promise<Vendor> {
    const { testClockStart, ...fields } = command;
    if (testClockStart && !fields.testMode) {
      throw new InvalidError('VENDOR.CLOCK_WITHOUT_TEST_MODE', 'only a test-mode vendor has a test clock to start');
    }
    const vendor = createVendor(fields, this.clock.now());
    if (!(await this.vendors.add(vendor, vendor.testMode ? (testClockStart ?? vendor.createdAt) : undefined))) {
      throw new ConflictError('VENDOR.EXISTS', `vendor ${vendor.id} already exists`, { vendorId: vendor.id });
    }
    return vendor;
  }
}

export class GetVendor {
  constructor(private readonly vendors: VendorRepository) {}

  async execute(vendorId: string): Promise<Vendor> {
    const vendor = await this.vendors.find(vendorId);
    if (!vendor) throw new VendorNotFound(vendorId);
    return vendor;
  }
}

export class CreateProduct {
  constructor(
    private readonly products: ProductRepository,
    private readonly vendors: VendorRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; sku: string } & ProductFields): Promise<Product> {
    if (!(await this.vendors.find(command.vendorId))) throw new VendorNotFound(command.vendorId);
    const { vendorId, sku, ...fields } = command;
    const product = createProduct(vendorId, sku, fields, this.clock.now());
    if (!(await this.products.add(product))) {
      throw new ConflictError('PRODUCT.EXISTS', `product ${sku} already exists`, { sku });
    }
    return product;
  }
}

export class UpdateProduct {
  constructor(
    private readonly products: ProductRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; sku: string; change: Partial<ProductFields> }): Promise<Product> {
    const product = await this.products.find(command.vendorId, command.sku);
    if (!product) throw new ProductNotFound(command.sku);
    const changed = changeProduct(product, command.change, this.clock.now());
    await this.products.save(changed);
    return changed;
  }
}

export class ListProducts {
  constructor(private readonly products: ProductRepository) {}

  execute(vendorId: string): Promise<Product[]> {
    return this.products.list(vendorId);
  }
}

export class CreatePurchaseOption {
  constructor(
    private readonly options: PurchaseOptionRepository,
    private readonly products: ProductRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: NewPurchaseOption): Promise<PurchaseOption> {
    if (!(await this.products.find(command.vendorId, command.sku))) throw new ProductNotFound(command.sku);
    const option = createPurchaseOption(command, this.clock.now());
    if (!(await this.options.add(option))) {
      throw new ConflictError('PURCHASE_OPTION.EXISTS', `purchase option ${option.id} already exists`, {
        purchaseOptionId: option.id,
      });
    }
    return option;
  }
}
