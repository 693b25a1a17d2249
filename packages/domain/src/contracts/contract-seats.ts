import { ContractBase } from './contract-base';
import { OwnerSeatNotRemovable, SeatsLocked, SeatUserNotFound } from './errors';
import { checkFreeSeat, checkSeatNumber, checkSeatTotal, contentSkuOf, holdersOf, licenseItemFor, SeatHolder } from './seats';

/** The seat transitions of a license contract: its seat total, who holds a seat, and which are provisioned. */
export abstract class ContractSeats extends ContractBase {
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

  protected checkSeatsChangeable(): void {
    const { status, willCancelAt } = this.state;
    if (status !== 'ACTIVE' && status !== 'FORTHCOMING' && status !== 'OVERDUE') {
      throw new SeatsLocked(this.id, `it is ${status}`);
    }
    if (willCancelAt) throw new SeatsLocked(this.id, 'it is set to cancel');
  }
}
