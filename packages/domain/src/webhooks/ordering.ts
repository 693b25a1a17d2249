/**
 * Per-object ordering: every delivery carries the key of the object its
 * event is about (the aggregate that recorded it, e.g. the contract a bill
 * belongs to) and that object's sequence number. A delivery is due only
 * when no earlier delivery for the same endpoint and object is still
 * pending: a later event waits until the earlier one is delivered or given up.
 */
export interface OrderedDelivery {
  readonly endpointId: string;
  readonly objectKey: string;
  readonly sequence: number;
  readonly id: string;
  readonly state: 'pending' | 'delivered' | 'failed';
}

export function isEarlier(a: Pick<OrderedDelivery, 'sequence' | 'id'>, b: Pick<OrderedDelivery, 'sequence' | 'id'>): boolean {
  return a.sequence < b.sequence || (a.sequence === b.sequence && a.id < b.id);
}

/** Whether `delivery` must wait for one of `others`. */
export function waitsFor(delivery: OrderedDelivery, others: readonly OrderedDelivery[]): boolean {
  return others.some(
    (o) =>
      o.id !== delivery.id &&
      o.state === 'pending' &&
      o.endpointId === delivery.endpointId &&
      o.objectKey === delivery.objectKey &&
      isEarlier(o, delivery),
  );
}
