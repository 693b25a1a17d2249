import {
  LedgerOutcome,
  ReadCountsQuery,
  ReadLedger,
  ReaderKey,
  RecordedRead,
  RecordReadQuery,
  RecordReadResult,
  WindowSummary,
} from '@kiosk/domain/paywalls';
import { DataSource } from 'typeorm';
import { countedReadStatement, preparedRows, sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { PaywallViewCounter } from './paywall-view-counter';

interface ReadRow {
  content_id: string;
  read_at: Date;
}

const readOf = (r: ReadRow): RecordedRead => ({ contentId: r.content_id, readAt: new Date(r.read_at) });

/**
 * Both read counts of strategy evaluation in one statement: one index range
 * of the longer window, the shorter one filtered. Parameters are
 * `readCountsParameters`; `columns` adds more to the one row it answers.
 */
export const readCountsSql = (columns = '') => `SELECT count(DISTINCT content_id) FILTER (WHERE read_at > $3)::int AS daily,
        count(DISTINCT content_id) FILTER (WHERE read_at > $4)::int AS weekly${columns}
   FROM paywall_reads
  WHERE vendor_id = $1 AND reader_key = $2 AND read_at > LEAST($3::timestamptz, $4::timestamptz)`;

const READ_COUNTS = readCountsSql();

export const readCountsParameters = (query: ReadCountsQuery): unknown[] => [query.vendorId, query.readerKey, query.dailySince, query.weeklySince];

/**
 * The window as the counted read sees it, recording nothing: its reads
 * counted up to the limit (`n`, from the reader's window summary when it
 * has one: `paywall_reads_in_window`, migration `1766100000000`) and whether
 * the content is among them (`already`: one probe of the primary key, the
 * first content from $4 on; asked with `content_id = $4` the planner may walk
 * the window's index instead). $1 vendor, $2 paywall, $3 reader key, $4
 * content, $5 window start, $6 limit.
 */
export const WINDOW_SUMMARY = `SELECT paywall_reads_in_window($1, $2, $3, $5, $6) AS n,
    EXISTS (SELECT 1 FROM (
              SELECT content_id, read_at FROM paywall_reads
               WHERE vendor_id = $1 AND paywall_id = $2 AND reader_key = $3 AND content_id >= $4
               ORDER BY content_id LIMIT 1) f
             WHERE f.content_id = $4 AND f.read_at > $5) AS already`;

const RECORD_READ = countedReadStatement(`SELECT decided, reads_in_window FROM paywall_record_read($1, $2, $3, $4, $5, $6, $7)`);

/**
 * The leaky allowance's ledger on PostgreSQL, one round trip per counted read.
 *
 * `recordReadIfAllowed` is one statement, `SELECT * FROM paywall_record_read(...)`
 * (migration `1763800170000-hot-paths`, last restated by `1765000000000`;
 * its view counts go to `PaywallViewCounter`): under a transaction-scoped advisory
 * lock per (vendor, paywall, reader) it counts the reader's window up to the
 * limit, checks whether the content is in it, and inserts the read when the
 * domain's rule (`ledgerDecisionOnWindow`) says so, all in SQL. Parallel
 * requests of one reader queue on the lock, across processes; different
 * readers never wait for each other. The window is an index range of
 * `paywall_reads (vendor_id, paywall_id, reader_key, read_at)`, read up to
 * `limit` entries; since migration `1766100000000` the count comes from the
 * reader's summary row (`paywall_read_windows`), kept in the same statement,
 * so the cost does not grow with the reader's history or window.
 *
 * `paywall_reads` keeps one row per (vendor, paywall, reader, content): a
 * content read again after its window had passed is a new read, so its
 * `read_at` moves to now; inside the window it is never moved (re-reads are free).
 */
export class TypeOrmReadLedger implements ReadLedger {
  /** `views` adds every counted read to the paywall's daily statistics. */
  constructor(
    private readonly db: DataSource,
    private readonly views: Pick<PaywallViewCounter, 'count'>,
  ) {}

  async recordReadIfAllowed(query: RecordReadQuery): Promise<RecordReadResult> {
    const [row] = await preparedRows<{ decided: LedgerOutcome; reads_in_window: number }>(
      this.db,
      RECORD_READ(),
      [query.vendorId, query.paywallId, query.readerKey, query.contentId, query.windowStart, query.limit, query.now],
    );
    this.views.count(query.vendorId, query.paywallId, query.now, row.decided);
    return { outcome: row.decided, countInWindow: Number(row.reads_in_window) };
  }

  /** The same count and check as `paywall_record_read`, without the lock or the insert. */
  async windowSummary(query: Omit<RecordReadQuery, 'now'>): Promise<WindowSummary> {
    const [row] = await preparedRows<{ n: number; already: boolean }>(this.db, WINDOW_SUMMARY, [
      query.vendorId,
      query.paywallId,
      query.readerKey,
      query.contentId,
      query.windowStart,
      query.limit,
    ]);
    return { countInWindow: Number(row.n), alreadyRead: row.already === true };
  }

  async readsInWindow(query: { vendorId: string; paywallId: string; readerKey: ReaderKey; windowStart: Date }): Promise<RecordedRead[]> {
    const rows = await sqlRows<ReadRow>(
      managerOf(this.db),
      `SELECT content_id, read_at FROM paywall_reads
        WHERE vendor_id = $1 AND paywall_id = $2 AND reader_key = $3 AND read_at > $4
        ORDER BY read_at, content_id`,
      [query.vendorId, query.paywallId, query.readerKey, query.windowStart],
    );
    return rows.map(readOf);
  }

  /**
   * The first entry of the window's index range (vendor, paywall, reader,
   * read_at): one row whatever the window holds. Written as ORDER BY ...
   * LIMIT 1, not min(): asked for min() the planner takes the primary key
   * (same leading columns, believed as cheap) and filters the reader's every
   * read (seen: 10,196 buffers for a bot at 10,000 reads, against 4).
   */
  async oldestReadInWindow(query: { vendorId: string; paywallId: string; readerKey: ReaderKey; windowStart: Date }): Promise<Date | null> {
    const [row] = await sqlRows<{ oldest: Date }>(
      managerOf(this.db),
      `SELECT read_at AS oldest FROM paywall_reads
        WHERE vendor_id = $1 AND paywall_id = $2 AND reader_key = $3 AND read_at > $4
        ORDER BY read_at LIMIT 1`,
      [query.vendorId, query.paywallId, query.readerKey, query.windowStart],
    );
    return row ? new Date(row.oldest) : null;
  }

  async readCounts(query: ReadCountsQuery): Promise<{ daily: number; weekly: number }> {
    const [row] = await preparedRows<{ daily: number; weekly: number }>(this.db, READ_COUNTS, readCountsParameters(query));
    return { daily: Number(row.daily), weekly: Number(row.weekly) };
  }

  /**
   * Copies `from`'s reads into `into` on every paywall, holding `into`'s
   * per-reader locks (taken in paywall id order, the same locks reads take)
   * so a read racing the merge is decided on the merged set; `into`'s window
   * summaries on those paywalls are dropped, so its next read counts again. A content both
   * hold keeps the later `read_at`: counting distinct content in the window,
   * that is the union of both histories. Idempotent; `from` keeps its reads.
   */
  mergeReader(query: { vendorId: string; from: ReaderKey; into: ReaderKey }): Promise<void> {
    if (query.from === query.into) return Promise.resolve();
    return inTransaction(this.db, async (m) => {
      await sqlRows(
        m,
        `SELECT paywall_reader_lock($1, p.paywall_id, $3)
           FROM (SELECT DISTINCT paywall_id FROM paywall_reads WHERE vendor_id = $1 AND reader_key = $2 ORDER BY paywall_id) p`,
        [query.vendorId, query.from, query.into],
      );
      // The merged reads are not in \`into\`'s window summaries: drop them (before the reads, the order a read locks
      // in); its next read counts its window again.
      await sqlRows(
        m,
        `DELETE FROM paywall_read_windows
          WHERE vendor_id = $1 AND reader_key = $3
            AND paywall_id IN (SELECT DISTINCT paywall_id FROM paywall_reads WHERE vendor_id = $1 AND reader_key = $2)`,
        [query.vendorId, query.from, query.into],
      );
      await sqlRows(
        m,
        `INSERT INTO paywall_reads (vendor_id, paywall_id, reader_key, content_id, read_at)
         SELECT vendor_id, paywall_id, $3, content_id, read_at FROM paywall_reads WHERE vendor_id = $1 AND reader_key = $2
         ON CONFLICT (vendor_id, paywall_id, reader_key, content_id)
         DO UPDATE SET read_at = GREATEST(paywall_reads.read_at, EXCLUDED.read_at)`,
        [query.vendorId, query.from, query.into],
      );
    });
  }
}
