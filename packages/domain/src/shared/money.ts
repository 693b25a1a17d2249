import { InvalidError } from './errors';

/**
 * Money is an integer count of minor units plus an ISO 4217 currency.
 * The interface shows major units (9999 means 9,999.00); conversion happens
 * only at the edge, through `fromMajor` and `toMajor`.
 */
export interface Money {
  readonly minor: number;
  readonly currency: string;
}

const CURRENCY = /^[A-Z]{3}$/;
const MINOR_DIGITS = 2;
const SCALE = 10 ** MINOR_DIGITS;

export function money(minor: number, currency: string): Money {
  if (!Number.isSafeInteger(minor)) {
    throw new InvalidError('MONEY.NOT_INTEGER', 'money is counted in whole minor units', { minor });
  }
  if (!CURRENCY.test(currency)) {
    throw new InvalidError('MONEY.BAD_CURRENCY', 'currency must be an ISO 4217 code', { currency });
  }
  return { minor, currency };
}

/** Major units as the interface shows them; at most two decimals are accepted. */
export function fromMajor(major: number, currency: string): Money {
  const minor = Math.round(major * SCALE);
  if (!Number.isFinite(major) || Math.abs(minor / SCALE - major) > 1e-9) {
    throw new InvalidError('MONEY.TOO_PRECISE', `amount ${major} has more than ${MINOR_DIGITS} decimals`, {
      amount: major,
    });
  }
  return money(minor, currency);
}

export function toMajor(amount: Money): number {
  return amount.minor / SCALE;
}
