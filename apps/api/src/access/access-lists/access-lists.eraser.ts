import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { DataSource } from 'typeorm';
import { sqlRows } from '../../platform/database/sql';
import { managerOf } from '../../platform/database/transaction';

/** access (lists): the grants naming the person's e-mail go with the account; the lists stay. */
export class AccessGrantsEraser implements PersonalDataEraser {
  readonly module = 'access';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    await sqlRows(managerOf(this.db), `DELETE FROM access_grants WHERE vendor_id = $1 AND (email = $2 OR user_id = $3)`, [s.vendorId, s.email.toLowerCase(), s.userId]);
  }
}
