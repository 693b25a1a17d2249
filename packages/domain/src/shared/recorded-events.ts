import { DomainEvent } from './domain-event';

/**
 * What every aggregate does with its events: keeps them in the order they
 * happened until the repository takes them for the outbox, in the same
 * transaction as the change.
 */
export abstract class RecordsEvents {
  private recorded: DomainEvent[] = [];

  /** Events recorded since the last call, oldest first; the repository writes them to the outbox. */
  pullEvents(): DomainEvent[] {
    const events = this.recorded;
    this.recorded = [];
    return events;
  }

  protected abstract get eventSource(): { vendorId: string; aggregateId: string };

  protected recordEvent(type: string, occurredAt: Date, payload: Record<string, unknown> = {}): void {
    this.recorded.push({ type, ...this.eventSource, occurredAt, payload });
  }
}
