import { ListVendorTransactions, VendorBillingReads } from '@kiosk/domain/billing';
import { SearchProducts } from '@kiosk/domain/catalog';
import {
  ChangeLoginIdentifier,
  CreateManagedUser,
  GetManagedUser,
  ListManagedUsers,
  nameOf,
  pageOf,
  SetUserPassword,
  splitName,
} from '@kiosk/domain/identity';
import { FakeClock, InMemoryProductRepository, InMemoryUserDirectory, InMemoryUserRepository, SequentialIds } from '@kiosk/domain/testing';

// The management resources' rules (docs/management.md), on the in-memory fakes.

function kit() {
  const clock = new FakeClock();
  const users = new InMemoryUserRepository();
  const directory = new InMemoryUserDirectory(users);
  const ids = new SequentialIds('u-');
  const create = new CreateManagedUser(users, ids, clock);
  const add = async (email: string, name?: string) => {
    clock.advance(1_000);
    return create.execute({ vendorId: 'v1', email, name });
  };
  return { clock, users, directory, create, add };
}

describe('names and pages', () => {
  it('splits a name at the first word and joins it back with spaces collapsed', () => {
    expect(splitName('  Anna   Maria Svensson ')).toEqual({ firstName: 'Anna', lastName: 'Maria Svensson' });
    expect(splitName('Cher')).toEqual({ firstName: 'Cher', lastName: null });
    expect(splitName('')).toEqual({ firstName: null, lastName: null });
    expect(splitName(null)).toEqual({ firstName: null, lastName: null });
    expect(nameOf(splitName('Anna  Maria Svensson'))).toBe('Anna Maria Svensson');
    expect(nameOf({ firstName: null, lastName: null })).toBeNull();
    expect(() => splitName('x'.repeat(101))).toThrow(expect.objectContaining({ code: 'USER.BAD_NAME' }));
  });

  it('bounds pages: default 50, 1 to 500, offset from 0', () => {
    expect(pageOf()).toEqual({ limit: 50, offset: 0 });
    expect(pageOf(0, -3)).toEqual({ limit: 1, offset: 0 });
    expect(pageOf(10_000, 7)).toEqual({ limit: 500, offset: 7 });
  });
});

describe('management users', () => {
  it('creates users (409 for a known e-mail), lists them newest first with search, and finds one', async () => {
    const k = kit();
    const anna = await k.add('Anna@Example.com', 'Anna Svensson');
    const bo = await k.add('bo@example.com');
    expect(anna).toMatchObject({ email: 'anna@example.com', firstName: 'Anna', lastName: 'Svensson' });
    await expect(k.add('ANNA@example.com')).rejects.toMatchObject({ code: 'USER.EXISTS', details: { userId: anna.id } });
    const list = new ListManagedUsers(k.directory);
    expect((await list.execute({ vendorId: 'v1' })).map((u) => u.id)).toEqual([bo.id, anna.id]);
    expect((await list.execute({ vendorId: 'v1', search: ' svens ' })).map((u) => u.id)).toEqual([anna.id]);
    expect((await list.execute({ vendorId: 'v1', limit: 1, offset: 1 })).map((u) => u.id)).toEqual([anna.id]);
    expect(await list.execute({ vendorId: 'v2' })).toEqual([]);
    await expect(new GetManagedUser(k.directory).execute({ vendorId: 'v2', userId: anna.id })).rejects.toMatchObject({ code: 'USER.NOT_FOUND' });
    k.directory.erased.add(bo.id);
    await expect(new GetManagedUser(k.directory).execute({ vendorId: 'v1', userId: bo.id })).rejects.toMatchObject({ code: 'USER.NOT_FOUND' });
  });

  it('changes the sign-in e-mail unless another user has it, and never for staff', async () => {
    const k = kit();
    const anna = await k.add('anna@example.com');
    await k.add('bo@example.com');
    const change = new ChangeLoginIdentifier(k.directory, k.directory);
    await expect(change.execute({ vendorId: 'v1', userId: anna.id, email: 'BO@example.com' })).rejects.toMatchObject({ code: 'USER.EMAIL_TAKEN' });
    await expect(change.execute({ vendorId: 'v1', userId: anna.id, email: 'nope' })).rejects.toMatchObject({ code: 'USER.BAD_EMAIL' });
    await change.execute({ vendorId: 'v1', userId: anna.id, email: 'Anna.New@example.com' });
    expect((await k.users.find('v1', anna.id))!.email).toBe('anna.new@example.com');
    k.directory.staff.add(anna.id);
    await expect(change.execute({ vendorId: 'v1', userId: anna.id, email: 'x@example.com' })).rejects.toMatchObject({ code: 'USER.STAFF' });
  });

  it('sets a password with the sign-up rules, hashed', async () => {
    const k = kit();
    const anna = await k.add('anna@example.com');
    const saved: string[] = [];
    const set = new SetUserPassword(k.directory, k.directory, { save: async (_v, _u, hash) => void saved.push(hash) }, { hash: async (p) => `hash:${p}` }, k.clock);
    await expect(set.execute({ vendorId: 'v1', userId: anna.id, password: 'short' })).rejects.toMatchObject({ code: 'ACCOUNT.WEAK_PASSWORD' });
    await expect(set.execute({ vendorId: 'v1', userId: 'nobody', password: 'long enough!' })).rejects.toMatchObject({ code: 'USER.NOT_FOUND' });
    await set.execute({ vendorId: 'v1', userId: anna.id, password: 'long enough!' });
    expect(saved).toEqual(['hash:long enough!']);
  });
});

describe('products and transactions', () => {
  it('searches products by SKU or title, every product without query', async () => {
    const products = new InMemoryProductRepository();
    const now = new Date('2026-01-01T00:00:00Z');
    for (const [sku, title] of [['b', 'Weekly'], ['a', 'Daily'], ['c', 'Daily Podcast']]) {
      await products.add({ vendorId: 'v1', sku, title, productType: 'publication', cover: null, language: null, publisherContentId: null, createdAt: now, updatedAt: now } as never);
    }
    const search = new SearchProducts(products);
    const skus = async (command: Parameters<SearchProducts['execute']>[0]) => (await search.execute(command)).map((p) => p.sku);
    const all = await skus({ vendorId: 'v1' });
    expect(all.sort()).toEqual(['a', 'b', 'c']);
    expect((await skus({ vendorId: 'v1', search: 'daily' })).sort()).toEqual(['a', 'c']);
    expect(await skus({ vendorId: 'v1', limit: 1, offset: 1 })).toEqual([all[1]]);
  });

  it('tells payments from refunds by type', async () => {
    const seen: unknown[] = [];
    const reads: VendorBillingReads = {
      bills: async () => [],
      transactions: async (_v, filter, page) => {
        seen.push({ filter, page });
        return [];
      },
    };
    const list = new ListVendorTransactions(reads);
    await list.execute({ vendorId: 'v1', type: 'refund' });
    await list.execute({ vendorId: 'v1', type: 'payment', limit: 900 });
    await list.execute({ vendorId: 'v1', userId: 'u' });
    expect(seen).toEqual([
      { filter: { userId: undefined, isRefund: true }, page: { limit: 50, offset: 0 } },
      { filter: { userId: undefined, isRefund: false }, page: { limit: 500, offset: 0 } },
      { filter: { userId: 'u', isRefund: undefined }, page: { limit: 50, offset: 0 } },
    ]);
  });
});
