import { Clock, DomainEvent } from '@kiosk/domain';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { sqlRows } from '../database/sql';

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

const BATCH = 50;
const LEASE_MS = 60_000;
const MAX_BACKOFF_MS = 3_600_000;

interface ClaimedRow {
  id: string;
  vendor_id: string;
  type: string;
  aggregate_id: string;
  payload: Record<string, unknown>;
  occurred_at: Date;
  attempts: number;
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

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly handlers: readonly EventHandler[],
    private readonly tasks: readonly PeriodicTask[],
    private readonly logger: Logger,
  ) {}

  start(pollMs: number): void {
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

  async stop(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.running;
  }

  /** One pass: due periodic tasks, then the outbox until it is empty. */
  async tick(): Promise<void> {
    await this.runDueTasks();
    while ((await this.drainOnce()) === BATCH) {
      // keep going while full batches come back
    }
  }

  /** Claims and handles one batch; answers how many events it handled. */
  async drainOnce(): Promise<number> {
    const now = this.clock.now();
    const rows = await sqlRows<ClaimedRow>(
      this.db,
      `UPDATE outbox SET locked_until = $1, attempts = attempts + 1
         WHERE id IN (
           SELECT id FROM outbox
            WHERE processed_at IS NULL AND available_at <= $2 AND (locked_until IS NULL OR locked_until < $2)
            ORDER BY available_at, id
            LIMIT ${BATCH}
            FOR UPDATE SKIP LOCKED)
       RETURNING id, vendor_id, type, aggregate_id, payload, occurred_at, attempts`,
      [new Date(now.getTime() + LEASE_MS), now],
    );
    rows.sort((a, b) => (a.id < b.id ? -1 : 1));
    for (const row of rows) await this.handle(row);
    return rows.length;
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
      for (const handler of this.handlers.filter((h) => h.eventType === row.type)) await handler.handle(event);
      await this.db.query(`UPDATE outbox SET processed_at = $2, locked_until = NULL, last_error = NULL WHERE id = $1`, [
        row.id,
        this.clock.now(),
      ]);
    } catch (error) {
      const backoff = Math.min(MAX_BACKOFF_MS, 1000 * 2 ** Math.min(row.attempts, 20));
      this.logger.warn({ err: error, eventId: row.id, type: row.type, attempts: row.attempts }, 'event handler failed');
      await this.db.query(
        `UPDATE outbox SET locked_until = NULL, available_at = $2, last_error = $3 WHERE id = $1`,
        [row.id, new Date(this.clock.now().getTime() + backoff), String(error).slice(0, 2000)],
      );
    }
  }

  /** A task runs when this process wins the conditional update of its row. */
  async runDueTasks(): Promise<void> {
    for (const task of this.tasks) {
      const now = this.clock.now();
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
