import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * The counted read without a queue for a content read again (issue 17).
 *
 * - A content the reader already opened inside the window is decided
 *   `alreadyRead` before the per-reader lock is taken: that answer cannot
 *   change under a concurrent read (reads are only added, and pruning only
 *   drops rows older than every window), and such a read writes no row of
 *   `paywall_reads`. Only a read that may be recorded takes the lock and
 *   decides again under it, as before.
 * - The daily counter's shard is the server process of the connection
 *   (`pg_backend_pid() & 7`) instead of the reader's hash, so parallel reads
 *   of one reader no longer queue on one counter row until they commit; the
 *   statistics sum the shards, so their figures are unchanged.
 *
 * The rule (`ledgerDecisionOnWindow` of the domain) and the answer are
 * unchanged; `paywall_reads` and `paywall_daily_stats` keep their shape.
 */
export class ReadLedgerFastPath1764900000000 implements MigrationInterface {
  name = 'ReadLedgerFastPath1764900000000';

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
        INSERT INTO paywall_daily_stats AS s (vendor_id, day, paywall_id, shard, views, free_reads, blocked_reads)
        VALUES (p_vendor, (p_now AT TIME ZONE 'UTC')::date, p_paywall, (pg_backend_pid() & 7)::smallint, 1,
                CASE WHEN v_decided = 'limitReached' THEN 0 ELSE 1 END, CASE WHEN v_decided = 'limitReached' THEN 1 ELSE 0 END)
        ON CONFLICT (vendor_id, day, paywall_id, shard) DO UPDATE
          SET views = s.views + 1, free_reads = s.free_reads + EXCLUDED.free_reads, blocked_reads = s.blocked_reads + EXCLUDED.blocked_reads;
        RETURN QUERY SELECT v_decided, v_count;
      END
      $$`);
  }

  async down(): Promise<void> {
    // The previous body is 1764400100000-paywall-daily-stats's: run that migration's up again to restore it.
  }
}
