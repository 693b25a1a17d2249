import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 28 (contract create + confirm): products, purchase options and the
 * vendors' billing and checkout settings are cached per process
 * (`catalog/cached-catalog.repositories.ts`,
 * `platform/cache/cached-vendor-settings.ts`). The service announces its own
 * writes; these triggers (`kiosk_announce_vendor_change`, from the hot-paths
 * migration) also announce every write made past it (`psql`, a script), on
 * `kiosk_config_changed` when it commits, key the vendor id. Vendors are not
 * cached (an operator renames one with `psql`, and pages show it at once).
 */
const ANNOUNCED: [table: string, region: string][] = [
  ['products', 'catalog'],
  ['purchase_options', 'catalog'],
  ['vendor_billing_settings', 'billing-settings'],
  ['checkout_settings', 'checkout-settings'],
];

export class CatalogAndSettingsAnnounce1766900000000 implements MigrationInterface {
  name = 'CatalogAndSettingsAnnounce1766900000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [table, region] of ANNOUNCED) {
      await db.query(
        `CREATE TRIGGER ${table}_announce AFTER INSERT OR UPDATE OR DELETE ON ${table}
         FOR EACH ROW EXECUTE FUNCTION kiosk_announce_vendor_change('${region}')`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const [table] of ANNOUNCED) await db.query(`DROP TRIGGER IF EXISTS ${table}_announce ON ${table}`);
  }
}
