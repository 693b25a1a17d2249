import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Access lists and their grants (docs/access-lists.md): a grant gives the
 * person with an e-mail a product for a period; the entitlement repository
 * reads the grants in force beside the stored entitlements, matched by the
 * reader's e-mail, so the partial index serves that one statement.
 */
export class AccessLists1764200000000 implements MigrationInterface {
  name = 'AccessLists1764200000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE access_lists (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        name text NOT NULL,
        description text,
        type text NOT NULL,
        status text NOT NULL,
        exclude_from_stats boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`
      CREATE TABLE access_grants (
        vendor_id text NOT NULL,
        id text NOT NULL,
        list_id text NOT NULL,
        email text NOT NULL,
        sku text NOT NULL,
        purchase_option_id text NOT NULL,
        status text NOT NULL,
        starts_at timestamptz,
        ends_at timestamptz,
        user_id text,
        publisher_user_id text,
        publisher_purchase_id text,
        first_name text,
        last_name text,
        phone text,
        delivery_address jsonb,
        billing_address jsonb,
        notes text,
        extra_fields jsonb NOT NULL DEFAULT '{}'::jsonb,
        exclude_from_stats boolean NOT NULL DEFAULT false,
        product_type text NOT NULL,
        title text NOT NULL,
        cover text,
        publisher_content_id text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id),
        UNIQUE (vendor_id, list_id, email, sku),
        FOREIGN KEY (vendor_id, list_id) REFERENCES access_lists (vendor_id, id)
      )`);
    await db.query(`CREATE INDEX access_grants_in_force ON access_grants (vendor_id, email) WHERE status = 'ACTIVE'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE access_grants`);
    await db.query(`DROP TABLE access_lists`);
  }
}
