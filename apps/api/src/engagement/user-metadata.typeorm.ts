import { LimitedWrite, UserMetadataRepository } from '@kiosk/domain/engagement';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { lockReader } from './profile.typeorm';
import { UserMetadataRow } from './user-metadata.rows';

export class TypeOrmUserMetadataRepository implements UserMetadataRepository {
  constructor(private readonly db: DataSource) {}

  async list(vendorId: string, userId: string): Promise<Record<string, string>> {
    const rows = await managerOf(this.db).getRepository(UserMetadataRow).find({ where: { vendorId, userId }, order: { key: 'ASC' } });
    return Object.fromEntries(rows.map((r) => [r.key, r.value]));
  }

  apply(vendorId: string, userId: string, changes: Record<string, string | null>, maxKeys: number, now: Date): Promise<LimitedWrite> {
    return inTransaction(this.db, async (manager) => {
      await lockReader(manager, vendorId, userId, now);
      const removed = Object.keys(changes).filter((k) => changes[k] === null);
      const set = Object.entries(changes).filter((e): e is [string, string] => e[1] !== null);
      if (removed.length > 0) {
        await sqlRows(manager, `DELETE FROM engagement_user_metadata WHERE vendor_id = $1 AND user_id = $2 AND key = ANY($3)`, [
          vendorId,
          userId,
          removed,
        ]);
      }
      if (set.length === 0) return 'ok';
      const [{ count }] = await sqlRows<{ count: number }>(
        manager,
        `SELECT count(*)::int AS count FROM engagement_user_metadata
          WHERE vendor_id = $1 AND user_id = $2 AND NOT (key = ANY($3))`,
        [vendorId, userId, set.map(([k]) => k)],
      );
      if (count + set.length > maxKeys) throw new TooMany();
      await manager
        .createQueryBuilder()
        .insert()
        .into(UserMetadataRow)
        .values(set.map(([key, value]) => ({ vendorId, userId, key, value, updatedAt: now })))
        .orUpdate(['value', 'updated_at'], ['vendor_id', 'user_id', 'key'])
        .execute();
      return 'ok' as const;
    }).catch((error: unknown) => {
      // Thrown inside so that removals made in the same call are rolled back too.
      if (error instanceof TooMany) return 'too_many' as const;
      throw error;
    });
  }

  async remove(vendorId: string, userId: string, key: string): Promise<boolean> {
    const result = await managerOf(this.db).getRepository(UserMetadataRow).delete({ vendorId, userId, key });
    return (result.affected ?? 0) > 0;
  }
}

class TooMany extends Error {}
