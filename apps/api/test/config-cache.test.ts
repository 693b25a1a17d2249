import { ConfigCache } from '../src/platform/cache/config-cache';
import { createLogger } from '../src/platform/logger';
import { openTestDatabase } from './support/harness';
import { Database } from '../src/platform/database/open-database';

let database: Database;
let cache: ConfigCache;
beforeAll(async () => {
  database = await openTestDatabase(2);
  cache = new ConfigCache(database.db, createLogger('silent'));
});
afterAll(async () => {
  await cache.close();
  await database.close();
});

describe('ConfigCache', () => {
  it('loads once for concurrent lookups and answers from memory after', async () => {
    const region = cache.region<number>('test-once');
    let loads = 0;
    const load = async () => {
      loads += 1;
      return 42;
    };
    expect(await Promise.all([region.get('k', load), region.get('k', load), region.get('k', load)])).toEqual([42, 42, 42]);
    expect(await region.get('k', load)).toBe(42);
    expect(loads).toBe(1);
  });

  it('a change forgets the key, in its region and the regions under it', async () => {
    const parent = cache.region<string>('test-family');
    const child = cache.region<string>('test-family/derived');
    await parent.get('v1', async () => 'old');
    await child.get('v1', async () => 'old');
    await child.get('v2', async () => 'kept');
    await cache.changed('test-family', 'v1');
    expect(await parent.get('v1', async () => 'new')).toBe('new');
    expect(await child.get('v1', async () => 'new')).toBe('new');
    expect(await child.get('v2', async () => 'other')).toBe('kept');
  });

  it('a load that started before a change is answered but not kept', async () => {
    const region = cache.region<string>('test-race');
    let release: ((value: string) => void) | null = null;
    const slow = region.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.changed('test-race', 'k');
    (release as (value: string) => void)('read before the change');
    expect(await slow).toBe('read before the change');
    expect(await region.get('k', async () => 'read after the change')).toBe('read after the change');
  });

  it('a change of another key leaves a load under way alone: it is kept', async () => {
    const region = cache.region<string>('test-race-other');
    let release: ((value: string) => void) | null = null;
    const slow = region.get('k', () => new Promise<string>((resolve) => (release = resolve)));
    while (!release) await new Promise((resolve) => setTimeout(resolve, 5));
    await cache.changed('test-race-other', 'another-vendor');
    (release as (value: string) => void)('loaded');
    expect(await slow).toBe('loaded');
    expect(await region.get('k', async () => 'loaded again')).toBe('loaded');
  });

  it('settled() waits for the echo of every change announced before it; then nothing drops the entry', async () => {
    const region = cache.region<string>('test-settled');
    await cache.changed('test-settled', 'k');
    await cache.settled();
    await region.get('k', async () => 'kept');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(await region.get('k', async () => 'dropped')).toBe('kept');
  });
});
