import { Clock, DomainEvent } from '@kiosk/domain';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { sqlRows } from '../database/sql';
import { processNow, runInVendorTime, vendorNowSql } from '../vendor-time';

/** Reacts to one type of event. Delivery is at least once: handlers are idempotent. */
export interface EventHandler {
  readonly eventType: string;
  handle(event: DomainEvent & { id: string }): Promise<void>;
}

/** Work that runs every `intervalMs`, once across all processes. */
export interface PeriodicTask {
  readonly name: string;
  readonly intervalMs: number;
  run(): Promise<unknown>;
}

/**
 * Work every worker claims from the database on each tick, side by side
 * with the other workers (webhook deliveries): `runOnce` claims and does one
 * batch and answers how many items it did; the worker repeats it until 0.
 */
export interface WorkerStep {
  readonly name: string;
  runOnce(): Promise<number>;
}

const BATCH = 50;
/**
 * How long a claimed event stays with the worker that claimed it. A worker
 * that dies without stopping (killed, crashed) delays its events by at most
 * this long; one that stops gracefully hands them back at once. A worker
 * renews the lease of the rest of its batch while it works through it.
 */
export const OUTBOX_LEASE_MS = 15_000;
const MAX_BACKOFF_MS = 3_600_000;

interface ClaimedRow {
  id: string;
  vendor_id: string;
  type: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
  attempts: number;
  /** The vendor's test-clock instant; null for a production vendor. */
  test_now: Date | null;
}

/**
 * Drains the outbox and runs periodic tasks. Rows are leased with one
 * `UPDATE ... FOR UPDATE SKIP LOCKED` statement, so any number of workers on
 * one PostgreSQL never take the same row, and no transaction stays open
 * while handlers run (which would deadlock PGlite's single session).
 */
