import { BillInvoicing, Bill, Contract, InvoicingUnavailable, PaymentRefused } from '@kiosk/domain/contracts';
import { InvoiceBill } from '@kiosk/domain/billing';
import { DataSource } from 'typeorm';
import { inTransaction } from '../platform/database/transaction';

/** Countries (markets) the embedded invoicing provider invoices in. */
export const INVOICING_MARKETS = ['SE', 'NO', 'DK', 'FI', 'DE', 'AT', 'NL'];

/**
 * The embedded invoicing provider. Called inside the contract's locked
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
    // Like a real invoicing provider, the embedded one serves some markets only.
    if (!INVOICING_MARKETS.includes(snapshot.payment.country)) {
      throw new PaymentRefused(`the invoicing provider does not serve the market ${snapshot.payment.country}`);
    }
    await inTransaction(this.db, () => this.invoiceBill.execute({ bill, contract: snapshot }));
  }
}

/** A provider that cannot be reached (INVOICING_PROVIDER=unreachable): every send fails, so the move is undone. */
export class UnreachableInvoicing implements BillInvoicing {
  async send(): Promise<void> {
    throw new InvoicingUnavailable('INVOICING_PROVIDER is set to unreachable');
  }
}
