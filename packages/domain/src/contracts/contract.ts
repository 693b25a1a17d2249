import { money, Money } from '../shared';
import { applyItemChange, BadAmendment, ContractNotAmendable, DiscountAlreadyApplied, ItemChange, prorateRemaining } from './amendment';
import { Bill, billEventPayload, isPastDue, issueBill } from './bill';
import {
  ContractAlreadyCanceled,
  ContractNotConfirmable,
  ContractNotForthcoming,
  ContractNotRenewable,
  ContractNotStarted,
  NothingOverdue,
} from './errors';
import { isLicense } from './item';
import { addCycles } from './period';
import { afterDiscountedBill, billAmount, ContractDiscount, discountAppliesAt } from './pricing';
import { billItemsOf, firstPeriodFrom, fullCycleStart } from './contract-periods';
import { ContractState, copyContractState } from './contract-base';
import { ContractSeats } from './contract-seats';
import { checkContractItems, checkContractTerms, NewContract } from './contract-terms';
import { contentSkuOf, SeatHolder } from './seats';
import { AppliedDiscount, ContractSnapshot } from './snapshot';
import { assertTransition, ContractStatus, isConfirmed } from './status';

/** Reason recorded when a contract is canceled because a bill stayed unpaid past the grace period. */
export const NON_PAYMENT = 'NON_PAYMENT';

/**
 * A contract: a recurring or one-time purchase that grants access, billed
 * by invoice. Status moves follow `CONTRACT_TRANSITIONS`; each intent method
 * refuses an illegal move with its own error and records domain events for
 * the outbox. Intent methods that may be repeated safely answer `false`
 * when they changed nothing.
 */
export class Contract extends ContractSeats {
  private constructor(state: ContractState) {
    super(state);
  }

  /** A new PENDING contract: priced, not billed, no access. The contract user holds the first seat. */
  static create(input: NewContract, now: Date): Contract {
    checkContractItems(input);
    checkContractTerms(input, now);
    const seatHolders: SeatHolder[] = input.items.filter(isLicense).map((item) => ({
      itemSku: item.sku,
      sku: contentSkuOf(item.sku),
      userId: input.userId,
      status: 'PENDING',
      entitlementId: null,
      assignedAt: now,
    }));
    const contract = new Contract({
      ...input,
      status: 'PENDING',
      createdAt: now,
      updatedAt: now,
      confirmedAt: null,
      periodStart: null,
      periodEnd: null,
      cycleAnchor: null,
      cycle: 0,
      openBills: [],
      billsIssued: 0,
      seatHolders,
      willCancelAt: null,
      cancelRequestedAt: null,
      cancelReason: null,
      canceledAt: null,
      overdueSince: null,
    });
    contract.recordEvent('contract.created', now, {
      userId: input.userId,
      items: input.items.map((i) => ({ sku: i.sku, purchaseOptionId: i.purchaseOptionId })),
      price: contract.price.minor,
      currency: input.currency,
    });
    return contract;
  }

  /** Rebuilds a stored contract; no rules run and no events are recorded. */
  static fromSnapshot(snapshot: ContractSnapshot): Contract {
    return new Contract(copyContractState(snapshot));
  }


  /**
   * PENDING -> ACTIVE, or FORTHCOMING when `startsAt` is in the future. The
   * first period starts, the first bill is issued (prorated to `anchorDate`
   * when there is one). Already confirmed: unchanged. CANCELED: conflict.
   */
  confirm(now: Date): boolean {
    const { status, startsAt } = this.state;
    if (isConfirmed(status)) return false;
    if (status !== 'PENDING') throw new ContractNotConfirmable(this.id, status);
    const start = startsAt !== null && startsAt > now ? startsAt : now;
    const to: ContractStatus = start > now ? 'FORTHCOMING' : 'ACTIVE';
    assertTransition(status, to);
    const { price: firstPrice, ...period } = firstPeriodFrom(this.state, start);
    Object.assign(this.state, period);
    this.state.status = to;
    this.state.confirmedAt = now;
    this.touch(now);
    this.recordEvent('contract.confirmed', now, { status: to, startsAt: start.toISOString() });
    this.issueBillFor(firstPrice, now, now);
    if (to === 'ACTIVE') this.recordActivated(now);
    return true;
  }

  /** FORTHCOMING -> ACTIVE once `startsAt` has come; access is granted then. */
  start(now: Date): boolean {
    const { status, startsAt } = this.state;
    if (status === 'ACTIVE') return false;
    if (status !== 'FORTHCOMING') throw new ContractNotForthcoming(this.id, status);
    if (startsAt && now < startsAt) throw new ContractNotStarted(this.id, startsAt);
    assertTransition(status, 'ACTIVE');
    this.state.status = 'ACTIVE';
    this.touch(now);
    this.recordActivated(now);
    return true;
  }

