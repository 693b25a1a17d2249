import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The user-facing commerce routes (storefront): amendments readers ask for
 * on their contracts, and the vendor's auto-onboarding rules (a holder of
 * `sku` is granted `granted_sku` by the embedded external-access adapter).
 */
export class Storefront1763770000000 implements MigrationInterface {
  name = 'Storefront1763770000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE contract_amendments (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        contract_id text NOT NULL,
        user_id text NOT NULL,
        type text NOT NULL CHECK (type IN ('UPGRADE', 'DOWNGRADE', 'DISCOUNT')),
        status text NOT NULL CHECK (status IN ('PENDING', 'CONFIRMED', 'REJECTED')),
        change jsonb,
        discount_code text,
        applied_discounts jsonb NOT NULL,
        next_bill_total_minor bigint,
        next_bill_currency char(3),
        next_bill_date timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        confirmed_at timestamptz,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`CREATE INDEX contract_amendments_contract ON contract_amendments (vendor_id, contract_id, created_at)`);
    await db.query(`
      CREATE TABLE auto_onboard_rules (
        vendor_id text NOT NULL REFERENCES vendors(id),
        sku text NOT NULL,
        granted_sku text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, sku, granted_sku)
      )`);
    // GET /vendors looks users up by e-mail across vendors.
    await db.query(`CREATE INDEX users_email_storefront ON users (email)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP INDEX IF EXISTS users_email_storefront`);
    await db.query(`DROP TABLE IF EXISTS auto_onboard_rules`);
    await db.query(`DROP TABLE IF EXISTS contract_amendments`);
  }
}
