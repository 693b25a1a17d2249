import { BillInvoicing, Bill, Contract, InvoicingUnavailable } from '@kiosk/domain/contracts';
import { InvoiceBill } from '@kiosk/domain/billing';
import { DataSource } from 'typeorm';
import { inTransaction } from '../platform/database/transaction';

/**
 * The embedded invoicing provider: it invoices every market (the EU through
 * OSS at the member state's rate, outside the EU outside the scope of EU
 * VAT; docs/invoices.md), in the contract's currency. Called inside the contract's locked
 * step, it joins that transaction: the bill row, the invoice document and
 * the queued e-mail are kept exactly when the contract move is.
 */
export class EmbeddedInvoicing implements BillInvoicing {
  constructor(
    private readonly db: DataSource,
    private readonly invoiceBill: InvoiceBill,
  ) {}

  async send(bill: Bill, contract: Contract): Promise<void> {
    const snapshot = contract.toSnapshot();
    await inTransaction(this.db, () => this.invoiceBill.execute({ bill, contract: snapshot }));
  }
}

/** A provider that cannot be reached (INVOICING_PROVIDER=unreachable): every send fails, so the move is undone. */
export class UnreachableInvoicing implements BillInvoicing {
  async send(): Promise<void> {
    throw new InvoicingUnavailable('INVOICING_PROVIDER is set to unreachable');
  }
}
