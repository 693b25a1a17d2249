import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Webhooks (docs/webhooks.md): a vendor's endpoints (secrets sealed), the
 * events made from the outbox (one message per event type, with its object's
 * sequence number), one delivery per endpoint and message (claimed by
 * workers), and every attempt of a delivery (the delivery log).
 */
export class Webhooks1763900000000 implements MigrationInterface {
  name = 'Webhooks1763900000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE webhook_endpoints (
        vendor_id text NOT NULL REFERENCES vendors(id),
        id text NOT NULL,
        url text NOT NULL,
        event_types text[],
        description text,
        status text NOT NULL,
        disabled_reason text,
        secrets jsonb NOT NULL,
        failing_since timestamptz,
        created_at timestamptz NOT NULL,
        updated_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`CREATE UNIQUE INDEX webhook_endpoints_id ON webhook_endpoints (id)`);
    await db.query(`
      CREATE TABLE webhook_object_sequences (
        vendor_id text NOT NULL,
        object_key text NOT NULL,
        last bigint NOT NULL,
        PRIMARY KEY (vendor_id, object_key)
      )`);
    await db.query(`
      CREATE TABLE webhook_messages (
        vendor_id text NOT NULL,
        id text NOT NULL,
        source_event_id uuid,
        type text NOT NULL,
        object_key text NOT NULL,
        sequence bigint NOT NULL,
        payload jsonb NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`CREATE UNIQUE INDEX webhook_messages_id ON webhook_messages (id)`);
    await db.query(`CREATE UNIQUE INDEX webhook_messages_source ON webhook_messages (source_event_id, type) WHERE source_event_id IS NOT NULL`);
    await db.query(`
      CREATE TABLE webhook_deliveries (
        vendor_id text NOT NULL,
        id uuid NOT NULL,
        endpoint_id text NOT NULL,
        message_id text NOT NULL,
        object_key text NOT NULL,
        sequence bigint NOT NULL,
        state text NOT NULL,
        attempts integer NOT NULL DEFAULT 0,
        next_attempt_at timestamptz NOT NULL,
        locked_until timestamptz,
        created_at timestamptz NOT NULL,
        finished_at timestamptz,
        PRIMARY KEY (vendor_id, id)
      )`);
    await db.query(`CREATE UNIQUE INDEX webhook_deliveries_id ON webhook_deliveries (id)`);
    await db.query(`CREATE INDEX webhook_deliveries_due ON webhook_deliveries (next_attempt_at, id) WHERE state = 'pending'`);
    await db.query(`CREATE INDEX webhook_deliveries_order ON webhook_deliveries (endpoint_id, object_key, sequence, id) WHERE state = 'pending'`);
    await db.query(`CREATE INDEX webhook_deliveries_endpoint ON webhook_deliveries (endpoint_id, created_at)`);
    await db.query(`
      CREATE TABLE webhook_attempts (
        vendor_id text NOT NULL,
        id uuid NOT NULL,
        delivery_id uuid NOT NULL,
        endpoint_id text NOT NULL,
        message_id text NOT NULL,
        attempt integer NOT NULL,
        started_at timestamptz NOT NULL,
        duration_ms integer NOT NULL,
        status_code integer,
        outcome text NOT NULL,
        error text,
        response_excerpt text,
        PRIMARY KEY (vendor_id, id),
        UNIQUE (delivery_id, attempt)
      )`);
    await db.query(`CREATE INDEX webhook_attempts_endpoint ON webhook_attempts (vendor_id, endpoint_id, started_at DESC)`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE webhook_attempts, webhook_deliveries, webhook_messages, webhook_object_sequences, webhook_endpoints`);
  }
}