export class Worker {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<void> | null = null;
  private stopping = false;

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly handlers: readonly EventHandler[],
    private readonly tasks: readonly PeriodicTask[],
    private readonly logger: Logger,
    private readonly steps: readonly WorkerStep[] = [],
    /**
     * Claims only this vendor's events (a drill or a test that must not take
     * the events of others sharing the database); unset, every vendor's.
     */
    private readonly onlyVendorId?: string,
  ) {}

  start(pollMs: number): void {
    this.stopping = false;
    const loop = () => {
      this.running = this.tick()
        .catch((error: unknown) => this.logger.error({ err: error }, 'worker tick failed'))
        .finally(() => {
          this.running = null;
          if (this.timer) this.timer = setTimeout(loop, pollMs);
        });
    };
    this.timer = setTimeout(loop, 0);
  }

  /**
   * Stops after the event being handled: the rest of the claimed batch is
   * handed back (its lease cleared), so another worker takes it at once
   * instead of after the lease.
   */
  async stop(): Promise<void> {
    this.stopping = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass: due periodic tasks, then the outbox until it is empty, then each step until it has nothing due. */
  async tick(): Promise<void> {
    await this.runDueTasks();
    while (!this.stopping && (await this.drainOnce(this.onlyVendorId)) === BATCH) {
      // keep going while full batches come back
    }
    for (const step of this.steps) {
      try {
        while (!this.stopping && (await step.runOnce()) > 0) {
          // keep going while work comes back
        }
      } catch (error) {
        this.logger.error({ err: error, step: step.name }, 'worker step failed');
      }
    }
  }

  /**
   * Claims and handles one batch (of one vendor's events, when given);
   * answers how many events it handled. An event is due when its vendor's
   * time (a test vendor's test clock) has reached `available_at`; leases are
   * process time.
   */
  async drainOnce(vendorId?: string): Promise<number> {
    const now = this.now();
    const rows = await sqlRows<ClaimedRow>(
      this.db,
      `UPDATE outbox SET locked_until = $1, attempts = attempts + 1
         WHERE id IN (
           SELECT o.id FROM outbox o LEFT JOIN vendor_test_clocks t ON t.vendor_id = o.vendor_id
            WHERE o.processed_at IS NULL AND o.available_at <= ${vendorNowSql('t', '$2')}
              AND (o.locked_until IS NULL OR o.locked_until < $2) AND ($3::text IS NULL OR o.vendor_id = $3)
            ORDER BY o.available_at, o.id
            LIMIT ${BATCH}
            FOR UPDATE OF o SKIP LOCKED)
       RETURNING id, vendor_id, type, aggregate_id, payload, occurred_at, attempts,
                 (SELECT t.frozen_time FROM vendor_test_clocks t WHERE t.vendor_id = outbox.vendor_id) AS test_now`,
      [new Date(now.getTime() + OUTBOX_LEASE_MS), now, vendorId ?? null],
    );
    rows.sort((a, b) => (a.id < b.id ? -1 : 1));
    let leasedAt = now.getTime();
    for (const [index, row] of rows.entries()) {
      const rest = rows.slice(index).map((r) => r.id);
      if (this.stopping) {
        await this.handBack(rest);
        return index;
      }
      if (this.now().getTime() - leasedAt > OUTBOX_LEASE_MS / 2) leasedAt = await this.renewLease(rest);
      await this.handle(row);
    }
    return rows.length;
  }

  /** Clears the lease of claimed, unhandled events (the claim does not count as an attempt). */
  private async handBack(ids: string[]): Promise<void> {
    await this.db
      .query(
        `UPDATE outbox SET locked_until = NULL, attempts = GREATEST(attempts - 1, 0)
          WHERE id = ANY($1::uuid[]) AND processed_at IS NULL`,
        [ids],
      )
      .catch((error: unknown) => this.logger.warn({ err: error, events: ids.length }, 'could not hand events back; their lease will lapse'));
    this.logger.info({ events: ids.length }, 'worker stopping: handed claimed events back');
  }

  /** Process time, never a vendor's test clock. */
  private now(): Date {
    return processNow(this.clock);
  }

  private async renewLease(ids: string[]): Promise<number> {
    const now = this.now().getTime();
    await this.db.query(`UPDATE outbox SET locked_until = $2 WHERE id = ANY($1::uuid[]) AND processed_at IS NULL`, [
      ids,
      new Date(now + OUTBOX_LEASE_MS),
    ]);
    return now;
  }

  private async handle(row: ClaimedRow): Promise<void> {
    const event = {
      id: row.id,
      type: row.type,
      vendorId: row.vendor_id,
      aggregateId: row.aggregate_id,
      occurredAt: new Date(row.occurred_at),
      payload: row.payload,
    };
    try {
      // Handlers run in the vendor's time: what they record is stamped with a test vendor's clock.
      await runInVendorTime(row.vendor_id, row.test_now, async () => {
        for (const handler of this.handlers.filter((h) => h.eventType === row.type)) await handler.handle(event);
      });
      await this.db.query(`UPDATE outbox SET processed_at = $2, locked_until = NULL, last_error = NULL WHERE id = $1`, [
        row.id,
        this.now(),
      ]);
    } catch (error) {
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(row.attempts, 20));
      this.logger.warn({ err: error, eventId: row.id, type: row.type, attempts: row.attempts }, 'event handler failed');
      // The back-off holds the lease (process time), not `available_at`: a test vendor's frozen clock must not stall a retry.
      await this.db.query(`UPDATE outbox SET locked_until = $2, last_error = $3 WHERE id = $1`, [
        row.id,
        new Date(this.now().getTime() + backoff),
        String(error).slice(0, 2000),
      ]);
    }
  }

  /** A task runs when this process wins the conditional update of its row. */
  async runDueTasks(): Promise<void> {
    for (const task of this.tasks) {
      const now = this.now();
      await this.db.query(
        `INSERT INTO scheduled_tasks (name, next_run_at) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING`,
        [task.name, now],
      );
      const won = await sqlRows(
        this.db,
        `UPDATE scheduled_tasks SET next_run_at = $2, last_run_at = $3
          WHERE name = $1 AND next_run_at <= $3 RETURNING name`,
        [task.name, new Date(now.getTime() + task.intervalMs), now],
      );
      if (won.length === 0) continue;
      try {
        await task.run();
      } catch (error) {
        this.logger.error({ err: error, task: task.name }, 'periodic task failed');
      }
    }
  }
}
