import { ConflictError, Money } from '../shared';
import { addDays } from './period';

// Bills as far as a contract needs them. The billing module owns the full
// record (receipts, providers, transactions); it learns of a new bill from
// the `bill.issued` event and reports payment back (RecordBillPayment).

export const BILL_STATUSES = ['DRAFT', 'OPEN', 'PAID', 'VOID', 'EXPIRED', 'REFUNDED'] as const;
export type BillStatus = (typeof BILL_STATUSES)[number];

export const BILL_TRANSITIONS = {
  DRAFT: ['OPEN', 'VOID', 'EXPIRED'],
  OPEN: ['PAID', 'VOID', 'EXPIRED'],
  PAID: ['REFUNDED'],
  VOID: [],
  EXPIRED: [],
  REFUNDED: [],
} as const satisfies Record<BillStatus, readonly BillStatus[]>;

/** Invoices are payable within this many days of issue (the interface does not say; a common invoice term). */
export const INVOICE_PAYMENT_TERM_DAYS = 14;

export interface BillItem {
  readonly sku: string;
  readonly title: string;
  readonly purchaseOptionId: string;
}

export interface Bill {
  readonly id: string;
  readonly vendorId: string;
  readonly contractId: string;
  readonly items: readonly BillItem[];
  readonly price: Money;
  readonly status: BillStatus;
  /** The service period the bill pays for; the end is null for a one-time purchase. */
  readonly periodStart: Date;
  readonly periodEnd: Date | null;
  readonly dueAt: Date;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export class IllegalBillTransition extends ConflictError {
  constructor(billId: string, from: BillStatus, to: BillStatus) {
    super('BILL.ILLEGAL_TRANSITION', `bill ${billId} is ${from} and cannot become ${to}`, { billId, from, to });
  }
}

export function moveBill(bill: Bill, to: BillStatus, now: Date): Bill {
  if (!(BILL_TRANSITIONS[bill.status] as readonly BillStatus[]).includes(to)) {
    throw new IllegalBillTransition(bill.id, bill.status, to);
  }
  return { ...bill, status: to, updatedAt: now };
}

/**
 * A bill as the contract issues it: OPEN and due after the payment term
 * counted from when the service starts, or PAID at once when there is
 * nothing to pay (a 100 % discount), so it can never make the contract OVERDUE.
 */
export function issueBill(input: Omit<Bill, 'status' | 'dueAt' | 'createdAt' | 'updatedAt'>, now: Date): Bill {
  const payableFrom = input.periodStart > now ? input.periodStart : now;
  return {
    ...input,
    status: input.price.minor === 0 ? 'PAID' : 'OPEN',
    dueAt: addDays(payableFrom, INVOICE_PAYMENT_TERM_DAYS),
    createdAt: now,
    updatedAt: now,
  };
}

export function isPastDue(bill: Bill, now: Date): boolean {
  return bill.status === 'OPEN' && bill.dueAt <= now;
}

/** GET /bills leaves out drafts and expired bills. */
export function isShownToUser(bill: Bill): boolean {
  return bill.status !== 'DRAFT' && bill.status !== 'EXPIRED';
}

/** How a bill appears in the `bill.issued` event (dates as ISO strings, money in minor units). */
export function billEventPayload(bill: Bill): Record<string, unknown> {
  return {
    id: bill.id,
    contractId: bill.contractId,
    items: bill.items,
    priceMinor: bill.price.minor,
    currency: bill.price.currency,
    status: bill.status,
    periodStart: bill.periodStart.toISOString(),
    periodEnd: bill.periodEnd?.toISOString() ?? null,
    dueAt: bill.dueAt.toISOString(),
  };
}
