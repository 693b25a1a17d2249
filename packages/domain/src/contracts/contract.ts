import { InvalidError, money, Money, RecordsEvents } from '../shared';
import { applyItemChange, BadAmendment, ContractNotAmendable, DiscountAlreadyApplied, ItemChange, prorateRemaining } from './amendment';
import { Bill, isPastDue, issueBill } from './bill';
import {
  BadAnchorDate,
  BadInvoiceDetails,
  ContractAlreadyCanceled,
  ContractNotConfirmable,
  ContractNotForthcoming,
  ContractNotRenewable,
  ContractNotStarted,
  NothingOverdue,
  OwnerSeatNotRemovable,
  PaymentMethodUnavailable,
  SeatsLocked,
  SeatUserNotFound,
} from './errors';
import { isLicense } from './item';
import { addCycles, Recurrence } from './period';
import {
  afterDiscountedBill,
  billAmount,
  ContractDiscount,
  discountAppliesAt,
  DiscountView,
  discountView,
  nextBillAt,
  nextPrice,
  priceOf,
  prorate,
  sumPrices,
} from './pricing';
import {
  checkFreeSeat,
  checkSeatNumber,
  checkSeatTotal,
  contentSkuOf,
  holdersOf,
  licenseItemFor,
  SeatHolder,
  seatMatchesSku,
} from './seats';
import { AppliedDiscount, ContractSnapshot } from './snapshot';
import { assertTransition, ContractStatus, grantsAccess, isConfirmed } from './status';

/** The one payment route the management interface allows (interface 4.1). */
export const INVOICE_PAYMENT = { provider: 'INVOICE_PROVIDER', method: 'INVOICE' } as const;
/** Payment providers and methods a contract may name (interface 4.1: one of each). */
export const PAYMENT_PROVIDERS = [INVOICE_PAYMENT.provider] as const;
export const PAYMENT_METHODS = [INVOICE_PAYMENT.method] as const;
export const DEFAULT_PAYMENT_COUNTRY = 'SE';
export const VENDOR_REFERENCE_MAX_LENGTH = 34;
/** Reason recorded when a contract is canceled because a bill stayed unpaid past the grace period. */
export const NON_PAYMENT = 'NON_PAYMENT';

/** Everything `Contract.create` needs; the use case has resolved products, prices and discounts. */
export type NewContract = Omit<
  ContractSnapshot,
  | 'status'
  | 'createdAt'
  | 'updatedAt'
  | 'confirmedAt'
  | 'periodStart'
  | 'periodEnd'
  | 'cycleAnchor'
  | 'cycle'
  | 'openBills'
  | 'billsIssued'
  | 'seatHolders'
  | 'willCancelAt'
  | 'cancelRequestedAt'
  | 'cancelReason'
  | 'canceledAt'
  | 'overdueSince'
>;

type State = { -readonly [K in keyof ContractSnapshot]: ContractSnapshot[K] };

/** Safety net for loops over cycles; far more than any real catch-up needs. */
const MAX_CYCLES = 10_000;

/**
 * A contract: a recurring or one-time purchase that grants access, billed
 * by invoice. Status moves follow `CONTRACT_TRANSITIONS`; each intent method
 * refuses an illegal move with its own error and records domain events for
 * the outbox. Intent methods that may be repeated safely answer `false`
 * when they changed nothing.
 */
export class Contract extends RecordsEvents {
  /** Bills issued since the contract was loaded, for the invoicing port; never stored. */
  private issuedBills: Bill[] = [];

  private constructor(private state: State) {
    super();
  }

  protected get eventSource() {
    return { vendorId: this.state.vendorId, aggregateId: this.state.id };
  }

  /** A new PENDING contract: priced, not billed, no access. The contract user holds the first seat. */
  static create(input: NewContract, now: Date): Contract {
    checkItems(input);
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
    return new Contract(copy(snapshot));
  }

  toSnapshot(): ContractSnapshot {
    return copy(this.state);
  }

