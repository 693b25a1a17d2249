import { Clock, EventOutbox, InvalidError } from '../shared';
import {
  checkKeysToLoad,
  checkPoolId,
  claimEnd,
  LICENSE_LIMITS,
  LicenseKeyInput,
  LicenseKeyView,
  LicensePool,
  LicensePoolExhausted,
  LicensePoolExists,
  LicensePoolNotFound,
  LicenseProductNotFound,
  licenseClaimed,
  licenseStatus,
  licenseView,
  NotEntitledToLicense,
  PoolStock,
} from './license';
import { LicenseClaimRepository, LicenseEntitlements, LicensePoolRepository, LicenseProducts } from './license-ports';

export type LicensePoolWithStock = LicensePool & { readonly stock: PoolStock };

export class CreateLicensePool {
  constructor(
    private readonly pools: LicensePoolRepository,
    private readonly products: LicenseProducts,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; poolId: string; sku: string; validitySeconds?: number | null }): Promise<LicensePoolWithStock> {
    checkPoolId(command.poolId);
    const validitySeconds = command.validitySeconds ?? null;
    if (validitySeconds !== null && (!Number.isInteger(validitySeconds) || validitySeconds < 1 || validitySeconds > LICENSE_LIMITS.maxValiditySeconds)) {
      throw new InvalidError('LICENSE.BAD_VALIDITY', `validitySeconds is a whole number from 1 to ${LICENSE_LIMITS.maxValiditySeconds}`);
    }
    if (!(await this.products.exists(command.vendorId, command.sku))) throw new LicenseProductNotFound(command.sku);
    const pool: LicensePool = {
      vendorId: command.vendorId,
      id: command.poolId,
      sku: command.sku,
      validitySeconds,
      createdAt: this.clock.now(),
    };
    if (!(await this.pools.add(pool))) throw new LicensePoolExists(command.poolId);
    return { ...pool, stock: { total: 0, available: 0, claimed: 0, active: 0, unusable: 0 } };
  }
}

export class LoadLicenseKeys {
  constructor(
    private readonly pools: LicensePoolRepository,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; poolId: string; keys: readonly LicenseKeyInput[] }): Promise<{ loaded: number; skipped: number; stock: PoolStock }> {
    checkPoolId(command.poolId);
    const keys = checkKeysToLoad(command.keys);
    if (!(await this.pools.find(command.vendorId, command.poolId))) throw new LicensePoolNotFound(command.poolId);
    const now = this.clock.now();
    const result = await this.pools.loadKeys(command.vendorId, command.poolId, keys, now);
    return { ...result, stock: await this.pools.stock(command.vendorId, command.poolId, now) };
  }
}

export class GetLicensePool {
  constructor(
    private readonly pools: LicensePoolRepository,
    private readonly clock: Clock,
  ) {}

  async execute(query: { vendorId: string; poolId: string }): Promise<LicensePoolWithStock> {
    checkPoolId(query.poolId);
    const pool = await this.pools.find(query.vendorId, query.poolId);
    if (!pool) throw new LicensePoolNotFound(query.poolId);
    return { ...pool, stock: await this.pools.stock(pool.vendorId, pool.id, this.clock.now()) };
  }
}

export class ListLicensePools {
  constructor(
    private readonly pools: LicensePoolRepository,
    private readonly clock: Clock,
  ) {}

  async execute(vendorId: string): Promise<LicensePoolWithStock[]> {
    const now = this.clock.now();
    const result: LicensePoolWithStock[] = [];
    for (const pool of await this.pools.list(vendorId)) {
      result.push({ ...pool, stock: await this.pools.stock(vendorId, pool.id, now) });
    }
    return result;
  }
}

/** `GET /licenses?poolId=`: the reader's most recent key in the pool (expired ones too), or nothing; never assigns. */
export class GetReaderLicense {
  constructor(
    private readonly claims: LicenseClaimRepository,
    private readonly clock: Clock,
  ) {}

  async execute(query: { vendorId: string; userId: string; poolId: string }): Promise<LicenseKeyView[]> {
    checkPoolId(query.poolId);
    const latest = await this.claims.latest(query.vendorId, query.poolId, query.userId);
    return latest ? [licenseView(latest, this.clock.now())] : [];
  }
}

/**
 * `POST /licenses/claim`: needs an active entitlement for the pool's sku. A
 * reader holding an active key gets it again; otherwise one free key is taken
 * (keys other claims are taking are skipped) and assigned, all under the
 * (pool, reader) lock so parallel claims of one reader end with one key; a
 * new assignment records `license.claimed` in that transaction.
 */
export class ClaimLicense {
  constructor(
    private readonly pools: LicensePoolRepository,
    private readonly claims: LicenseClaimRepository,
    private readonly entitlements: LicenseEntitlements,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
  ) {}

  async execute(command: { vendorId: string; userId: string; poolId: string }): Promise<LicenseKeyView> {
    checkPoolId(command.poolId);
    const pool = await this.pools.find(command.vendorId, command.poolId);
    if (!pool) throw new LicensePoolNotFound(command.poolId);
    if (!(await this.entitlements.hasActive({ vendorId: pool.vendorId, userId: command.userId, sku: pool.sku }))) {
      throw new NotEntitledToLicense(pool.id, pool.sku);
    }
    return this.claims.asHolder(pool.vendorId, pool.id, command.userId, async () => {
      const now = this.clock.now();
      const held = await this.claims.latest(pool.vendorId, pool.id, command.userId);
      if (held && licenseStatus(held, now) === 'active') return licenseView(held, now);
      const free = await this.claims.takeFree(pool.vendorId, pool.id, now);
      if (!free) throw new LicensePoolExhausted(pool.id);
      const claim = {
        vendorId: pool.vendorId,
        poolId: pool.id,
        key: free.key,
        userId: command.userId,
        claimedAt: now,
        expiresAt: claimEnd(pool, free.expiresAt, now),
      };
      await this.claims.assign(claim);
      await this.outbox.append(licenseClaimed(claim));
      return licenseView(claim, now);
    });
  }
}
