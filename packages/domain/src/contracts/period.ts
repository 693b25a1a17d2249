import { RecurringInterval } from '../catalog';

/** A billing cycle: `time` x `interval` (for example 3 x MONTH). */
export interface Recurrence {
  readonly interval: RecurringInterval;
  readonly time: number;
}

export const DAY_MS = 24 * 60 * 60 * 1000;

function addUtcMonths(from: Date, months: number): Date {
  const year = from.getUTCFullYear();
  const month = from.getUTCMonth() + months;
  // Clamp to the month's last day: 31 January + 1 month is 28/29 February.
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const day = Math.min(from.getUTCDate(), lastDay);
  return new Date(
    Date.UTC(year, month, day, from.getUTCHours(), from.getUTCMinutes(), from.getUTCSeconds(), from.getUTCMilliseconds()),
  );
}

/**
 * `from` moved forward by `cycles` whole cycles. Periods are always counted
 * from one fixed cycle anchor (never added one onto the other), so month-end
 * clamping does not drift: 31 Jan, 28 Feb, 31 Mar, 30 Apr.
 */
export function addCycles(from: Date, recurrence: Recurrence, cycles: number): Date {
  const units = recurrence.time * cycles;
  switch (recurrence.interval) {
    case 'DAY':
      return new Date(from.getTime() + units * DAY_MS);
    case 'WEEK':
      return new Date(from.getTime() + units * 7 * DAY_MS);
    case 'MONTH':
      return addUtcMonths(from, units);
    case 'YEAR':
      return addUtcMonths(from, units * 12);
  }
}

/** Days from `from` to `to`; a started day counts as a day. Never negative. */
export function daysBetween(from: Date, to: Date): number {
  return Math.max(0, Math.ceil((to.getTime() - from.getTime()) / DAY_MS));
}

export function addDays(from: Date, days: number): Date {
  return new Date(from.getTime() + days * DAY_MS);
}
