import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The capsule scopes each product of a vendor grants (one row per product,
 * replaced whole by one upsert). The product must exist in the catalog.
 */
export class CapsuleProductScopes1763790000000 implements MigrationInterface {
  name = 'CapsuleProductScopes1763790000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE capsule_product_scopes (
        vendor_id text NOT NULL,
        sku text NOT NULL,
        scopes text[] NOT NULL CHECK (cardinality(scopes) BETWEEN 1 AND 32),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, sku),
        FOREIGN KEY (vendor_id, sku) REFERENCES products(vendor_id, sku) ON DELETE CASCADE
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS capsule_product_scopes`);
  }
}
