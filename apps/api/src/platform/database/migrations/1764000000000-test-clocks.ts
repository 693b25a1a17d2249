import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Test clocks (docs/operations.md, "Test clocks"): a vendor made in test mode
 * owns one clock that stands still until advanced. The worker's due-job
 * queries join it, so a test vendor's jobs fall due by its own clock.
 */
export class TestClocks1764000000000 implements MigrationInterface {
  name = 'TestClocks1764000000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE vendors ADD COLUMN test_mode boolean NOT NULL DEFAULT false`);
    await db.query(`
      CREATE TABLE vendor_test_clocks (
        vendor_id text PRIMARY KEY REFERENCES vendors(id),
        frozen_time timestamptz NOT NULL,
        status text NOT NULL DEFAULT 'ready',
        advancing_to timestamptz,
        advance_lease_until timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE vendor_test_clocks`);
    await db.query(`ALTER TABLE vendors DROP COLUMN test_mode`);
  }
}
