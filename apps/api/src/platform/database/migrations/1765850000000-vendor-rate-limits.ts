import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A vendor's own values of the rate limits (docs/operations.md, "Rate
 * limits"): `{ "<rule name>": { "points": n, "windowSeconds": n,
 * "blockSeconds": n } }`, each field optional; a rule not named keeps the
 * service's default. Set with `kiosk vendor:rate-limit`.
 */
export class VendorRateLimits1765850000000 implements MigrationInterface {
  name = 'VendorRateLimits1765850000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE vendors ADD COLUMN IF NOT EXISTS rate_limits jsonb NOT NULL DEFAULT '{}'::jsonb`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE vendors DROP COLUMN IF EXISTS rate_limits`);
  }
}
