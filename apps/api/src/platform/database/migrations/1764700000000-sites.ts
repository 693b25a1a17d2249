import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The vendor's web domains and the sites behind them (docs/management.md,
 * "Domains and sites"). A site's domain must be one of the vendor's domains;
 * the foreign key also keeps a domain in use from being deleted.
 */
export class Sites1764700000000 implements MigrationInterface {
  name = 'Sites1764700000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE vendor_domains (
        vendor_id text NOT NULL REFERENCES vendors(id),
        domain text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, domain)
      )`);
    await db.query(`
      CREATE TABLE sites (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        name text NOT NULL,
        domain text NOT NULL,
        url text NOT NULL,
        client_id text,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id),
        FOREIGN KEY (vendor_id, domain) REFERENCES vendor_domains(vendor_id, domain)
      )`);
    await db.query(`CREATE INDEX sites_by_domain ON sites (vendor_id, domain)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE sites`);
    await db.query(`DROP TABLE vendor_domains`);
  }
}
