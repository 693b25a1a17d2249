import { AccountsByEmail } from '@kiosk/domain/catalog';
import { DataSource } from 'typeorm';
import { READER_LIST_LIMIT } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';
import { UserRow } from './identity.rows';

/** Users by e-mail across vendors (read-only over the users; the catalog's `AccountsByEmail` port). */
export class TypeOrmAccountsByEmail implements AccountsByEmail {
  constructor(private readonly db: DataSource) {}

  async emailOf(vendorId: string, userId: string): Promise<string | null> {
    const row = await managerOf(this.db).getRepository(UserRow).findOneBy({ vendorId, id: userId });
    return row?.email ?? null;
  }

  async vendorIdsWithEmail(email: string): Promise<string[]> {
    const rows = await managerOf(this.db)
      .getRepository(UserRow)
      .find({ where: { email }, select: { vendorId: true }, order: { vendorId: 'ASC' }, take: READER_LIST_LIMIT });
    return [...new Set(rows.map((r) => r.vendorId))];
  }
}
