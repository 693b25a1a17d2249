import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28 (contract create + confirm): the seller's name on an invoice is
 * read through the configuration cache (`CachedVendorLookup`, region
 * `vendor-names`), so every write to `vendors` announces the vendor on
 * `kiosk_config_changed` when it commits, as the catalogue's tables do
 * (migration 1766900000000). The vendors table names its vendor `id`, not
 * `vendor_id`, hence a function of its own.
 */
export class VendorNamesAnnounce1767100000000 implements MigrationInterface {
  name = 'VendorNamesAnnounce1767100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE FUNCTION kiosk_announce_vendor_row_change() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('kiosk_config_changed',
          TG_ARGV[0] || chr(30) || CASE TG_OP WHEN 'DELETE' THEN OLD.id ELSE NEW.id END);
        RETURN NULL;
      END
      $$`);
    await db.query(
      `CREATE TRIGGER vendors_announce AFTER INSERT OR UPDATE OR DELETE ON vendors
       FOR EACH ROW EXECUTE FUNCTION kiosk_announce_vendor_row_change('vendor-names')`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS vendors_announce ON vendors`);
    await db.query(`DROP FUNCTION IF EXISTS kiosk_announce_vendor_row_change()`);
  }
}
