import { DataSource } from 'typeorm';
import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { scrubColumn } from '../platform/database/erasure-sql';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

/** billing: bills and transactions keep the opaque user id; invoices lose e-mail and names; mails to the person go. */
export class BillingEraser implements PersonalDataEraser {
  readonly module = 'billing';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    await sqlRows(
      m,
      `UPDATE invoice_documents SET email = $3
        WHERE vendor_id = $1 AND (lower(email) = lower($2) OR billed_user_id = $4)`,
      [s.vendorId, s.email, s.tombstoneEmail, s.userId],
    );
    await scrubColumn(m, { table: 'invoice_documents', keys: ['vendor_id', 'id'], column: 'document', kind: 'json' }, s);
    await sqlRows(m, `DELETE FROM mail_messages WHERE vendor_id = $1 AND lower(to_address) = lower($2)`, [s.vendorId, s.email]);
    await scrubColumn(m, { table: 'mail_messages', keys: ['vendor_id', 'id'], column: 'body', kind: 'text' }, s);
    await scrubColumn(m, { table: 'mail_messages', keys: ['vendor_id', 'id'], column: 'subject', kind: 'text' }, s);
  }
}
