import { Clock } from '@kiosk/domain';
import { Entitlement, VendorEntitlementFilter, VendorEntitlementReads } from '@kiosk/domain/access';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';
import { ENTITLEMENT_COLUMNS, fromRaw, grantEntitlementsSql, RawRow } from './typeorm-entitlements.repository';

/**
 * The vendor's live entitlements, newest first, a page at a time: the stored
 * ones (from contracts and by hand) and the access-list grants in force for
 * the vendor's users, as the reader's own list shows them
 * (`entitlements_user` serves the user filter).
 */
export class TypeOrmVendorEntitlementReads implements VendorEntitlementReads {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  async list(vendorId: string, filter: VendorEntitlementFilter, page: { limit: number; offset: number }): Promise<Entitlement[]> {
    const rows = await sqlRows<RawRow>(
      managerOf(this.db),
      `SELECT * FROM (
         SELECT ${ENTITLEMENT_COLUMNS} FROM entitlements WHERE vendor_id = $1 AND revoked_at IS NULL
         UNION ALL
         ${grantEntitlementsSql({ vendor: '$1', now: '$2' })}
       ) e
       WHERE ($3::text IS NULL OR e.user_id = $3) AND ($4::text IS NULL OR e.type = $4) AND ($5::text IS NULL OR e.sku = $5)
       ORDER BY e.created_at DESC, e.id DESC
       LIMIT $6 OFFSET $7`,
      [vendorId, this.clock.now(), filter.userId ?? null, filter.type ?? null, filter.sku ?? null, page.limit, page.offset],
    );
    return rows.map(fromRaw);
  }
}
