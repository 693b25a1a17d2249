import { DomainEvent } from '@kiosk/domain';

/** What a view of an event's object reads: the event as the outbox holds it. */
export type ViewedEvent = Pick<DomainEvent, 'vendorId' | 'type' | 'aggregateId' | 'payload'>;

/**
 * The view the HTTP interface shows for the object an outbox event is about
 * (a bill, an entitlement, a checkout, ...), read now; null when the object
 * is not there to show. The module that owns the object binds one under a
 * token in its public file; the webhooks module makes event payloads of it.
 */
export type EventObjectView = (event: ViewedEvent) => Promise<Record<string, unknown> | null>;

/** A payload field as a string, or null. */
export const payloadString = (event: ViewedEvent, field: string): string | null => {
  const value = event.payload[field];
  return typeof value === 'string' ? value : null;
};
