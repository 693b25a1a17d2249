import { ConflictError, InvalidError, NotFoundError } from '../shared';
import { Transaction } from './transaction';

// Refunds of a payment (issue 27): what is left to refund, and the refund
// transaction that records money paid back.

export class TransactionNotFound extends NotFoundError {
  constructor(transactionId: string) {
    super('TRANSACTION.NOT_FOUND', `no transaction ${transactionId}`, { transactionId });
  }
}

export class TransactionNotRefundable extends ConflictError {
  constructor(transactionId: string) {
    super('TRANSACTION.NOT_REFUNDABLE', `transaction ${transactionId} is itself a refund; refund the payment instead`, { transactionId });
  }
}

export class RefundExceedsRemaining extends ConflictError {
  constructor(transactionId: string, requestedMinor: number, remainingMinor: number, currency: string) {
    super(
      'TRANSACTION.REFUND_EXCEEDS_REMAINING',
      `transaction ${transactionId} has ${remainingMinor} minor units of ${currency} left to refund; ${requestedMinor} asked`,
      { transactionId, requested: requestedMinor / 100, remaining: remainingMinor / 100, currency },
    );
  }
}

/** The payment provider would not pay the money back (already refunded there, disputed, too old): nothing was refunded. */
export class RefundRefused extends InvalidError {
  constructor(provider: string, reason: string) {
    super('TRANSACTION.REFUND_REFUSED', `${provider} refused the refund: ${reason}`, { provider, reason });
  }
}

export class BadRefundAmount extends InvalidError {
  constructor(why: string) {
    super('TRANSACTION.BAD_REFUND_AMOUNT', `amount ${why}`, { why });
  }
}

/**
 * What is left to refund of a payment, in minor units: its amount less the
 * refunds recorded on the same bill (a bill is paid by one payment). Never
 * below zero.
 */
export function remainingRefundable(payment: Pick<Transaction, 'amount' | 'isRefund'>, others: readonly Pick<Transaction, 'amount' | 'isRefund'>[]): number {
  if (payment.isRefund) return 0;
  const refunded = others.filter((t) => t.isRefund).reduce((sum, t) => sum + Math.abs(t.amount.minor), 0);
  return Math.max(payment.amount.minor - refunded, 0);
}

/**
 * The amount to refund, in minor units: the whole remainder when none is
 * asked; otherwise the amount asked, which must be a positive whole number of
 * minor units no larger than what remains.
 */
export function refundAmount(
  payment: Pick<Transaction, 'id' | 'amount' | 'isRefund'>,
  others: readonly Pick<Transaction, 'amount' | 'isRefund'>[],
  requestedMinor?: number,
): number {
  if (payment.isRefund) throw new TransactionNotRefundable(payment.id);
  const remaining = remainingRefundable(payment, others);
  const amount = requestedMinor ?? remaining;
  if (!Number.isSafeInteger(amount) || amount < 0) throw new BadRefundAmount('must be a positive amount with at most two decimals');
  if (amount === 0 && requestedMinor !== undefined) throw new BadRefundAmount('must be more than zero');
  if (amount === 0 || amount > remaining) throw new RefundExceedsRemaining(payment.id, amount, remaining, payment.amount.currency);
  return amount;
}

/** The refund transaction: money paid back on the payment's bill (a positive amount with `isRefund`). */
export function refundTransaction(id: string, payment: Transaction, amountMinor: number, now: Date): Transaction {
  return {
    id,
    vendorId: payment.vendorId,
    amount: { minor: amountMinor, currency: payment.amount.currency },
    contractId: payment.contractId,
    isRefund: true,
    userId: payment.userId,
    billId: payment.billId,
    createdAt: now,
    updatedAt: now,
  };
}

/** Pays money back through the provider that took the payment; throws when it cannot (nothing is recorded then). */
export interface PaymentRefunds {
  refund(request: {
    vendorId: string;
    provider: string;
    billId: string;
    transactionId: string;
    /** The provider's reference of the payment (the bill keeps it); null when unknown. */
    paymentReference: string | null;
    amount: { minor: number; currency: string };
    /** Keys the refund at the provider: a retry of the same request is the same refund there. */
    idempotencyKey: string;
  }): Promise<void>;
}

/** The contracts module ends a refunded purchase's contract at once (its entitlement goes with it). */
export interface RefundedContracts {
  end(command: { vendorId: string; contractId: string }): Promise<void>;
}
