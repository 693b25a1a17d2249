import { ContractRepository, RequestCancel } from '@kiosk/domain/contracts';
import { DataSource } from 'typeorm';
import { ErasureSubject, PersonalDataEraser } from '@kiosk/domain';
import { scrubColumn } from '../platform/database/erasure-sql';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

/** Why a contract ends when its reader's account is erased. */
export const ACCOUNT_ERASED = 'ACCOUNT_ERASED';

/** contracts: kept (the law), but the snapshot's parties lose their e-mail; the invoice address of the person goes too. */
export class ContractsEraser implements PersonalDataEraser {
  readonly module = 'contracts';
  constructor(
    private readonly db: DataSource,
    private readonly contracts: Pick<ContractRepository, 'listByUser'>,
    private readonly requestCancel: RequestCancel,
  ) {}

  async erase(s: ErasureSubject): Promise<void> {
    // Nobody is left to serve or bill: the person's contracts stop renewing
    // (PENDING and one-time ones end at once, recurring ones at the end of
    // the paid period), as if they had asked to cancel.
    for (const contract of await this.contracts.listByUser(s.vendorId, s.userId)) {
      if (contract.status === 'CANCELED' || contract.willCancelAt) continue;
      await this.requestCancel.execute({ vendorId: s.vendorId, contractId: contract.id, reason: ACCOUNT_ERASED });
    }
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
