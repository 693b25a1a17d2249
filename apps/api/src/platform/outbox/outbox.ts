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
