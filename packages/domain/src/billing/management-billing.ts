import { BillStatus } from '../contracts';
import { BillRecord } from './bill-record';
import { BillNotFound } from './errors';
import { BillRepository } from './ports';
import { Transaction } from './transaction';

// The vendor's bills and transactions through the management interface
// (management-interface.md 3.5, 3.6), a page at a time.

/** Page sizes of the lists: `limit` 1 to 500, default 50; `offset` from 0. */
export const BILLING_LIST_LIMITS = { default: 50, max: 500 } as const;

export interface BillingPage {
  readonly limit: number;
  readonly offset: number;
}

const pageOf = (limit?: number, offset?: number): BillingPage => ({
  limit: Math.min(Math.max(limit ?? BILLING_LIST_LIMITS.default, 1), BILLING_LIST_LIMITS.max),
  offset: Math.max(offset ?? 0, 0),
});

/** Transaction kinds of the `type` filter: a payment or a refund (`isRefund`). */
export const TRANSACTION_TYPES = ['payment', 'refund'] as const;
export type TransactionType = (typeof TRANSACTION_TYPES)[number];

/** Every bill and transaction of the vendor, newest first; `userId` matches the contract user or the payer. */
export interface VendorBillingReads {
  bills(vendorId: string, filter: { userId?: string; status?: BillStatus }, page: BillingPage): Promise<BillRecord[]>;
  transactions(vendorId: string, filter: { userId?: string; isRefund?: boolean }, page: BillingPage): Promise<Transaction[]>;
}

/** GET /management/bills: every status (drafts and expired ones too: this is the vendor's ledger). */
export class ListVendorBills {
  constructor(private readonly reads: Pick<VendorBillingReads, 'bills'>) {}

  execute(command: { vendorId: string; userId?: string; status?: BillStatus; limit?: number; offset?: number }): Promise<BillRecord[]> {
    return this.reads.bills(command.vendorId, { userId: command.userId, status: command.status }, pageOf(command.limit, command.offset));
  }
}

/** GET /management/bills/{id}: another vendor's bill is a 404. */
export class GetVendorBill {
  constructor(private readonly bills: Pick<BillRepository, 'find'>) {}

  async execute(command: { vendorId: string; billId: string }): Promise<BillRecord> {
    const bill = await this.bills.find(command.vendorId, command.billId);
    if (!bill) throw new BillNotFound(command.billId);
    return bill;
  }
}

/** GET /management/transactions: `type` `payment` or `refund` tells them apart by `isRefund`. */
export class ListVendorTransactions {
  constructor(private readonly reads: Pick<VendorBillingReads, 'transactions'>) {}

  execute(command: { vendorId: string; userId?: string; type?: TransactionType; limit?: number; offset?: number }): Promise<Transaction[]> {
    const isRefund = command.type === undefined ? undefined : command.type === 'refund';
    return this.reads.transactions(command.vendorId, { userId: command.userId, isRefund }, pageOf(command.limit, command.offset));
  }
}
