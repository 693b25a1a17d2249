import { DataSource } from 'typeorm';
import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { scrubColumn, tableExists } from '../platform/database/erasure-sql';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

/**
 * engagement (parts A and B): profile, metadata, tags, fulfillments and
 * delivery requests, the reader's tallies and diagnostics go; license keys
 * they claimed stay used but no longer name them.
 */
export class EngagementEraser implements PersonalDataEraser {
  readonly module = 'engagement';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    const reader = [s.vendorId, s.userId];
    await sqlRows(m, `DELETE FROM engagement_delivery_requests WHERE vendor_id = $1 AND user_id = $2`, reader);
    await sqlRows(m, `DELETE FROM engagement_fulfillments WHERE vendor_id = $1 AND user_id = $2`, reader);
    await sqlRows(m, `DELETE FROM engagement_tags WHERE vendor_id = $1 AND user_id = $2`, reader);
    await sqlRows(m, `DELETE FROM engagement_user_metadata WHERE vendor_id = $1 AND user_id = $2`, reader);
    await sqlRows(m, `DELETE FROM engagement_profiles WHERE vendor_id = $1 AND user_id = $2`, reader);
    if (await tableExists(m, 'tallies')) {
      await sqlRows(m, `DELETE FROM tallies WHERE vendor_id = $1 AND owner_kind = 'user' AND owner_id = $2`, reader);
    }
    if (await tableExists(m, 'diagnostics')) {
      await sqlRows(
        m,
        `DELETE FROM diagnostics WHERE vendor_id = $1
            AND ((sender_kind = 'user' AND sender_id = $2) OR strpos(lower(record::text), lower($3)) > 0)`,
        [...reader, s.email],
      );
      await scrubColumn(m, { table: 'diagnostics', keys: ['vendor_id', 'id'], column: 'record', kind: 'json' }, s);
    }
    if (await tableExists(m, 'license_holders')) {
      await sqlRows(m, `DELETE FROM license_holders WHERE vendor_id = $1 AND user_id = $2`, reader);
    }
    if (await tableExists(m, 'license_keys')) {
      // A handed-out key is used up: it stays claimed, by nobody in particular.
      await sqlRows(m, `UPDATE license_keys SET claimed_by = 'erased-user' WHERE vendor_id = $1 AND claimed_by = $2`, reader);
    }
  }
}
