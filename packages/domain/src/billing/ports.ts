import { UserRepository } from '../identity/ports';
import { BillRecord } from './bill-record';
import { InvoiceDocument } from './invoice';
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
