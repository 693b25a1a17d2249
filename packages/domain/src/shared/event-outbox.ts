import { DomainEvent } from './domain-event';
import { RecordsEvents } from './recorded-events';

/**
 * Where a use case writes the events it recorded about a record that is not
 * an aggregate (a transaction, an entitlement, a claimed license key, an
 * erased account): the outbox, in the transaction the use case runs in
 * (adapters join the caller's transaction).
 */
export interface EventOutbox {
  append(events: readonly DomainEvent[]): Promise<void>;
}

/** The recorder for one such record: what happened to it, in order, for the outbox. */
export class EventsAbout extends RecordsEvents {
  constructor(private readonly source: { vendorId: string; aggregateId: string }) {
    super();
  }

  protected get eventSource(): { vendorId: string; aggregateId: string } {
    return this.source;
  }

  record(type: string, occurredAt: Date, payload: Record<string, unknown> = {}): this {
    this.recordEvent(type, occurredAt, payload);
    return this;
  }
}
