import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The codes of the buying journey (DESIGN.md 6, "From payment to reading",
 * "Passwordless sign-in"), each stored only as a hash:
 *
 * Both key by vendor first, as every vendor table (docs/operations.md).
 *
 * - `handoff_codes`: the one-time code the return from a paid checkout
 *   carries to the vendor's site; the browser library exchanges it once,
 *   within about a minute, for the cookie session of the browser client it
 *   is bound to. The visitor id is kept to merge the visitor's reads.
 * - `sign_in_codes`: a 6-digit code (and a link with a secret of its own)
 *   mailed to prove control of an address; 15 minutes, single use, at most
 *   5 wrong tries. Their count per account and window is the rate limit.
 */
export class JourneyCodes1765100000000 implements MigrationInterface {
  name = 'JourneyCodes1765100000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE handoff_codes (
        vendor_id text NOT NULL,
        code_hash text NOT NULL,
        client_id text NOT NULL,
        user_id text NOT NULL,
        checkout_id text,
        visitor_id text,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        used_at timestamptz,
        PRIMARY KEY (vendor_id, code_hash)
      )`);
    await db.query(`CREATE INDEX handoff_codes_expiry ON handoff_codes (expires_at)`);
    await db.query(`
      CREATE TABLE sign_in_codes (
        vendor_id text NOT NULL,
        id text NOT NULL,
        user_id text NOT NULL,
        code_hash text NOT NULL,
        link_hash text NOT NULL,
        purpose text NOT NULL,
        created_at timestamptz NOT NULL,
        expires_at timestamptz NOT NULL,
        failed_attempts integer NOT NULL DEFAULT 0,
        used_at timestamptz,
        PRIMARY KEY (vendor_id, id),
        UNIQUE (vendor_id, link_hash)
      )`);
    await db.query(`CREATE INDEX sign_in_codes_account ON sign_in_codes (vendor_id, user_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS sign_in_codes`);
    await db.query(`DROP TABLE IF EXISTS handoff_codes`);
  }
}
