import { Clock, EventOutbox, IdGenerator } from '../shared';
import { moveBillStatus } from './bill-record';
import { BillRepository, TransactionRepository } from './ports';
import { PaymentRefunds, RefundedContracts, refundAmount, refundTransaction, remainingRefundable, TransactionNotFound } from './refund';
import { Transaction, transactionCreated } from './transaction';
import { IssueCreditNote } from './use-cases';

/**
 * Refunds a payment in full or in part (POST /management/transactions/{id}/refund).
 * Under the bill's row lock (so concurrent refunds of one payment queue and
 * cannot together exceed it): works out what is left, pays it back through
 * the payment provider, records the refund transaction with
 * `transaction.created` in the outbox; the invoice gets a credit note for
 * the amount paid back; when nothing is left, the bill becomes REFUNDED. With `endEntitlement`, the
 * contract ends now (CANCELED, reason REFUNDED: its access goes). Another
 * vendor's transaction is a 404.
 */
export class RefundTransaction {
  constructor(
    private readonly bills: Pick<BillRepository, 'update'>,
    private readonly transactions: Pick<TransactionRepository, 'add' | 'listByBill' | 'find'>,
    private readonly refunds: PaymentRefunds,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly outbox: EventOutbox,
    private readonly creditNotes: Pick<IssueCreditNote, 'execute'> | null = null,
    private readonly contracts: RefundedContracts | null = null,
  ) {}

  /**
   * `idempotencyKey`: the caller's (HTTP `Idempotency-Key`); the provider's
   * refund is keyed by it, so a retry after an answer that was lost (the
   * money went back, the record did not commit) refunds once at the provider.
   * Without one, the refund transaction's id keys it.
   */
  async execute(command: { vendorId: string; transactionId: string; amountMinor?: number; endEntitlement?: boolean; idempotencyKey?: string }): Promise<{ refund: Transaction; remainingMinor: number }> {
    const found = await this.transactions.find(command.vendorId, command.transactionId);
    if (!found) throw new TransactionNotFound(command.transactionId);
    return this.bills.update(command.vendorId, found.billId, async (bill) => {
      const onBill = await this.transactions.listByBill(command.vendorId, found.billId);
      const payment = onBill.find((t) => t.id === found.id) ?? found;
      const others = onBill.filter((t) => t.id !== payment.id);
      const amount = refundAmount(payment, others, command.amountMinor);
      const now = this.clock.now();
      const refund = refundTransaction(this.ids.next(), payment, amount, now);
      await this.refunds.refund({
        vendorId: bill.vendorId,
        provider: bill.paymentProvider,
        billId: bill.id,
        transactionId: payment.id,
        paymentReference: bill.paymentReference ?? null,
        amount: refund.amount,
        idempotencyKey: command.idempotencyKey ? `refund:${payment.id}:${command.idempotencyKey}` : refund.id,
      });
      await this.transactions.add(refund);
      await this.outbox.append(transactionCreated(refund));
      if (command.endEntitlement) await this.contracts?.end({ vendorId: bill.vendorId, contractId: payment.contractId });
      const remainingMinor = remainingRefundable(payment, [...others, refund]);
      if (bill.status !== 'PAID') return { bill, result: { refund, remainingMinor } };
      // Every refund of a paid bill is credited on its invoice, for what was paid back; the last one credits all
      // that is not yet credited, so the credit notes add up to the invoice whatever the rounding of the shares.
      await this.creditNotes?.execute({ vendorId: bill.vendorId, billId: bill.id, grossMinor: remainingMinor > 0 ? amount : undefined });
      if (remainingMinor > 0) return { bill, result: { refund, remainingMinor } };
      return { bill: moveBillStatus(bill, 'REFUNDED', now), result: { refund, remainingMinor } };
    });
  }
}
