import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Engagement, part B: reader profiles, metadata, tags, fulfillments and the
 * embedded delivery provider's requests; `users.erased_at` marks an erased
 * account (its tokens are refused). Every reader row references the user.
 */
export class EngagementB1763760000000 implements MigrationInterface {
  name = 'EngagementB1763760000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE users ADD COLUMN erased_at timestamptz`);
    await db.query(`
      CREATE TABLE engagement_profiles (
        vendor_id text NOT NULL,
        user_id text NOT NULL,
        nickname text,
        locale text,
        picture text,
        mobile_phone text,
        work_phone text,
        home_phone text,
        billing_address jsonb,
        delivery_address jsonb,
        company_info jsonb,
        streaming_linked boolean NOT NULL DEFAULT false,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, user_id),
        FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
      )`);
    await db.query(`
      CREATE TABLE engagement_user_metadata (
        vendor_id text NOT NULL,
        user_id text NOT NULL,
        key text NOT NULL CHECK (char_length(key) BETWEEN 1 AND 64),
        value text NOT NULL CHECK (octet_length(value) <= 2048),
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, user_id, key),
        FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
      )`);
    await db.query(`
      CREATE TABLE engagement_tags (
        vendor_id text NOT NULL,
        user_id text NOT NULL,
        tag text NOT NULL CHECK (char_length(tag) BETWEEN 1 AND 64),
        seq bigint GENERATED ALWAYS AS IDENTITY,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, user_id, tag),
        FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE SEQUENCE engagement_fulfillment_numbers`);
    await db.query(`
      CREATE TABLE engagement_fulfillments (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        user_id text NOT NULL,
        sku text NOT NULL,
        title text NOT NULL,
        cover text,
        numeric_id bigint NOT NULL DEFAULT nextval('engagement_fulfillment_numbers'),
        status text NOT NULL CHECK (status IN ('PENDING', 'DELIVERY_REQUESTED', 'SHIPPED', 'DELIVERED', 'CANCELED')),
        delivery_provider text,
        item_id text,
        copies integer NOT NULL CHECK (copies >= 1),
        delivers_at timestamptz,
        delivery_requested_at timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id),
        FOREIGN KEY (vendor_id, user_id) REFERENCES users (vendor_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX engagement_fulfillments_user_sku ON engagement_fulfillments (vendor_id, user_id, sku, created_at)`);
    await db.query(`
      CREATE TABLE engagement_delivery_requests (
        id text PRIMARY KEY,
        vendor_id text NOT NULL,
        fulfillment_id text NOT NULL,
        user_id text NOT NULL,
        provider text NOT NULL,
        address jsonb NOT NULL,
        requested_at timestamptz NOT NULL,
        FOREIGN KEY (vendor_id, fulfillment_id) REFERENCES engagement_fulfillments (vendor_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX engagement_delivery_requests_user ON engagement_delivery_requests (vendor_id, user_id)`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'engagement_delivery_requests',
      'engagement_fulfillments',
      'engagement_tags',
      'engagement_user_metadata',
      'engagement_profiles',
    ]) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
    await db.query(`DROP SEQUENCE IF EXISTS engagement_fulfillment_numbers`);
    await db.query(`ALTER TABLE users DROP COLUMN IF EXISTS erased_at`);
  }
}
