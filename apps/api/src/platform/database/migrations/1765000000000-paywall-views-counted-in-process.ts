import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * A paywall view no longer writes its daily counter inside the counted read
 * (issue 17): each process adds its views, free and blocked reads up in
 * memory and upserts them into `paywall_daily_stats` about once a second
 * (`paywalls/paywall-view-counter.ts`), one row per paywall and day for the
 * process's shard. A read of an article read before is then a read-only
 * statement, and the readers of a busy paywall no longer update the same
 * counter rows on every view. The rule and the answer of
 * `paywall_record_read` are unchanged; `paywall_daily_stats` keeps its shape.
 */
export class PaywallViewsCountedInProcess1765000000000 implements MigrationInterface {
  name = 'PaywallViewsCountedInProcess1765000000000';

  async up(db: QueryRunner): Promise<void> {
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
        IF EXISTS (
          SELECT 1 FROM paywall_reads r
           WHERE r.vendor_id = p_vendor AND r.paywall_id = p_paywall AND r.reader_key = p_reader
             AND r.content_id = p_content AND r.read_at > p_window_start
        ) THEN
          v_decided := 'alreadyRead';
          SELECT count(*)::integer INTO v_count FROM (
            SELECT 1 FROM paywall_reads r
             WHERE r.vendor_id = p_vendor AND r.paywall_id = p_paywall AND r.reader_key = p_reader
               AND r.read_at > p_window_start
             LIMIT greatest(p_limit, 0)
          ) w;
        ELSE
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
        END IF;
        RETURN QUERY SELECT v_decided, v_count;
      END
      $$`);
  }

  async down(): Promise<void> {
    // The previous body is 1764900000000-read-ledger-fast-path's: run that migration's up again to restore it.
  }
}
