import { ContractSnapshot, DiscountCode } from '@kiosk/domain/contracts';

/**
 * Snapshots go to jsonb. JSON has no dates, so the fields that hold one are
 * named here and turned back into Dates on the way out; values are never
 * guessed at, so a reference that happens to look like a timestamp stays a string.
 */
const DATE_FIELDS = new Set([
  'createdAt',
  'updatedAt',
  'confirmedAt',
  'periodStart',
  'periodEnd',
  'cycleAnchor',
  'startsAt',
  'anchorDate',
  'willCancelAt',
  'cancelRequestedAt',
  'canceledAt',
  'overdueSince',
  'endsAt',
  'dueAt',
  'assignedAt',
  'until',
  'date',
  'validFrom',
  'validUntil',
]);

function revive(value: unknown, key = ''): unknown {
  if (typeof value === 'string' && DATE_FIELDS.has(key)) return new Date(value);
  if (Array.isArray(value)) return value.map((v) => revive(v));
  if (value !== null && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, revive(v, k)]));
  }
  return value;
}

export const encodeSnapshot = (snapshot: ContractSnapshot): object =>
  JSON.parse(JSON.stringify(snapshot));

export const decodeSnapshot = (stored: object): ContractSnapshot => revive(stored) as ContractSnapshot;

export const encodeDiscountCode = (code: DiscountCode): object => JSON.parse(JSON.stringify(code));

export const decodeDiscountCode = (stored: object, redemptions: number): DiscountCode =>
  ({ ...(revive(stored) as DiscountCode), redemptions });
