import { Contract } from './contract';
import { addDays } from './period';

/** Days an OVERDUE contract keeps access before it is canceled for non-payment, when the vendor sets none. */
export const DEFAULT_GRACE_PERIOD_DAYS = 14;

/** Reason recorded when a requested cancellation takes effect and no reason was given. */
export const CANCEL_REQUESTED = 'CANCEL_REQUESTED';

export type TimedMove =
  | { kind: 'start'; at: Date }
  | { kind: 'cancel'; at: Date; reason: string }
  | { kind: 'renew'; at: Date }
  | { kind: 'overdue'; at: Date };

/**
 * The next thing time does to a contract, or null when nothing is due at
 * `now`. Moves are taken in the order they fell due, each at its own date,
 * so a worker that runs late reaches the same state as one that ran on time.
 */
export function nextTimedMove(contract: Contract, now: Date, gracePeriodDays: number): TimedMove | null {
  const due: TimedMove[] = [];
  const { status, startsAt, willCancelAt, overdueSince, nextBillAt } = contract;
  if (status === 'PENDING' || status === 'CANCELED') return null;
  if (status === 'FORTHCOMING') {
    return startsAt && startsAt <= now ? { kind: 'start', at: startsAt } : null;
  }
  if (willCancelAt && willCancelAt <= now) {
    due.push({ kind: 'cancel', at: willCancelAt, reason: contract.cancelReason ?? CANCEL_REQUESTED });
  }
  if (status === 'OVERDUE' && overdueSince) {
    const end = addDays(overdueSince, gracePeriodDays);
    if (end <= now) due.push({ kind: 'cancel', at: end, reason: 'NON_PAYMENT' });
  }
  if (status === 'ACTIVE') {
    const pastDue = contract.openBills.filter((b) => b.dueAt <= now).map((b) => b.dueAt.getTime());
    if (pastDue.length > 0) due.push({ kind: 'overdue', at: new Date(Math.min(...pastDue)) });
  }
  if (nextBillAt && nextBillAt <= now) due.push({ kind: 'renew', at: nextBillAt });
  // Earliest first; on a tie a cancellation wins over a renewal, and overdue over renewal.
  const rank = { cancel: 0, overdue: 1, start: 2, renew: 3 } as const;
  due.sort((a, b) => a.at.getTime() - b.at.getTime() || rank[a.kind] - rank[b.kind]);
  return due[0] ?? null;
}

/** Applies one move to the contract, at the date it fell due. */
export function applyTimedMove(contract: Contract, move: TimedMove): void {
  switch (move.kind) {
    case 'start':
      contract.start(move.at);
      return;
    case 'cancel':
      contract.cancel(move.at, move.reason);
      return;
    case 'renew':
      contract.renew(move.at);
      return;
    case 'overdue':
      contract.markOverdue(move.at);
      return;
  }
}

/**
 * The earliest date at which time may move the contract, or null when it
 * never will on its own. Adapters store it to find due contracts cheaply;
 * an OVERDUE contract is next checked when its grace period ends.
 */
export function nextTimedCheckAt(contract: Contract, gracePeriodDays = DEFAULT_GRACE_PERIOD_DAYS): Date | null {
  const { status, startsAt, willCancelAt, overdueSince, nextBillAt } = contract;
  if (status === 'PENDING' || status === 'CANCELED') return null;
  if (status === 'FORTHCOMING') return startsAt;
  const dates = [willCancelAt, nextBillAt, status === 'OVERDUE' && overdueSince ? addDays(overdueSince, gracePeriodDays) : null];
  if (status === 'ACTIVE') dates.push(...contract.openBills.map((b) => b.dueAt));
  const times = dates.filter((d): d is Date => d !== null).map((d) => d.getTime());
  return times.length > 0 ? new Date(Math.min(...times)) : null;
}
