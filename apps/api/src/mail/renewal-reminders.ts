import { Clock } from '@kiosk/domain';
import { RENEWAL_REMINDER_DAYS, SendReaderMails } from '@kiosk/domain/mail';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { PeriodicTask } from '../platform/outbox/worker';
import { processNow, vendorNowSql, VendorTimedWork } from '../platform/vendor-time';

const BATCH = 100;
const PERIOD_END = `(c.snapshot->>'periodEnd')::timestamptz`;
/**
 * Yearly ACTIVE contracts not set to cancel whose reminder of the current
 * period was not queued yet. Reads the contracts' stored snapshots (the
 * reminder is the only reader of contracts by renewal date); the key is
 * `renewalReminderKey` of the domain.
 */
const CANDIDATES = `
  FROM contracts c LEFT JOIN vendor_test_clocks t ON t.vendor_id = c.vendor_id
 WHERE c.status = 'ACTIVE' AND c.snapshot->'recurrence'->>'interval' = 'YEAR' AND c.snapshot->>'willCancelAt' IS NULL
   AND c.snapshot->>'periodEnd' IS NOT NULL
   AND ($1::text IS NULL OR c.vendor_id = $1)
   AND NOT EXISTS (SELECT 1 FROM mail_messages m WHERE m.vendor_id = c.vendor_id
                    AND m.dedupe_key = 'renewal-reminder:' || c.id || ':' || (c.snapshot->>'periodEnd'))`;

/** Runs work in a vendor's time (its test clock's instant, or the system clock). */
export interface VendorTimeEntry {
  enter<T>(vendorId: string, work: () => Promise<T>): Promise<T>;
}

/**
 * The renewal reminder: RENEWAL_REMINDER_DAYS before a yearly contract
 * renews, once per period (the mail's key), run by the worker every ten
 * minutes and, for a test vendor, when its test clock passes the instant.
 */
export class RenewalReminders implements PeriodicTask, VendorTimedWork {
  readonly name = 'mail.renewal-reminders';
  readonly intervalMs = 600_000;

  constructor(
    private readonly db: DataSource,
    private readonly mails: SendReaderMails,
    private readonly clock: Clock,
    private readonly logger: Logger,
    private readonly vendorTime: VendorTimeEntry,
  ) {}

  run(): Promise<number> {
    return this.remindDue(undefined, (vendorId, work) => this.vendorTime.enter(vendorId, work));
  }

  async nextDueAt(vendorId: string, after: Date | null, until: Date): Promise<Date | null> {
    const [row] = await sqlRows<{ due: Date | null }>(
      this.db,
      `SELECT min(${PERIOD_END} - interval '${RENEWAL_REMINDER_DAYS} days') AS due ${CANDIDATES}
         AND ${PERIOD_END} > COALESCE($2::timestamptz, ${vendorNowSql('t', '$3')})
         AND ($2::timestamptz IS NULL OR ${PERIOD_END} - interval '${RENEWAL_REMINDER_DAYS} days' > $2)
         AND ${PERIOD_END} - interval '${RENEWAL_REMINDER_DAYS} days' <= $4`,
      [vendorId, after, processNow(this.clock), until],
    );
    return row?.due ? new Date(row.due) : null;
  }

  runDue(vendorId: string): Promise<number> {
    return this.remindDue(vendorId, (_vendorId, work) => work());
  }

  private async remindDue(onlyVendor: string | undefined, inTime: (vendorId: string, work: () => Promise<number>) => Promise<number>): Promise<number> {
    const due = await sqlRows<{ vendor_id: string; id: string }>(
      this.db,
      `SELECT c.vendor_id, c.id ${CANDIDATES}
         AND ${PERIOD_END} > ${vendorNowSql('t', '$2')}
         AND ${PERIOD_END} - interval '${RENEWAL_REMINDER_DAYS} days' <= ${vendorNowSql('t', '$2')}
       ORDER BY c.vendor_id, c.id LIMIT ${BATCH}`,
      [onlyVendor ?? null, onlyVendor ? this.clock.now() : processNow(this.clock)],
    );
    let sent = 0;
    for (const { vendor_id: vendorId, id: contractId } of due) {
      try {
        sent += (await inTime(vendorId, async () => ((await this.mails.renewalReminder({ vendorId, contractId })) ? 1 : 0))) ?? 0;
      } catch (error) {
        this.logger.warn({ err: error, vendorId, contractId }, 'renewal reminder could not be queued; the next run tries again');
      }
    }
    return sent;
  }
}
