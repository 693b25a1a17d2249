import { MigrationInterface, QueryRunner } from 'typeorm';

/** Capsule key material (every row keyed by vendor) and share-token use counts. */
export class Capsule1763700000000 implements MigrationInterface {
  name = 'Capsule1763700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE capsule_settings (
        vendor_id text PRIMARY KEY REFERENCES vendors(id),
        mode text NOT NULL CHECK (mode IN ('hosted', 'issuer-wrapped')),
        rotation_interval_minutes integer NOT NULL CHECK (rotation_interval_minutes > 0),
        previous_grace_seconds integer NOT NULL CHECK (previous_grace_seconds >= 0),
        secret_overlap_seconds integer NOT NULL CHECK (secret_overlap_seconds >= 0),
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE capsule_publisher_keys (
        vendor_id text NOT NULL REFERENCES capsule_settings(vendor_id),
        kid text NOT NULL,
        public_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, kid)
      )`);
    await db.query(`
      CREATE TABLE capsule_publisher_domains (
        vendor_id text NOT NULL REFERENCES capsule_settings(vendor_id),
        domain text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, domain)
      )`);
    await db.query(`
      CREATE TABLE capsule_rotation_secrets (
        vendor_id text NOT NULL REFERENCES capsule_settings(vendor_id),
        version integer NOT NULL CHECK (version >= 1),
        secret_sealed text NOT NULL,
        created_at timestamptz NOT NULL,
        replaced_at timestamptz,
        valid_until timestamptz,
        PRIMARY KEY (vendor_id, version)
      )`);
    await db.query(`
      CREATE TABLE capsule_issuer_keys (
        vendor_id text NOT NULL REFERENCES capsule_settings(vendor_id),
        kid text NOT NULL,
        algorithm text NOT NULL CHECK (algorithm IN ('ECDH-P256', 'RSA-OAEP')),
        private_key_sealed text NOT NULL,
        public_jwk jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, kid)
      )`);
    await db.query(`
      CREATE TABLE capsule_service_keys (
        vendor_id text NOT NULL REFERENCES capsule_settings(vendor_id),
        kid text NOT NULL,
        public_jwk jsonb NOT NULL,
        private_jwk_sealed text NOT NULL,
        created_at timestamptz NOT NULL,
        retired_at timestamptz,
        PRIMARY KEY (vendor_id, kid)
      )`);
    await db.query(`
      CREATE TABLE capsule_token_uses (
        vendor_id text NOT NULL REFERENCES vendors(id),
        jti text NOT NULL,
        uses integer NOT NULL CHECK (uses >= 1),
        max_uses integer NOT NULL CHECK (max_uses >= 1),
        first_used_at timestamptz NOT NULL,
        last_used_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, jti),
        CHECK (uses <= max_uses)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of [
      'capsule_token_uses',
      'capsule_service_keys',
      'capsule_issuer_keys',
      'capsule_rotation_secrets',
      'capsule_publisher_domains',
      'capsule_publisher_keys',
      'capsule_settings',
    ]) {
      await db.query(`DROP TABLE IF EXISTS ${table}`);
    }
  }
}
