import {
  ClaimedLicenseKey,
  FreeLicenseKey,
  LicenseClaimRepository,
  LicenseKeyInput,
  LicensePool,
  LicensePoolRepository,
  PoolStock,
} from '@kiosk/domain/engagement';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { LicensePoolRow } from './licenses.rows';

const toPool = (row: LicensePoolRow): LicensePool => ({
  vendorId: row.vendorId,
  id: row.id,
  sku: row.sku,
  validitySeconds: row.validitySeconds,
  createdAt: row.createdAt,
});

const date = (value: Date | string | null): Date | null => (value === null ? null : new Date(value));

export class TypeOrmLicensePoolRepository implements LicensePoolRepository {
  constructor(private readonly db: DataSource) {}

  async add(pool: LicensePool): Promise<boolean> {
    const rows = await sqlRows(
      this.db,
      `INSERT INTO license_pools (vendor_id, id, sku, validity_seconds, created_at) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (vendor_id, id) DO NOTHING RETURNING id`,
      [pool.vendorId, pool.id, pool.sku, pool.validitySeconds, pool.createdAt],
    );
    return rows.length === 1;
  }

  async find(vendorId: string, poolId: string): Promise<LicensePool | null> {
    const row = await managerOf(this.db).getRepository(LicensePoolRow).findOneBy({ vendorId, id: poolId });
    return row ? toPool(row) : null;
  }

  async list(vendorId: string): Promise<LicensePool[]> {
    const rows = await managerOf(this.db)
      .getRepository(LicensePoolRow)
      .find({ where: { vendorId }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map(toPool);
  }

  async stock(vendorId: string, poolId: string, now: Date): Promise<PoolStock> {
    const [row] = await sqlRows<Record<keyof PoolStock, string>>(
      this.db,
      `SELECT count(*) AS total,
              count(*) FILTER (WHERE claimed_by IS NULL AND (expires_at IS NULL OR expires_at > $3)) AS available,
              count(*) FILTER (WHERE claimed_by IS NOT NULL) AS claimed,
              count(*) FILTER (WHERE claimed_by IS NOT NULL AND (claim_expires_at IS NULL OR claim_expires_at > $3)) AS active,
              count(*) FILTER (WHERE claimed_by IS NULL AND expires_at <= $3) AS unusable
         FROM license_keys WHERE vendor_id = $1 AND pool_id = $2`,
      [vendorId, poolId, now],
    );
    return {
      total: Number(row.total),
      available: Number(row.available),
      claimed: Number(row.claimed),
      active: Number(row.active),
      unusable: Number(row.unusable),
    };
  }

  async loadKeys(
    vendorId: string,
    poolId: string,
    keys: readonly LicenseKeyInput[],
    loadedAt: Date,
  ): Promise<{ loaded: number; skipped: number }> {
    // One statement: the keys go in in the order given (their load_seq is the order claims take them).
    const rows = await sqlRows(
      this.db,
      `INSERT INTO license_keys (vendor_id, pool_id, key, expires_at, loaded_at)
       SELECT $1, $2, k.key, k.expires_at, $5
         FROM unnest($3::text[], $4::timestamptz[]) WITH ORDINALITY AS k(key, expires_at, n)
        ORDER BY k.n
       ON CONFLICT (vendor_id, pool_id, key) DO NOTHING
       RETURNING key`,
      [vendorId, poolId, keys.map((k) => k.key), keys.map((k) => (k.expiresAt ? k.expiresAt.toISOString() : null)), loadedAt],
    );
    return { loaded: rows.length, skipped: keys.length - rows.length };
  }
}

interface RawClaim {
  vendor_id: string;
  pool_id: string;
  key: string;
  claimed_by: string;
  claimed_at: Date | string;
  claim_expires_at: Date | string | null;
}

/**
 * Claims. `asHolder` locks the (pool, reader) row, so one reader's claims in
 * one pool run one at a time; `takeFree` locks one free key with
 * `FOR UPDATE SKIP LOCKED`, so parallel claims of different readers take
 * different keys instead of waiting for each other.
 */
export class TypeOrmLicenseClaimRepository implements LicenseClaimRepository {
  constructor(private readonly db: DataSource) {}

  async latest(vendorId: string, poolId: string, userId: string): Promise<ClaimedLicenseKey | null> {
    const [row] = await sqlRows<RawClaim>(
      this.db,
      `SELECT vendor_id, pool_id, key, claimed_by, claimed_at, claim_expires_at FROM license_keys
        WHERE vendor_id = $1 AND pool_id = $2 AND claimed_by = $3
        ORDER BY claimed_at DESC, load_seq DESC LIMIT 1`,
      [vendorId, poolId, userId],
    );
    if (!row) return null;
    return {
      vendorId: row.vendor_id,
      poolId: row.pool_id,
      key: row.key,
      userId: row.claimed_by,
      claimedAt: new Date(row.claimed_at),
      expiresAt: date(row.claim_expires_at),
    };
  }

  asHolder<T>(vendorId: string, poolId: string, userId: string, work: () => Promise<T>): Promise<T> {
    return inTransaction(this.db, async () => {
      await sqlRows(
        this.db,
        `INSERT INTO license_holders (vendor_id, pool_id, user_id, created_at) VALUES ($1, $2, $3, now())
         ON CONFLICT (vendor_id, pool_id, user_id) DO NOTHING`,
        [vendorId, poolId, userId],
      );
      await sqlRows(
        this.db,
        `SELECT 1 FROM license_holders WHERE vendor_id = $1 AND pool_id = $2 AND user_id = $3 FOR UPDATE`,
        [vendorId, poolId, userId],
      );
      return work();
    });
  }

  async takeFree(vendorId: string, poolId: string, now: Date): Promise<FreeLicenseKey | null> {
    const [row] = await sqlRows<{ key: string; expires_at: Date | string | null }>(
      this.db,
      `SELECT key, expires_at FROM license_keys
        WHERE vendor_id = $1 AND pool_id = $2 AND claimed_by IS NULL AND (expires_at IS NULL OR expires_at > $3)
        ORDER BY load_seq LIMIT 1
        FOR UPDATE SKIP LOCKED`,
      [vendorId, poolId, now],
    );
    return row ? { key: row.key, expiresAt: date(row.expires_at) } : null;
  }

  async assign(claim: ClaimedLicenseKey): Promise<void> {
    const rows = await sqlRows(
      this.db,
      `UPDATE license_keys SET claimed_by = $4, claimed_at = $5, claim_expires_at = $6
        WHERE vendor_id = $1 AND pool_id = $2 AND key = $3 AND claimed_by IS NULL RETURNING key`,
      [claim.vendorId, claim.poolId, claim.key, claim.userId, claim.claimedAt, claim.expiresAt],
    );
    if (rows.length !== 1) throw new Error(`license key ${claim.key} was not free when assigned`);
  }
}
