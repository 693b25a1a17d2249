import { GetBill, InvoiceBill, ListReaderBills, RecordPayment, SearchReaderTransactions, VoidBillsOfCanceledContract } from '../../billing';
import { Bill, BillInvoicing, Contract, RecordBillPayment } from '../../contracts';
import { InMemoryBillingReads } from '../in-memory-billing-reads';
import { InMemoryBillRepository, InMemoryInvoiceDocumentRepository, InMemoryInvoiceDraftRepository, InMemoryTransactionRepository, RecordingMailer } from '../in-memory-billing';
import { KioskCore } from './core';

/**
 * The embedded invoicing provider as the service wires it: every bill a
 * contract issues is recorded by billing (an invoice and its e-mail for an
 * open one) inside the contract's step, so a failure undoes the move. It
 * also keeps the bills it was sent, for a test to read.
 */
export class InvoicingThroughBilling implements BillInvoicing {
  readonly sent: Bill[] = [];
  constructor(private readonly invoiceBill: InvoiceBill) {}
  async send(bill: Bill, contract: Contract): Promise<void> {
    await this.invoiceBill.execute({ bill, contract: contract.toSnapshot() });
    this.sent.push(bill);
  }
}

export function wireBilling(core: KioskCore) {
  const { clock, ids, users, contracts, outbox } = core;
  const bills = new InMemoryBillRepository();
  const transactions = new InMemoryTransactionRepository();
  const invoices = new InMemoryInvoiceDocumentRepository();
  const mailer = new RecordingMailer();
  const reads = new InMemoryBillingReads(bills, transactions);
  const invoiceBill = new InvoiceBill(bills, invoices, new InMemoryInvoiceDraftRepository(), mailer, users, ids, clock);
  // Billing tells contracts of a payment through the contracts use case (an OVERDUE contract returns to ACTIVE).
  const recordBillPayment = new RecordBillPayment(contracts, clock);
  const contractPayments = { billPaid: async (command: { vendorId: string; contractId: string; billId: string }) => void (await recordBillPayment.execute(command)) };
  return {
    repositories: { bills, transactions, invoices },
    mailer,
    invoicing: new InvoicingThroughBilling(invoiceBill),
    useCases: {
      pay: new RecordPayment(bills, transactions, contractPayments, ids, clock, outbox),
      get: new GetBill(bills),
      listReaderBills: new ListReaderBills(reads),
      searchReaderTransactions: new SearchReaderTransactions(reads),
      voidBillsOfCanceledContract: new VoidBillsOfCanceledContract(bills, clock),
    },
  };
}
