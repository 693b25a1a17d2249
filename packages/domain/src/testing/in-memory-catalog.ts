import { Product, ProductRepository, PurchaseOption, PurchaseOptionRepository, Vendor, VendorRepository } from '../catalog';
import { InMemoryTestClockRepository } from './in-memory-test-clocks';

export class InMemoryVendorRepository implements VendorRepository {
  readonly rows = new Map<string, Vendor>();
  /** With `testClocks`, a test-mode vendor gets its clock there, as the database adapter does in one transaction. */
  constructor(private readonly testClocks?: InMemoryTestClockRepository) {}
  async add(vendor: Vendor, testClockStart?: Date): Promise<boolean> {
    if (this.rows.has(vendor.id)) return false;
    this.rows.set(vendor.id, vendor);
    if (vendor.testMode) this.testClocks?.add(vendor.id, testClockStart ?? vendor.createdAt);
    return true;
  }
  async find(vendorId: string): Promise<Vendor | null> {
    return this.rows.get(vendorId) ?? null;
  }
}

const productKey = (vendorId: string, sku: string) => `${vendorId}\u0000${sku}`;

export class InMemoryProductRepository implements ProductRepository {
  readonly rows = new Map<string, Product>();
  async add(product: Product): Promise<boolean> {
    const key = productKey(product.vendorId, product.sku);
    if (this.rows.has(key)) return false;
    this.rows.set(key, product);
    return true;
  }
  async find(vendorId: string, sku: string): Promise<Product | null> {
    return this.rows.get(productKey(vendorId, sku)) ?? null;
  }
  /** Saves over a stored product; one that was never added stays out, as an UPDATE of no row (`add` is how a product comes in). */
  async save(product: Product): Promise<void> {
    const key = productKey(product.vendorId, product.sku);
    if (this.rows.has(key)) this.rows.set(key, product);
  }
  async list(vendorId: string): Promise<Product[]> {
    return [...this.rows.values()].filter((p) => p.vendorId === vendorId).sort((a, b) => a.sku.localeCompare(b.sku));
  }
}

export class InMemoryPurchaseOptionRepository implements PurchaseOptionRepository {
  readonly rows = new Map<string, PurchaseOption>();
  async add(option: PurchaseOption): Promise<boolean> {
    const key = productKey(option.vendorId, option.id);
    if (this.rows.has(key)) return false;
    this.rows.set(key, option);
    return true;
  }
  async find(vendorId: string, id: string): Promise<PurchaseOption | null> {
    return this.rows.get(productKey(vendorId, id)) ?? null;
  }
  async listForProduct(vendorId: string, sku: string): Promise<PurchaseOption[]> {
    return [...this.rows.values()].filter((o) => o.vendorId === vendorId && o.sku === sku);
  }
}
