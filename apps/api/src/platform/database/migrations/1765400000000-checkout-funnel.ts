import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The statistics' own record of the paywall funnel (docs/stats.md, issue
 * 25): one row per checkout started from a paywall, written by the stats
 * module's handlers of `checkout.created`/`checkout.changed` (started) and
 * `checkout.completed` (conversion) from the outbox, so the statistics no
 * longer read the checkout module's table. Checkouts already started from a
 * paywall are copied in once, from their stored attribution.
 */
export class CheckoutFunnel1765400000000 implements MigrationInterface {
  name = 'CheckoutFunnel1765400000000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE stats_checkout_funnel (
        vendor_id text NOT NULL,
        checkout_id text NOT NULL,
        paywall_id text NOT NULL,
        publisher_content_id text,
        strategy_node_id text,
        sku text NOT NULL DEFAULT '',
        started_at timestamptz NOT NULL,
        completed_at timestamptz,
        PRIMARY KEY (vendor_id, checkout_id)
      )`);
    await db.query(`CREATE INDEX stats_checkout_funnel_started ON stats_checkout_funnel (vendor_id, started_at)`);
    await db.query(`CREATE INDEX stats_checkout_funnel_completed ON stats_checkout_funnel (vendor_id, completed_at) WHERE completed_at IS NOT NULL`);
    await db.query(`
      INSERT INTO stats_checkout_funnel (vendor_id, checkout_id, paywall_id, publisher_content_id, strategy_node_id, sku, started_at, completed_at)
      SELECT co.vendor_id, co.id, co.snapshot->'details'->'attribution'->>'sourceId',
             nullif(co.snapshot->'details'->'attribution'->>'publisherContentId', ''),
             nullif(co.snapshot->'details'->'attribution'->>'strategyNodeId', ''),
             coalesce(co.snapshot->'items'->0->>'sku', ''), co.created_at,
             CASE WHEN co.status = 'COMPLETED' THEN co.updated_at END
        FROM checkouts co
       WHERE co.snapshot->'details'->'attribution'->>'source' = 'paywall'
         AND coalesce(co.snapshot->'details'->'attribution'->>'sourceId', '') <> ''
      ON CONFLICT DO NOTHING`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE IF EXISTS stats_checkout_funnel`);
  }
}
