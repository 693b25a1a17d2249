import { Clock } from '@kiosk/domain';
import { pruneHorizon } from '@kiosk/domain/paywalls';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';

/** How often the worker prunes the read ledger. */
export const READ_PRUNING_INTERVAL_MS = 60 * 60 * 1000;
const BATCH = 2_000;

/**
 * Keeps `paywall_reads` from growing for ever: per vendor, reads at or before
 * the domain's `pruneHorizon` (the longest window of any of its paywalls, at
 * least strategy evaluation's week) are deleted, in batches of 2,000 rows,
 * each its own short statement. Reads are never blocked: a DELETE takes no
 * lock a reader's SELECT waits for, and the rows it removes are outside every
 * window, so no decision changes. Runs in the worker (`paywalls:prune-reads`),
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
        const rows = await sqlRows<{ n: number }>(
          this.db,
          `WITH doomed AS (
             DELETE FROM paywall_reads WHERE ctid = ANY (ARRAY(
               SELECT ctid FROM paywall_reads WHERE vendor_id = $1 AND read_at <= $2 LIMIT ${BATCH}))
             RETURNING 1)
           SELECT count(*)::int AS n FROM doomed`,
          [vendor.vendor_id, horizon],
        );
        const n = Number(rows[0]?.n ?? 0);
        deleted += n;
        if (n < BATCH) break;
      }
    }
    return deleted;
  }
}
