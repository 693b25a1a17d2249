import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Every vendor table keys by vendor first (docs/operations.md, "Growing past
 * one database"): a table distributed by `vendor_id` needs it in every
 * unique constraint. The ids stay random and looked up alone where the
 * vendor is not known yet (an API key's client id at the token address, the
 * worker's claimed events), so each keeps a plain index on the id.
 * `idempotency_keys` gains the vendor its scope starts with; a webhook
 * delivery's attempt numbers are unique within the vendor's delivery.
 */
export class VendorFirstKeys1764600000000 implements MigrationInterface {
  name = 'VendorFirstKeys1764600000000';

  async up(db: QueryRunner): Promise<void> {
    for (const [table, id] of [
      ['mail_messages', 'id'],
      ['engagement_delivery_requests', 'id'],
      ['outbox', 'id'],
      ['api_keys', 'client_id'],
    ] as const) {
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`);
      await db.query(`ALTER TABLE ${table} ADD PRIMARY KEY (vendor_id, ${id})`);
      await db.query(`CREATE INDEX ${table}_${id} ON ${table} (${id})`);
    }
    await db.query(`ALTER TABLE idempotency_keys ADD COLUMN vendor_id text`);
    await db.query(`UPDATE idempotency_keys SET vendor_id = split_part(scope, ':', 1)`);
    await db.query(`ALTER TABLE idempotency_keys ALTER COLUMN vendor_id SET NOT NULL`);
    await db.query(`ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey`);
    await db.query(`ALTER TABLE idempotency_keys ADD PRIMARY KEY (vendor_id, scope, key)`);
    await db.query(`ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_delivery_id_attempt_key`);
    await db.query(`ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_delivery_id_attempt_key UNIQUE (vendor_id, delivery_id, attempt)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`ALTER TABLE webhook_attempts DROP CONSTRAINT webhook_attempts_delivery_id_attempt_key`);
    await db.query(`ALTER TABLE webhook_attempts ADD CONSTRAINT webhook_attempts_delivery_id_attempt_key UNIQUE (delivery_id, attempt)`);
    await db.query(`ALTER TABLE idempotency_keys DROP CONSTRAINT idempotency_keys_pkey`);
    await db.query(`ALTER TABLE idempotency_keys ADD PRIMARY KEY (scope, key)`);
    await db.query(`ALTER TABLE idempotency_keys DROP COLUMN vendor_id`);
    for (const [table, id] of [
      ['mail_messages', 'id'],
      ['engagement_delivery_requests', 'id'],
      ['outbox', 'id'],
      ['api_keys', 'client_id'],
    ] as const) {
      await db.query(`DROP INDEX ${table}_${id}`);
      await db.query(`ALTER TABLE ${table} DROP CONSTRAINT ${table}_pkey`);
      await db.query(`ALTER TABLE ${table} ADD PRIMARY KEY (${id})`);
    }
  }
}