  /**
   * At `nextBillAt` the period advances by recurringTime x recurringInterval
   * and a bill for `nextPrice` is issued. A one-time purchase never renews;
   * a contract set to cancel does not renew past `willCancelAt`.
   */
  renew(now: Date): void {
    const { status, recurrence, periodEnd, cycleAnchor } = this.state;
    if (status !== 'ACTIVE' && status !== 'OVERDUE') throw new ContractNotRenewable(this.id, `it is ${status}`);
    if (!recurrence || !periodEnd || !cycleAnchor) {
      throw new ContractNotRenewable(this.id, 'a one-time purchase never renews');
    }
    const billAt = this.nextBillAt;
    if (!billAt) throw new ContractNotRenewable(this.id, 'it is set to cancel at the end of the period');
    if (now < billAt) throw new ContractNotRenewable(this.id, `it is not due before ${billAt.toISOString()}`);
    this.state.cycle += 1;
    this.state.periodStart = periodEnd;
    this.state.periodEnd = addCycles(cycleAnchor, recurrence, this.state.cycle);
    this.applyPendingChange(now);
    this.touch(now);
    this.recordEvent('contract.renewed', now, {
      periodStart: this.state.periodStart.toISOString(),
      periodEnd: this.state.periodEnd.toISOString(),
    });
    // Dated when it fell due (the old period's end), however late the renewal runs.
    this.issueBillFor(this.price, billAt, now);
  }

  /** ACTIVE -> OVERDUE when an OPEN bill is past its due date; access stays for the grace period. */
  markOverdue(now: Date): boolean {
    if (this.state.status === 'OVERDUE') return false;
    assertTransition(this.state.status, 'OVERDUE');
    const pastDue = this.state.openBills.filter((b) => isPastDue(b, now));
    if (pastDue.length === 0) throw new NothingOverdue(this.id);
    this.state.status = 'OVERDUE';
    this.state.overdueSince = new Date(Math.min(...pastDue.map((b) => b.dueAt.getTime())));
    this.touch(now);
    this.recordEvent('contract.overdue', now, {
      billIds: pastDue.map((b) => b.id),
      overdueSince: this.state.overdueSince.toISOString(),
    });
    return true;
  }

  /**
   * A bill was paid. It leaves the open bills; an OVERDUE contract with no
   * other bill past due returns to ACTIVE. Reporting the same payment twice
   * changes nothing.
   */
  markPaid(billId: string, now: Date): boolean {
    const bill = this.state.openBills.find((b) => b.id === billId);
    if (!bill) return false;
    this.state.openBills = this.state.openBills.filter((b) => b.id !== billId);
    this.touch(now);
    this.recordEvent('contract.bill_paid', now, { billId });
    if (this.state.status === 'OVERDUE' && !this.hasPastDueBill(now)) {
      assertTransition('OVERDUE', 'ACTIVE');
      this.state.status = 'ACTIVE';
      this.state.overdueSince = null;
      this.recordEvent('contract.reinstated', now, { billId });
    }
    return true;
  }

  /**
   * A cancel request. PENDING (nothing billed) and one-time purchases cancel
   * at once; a recurring contract runs to the end of its paid period, which
   * `willCancelAt` and `cancelRequestedAt` record. Repeating it changes nothing.
   */
  requestCancel(now: Date, reason: string): boolean {
    const { status, recurrence, periodEnd, willCancelAt } = this.state;
    if (status === 'CANCELED' || willCancelAt) return false;
    if (status === 'PENDING' || !recurrence || !periodEnd || periodEnd <= now) {
      this.state.cancelRequestedAt = now;
      this.cancel(now, reason);
      return true;
    }
    this.state.willCancelAt = periodEnd;
    this.state.cancelRequestedAt = now;
    this.state.cancelReason = reason;
    this.touch(now);
    this.recordEvent('contract.cancel_requested', now, { reason, willCancelAt: periodEnd.toISOString() });
    return true;
  }

  /** Ends the contract now: access and seats go (for example NON_PAYMENT, or at `willCancelAt`). */
  cancel(now: Date, reason: string): void {
    if (this.state.status === 'CANCELED') throw new ContractAlreadyCanceled(this.id);
    assertTransition(this.state.status, 'CANCELED');
    const from = this.state.status;
    this.state.status = 'CANCELED';
    this.state.canceledAt = now;
    this.state.cancelReason = reason;
    this.state.overdueSince = null;
    this.touch(now);
    this.recordEvent('contract.canceled', now, {
      from,
      reason,
      userId: this.userId,
      seatUserIds: [...new Set(this.state.seatHolders.map((h) => h.userId))],
      openBillIds: this.state.openBills.map((b) => b.id),
    });
  }

  /** Why the contract cannot be amended at `now`, or null when it can. */
  whyNotAmendable(now: Date): string | null {
    const { status, recurrence, periodEnd, willCancelAt } = this.state;
    if (status !== 'ACTIVE') return `it is ${status}`;
    if (!recurrence || !periodEnd) return 'a one-time purchase cannot be changed';
    if (willCancelAt) return 'it is set to cancel';
    if (periodEnd <= now) return 'its paid period has ended';
    return null;
  }

