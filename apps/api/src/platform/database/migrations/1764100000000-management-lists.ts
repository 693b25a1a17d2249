import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The management lists (docs/management.md) page through a vendor's rows
 * newest first, and a product's fulfillments across readers: an index for
 * each, so that a page costs the page, not the vendor's whole history.
 */
export class ManagementLists1764100000000 implements MigrationInterface {
  name = 'ManagementLists1764100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX users_vendor_created ON users (vendor_id, created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX entitlements_vendor_created ON entitlements (vendor_id, created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX bills_vendor_created ON bills (vendor_id, created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX transactions_vendor_created ON transactions (vendor_id, created_at DESC, id DESC)`);
    await db.query(`CREATE INDEX engagement_fulfillments_vendor_sku ON engagement_fulfillments (vendor_id, sku, created_at, id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const index of [
      'users_vendor_created',
      'entitlements_vendor_created',
      'bills_vendor_created',
      'transactions_vendor_created',
      'engagement_fulfillments_vendor_sku',
    ]) {
      await db.query(`DROP INDEX IF EXISTS ${index}`);
    }
  }
}
