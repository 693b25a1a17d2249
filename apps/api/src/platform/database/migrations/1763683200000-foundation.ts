import { MigrationInterface, QueryRunner } from 'typeorm';

export class Foundation1763683200000 implements MigrationInterface {
  name = 'Foundation1763683200000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE vendors (
        id text PRIMARY KEY,
        name text NOT NULL,
        domains text[] NOT NULL DEFAULT '{}',
        logo text,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE products (
        vendor_id text NOT NULL REFERENCES vendors(id),
        sku text NOT NULL,
        title text NOT NULL,
        product_type text NOT NULL,
        cover text,
        language text,
        publisher_content_id text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, sku)
      )`);
    await db.query(`
      CREATE TABLE purchase_options (
        vendor_id text NOT NULL,
        id text NOT NULL,
        sku text NOT NULL,
        name text NOT NULL,
        price_minor bigint NOT NULL CHECK (price_minor >= 0),
        currency char(3) NOT NULL,
        tax_included boolean NOT NULL,
        recurring_interval text,
        recurring_time integer,
        seats_per_unit integer NOT NULL CHECK (seats_per_unit >= 1),
        min_quantity integer NOT NULL,
        max_quantity integer NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id),
        FOREIGN KEY (vendor_id, sku) REFERENCES products(vendor_id, sku)
      )`);
    await db.query(`
      CREATE TABLE users (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        email text NOT NULL,
        first_name text,
        last_name text,
        staff boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id),
        UNIQUE (vendor_id, email)
      )`);
    await db.query(`
      CREATE TABLE api_keys (
        client_id text PRIMARY KEY,
        vendor_id text NOT NULL REFERENCES vendors(id),
        name text NOT NULL,
        role text NOT NULL CHECK (role IN ('read', 'full')),
        grants text[] NOT NULL DEFAULT '{}',
        secret_hash text NOT NULL,
        created_at timestamptz NOT NULL,
        revoked_at timestamptz
      )`);
    await db.query(`CREATE INDEX api_keys_vendor_created ON api_keys (vendor_id, created_at DESC)`);
    await db.query(`
      CREATE TABLE signing_keys (
        kid text PRIMARY KEY,
        algorithm text NOT NULL,
        public_jwk jsonb NOT NULL,
        private_jwk_sealed text NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE outbox (
        id uuid PRIMARY KEY,
        vendor_id text NOT NULL,
        type text NOT NULL,
        aggregate_id text NOT NULL,
        payload jsonb NOT NULL,
        occurred_at timestamptz NOT NULL,
        available_at timestamptz NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        locked_until timestamptz,
        processed_at timestamptz,
        last_error text
      )`);
    await db.query(
      `CREATE INDEX outbox_pending ON outbox (available_at, id) WHERE processed_at IS NULL`,
    );
    await db.query(`
      CREATE TABLE scheduled_tasks (
        name text PRIMARY KEY,
        next_run_at timestamptz NOT NULL,
        last_run_at timestamptz
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'scheduled_tasks',
      'outbox',
      'signing_keys',
      'api_keys',
      'users',
      'purchase_options',
      'products',
      'vendors',
    ]) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
