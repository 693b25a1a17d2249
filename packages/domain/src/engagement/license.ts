import { ConflictError, DomainEvent, EventsAbout, ForbiddenError, InvalidError, NotFoundError } from '../shared';

/**
 * License pools: a vendor loads keys (serial numbers, activation codes) for a
 * SKU; a reader with an active entitlement for that SKU claims one. A claimed
 * key stays with its reader for good; it is `active` until its end and
 * `expired` after, when a new claim takes another key.
 */
export interface LicensePool {
  readonly vendorId: string;
  readonly id: string;
  readonly sku: string;
  /** How long a key is valid from its claim; null: only the key's own end applies. */
  readonly validitySeconds: number | null;
  readonly createdAt: Date;
}

/** A key as the vendor loads it. */
export interface LicenseKeyInput {
  readonly key: string;
  /** The key's own end, whoever claims it and whenever; null: none. */
  readonly expiresAt: Date | null;
}

/** A key claimed by a reader. */
export interface ClaimedLicenseKey {
  readonly vendorId: string;
  readonly poolId: string;
  readonly key: string;
  readonly userId: string;
  readonly claimedAt: Date;
  /** The earlier of the key's own end and the claim plus the pool's validity; null: never. */
  readonly expiresAt: Date | null;
}

export type LicenseKeyStatus = 'active' | 'expired';

/** The License key resource of the interface. */
export interface LicenseKeyView {
  readonly key: string;
  readonly poolId: string;
  readonly claimedAt: Date;
  readonly expiresAt: Date | null;
  readonly status: LicenseKeyStatus;
}

export interface PoolStock {
  /** Keys loaded. */
  readonly total: number;
  /** Unclaimed keys whose own end has not come: what claims can still take. */
  readonly available: number;
  readonly claimed: number;
  /** Claimed keys that are active now. */
  readonly active: number;
  /** Unclaimed keys past their own end: never handed out. */
  readonly unusable: number;
}

export const LICENSE_LIMITS = {
  poolId: /^[A-Za-z0-9_-]{1,128}$/,
  /** Printable ASCII without spaces, 1 to 256 characters. */
  key: /^[\x21-\x7E]{1,256}$/,
  keysPerLoad: 1000,
  /** Ten years. */
  maxValiditySeconds: 315_360_000,
} as const;

export class InvalidPoolId extends InvalidError {
  constructor() {
    super('LICENSE.BAD_POOL_ID', 'poolId is 1 to 128 letters, digits, underscores or hyphens');
  }
}

export class LicensePoolNotFound extends NotFoundError {
  constructor(poolId: string) {
    super('LICENSE.POOL_NOT_FOUND', 'no such license pool', { poolId });
  }
}

export class LicensePoolExists extends ConflictError {
  constructor(poolId: string) {
    super('LICENSE.POOL_EXISTS', 'a license pool with this id exists', { poolId });
  }
}

export class LicenseProductNotFound extends NotFoundError {
  constructor(sku: string) {
    super('LICENSE.PRODUCT_NOT_FOUND', 'the vendor has no product with this sku', { sku });
  }
}

export class NotEntitledToLicense extends ForbiddenError {
  constructor(poolId: string, sku: string) {
    super('LICENSE.NOT_ENTITLED', 'claiming a key of this pool needs an active entitlement for its sku', { poolId, sku });
  }
}

export class LicensePoolExhausted extends ConflictError {
  constructor(poolId: string) {
    super('LICENSE.POOL_EXHAUSTED', 'the pool has no key left to hand out', { poolId });
  }
}

export class InvalidLicenseKeys extends InvalidError {
  constructor(detail: string, details: Record<string, unknown> = {}) {
    super('LICENSE.BAD_KEYS', detail, details);
  }
}

export function checkPoolId(poolId: string): string {
  if (typeof poolId !== 'string' || !LICENSE_LIMITS.poolId.test(poolId)) throw new InvalidPoolId();
  return poolId;
}

/** Where a claim made at `claimedAt` ends. */
export function claimEnd(pool: Pick<LicensePool, 'validitySeconds'>, keyExpiresAt: Date | null, claimedAt: Date): Date | null {
  const byValidity = pool.validitySeconds === null ? null : new Date(claimedAt.getTime() + pool.validitySeconds * 1000);
  if (byValidity === null) return keyExpiresAt;
  if (keyExpiresAt === null) return byValidity;
  return byValidity < keyExpiresAt ? byValidity : keyExpiresAt;
}

export function licenseStatus(claim: Pick<ClaimedLicenseKey, 'expiresAt'>, now: Date): LicenseKeyStatus {
  return claim.expiresAt !== null && now >= claim.expiresAt ? 'expired' : 'active';
}

export function licenseView(claim: ClaimedLicenseKey, now: Date): LicenseKeyView {
  return {
    key: claim.key,
    poolId: claim.poolId,
    claimedAt: claim.claimedAt,
    expiresAt: claim.expiresAt,
    status: licenseStatus(claim, now),
  };
}

/** `license.claimed`: a reader was assigned a key (aggregate: the pool's key, `<poolId>:<key>`). */
export function licenseClaimed(claim: ClaimedLicenseKey): DomainEvent[] {
  return new EventsAbout({ vendorId: claim.vendorId, aggregateId: `${claim.poolId}:${claim.key}` })
    .record('license.claimed', claim.claimedAt, {
      poolId: claim.poolId,
      key: claim.key,
      userId: claim.userId,
      claimedAt: claim.claimedAt.toISOString(),
      expiresAt: claim.expiresAt?.toISOString() ?? null,
    })
    .pullEvents();
}

/** Keys to load, checked: well-formed, no repeats within the batch, at most `keysPerLoad`. */
export function checkKeysToLoad(keys: readonly LicenseKeyInput[]): LicenseKeyInput[] {
  if (keys.length === 0 || keys.length > LICENSE_LIMITS.keysPerLoad) {
    throw new InvalidLicenseKeys(`load 1 to ${LICENSE_LIMITS.keysPerLoad} keys at a time`);
  }
  const seen = new Set<string>();
  keys.forEach((k, index) => {
    if (typeof k.key !== 'string' || !LICENSE_LIMITS.key.test(k.key)) {
      throw new InvalidLicenseKeys('a key is 1 to 256 printable characters without spaces', { index });
    }
    if (k.expiresAt !== null && Number.isNaN(k.expiresAt.getTime())) {
      throw new InvalidLicenseKeys('expiresAt is not a valid time', { index });
    }
    if (seen.has(k.key)) throw new InvalidLicenseKeys('the same key appears twice in the batch', { index });
    seen.add(k.key);
  });
  return [...keys];
}