  /** Bills issued since the last call (OPEN or, for a zero amount, already PAID), oldest first. */
  takeIssuedBills(): Bill[] {
    const bills = this.issuedBills;
    this.issuedBills = [];
    return bills;
  }


  get id(): string {
    return this.state.id;
  }
  get vendorId(): string {
    return this.state.vendorId;
  }
  get userId(): string {
    return this.state.userId;
  }
  get status(): ContractStatus {
    return this.state.status;
  }
  get startsAt(): Date | null {
    return this.state.startsAt;
  }
  get willCancelAt(): Date | null {
    return this.state.willCancelAt;
  }
  get cancelReason(): string | null {
    return this.state.cancelReason;
  }
  get overdueSince(): Date | null {
    return this.state.overdueSince;
  }
  get isRecurring(): boolean {
    return this.state.recurrence !== null;
  }
  /** `isActive` of the interface: false while PENDING, true while the contract grants access. */
  get isActive(): boolean {
    return grantsAccess(this.state.status);
  }
  /** Price = quantity x unit price, summed over items; discounts show separately. */
  get price(): Money {
    return sumPrices(
      this.state.items.map((i) => priceOf(i.unitPrice, i.quantity)),
      this.state.currency,
    );
  }
  get nextBillAt(): Date | null {
    if (this.state.status === 'PENDING' || this.state.status === 'CANCELED') return null;
    return nextBillAt(this.isRecurring, this.state.periodEnd, this.state.willCancelAt);
  }
  get nextPrice(): Money | null {
    return nextPrice(this.priceAfterPendingChange(), this.state.discount, this.nextBillAt);
  }
  /** When access ends: at cancellation, or the date it is set to cancel; null while it runs on. */
  get expiresAt(): Date | null {
    return this.state.canceledAt ?? this.state.willCancelAt;
  }
  /** The discount in effect at `now` (interface 2.2 `discount`), or null. */
  discountAt(now: Date): DiscountView | null {
    const discount = this.state.discount;
    if (!discount) return null;
    const endsAt = this.discountEndsAt();
    if (endsAt && now >= endsAt) return null;
    return discountView(this.price, discount, endsAt);
  }
  /** Seat holders, optionally of one license item (named by license or content SKU). */
  seatUsers(sku?: string): SeatHolder[] {
    return this.state.seatHolders.filter((h) => seatMatchesSku(h, sku)).map((h) => ({ ...h }));
  }
  /** Bills not yet settled. */
  get openBills(): Bill[] {
    return this.state.openBills.map((b) => ({ ...b }));
  }
  hasPastDueBill(now: Date): boolean {
    return this.state.openBills.some((b) => isPastDue(b, now));
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
    const firstPrice = this.startFirstPeriod(start);
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

  /**
   * Sets the seat total of a license item. Price and quantity stay (rule 7);
   * the same total is a no-op (rule 9); never below the people holding a seat.
   */
  setSeats(total: number, sku: string | undefined, now: Date): boolean {
    checkSeatNumber(total);
    const item = licenseItemFor(this.id, this.state.items, sku);
    this.checkSeatsChangeable();
    if (item.seats === total) return false;
    checkSeatTotal(total, holdersOf(this.state.seatHolders, item.sku).length);
    const from = item.seats;
    this.state.items = this.state.items.map((i) => (i === item ? { ...i, seats: total } : i));
    this.touch(now);
    this.recordEvent('contract.seats_changed', now, { sku: item.sku, from, to: total });
    return true;
  }

  /** Gives `userId` a seat of a license item; holding one already changes nothing. */
  assignSeat(user: { id: string; email?: string }, sku: string | undefined, now: Date): boolean {
    const item = licenseItemFor(this.id, this.state.items, sku);
    this.checkSeatsChangeable();
    const holders = holdersOf(this.state.seatHolders, item.sku);
    if (holders.some((h) => h.userId === user.id)) return false;
    checkFreeSeat(item, holders.length);
    const seat: SeatHolder = {
      itemSku: item.sku,
      sku: contentSkuOf(item.sku),
      userId: user.id,
      status: 'PENDING',
      entitlementId: null,
      assignedAt: now,
    };
    this.state.seatHolders = [...this.state.seatHolders, seat];
    this.touch(now);
    this.recordEvent('contract.seat_assigned', now, { userId: user.id, sku: seat.sku, itemSku: item.sku });
    return true;
  }

  /** Frees every seat `userId` holds on the contract; the contract user keeps theirs. */
  removeSeat(userId: string, now: Date): void {
    const seats = this.state.seatHolders.filter((h) => h.userId === userId);
    if (seats.length === 0) throw new SeatUserNotFound(userId);
    if (userId === this.userId) throw new OwnerSeatNotRemovable(userId);
    this.checkSeatsChangeable();
    this.state.seatHolders = this.state.seatHolders.filter((h) => h.userId !== userId);
    this.touch(now);
    for (const seat of seats) {
      this.recordEvent('contract.seat_removed', now, { userId, sku: seat.sku, itemSku: seat.itemSku });
    }
  }

  /** The access module granted the seat's entitlement. */
  seatProvisioned(userId: string, itemSku: string, entitlementId: string, now: Date): boolean {
    const seat = this.state.seatHolders.find((h) => h.userId === userId && h.itemSku === itemSku);
    if (!seat || (seat.status === 'ACTIVE' && seat.entitlementId === entitlementId)) return false;
    this.state.seatHolders = this.state.seatHolders.map((h) =>
      h === seat ? { ...h, status: 'ACTIVE', entitlementId } : h,
    );
    this.touch(now);
    return true;
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
          items: this.billItems(),
          price: prorateRemaining(difference, this.fullCycleStart() ?? now, periodEnd, now),
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

  private priceAfterPendingChange(): Money {
    const change = this.state.pendingChange;
    if (!change) return this.price;
    const items = this.state.items.map((i) => (i.sku === change.itemSku ? applyItemChange(i, change) : i));
    return sumPrices(
      items.map((i) => priceOf(i.unitPrice, i.quantity)),
      this.state.currency,
    );
  }

  /** Start of the full cycle that ends at `periodEnd` (a first period shortened to an anchor is priced as part of it). */
  private fullCycleStart(): Date | null {
    const { cycleAnchor, recurrence, cycle } = this.state;
    return cycleAnchor && recurrence ? addCycles(cycleAnchor, recurrence, cycle - 1) : null;
  }

  private billItems() {
    return this.state.items.map((i) => ({ sku: i.sku, title: i.name, purchaseOptionId: i.purchaseOptionId }));
  }

  private checkSeatsChangeable(): void {
    const { status, willCancelAt } = this.state;
    if (status !== 'ACTIVE' && status !== 'FORTHCOMING' && status !== 'OVERDUE') {
      throw new SeatsLocked(this.id, `it is ${status}`);
    }
    if (willCancelAt) throw new SeatsLocked(this.id, 'it is set to cancel');
  }

  /** Sets up the first period from `start` and answers the price of its bill. */
  private startFirstPeriod(start: Date): Money {
    const { recurrence, anchorDate } = this.state;
    this.state.periodStart = start;
    if (!recurrence) {
      this.state.periodEnd = null;
      return this.price;
    }
    const fullEnd = addCycles(start, recurrence, 1);
    if (!anchorDate) {
      this.state.cycleAnchor = start;
      this.state.cycle = 1;
      this.state.periodEnd = fullEnd;
      return this.price;
    }
    // A late confirm may pass the anchor: align to its next occurrence after the start.
    let cycle = 0;
    while (addCycles(anchorDate, recurrence, cycle) <= start && cycle < MAX_CYCLES) cycle += 1;
    const anchor = addCycles(anchorDate, recurrence, cycle);
    this.state.cycleAnchor = anchorDate;
    this.state.cycle = cycle;
    this.state.periodEnd = anchor;
    return prorate(this.price, start, anchor, fullEnd);
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
        items: this.billItems(),
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
    this.recordEvent('bill.issued', now, { bill: billPayload(bill), userId: this.userId, payerId: this.state.payer?.id ?? null });
  }

  private recordActivated(now: Date): void {
    this.recordEvent('contract.activated', now, {
      userId: this.userId,
      items: this.state.items.map((i) => ({ sku: i.sku, purchaseOptionId: i.purchaseOptionId })),
      seatHolders: this.state.seatHolders.map((h) => ({ userId: h.userId, sku: h.sku, itemSku: h.itemSku })),
    });
  }

  /** End of the last discounted period: a date bound, or the end of the period of the last discounted bill. */
  private discountEndsAt(): Date | null {
    const { discount, recurrence, cycleAnchor, periodEnd, cycle } = this.state;
    if (!discount) return null;
    if (discount.until) return discount.until;
    if (discount.billsRemaining === null || !recurrence || !cycleAnchor || !periodEnd) return null;
    return addCycles(cycleAnchor, recurrence, cycle + discount.billsRemaining);
  }

  private touch(now: Date): void {
    this.state.updatedAt = now;
  }

}

function copy(snapshot: ContractSnapshot): State {
  // Snapshots hold Dates, Money and arrays of plain objects: structuredClone keeps them all.
  return structuredClone(snapshot) as State;
}

function billPayload(bill: Bill): Record<string, unknown> {
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

function checkItems(input: NewContract): void {
  if (input.items.length === 0) throw new InvalidError('CONTRACT.NO_ITEMS', 'a contract needs at least one item');
  const other = input.items.find((i) => i.unitPrice.currency !== input.currency);
  if (other) {
    throw new InvalidError('CONTRACT.MIXED_CURRENCIES', `item ${other.sku} is priced in ${other.unitPrice.currency}`, {
      sku: other.sku,
    });
  }
}

/**
 * The terms a new contract must meet besides its items: the payment route,
 * invoice details and the anchor date. Use cases call it before they create
 * anything else (users), so a bad request leaves nothing behind.
 */
export function checkContractTerms(
  input: Pick<NewContract, 'payment' | 'invoice' | 'anchorDate' | 'recurrence' | 'startsAt'>,
  now: Date,
): void {
  checkPayment(input);
  checkInvoice(input);
  checkAnchor(input.anchorDate, input.recurrence, input.startsAt ?? now);
}

function checkPayment(input: Pick<NewContract, 'payment'>): void {
  const { provider, method, country, reference } = input.payment;
  // A payment a provider already took (a checkout) carries its reference; otherwise only the invoice is offered.
  const paidByProvider = typeof reference === 'string' && reference.length > 0;
  const invoiced = provider === INVOICE_PAYMENT.provider && method === INVOICE_PAYMENT.method;
  if ((!invoiced && !paidByProvider) || !/^[A-Z]{2}$/.test(country)) {
    throw new PaymentMethodUnavailable(provider, method);
  }
}

function checkInvoice(input: Pick<NewContract, 'invoice'>): void {
  const reference = input.invoice.vendorReference;
  if (reference !== null && reference.length > VENDOR_REFERENCE_MAX_LENGTH) {
    throw new BadInvoiceDetails('vendorReference', `must be at most ${VENDOR_REFERENCE_MAX_LENGTH} characters`);
  }
}

/** The anchor aligns a recurring cycle: after the start and no further than one full cycle away. */
function checkAnchor(anchor: Date | null, recurrence: Recurrence | null, start: Date): void {
  if (!anchor) return;
  if (!recurrence) throw new BadAnchorDate('applies to recurring purchases only');
  if (anchor <= start) throw new BadAnchorDate('must be after the start of the contract');
  if (anchor > addCycles(start, recurrence, 1)) throw new BadAnchorDate('must be within one billing cycle of the start');
}
