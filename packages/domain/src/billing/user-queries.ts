import { isShownToUser } from '../contracts/bill';
import { toMajor } from '../shared';
import { BillRecord } from './bill-record';
import { BillNotFound } from './errors';
import { BillRepository } from './ports';
import { Transaction } from './transaction';

// What a signed-in reader sees of their bills and transactions (interface 4.3).

/** Bills and transactions of one reader: the contract user, or the payer billed for someone else. */
export interface ReaderBillingReads {
  /** Bills where the reader is the user or the payer, newest first. */
  billsOf(vendorId: string, userId: string): Promise<BillRecord[]>;
  /** Transactions of bills where the reader is the user or the payer, newest first. */
  transactionsOf(vendorId: string, userId: string): Promise<Transaction[]>;
}

const isReaders = (bill: BillRecord, userId: string) => bill.userId === userId || bill.payerId === userId;

/** GET /bills: newest first, drafts and expired bills left out (DESIGN section 6). */
export class ListReaderBills {
  constructor(private readonly reads: Pick<ReaderBillingReads, 'billsOf'>) {}

  async execute(command: { vendorId: string; userId: string }): Promise<BillRecord[]> {
    return (await this.reads.billsOf(command.vendorId, command.userId)).filter(isShownToUser);
  }
}

/** GET /bills/{id}: another reader's bill, a draft or an expired one is not there. */
export class GetReaderBill {
  constructor(private readonly bills: Pick<BillRepository, 'find'>) {}

  async execute(command: { vendorId: string; userId: string; billId: string }): Promise<BillRecord> {
    const bill = await this.bills.find(command.vendorId, command.billId);
    if (!bill || !isReaders(bill, command.userId) || !isShownToUser(bill)) throw new BillNotFound(command.billId);
    return bill;
  }
}

/**
 * The `q` of GET /transactions. Empty matches everything. Otherwise a
 * transaction matches when `q` is part of its id, bill id or contract id
 * (case does not matter), or when `q` is an amount in major units
 * (`1200`, `1200.5`, `1200,50`) equal to the transaction's amount.
 */
export function transactionMatches(transaction: Transaction, q: string): boolean {
  const query = q.trim().toLowerCase();
  if (query === '') return true;
  if ([transaction.id, transaction.billId, transaction.contractId].some((field) => field.toLowerCase().includes(query))) {
    return true;
  }
  const amount = query.replace(',', '.');
  return /^-?\d{1,15}(\.\d{1,2})?$/.test(amount) && Number(amount) === toMajor(transaction.amount);
}

export class SearchReaderTransactions {
  constructor(private readonly reads: Pick<ReaderBillingReads, 'transactionsOf'>) {}

  async execute(command: { vendorId: string; userId: string; q?: string }): Promise<Transaction[]> {
    return (await this.reads.transactionsOf(command.vendorId, command.userId)).filter((t) =>
      transactionMatches(t, command.q ?? ''),
    );
  }
}
