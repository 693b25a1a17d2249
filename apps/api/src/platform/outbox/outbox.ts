import { v7 as uuidv7 } from 'uuid';
import { DomainEvent } from '@kiosk/domain';
import { EntityManager } from 'typeorm';
import { QueryDeepPartialEntity } from 'typeorm/query-builder/QueryPartialEntity';
import { OutboxRow } from './outbox.rows';

/**
 * Writes domain events to the outbox with the transaction that made them,
 * so an effect is recorded exactly when its cause is. `availableAt` in the
 * future turns an event into a due job.
 */
export async function appendToOutbox(
  manager: EntityManager,
  events: readonly DomainEvent[],
  availableAt?: Date,
): Promise<void> {
  if (events.length === 0) return;
  const rows: OutboxRow[] = events.map((event) => ({
      id: uuidv7(),
      vendorId: event.vendorId,
      type: event.type,
      aggregateId: event.aggregateId,
      payload: event.payload,
      occurredAt: event.occurredAt,
      availableAt: availableAt ?? event.occurredAt,
      attempts: 0,
      lockedUntil: null,
      processedAt: null,
      lastError: null,
    }));
  // jsonb payloads are opaque to TypeORM's deep-partial typing.
  await manager.getRepository(OutboxRow).insert(rows as QueryDeepPartialEntity<OutboxRow>[]);
}

/** The columns `outboxValues` fills, in its order. */
export const OUTBOX_COLUMNS = 'vendor_id, id, type, aggregate_id, payload, occurred_at, available_at, attempts';

/**
 * The outbox rows of `events` as the VALUES list of an `INSERT INTO outbox
 * (OUTBOX_COLUMNS)`, its parameters numbered from `$first`: for one statement
 * that writes an aggregate and its events together (a data-modifying WITH),
 * which is atomic without a transaction and one round trip instead of four.
 */
export function outboxValues(events: readonly DomainEvent[], first: number, availableAt?: Date): { values: string; parameters: unknown[] } {
  const parameters: unknown[] = [];
  const rows = events.map((event) => {
    const at = first + parameters.length;
    parameters.push(
      event.vendorId,
      uuidv7(),
      event.type,
      event.aggregateId,
      JSON.stringify(event.payload),
      event.occurredAt,
      availableAt ?? event.occurredAt,
    );
    return `($${at}, $${at + 1}::uuid, $${at + 2}, $${at + 3}, $${at + 4}::jsonb, $${at + 5}::timestamptz, $${at + 6}::timestamptz, 0)`;
  });
  return { values: rows.join(', '), parameters };
}
