import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every saved version of a paywall and of a strategy (docs/paywalls.md,
 * "Version history"): the whole snapshot as saved, when, and by whom (an API
 * key's client id or a staff member's user id; null when unknown). Written
 * with each save in its transaction; no reader's path reads them. Paywalls
 * and strategies that exist already keep their current content as their first
 * kept version (by nobody known).
 */
export class PaywallVersions1764800000000 implements MigrationInterface {
  name = 'PaywallVersions1764800000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [table, parent, column] of [
      ['paywall_versions', 'paywalls', 'paywall_id'],
      ['paywall_strategy_versions', 'paywall_strategies', 'strategy_id'],
    ] as const) {
      await db.query(`
        CREATE TABLE ${table} (
          vendor_id text NOT NULL,
          ${column} text NOT NULL,
          version integer NOT NULL,
          snapshot jsonb NOT NULL,
          saved_at timestamptz NOT NULL,
          saved_by_kind text CHECK (saved_by_kind IN ('API_KEY', 'STAFF')),
          saved_by_id text,
          PRIMARY KEY (vendor_id, ${column}, version),
          FOREIGN KEY (vendor_id, ${column}) REFERENCES ${parent}(vendor_id, id),
          CHECK ((saved_by_kind IS NULL) = (saved_by_id IS NULL))
        )`);
      await db.query(`
        INSERT INTO ${table} (vendor_id, ${column}, version, snapshot, saved_at)
        SELECT vendor_id, id, version, snapshot, modified_at FROM ${parent}`);
    }
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE paywall_strategy_versions`);
    await db.query(`DROP TABLE paywall_versions`);
  }
}
