import { Product } from './product';
import { PurchaseOption } from './purchase-option';
import { Vendor } from './vendor';

export interface VendorRepository {
  /** Adds a vendor (a test-mode one with its test clock at `testClockStart`, in one step); false when the id is taken. */
  add(vendor: Vendor, testClockStart?: Date): Promise<boolean>;
  find(vendorId: string): Promise<Vendor | null>;
}

export interface ProductRepository {
  /** Adds a product; false when the vendor already has that sku. */
  add(product: Product): Promise<boolean>;
  find(vendorId: string, sku: string): Promise<Product | null>;
  save(product: Product): Promise<void>;
  list(vendorId: string): Promise<Product[]>;
}

export interface PurchaseOptionRepository {
  /** Adds an option; false when the vendor already has that id. */
  add(option: PurchaseOption): Promise<boolean>;
  find(vendorId: string, id: string): Promise<PurchaseOption | null>;
  listForProduct(vendorId: string, sku: string): Promise<PurchaseOption[]>;
}
