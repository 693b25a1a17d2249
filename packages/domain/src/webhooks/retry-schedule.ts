/** A number from 0 (inclusive) to 1 (exclusive); the domain never reads randomness itself. */
export interface Random {
  next(): number;
}

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * Waits after each failed attempt: exponential at first, then a few long
 * waits, about three days (75.6 hours) from the first attempt to the last.
 * Ten attempts in all; the delivery is given up after the last one fails.
 */
export const RETRY_DELAYS_MS: readonly number[] = [
  5 * SECOND,
  5 * MINUTE,
  30 * MINUTE,
  2 * HOUR,
  5 * HOUR,
  10 * HOUR,
  14 * HOUR,
  20 * HOUR,
  24 * HOUR,
];

export const MAX_ATTEMPTS = RETRY_DELAYS_MS.length + 1;

/**
 * Each wait is lengthened by up to this share, so failed receivers are not
 * hit by every retry at once. Only ever later: a shortened schedule could
 * give a delivery up before DISABLE_AFTER_MS and never disable the endpoint.
 */
export const JITTER = 0.1;

/** An endpoint that failed every attempt for this long (and gave a delivery up) is disabled. */
export const DISABLE_AFTER_MS = 3 * 24 * HOUR;

/**
 * When to try again after attempt number `attempt` (1 for the first) failed
 * at `failedAt`, or `null` when the delivery is given up.
 */
export function nextAttemptAt(attempt: number, failedAt: Date, random: Random): Date | null {
  if (!Number.isInteger(attempt) || attempt < 1) throw new RangeError(`attempt must be 1 or more, got ${attempt}`);
  if (attempt >= MAX_ATTEMPTS) return null;
  const base = RETRY_DELAYS_MS[attempt - 1];
  const factor = 1 + JITTER * random.next();
  return new Date(failedAt.getTime() + Math.round(base * factor));
}

/** Whether an endpoint that has failed since `failingSince` is to be disabled when a delivery is given up at `now`. */
export function shouldDisableEndpoint(failingSince: Date | null, now: Date): boolean {
  return failingSince !== null && now.getTime() - failingSince.getTime() >= DISABLE_AFTER_MS;
}
