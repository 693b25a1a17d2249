import { DEFAULT_TALLY_POLICIES, Tally, TallyKey, TallyOwner } from '../../src/engagement';
import { InMemoryTallyRepository } from '../../src/testing';

// InMemoryTallyRepository: tallies by owner and vendor, changes of one owner one after another, nothing stored when a change throws.
const T0 = new Date('2026-03-01T12:00:00Z');
const reader: TallyOwner = { vendorId: 'acme', kind: 'user', id: 'u1' };
const sameIdElsewhere: TallyOwner[] = [
  { vendorId: 'globex', kind: 'user', id: 'u1' },
  { vendorId: 'acme', kind: 'visitor', id: 'u1' },
];

function tally(key: TallyKey, values: string[], fields: Partial<Tally> = {}): Tally {
  return {
    key,
    items: values.map((value, i) => ({ value, seq: i + 1 })),
    lastSeq: values.length,
    policies: DEFAULT_TALLY_POLICIES,
    createdAt: T0,
    updatedAt: T0,
    ...fields,
  };
}

const store = (repo: InMemoryTallyRepository, t: Tally) => repo.update(t.key, async () => t);

describe('InMemoryTallyRepository', () => {
  it('stores what the change returns and finds it by owner and id; the same ids under another vendor or owner kind are other tallies', async () => {
    const repo = new InMemoryTallyRepository();
    const read = tally({ owner: reader, id: 'read' }, ['a1', 'a2']);
    expect(await store(repo, read)).toBe(read);
    expect(await repo.find({ owner: reader, id: 'read' })).toEqual(read);
    for (const owner of sameIdElsewhere) {
      expect(await repo.find({ owner, id: 'read' })).toBeNull();
      expect(await repo.listByOwner(owner)).toEqual([]);
    }
  });

  it('lists every tally of the owner by id, expired ones included', async () => {
    const repo = new InMemoryTallyRepository();
    const expired = tally({ owner: reader, id: 'b-old' }, ['x'], { policies: { ...DEFAULT_TALLY_POLICIES, ttl: 1 } });
    await store(repo, tally({ owner: reader, id: 'c-read' }, ['a']));
    await store(repo, expired);
    await store(repo, tally({ owner: reader, id: 'a-banners' }, []));
    await store(repo, tally({ owner: sameIdElsewhere[0], id: 'd-theirs' }, []));
    expect((await repo.listByOwner(reader)).map((t) => t.key.id)).toEqual(['a-banners', 'b-old', 'c-read']);
  });

  it('hands the change the stored tally (null before the first) and the count of live tallies of the owner', async () => {
    const repo = new InMemoryTallyRepository();
    await store(repo, tally({ owner: reader, id: 'live' }, ['a']));
    await store(repo, tally({ owner: reader, id: 'expired' }, ['b'], { policies: { ...DEFAULT_TALLY_POLICIES, ttl: 60 } }));
    await store(repo, tally({ owner: sameIdElsewhere[0], id: 'theirs' }, []));
    const seen: { stored: Tally | null; live: number }[] = [];
    await repo.update({ owner: reader, id: 'new' }, async (stored, owner) => {
      seen.push({ stored, live: await owner.liveCount(new Date(T0.getTime() + 61_000)) });
      return tally({ owner: reader, id: 'new' }, []);
    });
    await repo.update({ owner: reader, id: 'live' }, async (stored, owner) => {
      seen.push({ stored, live: await owner.liveCount(T0) });
      return stored!;
    });
    expect(seen.map((s) => [s.stored?.items.map((i) => i.value) ?? null, s.live])).toEqual([
      [null, 1],
      [['a'], 3],
    ]);
  });

  it('stores nothing when the change throws, and the next change of the owner still runs', async () => {
    const repo = new InMemoryTallyRepository();
    const before = tally({ owner: reader, id: 'read' }, ['a']);
    await store(repo, before);
    await expect(repo.update(before.key, async () => Promise.reject(new Error('full')))).rejects.toThrow('full');
    expect(await repo.find(before.key)).toEqual(before);
    await store(repo, tally(before.key, ['a', 'b']));
    expect((await repo.find(before.key))?.items.map((i) => i.value)).toEqual(['a', 'b']);
  });

  it('runs changes of one owner one after another, so each sees what the one before stored', async () => {
    const repo = new InMemoryTallyRepository();
    const key = { owner: reader, id: 'read' };
    const push = (value: string) =>
      repo.update(key, async (stored) => {
        await new Promise((resolve) => setTimeout(resolve, 1));
        return tally(key, [...(stored?.items.map((i) => i.value) ?? []), value]);
      });
    await Promise.all(['a', 'b', 'c', 'd'].map(push));
    expect((await repo.find(key))?.items.map((i) => i.value)).toEqual(['a', 'b', 'c', 'd']);
  });
});
