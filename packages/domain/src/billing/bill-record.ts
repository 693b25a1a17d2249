import { Bill, BillItem, BillStatus, ContractSnapshot, moveBill } from '../contracts';
import { money, Money } from '../shared';
import { TaxBreakdown } from './tax/bill-tax';
import { BillNotPayable } from './errors';

/**
 * The billing module's full record of a bill (interface 2.5): what the
 * contract issued plus who is billed, how it is paid and the invoice that
 * asks for it. The contract keeps only its open bills; this is the ledger.
 */
export interface BillRecord {
  readonly id: string;
  readonly vendorId: string;
  readonly contractId: string;
  /** The contract user: who gets access. */
  readonly userId: string;
  /** Who is billed when not the user; null when the user pays. */
  readonly payerId: string | null;
  readonly items: readonly BillItem[];
  /** What the buyer pays: the gross (with the tax excluded from the contract's price, VAT is added on top). */
  readonly price: Money;
  /** Net, VAT and gross per line and rate, in minor units of `price.currency`; null on bills recorded before tax was computed. */
  readonly tax: TaxBreakdown | null;
  readonly status: BillStatus;
  readonly dueAt: Date;
  readonly periodStart: Date;
  readonly periodEnd: Date | null;
  readonly paymentProvider: string;
  readonly paymentMethod: string;
  readonly receiptUrl: string | null;
  /** Number of the invoice that asks for the bill; null when nothing is invoiced (a zero amount). */
  readonly invoiceNumber: string | null;
  readonly paidAt: Date | null;
  /**
   * The payment provider's reference of the payment that paid the bill (a
   * stripe PaymentIntent), kept so a refund can reverse it there; null or
   * absent when no provider took it or it was paid before references were kept.
   */
  readonly paymentReference?: string | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

/** The record of a bill the contract just issued. */
export function recordIssuedBill(
  bill: Bill,
  contract: Pick<ContractSnapshot, 'userId' | 'payer' | 'payment'>,
  invoiceNumber: string | null,
  tax: TaxBreakdown | null = null,
): BillRecord {
  return {
    id: bill.id,
    vendorId: bill.vendorId,
    contractId: bill.contractId,
    userId: contract.userId,
    payerId: contract.payer?.id ?? null,
    items: bill.items.map((i) => ({ ...i })),
    price: tax ? money(tax.gross, bill.price.currency) : bill.price,
    tax,
    status: bill.status,
    dueAt: bill.dueAt,
    periodStart: bill.periodStart,
    periodEnd: bill.periodEnd,
    paymentProvider: contract.payment.provider,
    paymentMethod: contract.payment.method,
    receiptUrl: null,
    invoiceNumber,
    // A bill issued PAID (nothing to pay) is settled when it is issued.
    paidAt: bill.status === 'PAID' ? bill.createdAt : null,
    createdAt: bill.createdAt,
    updatedAt: bill.updatedAt,
  };
}

/** OPEN -> PAID. Any other status refuses with BillNotPayable (a conflict). */
export function payBill(record: BillRecord, paidAt: Date, now: Date): BillRecord {
  if (record.status !== 'OPEN') throw new BillNotPayable(record.id, record.status);
  const moved = moveBill(asContractBill(record), 'PAID', now);
  return { ...record, status: moved.status, updatedAt: moved.updatedAt, paidAt };
}

/**
 * OPEN -> VOID when the contract it bills is canceled: nothing is owed for a
 * period that will not be served. A bill in any other status stays as it is.
 */
export function voidOnCancellation(record: BillRecord, now: Date): BillRecord | null {
  if (record.status !== 'OPEN') return null;
  const moved = moveBill(asContractBill(record), 'VOID', now);
  return { ...record, status: moved.status, updatedAt: moved.updatedAt };
}

/** A bill moved along the contract's bill transitions (PAID -> REFUNDED for a payment refunded in full). */
export function moveBillStatus(record: BillRecord, to: BillStatus, now: Date): BillRecord {
  const moved = moveBill(asContractBill(record), to, now);
  return { ...record, status: moved.status, updatedAt: moved.updatedAt };
}

function asContractBill(record: BillRecord): Bill {
  return {
    id: record.id,
    vendorId: record.vendorId,
    contractId: record.contractId,
    items: record.items,
    price: record.price,
    status: record.status,
    periodStart: record.periodStart,
    periodEnd: record.periodEnd,
    dueAt: record.dueAt,
    createdAt: record.createdAt,
    updatedAt: record.updatedAt,
  };
}
