import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Statistics of paywalls (docs/stats.md): `paywall_daily_stats` counts, per
 * vendor, UTC day and paywall, the metered access decisions (views), the
 * allowed ones (free reads) and the refused ones (blocked reads). The
 * counted read's one statement, `paywall_record_read`, now also adds to the
 * counter, so recording costs no extra round trip (issue 17). The counter
 * is split into 8 rows per paywall and day by the reader's hash, so readers
 * of one busy paywall do not queue on one row; the statistics sum them.
 * The rule and the answer of the function are unchanged.
 */
export class PaywallDailyStats1764400100000 implements MigrationInterface {
  name = 'PaywallDailyStats1764400100000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`
      CREATE TABLE paywall_daily_stats (
        vendor_id text NOT NULL,
        day date NOT NULL,
        paywall_id text NOT NULL,
        shard smallint NOT NULL,
        views bigint NOT NULL DEFAULT 0,
        free_reads bigint NOT NULL DEFAULT 0,
        blocked_reads bigint NOT NULL DEFAULT 0,
        PRIMARY KEY (vendor_id, day, paywall_id, shard)
      )`);
    await db.query(`
      CREATE OR REPLACE FUNCTION paywall_record_read(
        p_vendor text, p_paywall text, p_reader text, p_content text,
        p_window_start timestamptz, p_limit integer, p_now timestamptz
      ) RETURNS TABLE (decided text, reads_in_window integer)
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        v_decided text;
        v_count integer;
      BEGIN
        PERFORM paywall_reader_lock(p_vendor, p_paywall, p_reader);
        WITH counted AS (
          SELECT count(*)::integer AS n FROM (
            SELECT 1 FROM paywall_reads r
             WHERE r.vendor_id = p_vendor AND r.paywall_id = p_paywall AND r.reader_key = p_reader
               AND r.read_at > p_window_start
             LIMIT greatest(p_limit, 0)
          ) w
        ), seen AS (
          SELECT EXISTS (
            SELECT 1 FROM paywall_reads r
             WHERE r.vendor_id = p_vendor AND r.paywall_id = p_paywall AND r.reader_key = p_reader
               AND r.content_id = p_content AND r.read_at > p_window_start
          ) AS already
        ), decision AS (
          SELECT CASE WHEN s.already THEN 'alreadyRead' WHEN c.n >= p_limit THEN 'limitReached' ELSE 'recorded' END AS d, c.n
            FROM counted c, seen s
        ), written AS (
          INSERT INTO paywall_reads AS r (vendor_id, paywall_id, reader_key, content_id, read_at)
          SELECT p_vendor, p_paywall, p_reader, p_content, p_now FROM decision WHERE d = 'recorded'
          ON CONFLICT (vendor_id, paywall_id, reader_key, content_id) DO UPDATE SET read_at = EXCLUDED.read_at
          RETURNING 1
        )
        SELECT d, CASE WHEN d = 'recorded' THEN n + 1 ELSE n END INTO v_decided, v_count FROM decision;
        INSERT INTO paywall_daily_stats AS s (vendor_id, day, paywall_id, shard, views, free_reads, blocked_reads)
        VALUES (p_vendor, (p_now AT TIME ZONE 'UTC')::date, p_paywall, (hashtext(p_reader) & 7)::smallint, 1,
                CASE WHEN v_decided = 'limitReached' THEN 0 ELSE 1 END, CASE WHEN v_decided = 'limitReached' THEN 1 ELSE 0 END)
        ON CONFLICT (vendor_id, day, paywall_id, shard) DO UPDATE
          SET views = s.views + 1, free_reads = s.free_reads + EXCLUDED.free_reads, blocked_reads = s.blocked_reads + EXCLUDED.blocked_reads;
        RETURN QUERY SELECT v_decided, v_count;
      END
      $$`);
  }

  async down(db: QueryRunner): Promise<void> {
    await db.query(`DROP TABLE paywall_daily_stats`);
    // The function goes back to the version of 1763800170000-hot-paths (run that migration's body again to restore it).
  }
}
