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

/**
 * One statement that makes a change and writes its events to the outbox: the
 * statement alone when there are none, else a data-modifying WITH around it
 * whose outer INSERT adds the events (parameters numbered after the
 * statement's). Atomic on its own, one round trip where a transaction would
 * take four.
 */
export function withOutboxEvents(
  statement: string,
  parameters: readonly unknown[],
  events: readonly DomainEvent[],
  availableAt?: Date,
): { text: string; parameters: unknown[] } {
  if (events.length === 0) return { text: statement, parameters: [...parameters] };
  const all = [...parameters];
  const rows = events.map((event) => {
    const at = all.length + 1;
    all.push(
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
  const text =
    `WITH change AS (${statement}) ` +
    `INSERT INTO outbox (vendor_id, id, type, aggregate_id, payload, occurred_at, available_at, attempts) VALUES ${rows.join(', ')}`;
  return { text, parameters: all };
}
