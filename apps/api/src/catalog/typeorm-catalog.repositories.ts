import {
  Product,
  ProductRepository,
  ProductType,
  PurchaseOption,
  PurchaseOptionRepository,
  RecurringInterval,
  Vendor,
  VendorRepository,
} from '@kiosk/domain/catalog';
import { DEFAULT_TAX_CATEGORY, isTaxCategory } from '@kiosk/domain/billing';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { insertTestClock } from './typeorm-test-clocks.repository';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../platform/database/errors';
import { entityColumns, preparedRows } from '../platform/database/sql';
import { ProductRow, PurchaseOptionRow, VendorRow } from './catalog.rows';

const toVendor = (row: VendorRow): Vendor => ({
  id: row.id,
  name: row.name,
  domains: row.domains,
  logo: row.logo,
  testMode: row.testMode,
  createdAt: row.createdAt,
});

export class TypeOrmVendorRepository implements VendorRepository {
  constructor(private readonly db: DataSource) {}

  /** A test-mode vendor gets its test clock in the same transaction, frozen at `testClockStart`. */
  async add(vendor: Vendor, testClockStart?: Date): Promise<boolean> {
    try {
      await inTransaction(this.db, async (m) => {
        await m.getRepository(VendorRow).insert({ ...vendor, domains: [...vendor.domains] });
        if (vendor.testMode) await insertTestClock(m, vendor.id, testClockStart ?? vendor.createdAt);
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  /** Every bill, invoice and sign-in page reads its vendor: one prepared statement. */
  async find(vendorId: string): Promise<Vendor | null> {
    const [row] = await preparedRows<VendorRow>(this.db, `SELECT ${entityColumns(this.db, VendorRow)} FROM vendors WHERE id = $1`, [vendorId]);
    return row ? toVendor(row) : null;
  }
}

const toProduct = (row: ProductRow): Product => ({
  ...row,
  productType: row.productType as ProductType,
  taxCategory: isTaxCategory(row.taxCategory) ? row.taxCategory : DEFAULT_TAX_CATEGORY,
});

export class TypeOrmProductRepository implements ProductRepository {
  constructor(private readonly db: DataSource) {}

  async add(product: Product): Promise<boolean> {
    try {
      await managerOf(this.db).getRepository(ProductRow).insert({ ...product });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async find(vendorId: string, sku: string): Promise<Product | null> {
    const row = await managerOf(this.db).getRepository(ProductRow).findOneBy({ vendorId, sku });
    return row ? toProduct(row) : null;
  }

  async save(product: Product): Promise<void> {
    const { vendorId, sku, ...fields } = product;
    await managerOf(this.db).getRepository(ProductRow).update({ vendorId, sku }, fields);
  }

  async list(vendorId: string): Promise<Product[]> {
    const rows = await managerOf(this.db).getRepository(ProductRow).find({ where: { vendorId }, order: { sku: 'ASC' } });
    return rows.map(toProduct);
  }
}

const toOption = (row: PurchaseOptionRow): PurchaseOption => ({
  id: row.id,
  vendorId: row.vendorId,
  sku: row.sku,
  name: row.name,
  price: { minor: Number(row.priceMinor), currency: row.currency },
  taxIncluded: row.taxIncluded,
  recurring:
    row.recurringInterval && row.recurringTime
      ? { interval: row.recurringInterval as RecurringInterval, time: row.recurringTime }
      : null,
  seatsPerUnit: row.seatsPerUnit,
  minQuantity: row.minQuantity,
  maxQuantity: row.maxQuantity,
  createdAt: row.createdAt,
});

export class TypeOrmPurchaseOptionRepository implements PurchaseOptionRepository {
  constructor(private readonly db: DataSource) {}

  async add(option: PurchaseOption): Promise<boolean> {
    try {
      await managerOf(this.db).getRepository(PurchaseOptionRow).insert({
        vendorId: option.vendorId,
        id: option.id,
        sku: option.sku,
        name: option.name,
        priceMinor: String(option.price.minor),
        currency: option.price.currency,
        taxIncluded: option.taxIncluded,
        recurringInterval: option.recurring?.interval ?? null,
        recurringTime: option.recurring?.time ?? null,
        seatsPerUnit: option.seatsPerUnit,
        minQuantity: option.minQuantity,
        maxQuantity: option.maxQuantity,
        createdAt: option.createdAt,
      });
      return true;
    } catch (error) {
      if (isUniqueViolation(error)) return false;
      throw error;
    }
  }

  async find(vendorId: string, id: string): Promise<PurchaseOption | null> {
    const row = await managerOf(this.db).getRepository(PurchaseOptionRow).findOneBy({ vendorId, id });
    return row ? toOption(row) : null;
  }

  async listForProduct(vendorId: string, sku: string): Promise<PurchaseOption[]> {
    const rows = await managerOf(this.db).getRepository(PurchaseOptionRow).find({ where: { vendorId, sku }, order: { id: 'ASC' } });
    return rows.map(toOption);
  }
}
