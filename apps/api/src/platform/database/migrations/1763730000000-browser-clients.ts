import { MigrationInterface, QueryRunner } from 'typeorm';

export class BrowserClients1763730000000 implements MigrationInterface {
  name = 'BrowserClients1763730000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE browser_clients (
        client_id text PRIMARY KEY,
        vendor_id text NOT NULL REFERENCES vendors(id),
        name text NOT NULL,
        redirect_uris text[] NOT NULL,
        allowed_origins text[] NOT NULL,
        created_at timestamptz NOT NULL
      )`);
    await db.query(`CREATE INDEX browser_clients_vendor ON browser_clients (vendor_id, created_at)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS browser_clients`);
  }
}
