import { MigrationInterface, QueryRunner } from 'typeorm';
import { PaywallViewsCountedInProcess1765000000000 } from './1765000000000-paywall-views-counted-in-process';

/**
 * A counted read costs the same whatever the reader's history (issue 28).
 *
 * Until now `paywall_record_read` counted the reader's window under the
 * per-reader lock: an index range of up to `count` entries, so a visitor with
 * thousands of reads in the window paid thousands of index entries per read,
 * and its parallel reads queued behind each other's scans.
 *
 * `paywall_read_windows` keeps, per (vendor, paywall, reader), how many reads
 * lie after `counted_since` (`reads`) and the earliest of them
 * (`oldest_read_at`, null when none). Invariant: `reads` is exactly the
 * number of `paywall_reads` rows of the reader on the paywall with
 * `read_at > counted_since`, and `oldest_read_at` their minimum.
 *
 * The counted read, under the same advisory lock as before and the summary's
 * row lock, moves the summary to its own window start `s`:
 * - `oldest_read_at > s` (the usual case): nothing counted has left the
 *   window, so the count is `reads`; no scan.
 * - `oldest_read_at <= s`: the reads that left the window since the last
 *   read, `(counted_since, s]`, are counted and subtracted. Each read leaves
 *   once, so this is O(1) amortised.
 * - no summary, or `counted_since > s` (a longer window than last time): the
 *   window is counted once and the summary starts from there.
 * Then "already read" is one primary-key probe, the read is inserted when
 * the rule (`ledgerDecisionOnWindow`) says so, and the summary is written in
 * the same statement. The answer is unchanged: the count stops at `count`.
 *
 * Whoever else changes a reader's reads drops the reader's summaries in the
 * same transaction, before touching the reads (the order reads take locks
 * in, so no deadlock): the sign-in merge (`mergeReader`, under the readers'
 * advisory locks) and the worker's pruning (`ReadLedgerPruning`, under the
 * summaries' row locks). The next read counts that reader's window again.
 */
/** The counted read over the window summaries (exported: a later migration builds on this text). */
export const RECORD_READ_WITH_WINDOW_SUMMARIES = `
      CREATE OR REPLACE FUNCTION paywall_record_read(
        p_vendor text, p_paywall text, p_reader text, p_content text,
        p_window_start timestamptz, p_limit integer, p_now timestamptz
      ) RETURNS TABLE (decided text, reads_in_window integer)
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        v_decided text;
        v_reads integer;
        v_since timestamptz;
        v_oldest timestamptz;
        v_was_since timestamptz;
        v_was_reads integer;
        v_found boolean;
        v_read_at timestamptz;
        v_content text;
      BEGIN
        -- Content read inside the window stays read (reads are only added; pruning drops only expired ones): no lock.
        -- One probe of the primary key's index. Asked with content_id = p_content, the planner finds both indexes
        -- that lead with (vendor, paywall, reader) equally cheap and may take the window's, walking the reader's
        -- whole window (seen: 500 pages for 20,000 reads); the first content from p_content on, in content order,
        -- only the primary key answers without sorting.
        SELECT r.content_id, r.read_at INTO v_content, v_read_at FROM paywall_reads r
         WHERE r.vendor_id = p_vendor AND r.paywall_id = p_paywall AND r.reader_key = p_reader AND r.content_id >= p_content
         ORDER BY r.content_id LIMIT 1;
        IF v_content = p_content AND v_read_at > p_window_start THEN
          RETURN QUERY SELECT 'alreadyRead'::text, paywall_reads_in_window(p_vendor, p_paywall, p_reader, p_window_start, p_limit);
          RETURN;
        END IF;
        PERFORM paywall_reader_lock(p_vendor, p_paywall, p_reader);
        -- Each statement below takes a fresh snapshot: it sees what the previous holder of the lock committed.
        SELECT w.counted_since, w.reads, w.oldest_read_at INTO v_since, v_reads, v_oldest
          FROM paywall_read_windows w
         WHERE w.vendor_id = p_vendor AND w.paywall_id = p_paywall AND w.reader_key = p_reader
           FOR UPDATE;
        v_found := FOUND;
        v_was_since := v_since;
        v_was_reads := v_reads;
        IF NOT v_found OR v_since > p_window_start THEN
          SELECT count(*)::integer, min(r.read_at) INTO v_reads, v_oldest FROM paywall_reads r
           WHERE r.vendor_id = p_vendor AND r.paywall_id = p_paywall AND r.reader_key = p_reader
             AND r.read_at > p_window_start;
          v_since := p_window_start;
        ELSIF v_oldest <= p_window_start THEN
          SELECT v_reads - count(*)::integer INTO v_reads FROM paywall_reads r
           WHERE r.vendor_id = p_vendor AND r.paywall_id = p_paywall AND r.reader_key = p_reader
             AND r.read_at > v_since AND r.read_at <= p_window_start;
          v_since := p_window_start;
          SELECT min(r.read_at) INTO v_oldest FROM paywall_reads r
           WHERE r.vendor_id = p_vendor AND r.paywall_id = p_paywall AND r.reader_key = p_reader
             AND r.read_at > p_window_start;
        END IF;
        -- Otherwise nothing counted has left the window, and the summary stands as it is.
        SELECT r.content_id, r.read_at INTO v_content, v_read_at FROM paywall_reads r
         WHERE r.vendor_id = p_vendor AND r.paywall_id = p_paywall AND r.reader_key = p_reader AND r.content_id >= p_content
         ORDER BY r.content_id LIMIT 1;
        IF v_content = p_content AND v_read_at > p_window_start THEN
          v_decided := 'alreadyRead';
        ELSIF v_reads >= p_limit THEN
          v_decided := 'limitReached';
        ELSE
          v_decided := 'recorded';
          -- A content whose read has left the window is read anew: its row moves to now (it was not counted).
          INSERT INTO paywall_reads AS r (vendor_id, paywall_id, reader_key, content_id, read_at)
          VALUES (p_vendor, p_paywall, p_reader, p_content, p_now)
          ON CONFLICT (vendor_id, paywall_id, reader_key, content_id) DO UPDATE SET read_at = EXCLUDED.read_at;
          v_reads := v_reads + 1;
          v_oldest := LEAST(v_oldest, p_now);
        END IF;
        -- A read refused on an unchanged window writes nothing.
        IF v_since IS DISTINCT FROM v_was_since OR v_reads IS DISTINCT FROM v_was_reads THEN
          INSERT INTO paywall_read_windows AS w (vendor_id, paywall_id, reader_key, counted_since, reads, oldest_read_at)
          VALUES (p_vendor, p_paywall, p_reader, v_since, v_reads, v_oldest)
          ON CONFLICT (vendor_id, paywall_id, reader_key) DO UPDATE
            SET counted_since = EXCLUDED.counted_since, reads = EXCLUDED.reads, oldest_read_at = EXCLUDED.oldest_read_at;
        END IF;
        RETURN QUERY SELECT v_decided,
          CASE WHEN v_decided = 'recorded' THEN v_reads ELSE LEAST(v_reads, greatest(p_limit, 0)) END;
      END
      $$`;

