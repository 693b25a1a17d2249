import { Money } from '../shared';
import { applyItemChange } from './amendment';
import { ContractItem } from './item';
import { addCycles } from './period';
import { priceOf, prorate, sumPrices } from './pricing';
import { ContractSnapshot } from './snapshot';

/** Safety net for loops over cycles; far more than any real catch-up needs. */
const MAX_CYCLES = 10_000;

/** Price = quantity x unit price, summed over items; discounts show separately. */
export function priceOfItems(items: readonly ContractItem[], currency: string): Money {
  return sumPrices(
    items.map((i) => priceOf(i.unitPrice, i.quantity)),
    currency,
  );
}

/** The price of the next period: a downgrade waiting for the renewal counts already. */
export function priceAfterPendingChange(contract: Pick<ContractSnapshot, 'items' | 'pendingChange' | 'currency'>): Money {
  const change = contract.pendingChange;
  const items = change ? contract.items.map((i) => (i.sku === change.itemSku ? applyItemChange(i, change) : i)) : contract.items;
  return priceOfItems(items, contract.currency);
}

/** How a contract's items appear on its bills. */
export function billItemsOf(items: readonly ContractItem[]) {
  return items.map((i) => ({ sku: i.sku, title: i.name, purchaseOptionId: i.purchaseOptionId }));
}

/** The first period of a confirmed contract and the price of its bill. */
export interface FirstPeriod {
  readonly periodStart: Date;
  readonly periodEnd: Date | null;
  readonly cycleAnchor: Date | null;
  readonly cycle: number;
  readonly price: Money;
}

/**
 * The first period from `start`: a one-time purchase has no end; a recurring
 * one runs one cycle, or to its anchor date, its bill prorated to the part of
 * the cycle it covers.
 */
export function firstPeriodFrom(
  contract: Pick<ContractSnapshot, 'recurrence' | 'anchorDate' | 'items' | 'currency' | 'cycleAnchor' | 'cycle'>,
  start: Date,
): FirstPeriod {
  const { recurrence, anchorDate } = contract;
  const price = priceOfItems(contract.items, contract.currency);
  if (!recurrence) return { periodStart: start, periodEnd: null, cycleAnchor: contract.cycleAnchor, cycle: contract.cycle, price };
  const fullEnd = addCycles(start, recurrence, 1);
  if (!anchorDate) return { periodStart: start, periodEnd: fullEnd, cycleAnchor: start, cycle: 1, price };
  // A late confirm may pass the anchor: align to its next occurrence after the start.
  let cycle = 0;
  while (addCycles(anchorDate, recurrence, cycle) <= start && cycle < MAX_CYCLES) cycle += 1;
  const anchor = addCycles(anchorDate, recurrence, cycle);
  return { periodStart: start, periodEnd: anchor, cycleAnchor: anchorDate, cycle, price: prorate(price, start, anchor, fullEnd) };
}

/** Start of the full cycle that ends at `periodEnd` (a first period shortened to an anchor is priced as part of it). */
export function fullCycleStart(contract: Pick<ContractSnapshot, 'cycleAnchor' | 'recurrence' | 'cycle'>): Date | null {
  const { cycleAnchor, recurrence, cycle } = contract;
  return cycleAnchor && recurrence ? addCycles(cycleAnchor, recurrence, cycle - 1) : null;
}

/** End of the last discounted period: a date bound, or the end of the period of the last discounted bill. */
export function discountEndsAt(
  contract: Pick<ContractSnapshot, 'discount' | 'recurrence' | 'cycleAnchor' | 'periodEnd' | 'cycle'>,
): Date | null {
  const { discount, recurrence, cycleAnchor, periodEnd, cycle } = contract;
  if (!discount) return null;
  if (discount.until) return discount.until;
  if (discount.billsRemaining === null || !recurrence || !cycleAnchor || !periodEnd) return null;
  return addCycles(cycleAnchor, recurrence, cycle + discount.billsRemaining);
}
