import { MigrationInterface, QueryRunner } from 'typeorm';

/** Engagement, part A: tallies, license pools and keys, diagnostics records. */
export class EngagementA1763750000000 implements MigrationInterface {
  name = 'EngagementA1763750000000';

  async up(db: QueryRunner): Promise<void> {
    // One row per tally; its items live in the row so a push is one locked read-modify-write.
    await db.query(`
      CREATE TABLE tallies (
        vendor_id text NOT NULL REFERENCES vendors(id),
        owner_kind text NOT NULL CHECK (owner_kind IN ('user', 'visitor', 'shared')),
        owner_id text NOT NULL,
        tally_id text NOT NULL,
        items jsonb NOT NULL,
        last_seq bigint NOT NULL,
        policies jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        expires_at timestamptz,
        PRIMARY KEY (vendor_id, owner_kind, owner_id, tally_id)
      )`);
    await db.query(`CREATE INDEX tallies_expiry ON tallies (expires_at) WHERE expires_at IS NOT NULL`);

    await db.query(`
      CREATE TABLE license_pools (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        sku text NOT NULL,
        validity_seconds integer CHECK (validity_seconds > 0),
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`
      CREATE TABLE license_keys (
        vendor_id text NOT NULL,
        pool_id text NOT NULL,
        key text NOT NULL,
        load_seq bigint GENERATED ALWAYS AS IDENTITY,
        expires_at timestamptz,
        loaded_at timestamptz NOT NULL,
        claimed_by text,
        claimed_at timestamptz,
        claim_expires_at timestamptz,
        PRIMARY KEY (vendor_id, pool_id, key),
        FOREIGN KEY (vendor_id, pool_id) REFERENCES license_pools (vendor_id, id),
        CHECK ((claimed_by IS NULL) = (claimed_at IS NULL))
      )`);
    await db.query(`CREATE INDEX license_keys_free ON license_keys (vendor_id, pool_id, load_seq) WHERE claimed_by IS NULL`);
    await db.query(
      `CREATE INDEX license_keys_holder ON license_keys (vendor_id, pool_id, claimed_by, claimed_at DESC) WHERE claimed_by IS NOT NULL`,
    );
    // The (pool, reader) lock row: claims of one reader in one pool take it FOR UPDATE, one at a time.
    await db.query(`
      CREATE TABLE license_holders (
        vendor_id text NOT NULL,
        pool_id text NOT NULL,
        user_id text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, pool_id, user_id),
        FOREIGN KEY (vendor_id, pool_id) REFERENCES license_pools (vendor_id, id)
      )`);

    await db.query(`
      CREATE TABLE diagnostics (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        sender_kind text NOT NULL CHECK (sender_kind IN ('user', 'visitor')),
        sender_id text NOT NULL,
        client_id text,
        record jsonb NOT NULL,
        received_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`CREATE INDEX diagnostics_sender ON diagnostics (vendor_id, sender_kind, sender_id, received_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS diagnostics`);
    await db.query(`DROP TABLE IF EXISTS license_holders`);
    await db.query(`DROP TABLE IF EXISTS license_keys`);
    await db.query(`DROP TABLE IF EXISTS license_pools`);
    await db.query(`DROP TABLE IF EXISTS tallies`);
  }
}
