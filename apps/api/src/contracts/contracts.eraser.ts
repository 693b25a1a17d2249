import { DataSource } from 'typeorm';
import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { scrubColumn } from '../platform/database/erasure-sql';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

/** contracts: kept (the law), but the snapshot's parties lose their e-mail; the invoice address of the person goes too. */
export class ContractsEraser implements PersonalDataEraser {
  readonly module = 'contracts';
  constructor(private readonly db: DataSource) {}

  async erase(s: ErasureSubject): Promise<void> {
    const m = managerOf(this.db);
    // Where the erased person is the one billed, the invoice e-mail is theirs.
    await sqlRows(
      m,
      `UPDATE contracts SET snapshot = jsonb_set(snapshot, '{invoice,email}', 'null'::jsonb)
        WHERE vendor_id = $1 AND snapshot->'invoice' IS NOT NULL
          AND ((user_id = $2 AND jsonb_typeof(snapshot->'payer') IS DISTINCT FROM 'object') OR snapshot->'payer'->>'id' = $2)`,
      [s.vendorId, s.userId],
    );
    await scrubColumn(m, { table: 'contracts', keys: ['vendor_id', 'id'], column: 'snapshot', kind: 'json' }, s);
  }
}
