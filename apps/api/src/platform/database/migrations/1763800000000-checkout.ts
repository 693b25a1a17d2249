import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Checkouts (jsonb snapshots with their query columns) and each vendor's
 * checkout settings. Completing is decided by a conditional update of
 * `status`; the contracts a checkout made name it in their origin.
 */
export class Checkout1763800000000 implements MigrationInterface {
  name = 'Checkout1763800000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE checkouts (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'visitor')),
        owner_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('PENDING', 'WAITING_PAYMENT_CONFIRMATION', 'COMPLETED', 'EXPIRED')),
        snapshot jsonb NOT NULL,
        expires_at timestamptz NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`CREATE INDEX checkouts_owner ON checkouts (vendor_id, owner_kind, owner_id)`);
    await db.query(`
      CREATE TABLE checkout_settings (
        vendor_id text PRIMARY KEY REFERENCES vendors(id),
        settings jsonb NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS checkout_settings`);
    await db.query(`DROP TABLE IF EXISTS checkouts`);
  }
}
