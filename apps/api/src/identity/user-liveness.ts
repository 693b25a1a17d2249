import { Clock } from '@kiosk/domain';
import { Principal } from '@kiosk/domain/identity';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

/**
 * Whether a reader's tokens still stand: the user exists and is not erased.
 * Answers are cached per process for a few seconds (the bearer check runs on
 * every request); an erasure in this process drops its entry at once, other
 * processes see it within `ttlMs`.
 */
export class UserLiveness {
  private readonly live = new Map<string, number>();

  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
    private readonly ttlMs = 5_000,
    private readonly maxEntries = 10_000,
  ) {}

  async admits(principal: Principal): Promise<boolean> {
    if (principal.kind !== 'user') return true;
    const key = `${principal.vendorId}\u0000${principal.userId}`;
    const now = this.clock.now().getTime();
    const until = this.live.get(key);
    if (until !== undefined && until > now) return true;
    const rows = await sqlRows<{ erased: boolean }>(
      managerOf(this.db),
      `SELECT erased_at IS NOT NULL AS erased FROM users WHERE vendor_id = $1 AND id = $2`,
      [principal.vendorId, principal.userId],
    );
    const admitted = rows.length === 1 && !rows[0].erased;
    if (admitted) {
      if (this.live.size >= this.maxEntries) this.live.clear();
      this.live.set(key, now + this.ttlMs);
    } else {
      this.live.delete(key);
    }
    return admitted;
  }

  forget(vendorId: string, userId: string): void {
    this.live.delete(`${vendorId}\u0000${userId}`);
  }
}
