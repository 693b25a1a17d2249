import { DataSource } from 'typeorm';
import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

/** access: the person's entitlements go (their contracts stay, detached). */
export class AccessEraser implements PersonalDataEraser {
  readonly module = 'access';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    await sqlRows(managerOf(this.db), `DELETE FROM entitlements WHERE vendor_id = $1 AND user_id = $2`, [s.vendorId, s.userId]);
  }
}
