import { MigrationInterface, QueryRunner } from 'typeorm';

/**
 * Issue 17 (hot paths):
 * - `paywall_reads (vendor_id, paywall_id, reader_key, read_at)`: the window of
 *   one reader on one paywall is an index range, so a counted read costs what
 *   its window holds (at most the paywall's `count` entries are visited), not
 *   the reader's history.
 * - `paywall_record_read(...)`: the leaky allowance's one round trip. One
 *   statement sent by the adapter; inside, the per-reader lock is taken first
 *   and then ONE statement counts the window (stopping at the limit), checks
 *   "already read" and inserts conditionally. The lock must come before the
 *   count's snapshot: a single CTE that locks and counts reads a snapshot
 *   taken before it waited for the lock, and parallel reads of one reader
 *   would each count without the others' inserts. A VOLATILE function takes a
 *   fresh snapshot for each statement it runs, so the count sees every read
 *   committed by the previous holder of the lock.
 *   The lock is a transaction-scoped advisory lock in the two-key space
 *   (class 17, hash of vendor/paywall/reader): nothing is written to lock,
 *   and it is released when the statement's transaction ends. Merges take the
 *   same locks (`paywall_reader_lock`).
 * - A BRIN index on `paywall_reads (read_at)` for the worker's pruning.
 * - `paywall_readers` (the former lock rows) is no longer written; dropped.
 * - Triggers on the capsule's configuration tables announce every change on
 *   `kiosk_config_changed` (region `capsule`, key the vendor id) when its
 *   transaction commits, whoever writes (API, command line, another
 *   process), so per-process caches of capsule keys and settings drop them.
 * - `kiosk_next_invoice_number(vendor)`: invoice numbers from a PostgreSQL
 *   sequence per vendor (`invoice_numbers_<md5 of the vendor id>`, made on
 *   the vendor's first invoice, starting after the number the former counter
 *   row had reached). `nextval` holds no lock until commit, so contract
 *   confirmations of one vendor no longer queue on one counter row; numbers
 *   stay unique and increasing per vendor, and a confirmation undone after
 *   drawing its number leaves a gap.
 */
const CAPSULE_CONFIGURATION = [
  'capsule_settings',
  'capsule_publisher_keys',
  'capsule_publisher_domains',
  'capsule_rotation_secrets',
  'capsule_issuer_keys',
  'capsule_service_keys',
];

export class HotPaths1763800170000 implements MigrationInterface {
  name = 'HotPaths1763800170000';

  async up(db: QueryRunner): Promise<void> {
    await db.query(`CREATE INDEX paywall_reads_window ON paywall_reads (vendor_id, paywall_id, reader_key, read_at)`);
    // The worker's pruning finds old reads by time; a BRIN index costs next to nothing per insert.
    await db.query(`CREATE INDEX paywall_reads_read_at_brin ON paywall_reads USING brin (read_at)`);
    await db.query(`
      CREATE FUNCTION paywall_reader_lock(p_vendor text, p_paywall text, p_reader text) RETURNS void
      LANGUAGE sql VOLATILE AS $$
        SELECT pg_advisory_xact_lock(17, hashtext(p_vendor || '/' || p_paywall || '/' || p_reader))
      $$`);
    await db.query(`
      CREATE FUNCTION paywall_record_read(
        p_vendor text, p_paywall text, p_reader text, p_content text,
        p_window_start timestamptz, p_limit integer, p_now timestamptz
      ) RETURNS TABLE (decided text, reads_in_window integer)
      LANGUAGE plpgsql VOLATILE AS $$
      BEGIN
        PERFORM paywall_reader_lock(p_vendor, p_paywall, p_reader);
        RETURN QUERY
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
        SELECT d, CASE WHEN d = 'recorded' THEN n + 1 ELSE n END FROM decision;
      END
      $$`);
    await db.query(`DROP TABLE IF EXISTS paywall_readers`);
    await db.query(`
      CREATE FUNCTION kiosk_announce_vendor_change() RETURNS trigger
      LANGUAGE plpgsql AS $$
      BEGIN
        PERFORM pg_notify('kiosk_config_changed',
          TG_ARGV[0] || chr(30) || CASE TG_OP WHEN 'DELETE' THEN OLD.vendor_id ELSE NEW.vendor_id END);
        RETURN NULL;
      END
      $$`);
    await db.query(`
      CREATE FUNCTION kiosk_next_invoice_number(p_vendor text) RETURNS bigint
      LANGUAGE plpgsql VOLATILE AS $$
      DECLARE
        seq text := 'invoice_numbers_' || md5(p_vendor);
      BEGIN
        BEGIN
          RETURN nextval(seq::regclass);
        EXCEPTION WHEN undefined_table THEN
          NULL;
        END;
        BEGIN
          EXECUTE format('CREATE SEQUENCE %I AS bigint START WITH %s', seq,
            coalesce((SELECT last_number FROM invoice_number_sequences WHERE vendor_id = p_vendor), 0) + 1);
        EXCEPTION WHEN duplicate_table OR unique_violation THEN
          NULL;
        END;
        RETURN nextval(seq::regclass);
      END
      $$`);
    for (const table of CAPSULE_CONFIGURATION) {
      await db.query(
        `CREATE TRIGGER ${table}_announce AFTER INSERT OR UPDATE OR DELETE ON ${table} FOR EACH ROW EXECUTE FUNCTION kiosk_announce_vendor_change('capsule')`,
      );
    }
  }

  async down(db: QueryRunner): Promise<void> {
    for (const table of CAPSULE_CONFIGURATION) await db.query(`DROP TRIGGER IF EXISTS ${table}_announce ON ${table}`);
    await db.query(`DROP FUNCTION IF EXISTS kiosk_announce_vendor_change()`);
    await db.query(`DROP FUNCTION IF EXISTS kiosk_next_invoice_number(text)`);
    await db.query(`
      CREATE TABLE paywall_readers (
        vendor_id text NOT NULL,
        paywall_id text NOT NULL,
        reader_key text NOT NULL,
        created_at timestamptz NOT NULL,
        PRIMARY KEY (vendor_id, paywall_id, reader_key)
      )`);
    await db.query(`DROP FUNCTION IF EXISTS paywall_record_read(text, text, text, text, timestamptz, integer, timestamptz)`);
    await db.query(`DROP FUNCTION IF EXISTS paywall_reader_lock(text, text, text)`);
    await db.query(`DROP INDEX IF EXISTS paywall_reads_read_at_brin`);
    await db.query(`DROP INDEX IF EXISTS paywall_reads_window`);
  }
}
