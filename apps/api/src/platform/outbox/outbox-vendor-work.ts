import { Clock } from '@kiosk/domain';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { sqlRows } from '../database/sql';
import { processNow, VendorTimedWork } from '../vendor-time';
import { EventHandler, Worker } from './worker';

const WAIT_FOR_LEASED_MS = 20;
const MAX_WAITS = 250;

/**
 * One vendor's due outbox events as time-driven work: when a test clock
 * advances, the effects of each step's moves (entitlements, voided bills,
 * webhook messages) are handled at that step, before the next one runs.
 */
export class OutboxVendorWork implements VendorTimedWork {
  readonly name = 'outbox';

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly handlers: () => readonly EventHandler[],
    private readonly logger: Logger,
  ) {}

  async nextDueAt(vendorId: string, after: Date | null, until: Date): Promise<Date | null> {
    const [row] = await sqlRows<{ due: Date | null }>(
      this.db,
      `SELECT min(available_at) AS due FROM outbox
        WHERE vendor_id = $1 AND processed_at IS NULL AND available_at <= $2 AND ($3::timestamptz IS NULL OR available_at > $3)`,
      [vendorId, until, after],
    );
    return row?.due ? new Date(row.due) : null;
  }

  /**
   * Handles the vendor's due events (its time is the test clock's, read by
   * the claim itself) until none is left; waits a moment for events another
   * worker holds, so a step's effects are in before the next step.
   */
  async runDue(vendorId: string): Promise<number> {
    const worker = new Worker(this.db, this.clock, this.handlers(), [], this.logger);
    let handled = 0;
    for (let waits = 0; waits < MAX_WAITS; ) {
      const batch = await worker.drainOnce(vendorId);
      handled += batch;
      if (batch > 0) continue;
      const now = processNow(this.clock);
      const [{ leased }] = await sqlRows<{ leased: number }>(
        this.db,
        `SELECT count(*)::int AS leased FROM outbox o LEFT JOIN vendor_test_clocks t ON t.vendor_id = o.vendor_id
          WHERE o.vendor_id = $1 AND o.processed_at IS NULL AND o.available_at <= COALESCE(t.frozen_time, $2)
            AND o.locked_until >= $2 AND o.last_error IS NULL`,
        [vendorId, now],
      );
      if (leased === 0) break;
      waits += 1;
      await new Promise((resolve) => setTimeout(resolve, WAIT_FOR_LEASED_MS));
    }
    return handled;
  }
}
