import { DomainEvent, EventOutbox } from '../shared';

/** The outbox as a list: what use cases without an aggregate recorded, oldest first. */
export class InMemoryEventOutbox implements EventOutbox {
  readonly events: DomainEvent[] = [];

  async append(events: readonly DomainEvent[]): Promise<void> {
    this.events.push(...events);
  }

  /** The recorded events of one type. */
  ofType(type: string): DomainEvent[] {
    return this.events.filter((e) => e.type === type);
  }
}
