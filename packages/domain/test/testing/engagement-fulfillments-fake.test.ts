import { Address, Fulfillment } from '../../src/engagement';
import { InMemoryFulfillmentRepository, InMemoryProductFulfillmentReads, RecordingDeliveryProvider } from '../../src/testing';

// InMemoryFulfillmentRepository and its vendor reads: loads by id that keep what the input leaves out, numbers, tenancy.
const T0 = new Date('2026-03-01T12:00:00Z');
const later = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);
const ids = (list: Fulfillment[]) => list.map((f) => f.id);

describe('InMemoryFulfillmentRepository', () => {
  it('loads new fulfillments PENDING with one copy and the next numbers of the store, a given number kept', async () => {
    const repo = new InMemoryFulfillmentRepository();
    const stored = await repo.upsert('acme', [
      { id: 'f2', userId: 'u1', sku: 'paper', title: 'Paper' },
      { id: 'f1', userId: 'u1', sku: 'paper', title: 'Paper', numericId: 500, copies: 3, deliversAt: later(60) },
    ], T0);
    expect(stored.map((f) => [f.id, f.numericId, f.status, f.copies, f.deliversAt, f.createdAt])).toEqual([
      ['f1', 500, 'PENDING', 3, later(60), T0],
      ['f2', 1, 'PENDING', 1, null, T0],
    ]);
    const next = await repo.upsert('acme', [{ id: 'f3', userId: 'u2', sku: 'paper', title: 'Paper' }], later(1));
    expect(next[0].numericId).toBe(2);
  });

  it('a load of a stored id updates it, keeping what the input leaves out and its createdAt', async () => {
    const repo = new InMemoryFulfillmentRepository();
    await repo.upsert('acme', [{ id: 'f1', userId: 'u1', sku: 'paper', title: 'Paper', cover: 'c.png', status: 'SHIPPED', copies: 2 }], T0);
    const [updated] = await repo.upsert('acme', [{ id: 'f1', userId: 'u1', sku: 'paper', title: 'Paper, 2nd ed.' }], later(5));
    expect(updated).toMatchObject({ title: 'Paper, 2nd ed.', cover: 'c.png', status: 'SHIPPED', copies: 2, numericId: 1, createdAt: T0, updatedAt: later(5) });
    expect(await repo.listBySku('acme', 'u1', 'paper')).toEqual([updated]);
  });

  it("lists a reader's fulfillments of one sku oldest first, only the vendor's and the reader's", async () => {
    const repo = new InMemoryFulfillmentRepository();
    await repo.upsert('acme', [{ id: 'f-late', userId: 'u1', sku: 'paper', title: 'P' }], later(2));
    await repo.upsert('acme', [{ id: 'f-early', userId: 'u1', sku: 'paper', title: 'P' }], later(1));
    await repo.upsert('acme', [{ id: 'f-other-sku', userId: 'u1', sku: 'book', title: 'B' }], T0);
    await repo.upsert('acme', [{ id: 'f-other-reader', userId: 'u2', sku: 'paper', title: 'P' }], T0);
    await repo.upsert('globex', [{ id: 'f-theirs', userId: 'u1', sku: 'paper', title: 'P' }], T0);
    expect(ids(await repo.listBySku('acme', 'u1', 'paper'))).toEqual(['f-early', 'f-late']);
  });

  it("update changes the reader's own fulfillment only; another reader or vendor gets null and the change never runs", async () => {
    const repo = new InMemoryFulfillmentRepository();
    const [stored] = await repo.upsert('acme', [{ id: 'f1', userId: 'u1', sku: 'paper', title: 'P' }], T0);
    const change = jest.fn(async (current: Fulfillment) => ({ next: { ...current, status: 'SHIPPED' as const }, result: 'shipped' }));
    expect(await repo.update('acme', 'u2', 'f1', change)).toBeNull();
    expect(await repo.update('globex', 'u1', 'f1', change)).toBeNull();
    expect(change).not.toHaveBeenCalled();
    expect(await repo.update('acme', 'u1', 'f1', change)).toBe('shipped');
    expect((await repo.listBySku('acme', 'u1', 'paper'))[0]).toEqual({ ...stored, status: 'SHIPPED' });
  });

  it('update stores nothing when the change returns no next fulfillment or throws', async () => {
    const repo = new InMemoryFulfillmentRepository();
    const [stored] = await repo.upsert('acme', [{ id: 'f1', userId: 'u1', sku: 'paper', title: 'P' }], T0);
    expect(await repo.update('acme', 'u1', 'f1', async () => ({ next: null, result: 'kept' }))).toBe('kept');
    await expect(repo.update('acme', 'u1', 'f1', async () => Promise.reject(new Error('refused')))).rejects.toThrow('refused');
    expect(await repo.listBySku('acme', 'u1', 'paper')).toEqual([stored]);
  });
});

describe('InMemoryProductFulfillmentReads', () => {
  it("pages every reader's fulfillments of the vendor's sku, oldest first", async () => {
    const repo = new InMemoryFulfillmentRepository();
    for (const [id, userId, minutes] of [['f3', 'u1', 3], ['f1', 'u2', 1], ['f2', 'u3', 2]] as const) {
      await repo.upsert('acme', [{ id, userId, sku: 'paper', title: 'P' }], later(minutes));
    }
    await repo.upsert('acme', [{ id: 'f-book', userId: 'u1', sku: 'book', title: 'B' }], T0);
    await repo.upsert('globex', [{ id: 'f0', userId: 'u1', sku: 'paper', title: 'P' }], T0);
    const reads = new InMemoryProductFulfillmentReads(repo);
    expect(ids(await reads.listBySku('acme', 'paper', { limit: 10, offset: 0 }))).toEqual(['f1', 'f2', 'f3']);
    expect(ids(await reads.listBySku('acme', 'paper', { limit: 1, offset: 1 }))).toEqual(['f2']);
  });
});

describe('RecordingDeliveryProvider', () => {
  it('keeps the requests it accepts and keeps none while refusing', async () => {
    const [fulfillment] = await new InMemoryFulfillmentRepository().upsert('acme', [{ id: 'f1', userId: 'u1', sku: 'paper', title: 'P' }], T0);
    const provider = new RecordingDeliveryProvider();
    const address: Address = { street: 'Storgatan 1', zip: '111 22', city: 'Stockholm', country: 'SE', co: null, firstName: 'Ada', lastName: 'Lind' };
    expect(await provider.requestDelivery({ fulfillment, address, requestedAt: T0 })).toEqual({ ok: true });
    provider.refuse = true;
    expect(await provider.requestDelivery({ fulfillment, address, requestedAt: later(1) })).toEqual({ ok: false });
    expect(provider.requests).toEqual([{ fulfillment, address, requestedAt: T0 }]);
  });
});
