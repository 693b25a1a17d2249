import { BillInvoicing, Bill, Contract, InvoicingUnavailable } from '@kiosk/domain/contracts';
import { InvoiceBill } from '@kiosk/domain/billing';
import { DataSource } from 'typeorm';
import { holdWritesUntilLastStatement } from '../platform/database/sql';
import { afterCommit, inTransaction } from '../platform/database/transaction';
import { DraftedInvoices } from './invoice-drafts';

/**
 * The embedded invoicing provider: it invoices every market (the EU through
 * OSS at the member state's rate, outside the EU outside the scope of EU
 * VAT; docs/invoices.md), in the contract's currency. Called inside the
 * contract's locked step, it joins that transaction: the bill row and its
 * invoice's draft are kept exactly when the contract move is. The invoice is
 * numbered and issued (its document and e-mail written) once that step is
 * committed, before the step's caller is answered (decision 37).
 */
export class EmbeddedInvoicing implements BillInvoicing {
  constructor(
    private readonly db: DataSource,
    private readonly invoiceBill: InvoiceBill,
    private readonly drafted: DraftedInvoices,
  ) {}

  async send(bill: Bill, contract: Contract): Promise<void> {
    const snapshot = contract.toSnapshot();
    await inTransaction(this.db, async () => {
      // The bill and its draft go with the contract step's last statement: fewer round trips.
      holdWritesUntilLastStatement(this.db);
      const { draft } = await this.invoiceBill.draft({ bill, contract: snapshot });
      if (draft) await afterCommit(async () => void (await this.drafted.issue({ vendorId: draft.vendorId, billId: draft.billId, draft })));
    });
  }
}

/** A provider that cannot be reached (INVOICING_PROVIDER=unreachable): every send fails, so the move is undone. */
export class UnreachableInvoicing implements BillInvoicing {
  async send(): Promise<void> {
    throw new InvoicingUnavailable('INVOICING_PROVIDER is set to unreachable');
  }
}
