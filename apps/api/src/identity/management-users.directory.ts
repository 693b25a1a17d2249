import { StaffCheck, User, UserDirectory, UserListQuery } from '@kiosk/domain/identity';
import { DataSource } from 'typeorm';
import { isUniqueViolation } from '../platform/database/errors';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';
import { toUser, USER_COLUMNS as COLUMNS, UserRecord } from './user-records';

/** `search` as a LIKE pattern matching it anywhere: its own `%`, `_` and `\` are literal. */
const containing = (search: string) => `%${search.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The vendor's live users for the management interface: erased users (tombstones) are left out. */
export class SqlUserDirectory implements UserDirectory {
  constructor(private readonly db: DataSource) {}

  async list(vendorId: string, query: UserListQuery): Promise<User[]> {
    const search = query.search === undefined ? null : containing(query.search);
    // Staff of the vendor: its own users with a membership of its team.
    const rows = await sqlRows<UserRecord>(
      managerOf(this.db),
      `SELECT ${COLUMNS} FROM users u
        WHERE vendor_id = $1 AND erased_at IS NULL
          AND ($2::text IS NULL
               OR lower(email) LIKE $2
               OR lower(concat_ws(' ', first_name, last_name)) LIKE $2)
          AND ($5::text[] IS NULL OR id = ANY($5::text[]))
          AND ($6::boolean IS NULL OR $6 = EXISTS (
                SELECT 1 FROM staff_memberships m WHERE m.vendor_id = $1 AND m.user_vendor_id = $1 AND m.user_id = u.id))
        ORDER BY created_at DESC, id DESC
        LIMIT $3 OFFSET $4`,
      [vendorId, search, query.page.limit, query.page.offset, query.ids ? [...query.ids] : null, query.staff ?? null],
    );
    return rows.map(toUser);
  }

  async find(vendorId: string, userId: string): Promise<User | null> {
    const rows = await sqlRows<UserRecord>(
      managerOf(this.db),
      `SELECT ${COLUMNS} FROM users WHERE vendor_id = $1 AND id = $2 AND erased_at IS NULL`,
      [vendorId, userId],
    );
    return rows.length === 1 ? toUser(rows[0]) : null;
  }

  async changeEmail(vendorId: string, userId: string, email: string): Promise<'changed' | 'taken'> {
    try {
      await sqlRows(managerOf(this.db), `UPDATE users SET email = $3 WHERE vendor_id = $1 AND id = $2 AND erased_at IS NULL`, [
        vendorId,
        userId,
        email,
      ]);
      return 'changed';
    } catch (error) {
      if (isUniqueViolation(error)) return 'taken';
      throw error;
    }
  }
}

/** A user of the vendor who is on the vendor's own team (`staff_memberships`). */
export class SqlStaffCheck implements StaffCheck {
  constructor(private readonly db: DataSource) {}

  async isStaff(vendorId: string, userId: string): Promise<boolean> {
    const rows = await sqlRows(
      managerOf(this.db),
      `SELECT 1 FROM staff_memberships WHERE vendor_id = $1 AND user_vendor_id = $1 AND user_id = $2`,
      [vendorId, userId],
    );
    return rows.length > 0;
  }
}
