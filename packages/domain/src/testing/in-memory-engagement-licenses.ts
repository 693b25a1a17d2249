import {
  ClaimedLicenseKey,
  FreeLicenseKey,
  LicenseClaimRepository,
  LicenseKeyInput,
  LicensePool,
  LicensePoolRepository,
  PoolStock,
} from '../engagement';

const key = (...parts: string[]) => parts.join('\u0000');

/** A loaded key and, once claimed, who holds it; `taken` while a claim is between `takeFree` and `assign`. */
export interface StoredLicenseKey {
  readonly vendorId: string;
  readonly poolId: string;
  readonly key: string;
  readonly expiresAt: Date | null;
  readonly loadedAt: Date;
  claim: ClaimedLicenseKey | null;
  taken: boolean;
}

const usable = (k: StoredLicenseKey, now: Date) => k.expiresAt === null || k.expiresAt > now;

/**
 * Pools and their keys, shared by the pool and claim fakes (one store, as
 * one database holds both). Keys stay in load order: claims take the oldest.
 */
export class InMemoryLicenseStore {
  readonly pools = new Map<string, LicensePool>();
  readonly keys: StoredLicenseKey[] = [];
  keysOf(vendorId: string, poolId: string): StoredLicenseKey[] {
    return this.keys.filter((k) => k.vendorId === vendorId && k.poolId === poolId);
  }
}

export class InMemoryLicensePoolRepository implements LicensePoolRepository {
  constructor(readonly store = new InMemoryLicenseStore()) {}

  async add(pool: LicensePool): Promise<boolean> {
    if (this.store.pools.has(key(pool.vendorId, pool.id))) return false;
    this.store.pools.set(key(pool.vendorId, pool.id), pool);
    return true;
  }
  async find(vendorId: string, poolId: string): Promise<LicensePool | null> {
    return this.store.pools.get(key(vendorId, poolId)) ?? null;
  }
  async list(vendorId: string): Promise<LicensePool[]> {
    return [...this.store.pools.values()].filter((p) => p.vendorId === vendorId).sort((a, b) => a.id.localeCompare(b.id));
  }
  async stock(vendorId: string, poolId: string, now: Date): Promise<PoolStock> {
    const keys = this.store.keysOf(vendorId, poolId);
    const claimed = keys.filter((k) => k.claim);
    const free = keys.filter((k) => !k.claim);
    return {
      total: keys.length,
      available: free.filter((k) => usable(k, now)).length,
      claimed: claimed.length,
      active: claimed.filter((k) => k.claim!.expiresAt === null || k.claim!.expiresAt > now).length,
      unusable: free.filter((k) => !usable(k, now)).length,
    };
  }
  async loadKeys(vendorId: string, poolId: string, keys: readonly LicenseKeyInput[], loadedAt: Date): Promise<{ loaded: number; skipped: number }> {
    const have = new Set(this.store.keysOf(vendorId, poolId).map((k) => k.key));
    const fresh = keys.filter((k) => !have.has(k.key));
    for (const k of fresh) this.store.keys.push({ vendorId, poolId, key: k.key, expiresAt: k.expiresAt, loadedAt, claim: null, taken: false });
    return { loaded: fresh.length, skipped: keys.length - fresh.length };
  }
}

/**
 * Claims: one reader's claims in one pool run one after another (`asHolder`),
 * a key taken by one claim is not handed to another, and a claim whose work
 * throws gives its key back and keeps no assignment, as a rolled-back
 * transaction would.
 */
export class InMemoryLicenseClaimRepository implements LicenseClaimRepository {
  private readonly holders = new Map<string, Promise<unknown>>();
  constructor(readonly store: InMemoryLicenseStore) {}

  async latest(vendorId: string, poolId: string, userId: string): Promise<ClaimedLicenseKey | null> {
    const mine = this.store
      .keysOf(vendorId, poolId)
      .map((k) => k.claim)
      .filter((c): c is ClaimedLicenseKey => c !== null && c.userId === userId);
    return mine.sort((a, b) => b.claimedAt.getTime() - a.claimedAt.getTime())[0] ?? null;
  }

  asHolder<T>(vendorId: string, poolId: string, userId: string, work: () => Promise<T>): Promise<T> {
    const k = key(vendorId, poolId, userId);
    const run = (this.holders.get(k) ?? Promise.resolve()).then(async () => {
      const before = new Set(this.store.keysOf(vendorId, poolId).filter((x) => x.claim || x.taken));
      try {
        return await work();
      } catch (error) {
        // Undo what this claim did: keys it took or assigned go back to the pool.
        for (const x of this.store.keysOf(vendorId, poolId)) {
          if (before.has(x) || (x.claim && x.claim.userId !== userId)) continue;
          x.claim = null;
          x.taken = false;
        }
        throw error;
      }
    });
    this.holders.set(
      k,
      run.catch(() => undefined),
    );
    return run;
  }

  async takeFree(vendorId: string, poolId: string, now: Date): Promise<FreeLicenseKey | null> {
    const free = this.store.keysOf(vendorId, poolId).find((k) => !k.claim && !k.taken && usable(k, now));
    if (!free) return null;
    free.taken = true;
    return { key: free.key, expiresAt: free.expiresAt };
  }

  async assign(claim: ClaimedLicenseKey): Promise<void> {
    const stored = this.store.keysOf(claim.vendorId, claim.poolId).find((k) => k.key === claim.key);
    if (!stored) throw new Error(`no key ${claim.key} in pool ${claim.poolId}`);
    stored.claim = claim;
    stored.taken = false;
  }
}
