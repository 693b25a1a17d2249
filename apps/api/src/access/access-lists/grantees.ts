import { Grantees } from '@kiosk/domain/access';
import { DataSource } from 'typeorm';
import { sqlRows } from '../../platform/database/sql';
import { managerOf } from '../../platform/database/transaction';

/**
 * Who a grant is for: the vendor's users by (normalised) e-mail, in one
 * statement for any number of e-mails. Like the entitlement read, it looks
 * at the users' e-mail only, read-only (docs/access-lists.md says why).
 */
export class SqlGrantees implements Grantees {
  constructor(private readonly db: DataSource) {}

  async userIdsByEmail(vendorId: string, emails: readonly string[]): Promise<ReadonlyMap<string, string>> {
    if (emails.length === 0) return new Map();
    const rows = await sqlRows<{ id: string; email: string }>(
      managerOf(this.db),
      `SELECT id, email FROM users WHERE vendor_id = $1 AND email = ANY($2::text[])`,
      [vendorId, [...emails]],
    );
    return new Map(rows.map((r) => [r.email, r.id]));
  }
}
