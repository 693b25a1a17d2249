import { InvalidError } from '../shared';

/**
 * Rotation-period labels: UTC `YYMMDDTHH`, or `YYMMDDTHHMM` when the
 * interval is not a whole number of hours. Periods are aligned to the Unix
 * epoch, so publisher and service agree on the label without talking.
 */
export const DEFAULT_ROTATION_MINUTES = 60;
/** How long after a rotation the previous period's kid is still honoured (clock skew, pages rendered just before). */
export const DEFAULT_PREVIOUS_GRACE_SECONDS = 300;

export interface KidWindowOptions {
  /** Minutes per rotation period; must divide a day so labels stay aligned to midnight UTC. */
  readonly intervalMinutes?: number;
  readonly previousGraceSeconds?: number;
}

const MINUTE_MS = 60_000;
const DAY_MINUTES = 1440;
const KID = /^(\d{2})(\d{2})(\d{2})T(\d{2})(\d{2})?$/;

function intervalMs(intervalMinutes: number): number {
  if (!Number.isInteger(intervalMinutes) || intervalMinutes <= 0 || DAY_MINUTES % intervalMinutes !== 0) {
    throw new InvalidError('CAPSULE.BAD_ROTATION_INTERVAL', 'the rotation interval is a whole number of minutes that divides a day', {
      intervalMinutes,
    });
  }
  return intervalMinutes * MINUTE_MS;
}

const two = (n: number) => String(n).padStart(2, '0');

/** Start of the rotation period that contains `at`. */
export function periodStart(at: Date, intervalMinutes = DEFAULT_ROTATION_MINUTES): Date {
  const ms = intervalMs(intervalMinutes);
  return new Date(Math.floor(at.getTime() / ms) * ms);
}

/** The kid of the period that contains `at`. */
export function formatKid(at: Date, intervalMinutes = DEFAULT_ROTATION_MINUTES): string {
  const start = periodStart(at, intervalMinutes);
  const hours = `${two(start.getUTCFullYear() % 100)}${two(start.getUTCMonth() + 1)}${two(start.getUTCDate())}T${two(start.getUTCHours())}`;
  return intervalMinutes % 60 === 0 ? hours : `${hours}${two(start.getUTCMinutes())}`;
}

/** Start time a kid stands for; years are 20YY. Refuses labels that are not real UTC times. */
export function parseKid(kid: string): Date {
  const m = KID.exec(kid);
  const bad = () => new InvalidError('CAPSULE.BAD_KID', `not a rotation kid: ${kid}`, { kid });
  if (!m) throw bad();
  const [year, month, day, hour, minute] = [2000 + Number(m[1]), Number(m[2]), Number(m[3]), Number(m[4]), Number(m[5] ?? 0)];
  const at = new Date(Date.UTC(year, month - 1, day, hour, minute));
  // Date.UTC rolls over (month 13, hour 25); a round trip catches it.
  if (at.getUTCMonth() !== month - 1 || at.getUTCDate() !== day || at.getUTCHours() !== hour || at.getUTCMinutes() !== minute) {
    throw bad();
  }
  return at;
}

/**
 * Kids a reader may get keys for at `now`: the current and the next period
 * (publishers wrap for both), and the previous one only during a short
 * grace after rotation. Never later periods: keys for the future would
 * outlive the reader's access.
 */
export function allowedKids(now: Date, options: KidWindowOptions = {}): string[] {
  const interval = options.intervalMinutes ?? DEFAULT_ROTATION_MINUTES;
  const ms = intervalMs(interval);
  const current = periodStart(now, interval).getTime();
  const graceMs = (options.previousGraceSeconds ?? DEFAULT_PREVIOUS_GRACE_SECONDS) * 1000;
  const kids = [formatKid(new Date(current), interval), formatKid(new Date(current + ms), interval)];
  if (now.getTime() - current < graceMs) kids.unshift(formatKid(new Date(current - ms), interval));
  return kids;
}
