import { MigrationInterface, QueryRunner } from 'typeorm';

export class Contracts1763710000000 implements MigrationInterface {
  name = 'Contracts1763710000000';

  async up(db: QueryRunner): Promise<void> {
    // The aggregate is stored whole as its snapshot; the columns beside it are
    // what queries filter on, kept in step by the repository on every save.
    await db.query(`
      CREATE TABLE contracts (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        user_id text NOT NULL,
        status text NOT NULL,
        snapshot jsonb NOT NULL,
        next_check_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`CREATE INDEX contracts_user ON contracts (vendor_id, user_id, created_at DESC)`);
    await db.query(`CREATE INDEX contracts_due ON contracts (next_check_at) WHERE next_check_at IS NOT NULL`);
    await db.query(`
      CREATE TABLE discount_codes (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        code text NOT NULL,
        definition jsonb NOT NULL,
        max_redemptions integer,
        redemptions integer NOT NULL DEFAULT 0,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id),
        UNIQUE (vendor_id, code),
        CHECK (max_redemptions IS NULL OR redemptions <= max_redemptions)
      )`);
    await db.query(`
      CREATE TABLE idempotency_keys (
        scope text NOT NULL,
        key text NOT NULL,
        request_hash text NOT NULL,
        status integer,
        headers jsonb,
        body text,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (scope, key)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS idempotency_keys`);
    await db.query(`DROP TABLE IF EXISTS discount_codes`);
    await db.query(`DROP TABLE IF EXISTS contracts`);
  }
}
