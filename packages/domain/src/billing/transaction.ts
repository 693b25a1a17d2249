import { DomainEvent, EventsAbout, Money } from '../shared';
import { BillRecord } from './bill-record';

/** Money that moved for a bill (interface 2.6a Transaction). */
export interface Transaction {
  readonly id: string;
  readonly vendorId: string;
  readonly amount: Money;
  readonly contractId: string;
  readonly isRefund: boolean;
  /** The contract user the bill is for (the payer, when another, is on the bill). */
  readonly userId: string;
  readonly billId: string;
  /** When the money moved: the payment date reported. */
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The transaction that records payment of a whole bill. */
export function paymentTransaction(id: string, bill: BillRecord, paidAt: Date, now: Date): Transaction {
  return {
    id,
    vendorId: bill.vendorId,
    amount: bill.price,
    contractId: bill.contractId,
    isRefund: false,
    userId: bill.userId,
    billId: bill.id,
    createdAt: paidAt,
    updatedAt: now,
  };
}

/** `transaction.created`, written to the outbox with the transaction (aggregate: the transaction). */
export function transactionCreated(t: Transaction): DomainEvent[] {
  return new EventsAbout({ vendorId: t.vendorId, aggregateId: t.id })
    .record('transaction.created', t.updatedAt, {
      billId: t.billId,
      contractId: t.contractId,
      userId: t.userId,
      amount: t.amount.minor,
      currency: t.amount.currency,
      isRefund: t.isRefund,
    })
    .pullEvents();
}
