import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

/**
 * When the profiles of many readers last changed, in one statement: the
 * management user list shows `updatedAt` as the profile does (the later of
 * the profile's change and the user's creation).
 */
export class ProfileTimes {
  constructor(private readonly db: DataSource) {}

  async updatedAt(vendorId: string, userIds: readonly string[]): Promise<Map<string, Date>> {
    if (userIds.length === 0) return new Map();
    const rows = await sqlRows<{ user_id: string; updated_at: Date }>(
      managerOf(this.db),
      `SELECT user_id, updated_at FROM engagement_profiles WHERE vendor_id = $1 AND user_id = ANY($2::text[])`,
      [vendorId, [...userIds]],
    );
    return new Map(rows.map((r) => [r.user_id, new Date(r.updated_at)]));
  }
}
