import { ProductNotFound } from '@kiosk/domain/catalog';
import { ProductScopeRepository, ProductScopes } from '@kiosk/domain/capsule';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';

const FOREIGN_KEY_VIOLATION = '23503';
const isForeignKeyViolation = (error: unknown) =>
  (error as { driverError?: { code?: string } })?.driverError?.code === FOREIGN_KEY_VIOLATION ||
  (error as { code?: string })?.code === FOREIGN_KEY_VIOLATION;

interface Raw {
  sku: string;
  scopes: string[];
}
const toMapping = (row: Raw): ProductScopes => ({ sku: row.sku, scopes: [...row.scopes] });

/**
 * One row per mapped product, replaced whole by a single statement, so two
 * writers of the same product never merge: the last one wins, on any
 * number of processes. The foreign key keeps it to products of the vendor.
 */
export class TypeOrmProductScopeRepository implements ProductScopeRepository {
  constructor(private readonly db: DataSource) {}

  async put(vendorId: string, mapping: ProductScopes, at: Date): Promise<void> {
    if (mapping.scopes.length === 0) {
      await sqlRows(this.db, `DELETE FROM capsule_product_scopes WHERE vendor_id = $1 AND sku = $2`, [vendorId, mapping.sku]);
      return;
    }
    try {
      await sqlRows(
        this.db,
        `INSERT INTO capsule_product_scopes (vendor_id, sku, scopes, created_at, updated_at)
         VALUES ($1, $2, $3::text[], $4, $4)
         ON CONFLICT (vendor_id, sku) DO UPDATE SET scopes = EXCLUDED.scopes, updated_at = EXCLUDED.updated_at`,
        [vendorId, mapping.sku, [...mapping.scopes], at],
      );
    } catch (error) {
      // The product went away between the catalog's answer and this write.
      if (isForeignKeyViolation(error)) throw new ProductNotFound(mapping.sku);
      throw error;
    }
  }

  async list(vendorId: string): Promise<ProductScopes[]> {
    const rows = await sqlRows<Raw>(this.db, `SELECT sku, scopes FROM capsule_product_scopes WHERE vendor_id = $1 ORDER BY sku COLLATE "C"`, [vendorId]);
    return rows.map(toMapping);
  }

  async forSkus(vendorId: string, skus: readonly string[]): Promise<ProductScopes[]> {
    if (skus.length === 0) return [];
    const rows = await sqlRows<Raw>(
      this.db,
      `SELECT sku, scopes FROM capsule_product_scopes WHERE vendor_id = $1 AND sku = ANY($2::text[]) ORDER BY sku COLLATE "C"`,
      [vendorId, [...skus]],
    );
    return rows.map(toMapping);
  }
}
