import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The script host (docs/scripts.md): each vendor's script configuration
 * (embedded in the bundle, versioned), every release of the browser library
 * the service has shipped (kept so pinned pages keep working), and the
 * `stable` channel an operator promotes.
 */
export class Scripts1764030000000 implements MigrationInterface {
  name = 'Scripts1764030000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE script_configurations (
        vendor_id text PRIMARY KEY REFERENCES vendors(id),
        settings jsonb NOT NULL,
        version integer NOT NULL CHECK (version > 0),
        updated_at timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE script_releases (
        version text PRIMARY KEY,
        service_js text NOT NULL,
        service_components text NOT NULL,
        released_at timestamptz NOT NULL
      )`);
    await db.query(`
      CREATE TABLE script_channels (
        name text PRIMARY KEY CHECK (name IN ('stable')),
        version text NOT NULL REFERENCES script_releases(version),
        updated_at timestamptz NOT NULL
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE script_channels`);
    await db.query(`DROP TABLE script_releases`);
    await db.query(`DROP TABLE script_configurations`);
  }
}
