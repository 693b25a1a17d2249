import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { DataSource } from 'typeorm';
import { scrubColumn } from '../platform/database/erasure-sql';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

/**
 * checkout: the reader's own checkouts go (the contracts they made stay,
 * detached by the contracts module); checkouts of others that name them
 * (a gift's recipient, a payer's e-mail) lose the e-mail and names.
 */
export class CheckoutEraser implements PersonalDataEraser {
  readonly module = 'checkout';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    await sqlRows(m, `DELETE FROM checkouts WHERE vendor_id = $1 AND owner_kind = 'user' AND owner_id = $2`, [s.vendorId, s.userId]);
    await scrubColumn(m, { table: 'checkouts', keys: ['vendor_id', 'id'], column: 'snapshot', kind: 'json' }, s);
  }
}