export class ReadWindowSummaries1766100000000 implements MigrationInterface {
  name = 'ReadWindowSummaries1766100000000';

  async up(db: QueryRunner): Promise<void> {
    // A summary row is rewritten on every counted read; free room on its page lets that be a HOT update.
    await db.query(`
      CREATE TABLE paywall_read_windows (
        vendor_id text NOT NULL,
        paywall_id text NOT NULL,
        reader_key text NOT NULL,
        counted_since timestamptz NOT NULL,
        reads integer NOT NULL,
        oldest_read_at timestamptz,
        PRIMARY KEY (vendor_id, paywall_id, reader_key)
      ) WITH (fillfactor = 70)`);
    // Reads in the window without taking a lock: the summary and the reads that left the window since it was
    // written, in one snapshot; without a summary that covers the window, the window counted up to the limit.
    // PL/pgSQL, not SQL: a SQL function with subqueries is not inlined and is planned again on every call.
    await db.query(`
      CREATE FUNCTION paywall_reads_in_window(
        p_vendor text, p_paywall text, p_reader text, p_window_start timestamptz, p_limit integer
      ) RETURNS integer
      LANGUAGE plpgsql STABLE AS $$
      BEGIN
        RETURN LEAST(greatest(p_limit, 0), COALESCE(
          (SELECT w.reads - (SELECT count(*)::integer FROM paywall_reads r
                              WHERE r.vendor_id = p_vendor AND r.paywall_id = p_paywall AND r.reader_key = p_reader
                                AND r.read_at > w.counted_since AND r.read_at <= p_window_start)
             FROM paywall_read_windows w
            WHERE w.vendor_id = p_vendor AND w.paywall_id = p_paywall AND w.reader_key = p_reader
              AND w.counted_since <= p_window_start),
          (SELECT count(*)::integer FROM (
             SELECT 1 FROM paywall_reads r
              WHERE r.vendor_id = p_vendor AND r.paywall_id = p_paywall AND r.reader_key = p_reader
                AND r.read_at > p_window_start
              LIMIT greatest(p_limit, 0)) c)));
      END
      $$`);
    await db.query(RECORD_READ_WITH_WINDOW_SUMMARIES);
  }

  async down(db: QueryRunner): Promise<void> {
    await new PaywallViewsCountedInProcess1765000000000().up(db);
    await db.query(`DROP FUNCTION IF EXISTS paywall_reads_in_window(text, text, text, timestamptz, integer)`);
    await db.query(`DROP TABLE IF EXISTS paywall_read_windows`);
  }
}
