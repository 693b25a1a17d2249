import { ClaimedLicenseKey, LicenseKeyInput, LicensePool, PoolStock } from './license';

export interface LicensePoolRepository {
  /** False when the vendor has a pool with that id already. */
  add(pool: LicensePool): Promise<boolean>;
  find(vendorId: string, poolId: string): Promise<LicensePool | null>;
  list(vendorId: string): Promise<LicensePool[]>;
  stock(vendorId: string, poolId: string, now: Date): Promise<PoolStock>;
  /** Adds the keys the pool does not have yet; keys it has are left as they are. */
  loadKeys(vendorId: string, poolId: string, keys: readonly LicenseKeyInput[], loadedAt: Date): Promise<{ loaded: number; skipped: number }>;
}

/** A key no one holds, locked for the claim that took it. */
export interface FreeLicenseKey {
  readonly key: string;
  readonly expiresAt: Date | null;
}

export interface LicenseClaimRepository {
  /** The reader's most recently claimed key in the pool, expired or not. */
  latest(vendorId: string, poolId: string, userId: string): Promise<ClaimedLicenseKey | null>;
  /**
   * Runs `work` in one transaction holding the lock of (pool, reader): claims
   * of one reader in one pool happen one after the other.
   */
  asHolder<T>(vendorId: string, poolId: string, userId: string, work: () => Promise<T>): Promise<T>;
  /** Locks one unclaimed key still valid at `now` that no other claim is taking (oldest loaded first); null when none. */
  takeFree(vendorId: string, poolId: string, now: Date): Promise<FreeLicenseKey | null>;
  assign(claim: ClaimedLicenseKey): Promise<void>;
}

/** The access module's answer: does the reader hold an active entitlement for the sku? */
export interface LicenseEntitlements {
  hasActive(query: { vendorId: string; userId: string; sku: string }): Promise<boolean>;
}

/** The catalog's answer: does the vendor sell this sku? */
export interface LicenseProducts {
  exists(vendorId: string, sku: string): Promise<boolean>;
}
