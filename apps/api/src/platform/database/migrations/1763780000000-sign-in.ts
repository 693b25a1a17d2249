import { MigrationInterface, QueryRunner } from 'typeorm';

export class SignIn1763780000000 implements MigrationInterface {
  name = 'SignIn1763780000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE user_passwords (
        vendor_id text NOT NULL,
        user_id text NOT NULL,
        password_hash text NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, user_id),
        FOREIGN KEY (vendor_id, user_id) REFERENCES users(vendor_id, id) ON DELETE CASCADE
      )`);
    await db.query(`
      CREATE TABLE password_reset_tokens (
        token_hash text PRIMARY KEY,
        vendor_id text NOT NULL,
        user_id text NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz
      )`);
    // Everything the embedded OpenID provider keeps: sessions, interactions,
    // codes, grants, tokens; by model name and id, with the lookups it needs.
    await db.query(`
      CREATE TABLE oidc_payloads (
        model text NOT NULL,
        id text NOT NULL,
        payload jsonb NOT NULL,
        grant_id text,
        user_code text,
        uid text,
        expires_at timestamptz,
        consumed_at timestamptz,
        PRIMARY KEY (model, id)
      )`);
    await db.query(`CREATE INDEX oidc_payloads_uid ON oidc_payloads (uid) WHERE uid IS NOT NULL`);
    await db.query(`CREATE INDEX oidc_payloads_grant ON oidc_payloads (grant_id) WHERE grant_id IS NOT NULL`);
    await db.query(`CREATE INDEX oidc_payloads_expiry ON oidc_payloads (expires_at)`);
    await db.query(`ALTER TABLE browser_clients ADD COLUMN access_sync_url text`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE browser_clients DROP COLUMN IF EXISTS access_sync_url`);
    await db.query(`DROP TABLE IF EXISTS oidc_payloads`);
    await db.query(`DROP TABLE IF EXISTS password_reset_tokens`);
    await db.query(`DROP TABLE IF EXISTS user_passwords`);
  }
}
