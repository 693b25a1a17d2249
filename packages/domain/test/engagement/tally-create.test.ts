import { CreateTally, DeleteTally, replaceTally, Tally, TallyKey, tallyValuesOf, TallyReader } from '../../src/engagement';
import { InMemoryTallyRepository } from '../../src/testing/in-memory-engagement-tallies';

const key: TallyKey = { owner: { vendorId: 'v', kind: 'user', id: 'u' }, id: 't' };
const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000);
const clock = (s: number) => ({ now: () => at(s) });

describe('tally create (compatibility route POST /tallies)', () => {
  it('takes a string, a number (as its decimal string) or an array of them; nothing else', () => {
    expect(tallyValuesOf('a')).toEqual(['a']);
    expect(tallyValuesOf(42)).toEqual(['42']);
    expect(tallyValuesOf(['a', 1.5, -0])).toEqual(['a', '1.5', '0']);
    expect(tallyValuesOf([])).toEqual([]);
    expect(() => tallyValuesOf(Number.NaN)).toThrow('a tally value');
    expect(() => tallyValuesOf([true as unknown as string])).toThrow('a tally value');
    expect(() => tallyValuesOf('x'.repeat(513))).toThrow('a tally value');
    expect(() => tallyValuesOf(Array.from({ length: 1001 }, () => 'v'))).toThrow('a tally value');
  });

  it('makes the values the list as pushes onto an empty list would, continuing the sequence', () => {
    const stored: Tally = {
      key,
      items: [{ value: 'old', seq: 7 }],
      lastSeq: 7,
      policies: { ttl: null, maxItems: 3, unique: true, overflow: 'fifo', ipSessionSharing: false },
      createdAt: at(0),
      updatedAt: at(0),
    };
    const next = replaceTally(key, stored, ['a', 'a', 'b', 'c', 'd'], undefined, at(5));
    expect(next.items).toEqual([
      { value: 'b', seq: 9 },
      { value: 'c', seq: 10 },
      { value: 'd', seq: 11 },
    ]);
    expect(next).toMatchObject({ lastSeq: 11, createdAt: at(0), updatedAt: at(5), policies: stored.policies });
    expect(() => replaceTally(key, null, ['1', '2'], { maxItems: 1, overflow: 'block' }, at(5))).toThrow(/maximum of 1 items/);
  });

  it('CreateTally stores it; DeleteTally removes it whether or not it existed', async () => {
    const tallies = new InMemoryTallyRepository();
    const reader: TallyReader = { kind: 'user', vendorId: 'v', userId: 'u' };
    const created = await new CreateTally(tallies, clock(1)).execute({ reader, id: 't', value: [1, 'b'] });
    expect(created.items.map((i) => i.value)).toEqual(['1', 'b']);
    expect(tallies.rows.size).toBe(1);
    await new DeleteTally(tallies, clock(2)).execute({ reader, id: 't' });
    expect(tallies.rows.size).toBe(0);
    await expect(new DeleteTally(tallies, clock(2)).execute({ reader, id: 't' })).resolves.toBeUndefined();
    await expect(new DeleteTally(tallies, clock(2)).execute({ reader, id: 'bad id' })).rejects.toMatchObject({ code: 'TALLY.BAD_ID' });
  });
});