  /**
   * Moves an item to another purchase option of its product. A higher unit
   * price takes effect now, with a bill for the difference over the rest of
   * the paid period; a lower one waits for the next renewal (DESIGN 6).
   */
  changePurchaseOption(change: ItemChange, now: Date): 'NOW' | 'AT_RENEWAL' {
    this.checkAmendable(now);
    const item = this.state.items.find((i) => i.sku === change.itemSku);
    if (!item) throw new BadAmendment(`the contract has no item ${change.itemSku}`, { sku: change.itemSku });
    if (change.unitPrice.currency !== this.state.currency || change.purchaseOptionId === item.purchaseOptionId) {
      throw new BadAmendment('the new purchase option must differ and be priced in the contract currency');
    }
    const upgrade = change.unitPrice.minor > item.unitPrice.minor;
    this.recordEvent('contract.amended', now, {
      type: upgrade ? 'UPGRADE' : 'DOWNGRADE',
      itemSku: item.sku,
      from: item.purchaseOptionId,
      to: change.purchaseOptionId,
    });
    this.touch(now);
    if (!upgrade) {
      this.state.pendingChange = change;
      return 'AT_RENEWAL';
    }
    const difference = money((change.unitPrice.minor - item.unitPrice.minor) * item.quantity, this.state.currency);
    this.state.items = this.state.items.map((i) => (i === item ? applyItemChange(i, change) : i));
    this.state.pendingChange = null;
    const periodEnd = this.state.periodEnd!;
    this.keepIssuedBill(
      issueBill(
        {
          id: `${this.id}-bill-${++this.state.billsIssued}`,
          vendorId: this.vendorId,
          contractId: this.id,
          items: billItemsOf(this.state.items),
          price: prorateRemaining(difference, fullCycleStart(this.state) ?? now, periodEnd, now),
          periodStart: now,
          periodEnd,
        },
        now,
      ),
      now,
    );
    return 'NOW';
  }

  /** A discount code for the next bills (a DISCOUNT amendment); one discount at a time. */
  applyDiscount(discount: ContractDiscount, applied: AppliedDiscount, now: Date): void {
    this.checkAmendable(now);
    if (discountAppliesAt(this.state.discount, this.state.periodEnd!)) throw new DiscountAlreadyApplied(this.id);
    this.state.discount = discount;
    this.state.appliedDiscounts = [...this.state.appliedDiscounts, applied];
    this.touch(now);
    this.recordEvent('contract.discount_applied', now, { code: discount.code, discountCodeId: discount.discountCodeId });
  }

  private checkAmendable(now: Date): void {
    const why = this.whyNotAmendable(now);
    if (why) throw new ContractNotAmendable(this.id, why);
  }

  private applyPendingChange(now: Date): void {
    const change = this.state.pendingChange;
    if (!change) return;
    this.state.items = this.state.items.map((i) => (i.sku === change.itemSku ? applyItemChange(i, change) : i));
    this.state.pendingChange = null;
    this.recordEvent('contract.amendment_applied', now, { itemSku: change.itemSku, to: change.purchaseOptionId });
  }

  /**
   * Issues the bill of the current period. `issuedAt` is the bill's date,
   * the one instant a discount is judged by (`discountAppliesAt`): the
   * confirm for a first bill, even when the period starts later; the due
   * date for a renewal.
   */
  private issueBillFor(amount: Money, issuedAt: Date, now: Date): void {
    const periodStart = this.state.periodStart ?? now;
    const discount = this.state.discount;
    this.state.billsIssued += 1;
    const bill = issueBill(
      {
        id: `${this.id}-bill-${this.state.billsIssued}`,
        vendorId: this.vendorId,
        contractId: this.id,
        items: billItemsOf(this.state.items),
        price: billAmount(amount, discount, issuedAt),
        periodStart,
        periodEnd: this.state.periodEnd,
      },
      now,
    );
    // A discount leaves the contract with the first bill it no longer covers.
    this.state.discount = discountAppliesAt(discount, issuedAt) ? afterDiscountedBill(discount, issuedAt) : null;
    this.keepIssuedBill(bill, now);
  }

  private keepIssuedBill(bill: Bill, now: Date): void {
    if (bill.status === 'OPEN') this.state.openBills = [...this.state.openBills, bill];
    this.issuedBills.push(bill);
    this.recordEvent('bill.issued', now, { bill: billEventPayload(bill), userId: this.userId, payerId: this.state.payer?.id ?? null });
  }

  private recordActivated(now: Date): void {
    this.recordEvent('contract.activated', now, {
      userId: this.userId,
      items: this.state.items.map((i) => ({ sku: i.sku, purchaseOptionId: i.purchaseOptionId })),
      seatHolders: this.state.seatHolders.map((h) => ({ userId: h.userId, sku: h.sku, itemSku: h.itemSku })),
    });
  }
}
