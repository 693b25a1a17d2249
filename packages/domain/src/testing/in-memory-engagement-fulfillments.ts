import { Address, DeliveryProvider, Fulfillment, FulfillmentInput, FulfillmentRepository, ProductFulfillmentReads } from '../engagement';

const key = (vendorId: string, id: string) => `${vendorId}\u0000${id}`;
const oldestFirst = (a: Fulfillment, b: Fulfillment) => a.createdAt.getTime() - b.createdAt.getTime() || a.id.localeCompare(b.id);

/**
 * Fulfillments by (vendor, id), as the service keeps them: a load inserts or
 * updates by id, keeping what the new input leaves out; a new one is
 * PENDING with one copy and the next number of the store. `update` runs one
 * at a time per fulfillment and stores nothing when `change` throws.
 */
export class InMemoryFulfillmentRepository implements FulfillmentRepository {
  readonly rows = new Map<string, Fulfillment>();
  private lastNumber = 0;
  private queue: Promise<unknown> = Promise.resolve();

  /** The reader's fulfillments of one sku, oldest first. */
  async listBySku(vendorId: string, userId: string, sku: string): Promise<Fulfillment[]> {
    return [...this.rows.values()].filter((f) => f.vendorId === vendorId && f.userId === userId && f.sku === sku).sort(oldestFirst);
  }

  update<T>(
    vendorId: string,
    userId: string,
    id: string,
    change: (current: Fulfillment) => Promise<{ next: Fulfillment | null; result: T }>,
  ): Promise<T | null> {
    const run = this.queue.then(async () => {
      const current = this.rows.get(key(vendorId, id));
      if (!current || current.userId !== userId) return null;
      const { next, result } = await change(current);
      if (next) this.rows.set(key(vendorId, id), next);
      return result;
    });
    this.queue = run.catch(() => undefined);
    return run;
  }

  async upsert(vendorId: string, inputs: readonly FulfillmentInput[], now: Date): Promise<Fulfillment[]> {
    // Worked out on a copy first, so the load is all or nothing.
    const staged = new Map<string, Fulfillment>();
    let number = this.lastNumber;
    for (const input of inputs) {
      const was = staged.get(input.id) ?? this.rows.get(key(vendorId, input.id));
      const keep = <V>(given: V | undefined | null, old: V | undefined, fallback: V): V => (given ?? old ?? fallback) as V;
      staged.set(input.id, {
        vendorId,
        id: input.id,
        userId: input.userId,
        sku: input.sku,
        title: input.title,
        cover: keep(input.cover, was?.cover, null),
        numericId: input.numericId ?? was?.numericId ?? (number += 1),
        status: keep(input.status, was?.status, 'PENDING'),
        deliveryProvider: keep(input.deliveryProvider, was?.deliveryProvider, null),
        itemId: keep(input.itemId, was?.itemId, null),
        copies: keep(input.copies, was?.copies, 1),
        deliversAt: keep(input.deliversAt, was?.deliversAt, null),
        deliveryRequestedAt: was?.deliveryRequestedAt ?? null,
        createdAt: was?.createdAt ?? now,
        updatedAt: now,
      });
    }
    this.lastNumber = number;
    for (const [id, f] of staged) this.rows.set(key(vendorId, id), f);
    return [...staged.values()].sort((a, b) => a.id.localeCompare(b.id));
  }
}

/** The vendor's view of the same rows: every reader's fulfillments of a sku, a page at a time. */
export class InMemoryProductFulfillmentReads implements ProductFulfillmentReads {
  constructor(private readonly fulfillments: InMemoryFulfillmentRepository) {}
  async listBySku(vendorId: string, sku: string, page: { limit: number; offset: number }): Promise<Fulfillment[]> {
    return [...this.fulfillments.rows.values()]
      .filter((f) => f.vendorId === vendorId && f.sku === sku)
      .sort(oldestFirst)
      .slice(page.offset, page.offset + page.limit);
  }
}

/** A logistics partner that accepts every request (or refuses all, with `refuse`) and keeps them. */
export class RecordingDeliveryProvider implements DeliveryProvider {
  readonly name = 'recording';
  readonly requests: { fulfillment: Fulfillment; address: Address; requestedAt: Date }[] = [];
  refuse = false;
  async requestDelivery(request: { fulfillment: Fulfillment; address: Address; requestedAt: Date }): Promise<{ ok: boolean }> {
    if (this.refuse) return { ok: false };
    this.requests.push(request);
    return { ok: true };
  }
}
