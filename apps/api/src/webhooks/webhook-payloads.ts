import { DomainEvent } from '@kiosk/domain';
import { WEBHOOK_EVENT_TYPES, WebhookObject } from '@kiosk/domain/webhooks';
import { EventObjectView } from '../platform/http/event-object-view';

export const objectOf = (type: string): WebhookObject => WEBHOOK_EVENT_TYPES.find((t) => t.type === type)?.object ?? 'contract';

/** The object an event's order is kept for: the aggregate that recorded it (seats and bills belong to their contract). */
export function objectKeyOf(type: string, aggregateId: string): string {
  const object = objectOf(type);
  return `${object === 'seat' || object === 'bill' ? 'contract' : object}:${aggregateId}`;
}

/**
 * The view the HTTP interface shows for each kind of object, bound by the
 * module that owns it (`CONTRACTS.ContractEventView`, `BILLING.BillEventView`,
 * ...); read when an event is made into a message.
 */
export type ObjectViews = Partial<Record<WebhookObject, EventObjectView>>;

/**
 * What `data` holds (`WEBHOOK_EVENT_DATA`): the object's view; for a contract
 * event with `contractId` and what the event recorded (`change`). Without a
 * view (the object is gone, or the list no longer shows it) the event's
 * object id and what it recorded.
 */
export function dataOf(
  type: string,
  event: Pick<DomainEvent, 'aggregateId' | 'payload'>,
  view: Record<string, unknown> | null = null,
): Record<string, unknown> {
  const payload = event.payload;
  switch (objectOf(type)) {
    case 'contract':
      return view ? { ...view, contractId: event.aggregateId, change: payload } : { contractId: event.aggregateId, ...payload };
    case 'seat':
    case 'bill':
      return view ?? { contractId: event.aggregateId, ...payload };
    case 'user':
      return { userId: event.aggregateId, ...payload };
    case 'paywall':
      return { paywallId: event.aggregateId, ...payload };
    case 'endpoint':
      return { endpointId: event.aggregateId, ...payload };
    default:
      return view ?? { id: event.aggregateId, ...payload };
  }
}

/** The data of each webhook type one outbox event becomes, each object's view read once. */
export async function dataOfEach(
  types: readonly string[],
  event: DomainEvent,
  views: ObjectViews | null,
): Promise<Map<string, Record<string, unknown>>> {
  const read = new Map<WebhookObject, Record<string, unknown> | null>();
  const data = new Map<string, Record<string, unknown>>();
  for (const type of types) {
    const object = objectOf(type);
    if (!read.has(object)) read.set(object, (await views?.[object]?.(event)) ?? null);
    data.set(type, dataOf(type, event, read.get(object) ?? null));
  }
  return data;
}
