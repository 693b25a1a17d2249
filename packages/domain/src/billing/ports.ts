import { UserRepository } from '../identity/ports';
import { BillRecord } from './bill-record';
import { InvoiceDocument } from './invoice';
import { InvoiceDraft } from './invoice-draft';
import { Transaction } from './transaction';

/** Bills per vendor. Adapters join the caller's transaction. */
export interface BillRepository {
  add(bill: BillRecord): Promise<void>;
  /** null when the vendor has no such bill (another vendor's included). */
  find(vendorId: string, billId: string): Promise<BillRecord | null>;
  /**
   * Loads the bill under a row lock in a transaction (joining the caller's),
   * runs `fn`, and stores the bill it returns; nothing is stored when `fn`
   * throws. Throws BillNotFound when the vendor has no such bill.
   */
  update<T>(vendorId: string, billId: string, fn: (bill: BillRecord) => Promise<{ bill: BillRecord; result: T }>): Promise<T>;
  listByContract(vendorId: string, contractId: string): Promise<BillRecord[]>;
  /** Records the number of the invoice issued for the bill (it is drafted without one). */
  setInvoiceNumber(vendorId: string, billId: string, invoiceNumber: string): Promise<void>;
}

export interface TransactionRepository {
  add(transaction: Transaction): Promise<void>;
  listByBill(vendorId: string, billId: string): Promise<Transaction[]>;
  /** null when the vendor has no such transaction (another vendor's included). */
  find(vendorId: string, transactionId: string): Promise<Transaction | null>;
}

export interface InvoiceDocumentRepository {
  add(invoice: InvoiceDocument): Promise<void>;
  /** The invoice (not a credit note) of a bill. */
  findByBill(vendorId: string, billId: string): Promise<InvoiceDocument | null>;
  /** The invoice and credit notes of a bill, oldest first. */
  listByBill(vendorId: string, billId: string): Promise<InvoiceDocument[]>;
}

/**
 * Invoices drafted in a contract's step and not yet issued (invoice-draft.ts).
 * Adapters join the caller's transaction.
 */
export interface InvoiceDraftRepository {
  add(draft: InvoiceDraft): Promise<void>;
  /** null when the bill has no draft (its invoice is issued). */
  find(vendorId: string, billId: string): Promise<InvoiceDraft | null>;
  /**
   * Draws the vendor's next invoice number (the sequence InvoiceNumbers
   * counts) for the draft, once: a draft numbered before answers its number
   * again. null when the bill has no draft. Run on its own, outside a longer
   * transaction, it holds the vendor's counter only while it runs.
   */
  number(vendorId: string, billId: string): Promise<number | null>;
  /** Removes the draft; false when there was none (another step issued it first). */
  remove(vendorId: string, billId: string): Promise<boolean>;
  /** Drafts made before `before`, oldest first, at most `limit`: invoices a step that stopped half-way left behind. */
  listMadeBefore(before: Date, limit: number): Promise<{ vendorId: string; billId: string }[]>;
}

/** Runs `work` atomically: every repository called in it writes in one transaction (rolled back when it throws). */
export interface InvoiceIssueStep {
  run<T>(work: () => Promise<T>): Promise<T>;
}

/**
 * Invoice numbers per vendor: gapless and increasing (an accountant's rule).
 * Drawing holds the vendor's counter until the caller's transaction ends, so
 * a caller draws as late as it can; a transaction undone gives its number back.
 */
export interface InvoiceNumbers {
  next(vendorId: string): Promise<number>;
}

/** Lays an invoice document out as a PDF (an adapter with a PDF library and an embedded font). */
export interface InvoicePdfRenderer {
  render(invoice: InvoiceDocument): Promise<Uint8Array>;
}

/** Queues an e-mail for delivery: the mail module's port (re-exported here so billing's imports keep working). */
export type { Mailer } from '../mail/ports';

/** Who is billed, looked up by id. */
export type BillingUsers = Pick<UserRepository, 'find'>;

/**
 * The contracts module learns that a bill was paid (RecordBillPayment):
 * an OVERDUE contract with nothing else past due returns to ACTIVE.
 */
export interface ContractPayments {
  billPaid(command: { vendorId: string; contractId: string; billId: string }): Promise<void>;
}
