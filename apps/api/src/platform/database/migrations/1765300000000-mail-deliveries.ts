import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Mail is a module of its own and really sent (issue 25): a stored mail may
 * have an HTML part and a key that makes queuing it idempotent (an event
 * handled twice, a renewal reminder of one period); `mail_deliveries` holds
 * the delivery of each mail queued while a transport (MAIL_URL) is set,
 * claimed by the workers with `FOR UPDATE SKIP LOCKED` and retried with
 * back-off.
 */
export class MailDeliveries1765300000000 implements MigrationInterface {
  name = 'MailDeliveries1765300000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE mail_messages ADD COLUMN html text`);
    await db.query(`ALTER TABLE mail_messages ADD COLUMN dedupe_key text`);
    await db.query(`CREATE UNIQUE INDEX mail_messages_dedupe_key ON mail_messages (vendor_id, dedupe_key) WHERE dedupe_key IS NOT NULL`);
    await db.query(`CREATE INDEX mail_messages_newest ON mail_messages (created_at DESC, id DESC)`);
    await db.query(`
      CREATE TABLE mail_deliveries (
        vendor_id text NOT NULL,
        mail_id text NOT NULL,
        status text NOT NULL CHECK (status IN ('queued', 'sent', 'failed')),
        attempts integer NOT NULL DEFAULT 0,
        last_error text,
        next_attempt_at timestamptz,
        locked_until timestamptz,
        sent_at timestamptz,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, mail_id),
        FOREIGN KEY (vendor_id, mail_id) REFERENCES mail_messages (vendor_id, id) ON DELETE CASCADE
      )`);
    await db.query(`CREATE INDEX mail_deliveries_due ON mail_deliveries (next_attempt_at) WHERE status = 'queued'`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE mail_deliveries`);
    await db.query(`DROP INDEX mail_messages_newest`);
    await db.query(`DROP INDEX mail_messages_dedupe_key`);
    await db.query(`ALTER TABLE mail_messages DROP COLUMN dedupe_key`);
    await db.query(`ALTER TABLE mail_messages DROP COLUMN html`);
  }
}
