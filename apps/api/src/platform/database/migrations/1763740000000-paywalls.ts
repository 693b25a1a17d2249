import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Paywalls, strategies, the vendor's signed-link tiers, and the read ledger
 * of the leaky allowance (see docs/paywalls.md).
 */
export class Paywalls1763740000000 implements MigrationInterface {
  name = 'Paywalls1763740000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE paywalls (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        name text NOT NULL,
        status text NOT NULL,
        version integer NOT NULL,
        snapshot jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        modified_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`CREATE INDEX paywalls_vendor_created ON paywalls (vendor_id, created_at, id)`);
    await db.query(`
      CREATE TABLE paywall_strategies (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        name text NOT NULL,
        status text NOT NULL,
        version integer NOT NULL,
        fingerprint text NOT NULL,
        snapshot jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        modified_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`CREATE INDEX paywall_strategies_vendor_created ON paywall_strategies (vendor_id, created_at, id)`);
    await db.query(`
      CREATE TABLE paywall_link_tiers (
        vendor_id text PRIMARY KEY REFERENCES vendors(id),
        metered_tier text NOT NULL,
        entitled_tier text NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    // One row per (vendor, paywall, reader): the lock every decision about that reader's reads takes.
    await db.query(`
      CREATE TABLE paywall_readers (
        vendor_id text NOT NULL,
        paywall_id text NOT NULL,
        reader_key text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, paywall_id, reader_key)
      )`);
    // One row per content a reader opened on a paywall; read_at is the start of its latest counted read.
    await db.query(`
      CREATE TABLE paywall_reads (
        vendor_id text NOT NULL,
        paywall_id text NOT NULL,
        reader_key text NOT NULL,
        content_id text NOT NULL,
        read_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, paywall_id, reader_key, content_id)
      )`);
    await db.query(`CREATE INDEX paywall_reads_reader_time ON paywall_reads (vendor_id, reader_key, read_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS paywall_reads`);
    await db.query(`DROP TABLE IF EXISTS paywall_readers`);
    await db.query(`DROP TABLE IF EXISTS paywall_link_tiers`);
    await db.query(`DROP TABLE IF EXISTS paywall_strategies`);
    await db.query(`DROP TABLE IF EXISTS paywalls`);
  }
}
