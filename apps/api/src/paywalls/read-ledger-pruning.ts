import { Clock } from '@kiosk/domain';
import { pruneHorizon } from '@kiosk/domain/paywalls';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { inTransaction } from '../platform/database/transaction';

/** How often the worker prunes the read ledger. */
export const READ_PRUNING_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 2_000;

/**
 * Keeps `paywall_reads` from growing for ever: per vendor, reads at or before
 * the domain's `pruneHorizon` (the longest window of any of its paywalls, at
 * least strategy evaluation's week) are deleted, in batches of 2,000 rows,
 * each its own short transaction. The rows it removes are outside every
 * window, so no decision changes; the window summaries of the readers in a
 * batch are dropped with it (a counted read of such a reader waits for the
 * batch, then counts its window once more). Runs in the worker (`paywalls:prune-reads`),
 * once per interval across all processes.
 */
export class ReadLedgerPruning {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  /** Answers how many reads were deleted. */
  async run(): Promise<number> {
    const now = this.clock.now();
    const vendors = await sqlRows<{ vendor_id: string; periods: number[] }>(
      this.db,
      `SELECT vendor_id, array_agg(COALESCE((snapshot->'content'->'settings'->'leaky'->>'periodInHours')::int, 0)) AS periods
         FROM paywalls GROUP BY vendor_id ORDER BY vendor_id`,
    );
    let deleted = 0;
    for (const vendor of vendors) {
      const horizon = pruneHorizon(now, vendor.periods.map(Number));
      for (;;) {
        const n = await this.pruneBatch(vendor.vendor_id, horizon);
        deleted += n;
        if (n < BATCH) break;
      }
    }
    return deleted;
  }

  /**
   * One batch, one short transaction: the window summaries of the readers
   * whose reads go are dropped first (their row locks wait for a counted
   * read in flight, and make the next one wait, so no read counts from a
   * summary while its reads vanish), then those readers' reads are deleted.
   */
  private pruneBatch(vendorId: string, horizon: Date): Promise<number> {
    return inTransaction(this.db, async (m) => {
      const readers = await sqlRows<{ paywall_id: string; reader_key: string }>(
        m,
        `WITH doomed AS (SELECT DISTINCT paywall_id, reader_key FROM (
           SELECT paywall_id, reader_key FROM paywall_reads WHERE vendor_id = $1 AND read_at <= $2 LIMIT ${BATCH}) d),
         dropped AS (
           DELETE FROM paywall_read_windows w USING doomed
            WHERE w.vendor_id = $1 AND w.paywall_id = doomed.paywall_id AND w.reader_key = doomed.reader_key)
         SELECT paywall_id, reader_key FROM doomed`,
        [vendorId, horizon],
      );
      if (readers.length === 0) return 0;
      // Only the readers whose summaries were dropped above: another snapshot may see other old reads.
      const rows = await sqlRows<{ n: number }>(
        m,
        `WITH doomed AS (
           DELETE FROM paywall_reads WHERE ctid = ANY (ARRAY(
             SELECT ctid FROM paywall_reads
              WHERE vendor_id = $1 AND read_at <= $2
                AND (paywall_id, reader_key) IN (SELECT * FROM unnest($3::text[], $4::text[]))
              LIMIT ${BATCH}))
           RETURNING 1)
         SELECT count(*)::int AS n FROM doomed`,
        [vendorId, horizon, readers.map((r) => r.paywall_id), readers.map((r) => r.reader_key)],
      );
      return Number(rows[0]?.n ?? 0);
    });
  }
}
