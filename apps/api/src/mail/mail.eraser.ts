import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { DataSource } from 'typeorm';
import { scrubColumn } from '../platform/database/erasure-sql';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

/**
 * mail: mails to the person go (their deliveries with them); the HTML part
 * and a delivery's last error of mails to others lose the person's details.
 * (The billing eraser, older, also deletes and scrubs `mail_messages`; both
 * repeat safely.)
 */
export class MailEraser implements PersonalDataEraser {
  readonly module = 'mail';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    await sqlRows(m, `DELETE FROM mail_messages WHERE vendor_id = $1 AND lower(to_address) = lower($2)`, [s.vendorId, s.email]);
    await scrubColumn(m, { table: 'mail_messages', keys: ['vendor_id', 'id'], column: 'html', kind: 'text' }, s);
    await scrubColumn(m, { table: 'mail_deliveries', keys: ['vendor_id', 'mail_id'], column: 'last_error', kind: 'text' }, s);
  }
}
