/**
 * Something that happened, recorded by an aggregate and written to the
 * outbox in the same transaction as the change. Other modules react to it
 * through the worker, never by reaching into this module's tables.
 */
export interface DomainEvent<T extends Record<string, unknown> = Record<string, unknown>> {
  readonly type: string;
  readonly vendorId: string;
  /** Id of the aggregate the event is about; events of one aggregate keep their order. */
  readonly aggregateId: string;
  readonly occurredAt: Date;
  readonly payload: T;
}
