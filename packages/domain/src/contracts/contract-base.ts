import { copyData, Money, RecordsEvents } from '../shared';
import { Bill, isPastDue } from './bill';
import { discountEndsAt, priceAfterPendingChange, priceOfItems } from './contract-periods';
import { DiscountView, discountView, nextBillAt, nextPrice } from './pricing';
import { SeatHolder, seatMatchesSku } from './seats';
import { ContractSnapshot } from './snapshot';
import { ContractStatus, grantsAccess } from './status';

/** A contract's state as its aggregate changes it (a snapshot without `readonly`). */
export type ContractState = { -readonly [K in keyof ContractSnapshot]: ContractSnapshot[K] };

/**
 * What every part of the contract aggregate shares: its state, the reads
 * of it, and the bills issued since it was loaded. Transitions live in the
 * subclasses, by concern (seats in `ContractSeats`, the rest in `Contract`).
 */
export abstract class ContractBase extends RecordsEvents {
  /** Bills issued since the contract was loaded, for the invoicing port; never stored. */
  protected issuedBills: Bill[] = [];

  protected constructor(protected state: ContractState) {
    super();
  }

  protected get eventSource() {
    return { vendorId: this.state.vendorId, aggregateId: this.state.id };
  }

  toSnapshot(): ContractSnapshot {
    return copyContractState(this.state);
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
    return priceOfItems(this.state.items, this.state.currency);
  }
  get nextBillAt(): Date | null {
    if (this.state.status === 'PENDING' || this.state.status === 'CANCELED') return null;
    return nextBillAt(this.isRecurring, this.state.periodEnd, this.state.willCancelAt);
  }
  get nextPrice(): Money | null {
    return nextPrice(priceAfterPendingChange(this.state), this.state.discount, this.nextBillAt);
  }
  /** When access ends: at cancellation, or the date it is set to cancel; null while it runs on. */
  get expiresAt(): Date | null {
    return this.state.canceledAt ?? this.state.willCancelAt;
  }
  /** The discount in effect at `now` (interface 2.2 `discount`), or null. */
  discountAt(now: Date): DiscountView | null {
    const discount = this.state.discount;
    if (!discount) return null;
    const endsAt = discountEndsAt(this.state);
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

  protected touch(now: Date): void {
    this.state.updatedAt = now;
  }
}

/** A private copy of a snapshot for an aggregate to change. */
export function copyContractState(snapshot: ContractSnapshot): ContractState {
  // Snapshots hold Dates, Money and arrays of plain objects: copyData copies them all (as structuredClone would).
  return copyData(snapshot) as ContractState;
}
