import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17 (unlock hot path): the product-scope mapping is cached per
 * process like the capsule's key tables, so its changes are announced the
 * same way: a trigger (`kiosk_announce_vendor_change`, from the hot-paths
 * migration) notifies `kiosk_config_changed` in region
 * `capsule/product-scopes`, key the vendor id, when the change commits,
 * whoever writes it (API, command line, `psql`, a cascade from `products`).
 * Its own region: a mapping change leaves the vendor's imported keys cached.
 */
export class CapsuleProductScopesAnnounce1764017000000 implements MigrationInterface {
  name = 'CapsuleProductScopesAnnounce1764017000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(
      `CREATE TRIGGER capsule_product_scopes_announce AFTER INSERT OR UPDATE OR DELETE ON capsule_product_scopes
       FOR EACH ROW EXECUTE FUNCTION kiosk_announce_vendor_change('capsule/product-scopes')`,
    );
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TRIGGER IF EXISTS capsule_product_scopes_announce ON capsule_product_scopes`);
  }
}
