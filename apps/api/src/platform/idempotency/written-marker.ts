import { AsyncLocalStorage } from 'node:async_hooks';
import { DataSource, EntitySubscriberInterface, EventSubscriber, TransactionCommitEvent } from 'typeorm';
import { inTransaction } from '../database/transaction';

/** The attempt holding an `Idempotency-Key` that the current request works for. */
export interface IdempotentAttempt {
  readonly vendorId: string;
  readonly scope: string;
  readonly key: string;
  readonly attempt: string;
  /** Whether a transaction of this attempt has committed (and with it the key's `written_at`). */
  written: boolean;
}

const current = new AsyncLocalStorage<IdempotentAttempt>();

/** Runs an attempt's work: every transaction it commits marks the key written in that same transaction. */
export function runAsAttempt<T>(attempt: IdempotentAttempt, work: () => Promise<T>): Promise<T> {
  return current.run(attempt, work);
}

/**
 * Runs a write that is one statement, atomic on its own, as that one round
 * trip; inside a transaction only when an idempotent attempt has yet to mark
 * its key, since the mark must commit with the write (below).
 */
export function writeOfOneStatement<T>(db: DataSource, write: () => Promise<T>): Promise<T> {
  const attempt = current.getStore();
  return attempt && !attempt.written ? inTransaction(db, write) : write();
}

/**
 * Marks the key of the running attempt written inside each transaction the
 * attempt commits, just before its COMMIT: the mark and the write commit
 * together or not at all, whichever transaction (ours, TypeORM's own around
 * a `save`) it is. Once one has committed the attempt knows it, and later
 * transactions skip the mark. A write that is not a transaction (a single
 * autocommitted statement) is not marked: an idempotent route writes in a
 * transaction.
 */
@EventSubscriber()
export class IdempotencyWrittenMarker implements EntitySubscriberInterface {
  async beforeTransactionCommit(event: TransactionCommitEvent): Promise<void> {
    const attempt = current.getStore();
    if (!attempt || attempt.written) return;
    await event.queryRunner.query(
      `UPDATE idempotency_keys SET written_at = now()
        WHERE vendor_id = $1 AND scope = $2 AND key = $3 AND attempt = $4 AND written_at IS NULL`,
      [attempt.vendorId, attempt.scope, attempt.key, attempt.attempt],
    );
  }

  afterTransactionCommit(event: TransactionCommitEvent): void {
    const attempt = current.getStore();
    // A released savepoint is not a commit: only the outermost transaction's COMMIT counts.
    if (attempt && !event.queryRunner.isTransactionActive) attempt.written = true;
  }
}
