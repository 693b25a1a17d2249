import { LimitedWrite, TagRepository } from '@kiosk/domain/engagement';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { lockReader } from './profile.typeorm';
import { TagRow } from './tags.rows';

export class TypeOrmTagRepository implements TagRepository {
  constructor(private readonly db: DataSource) {}

  async list(vendorId: string, userId: string): Promise<string[]> {
    const rows = await managerOf(this.db).getRepository(TagRow).find({ where: { vendorId, userId }, order: { seq: 'ASC' } });
    return rows.map((r) => r.tag);
  }

  add(vendorId: string, userId: string, tag: string, maxTags: number, now: Date): Promise<LimitedWrite> {
    return inTransaction(this.db, async (manager) => {
      await lockReader(manager, vendorId, userId, now);
      const [{ count, present }] = await sqlRows<{ count: number; present: boolean }>(
        manager,
        `SELECT count(*)::int AS count, bool_or(tag = $3) AS present FROM engagement_tags WHERE vendor_id = $1 AND user_id = $2`,
        [vendorId, userId, tag],
      );
      if (present) return 'ok';
      if (count >= maxTags) return 'too_many';
      await sqlRows(manager, `INSERT INTO engagement_tags (vendor_id, user_id, tag, created_at) VALUES ($1, $2, $3, $4)`, [
        vendorId,
        userId,
        tag,
        now,
      ]);
      return 'ok';
    });
  }

  async remove(vendorId: string, userId: string, tag: string): Promise<boolean> {
    const result = await managerOf(this.db).getRepository(TagRow).delete({ vendorId, userId, tag });
    return (result.affected ?? 0) > 0;
  }
}
