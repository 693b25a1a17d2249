import { MigrationInterface, QueryRunner } from 'typeorm';

/** Webhook events of payment providers, applied once: a replayed event id matches a row and changes nothing. */
export class CheckoutProviderEvents1763810000000 implements MigrationInterface {
  name = 'CheckoutProviderEvents1763810000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE checkout_provider_events (
        provider text NOT NULL,
        event_id text NOT NULL,
        type text NOT NULL,
        received_at timestamptz NOT NULL,
        PRIMARY KEY (provider, event_id)
      )`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS checkout_provider_events`);
  }
}
