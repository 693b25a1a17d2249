import { ConflictError, InvalidError } from '../shared';

/**
 * A tally: a short list of strings a reader keeps (recently read articles,
 * dismissed banners, ...), with policies that bound it. Everything here is a
 * pure function of the tally and the time; the repository runs them under a
 * lock so that parallel changes of one tally happen one after the other.
 */
export type TallyOverflow = 'fifo' | 'block';
export const TALLY_OVERFLOWS: readonly TallyOverflow[] = ['fifo', 'block'];

export interface TallyPolicies {
  /** Seconds the tally lives after its last change; null: it never expires. */
  readonly ttl: number | null;
  readonly maxItems: number;
  /** A value already in the list is not added again. */
  readonly unique: boolean;
  /** What a push onto a full list does: `fifo` drops the oldest item, `block` refuses (409). */
  readonly overflow: TallyOverflow;
  /** Anonymous visitors behind one IP address share the tally. */
  readonly ipSessionSharing: boolean;
}

/** Policies as a caller sends them: every field optional, defaults fill the rest. */
export interface TallyPoliciesInput {
  readonly ttl?: number;
  readonly maxItems?: number;
  readonly unique?: boolean;
  readonly overflow?: string;
  readonly ipSessionSharing?: boolean;
}

export const TALLY_LIMITS = {
  /** Letters, digits and `_ - . :`; 1 to 64 characters. */
  id: /^[A-Za-z0-9_.:-]{1,64}$/,
  idMaxLength: 64,
  valueMaxLength: 512,
  defaultMaxItems: 100,
  maxItems: 1000,
  /** One year. */
  maxTtlSeconds: 31_536_000,
  /** Tallies one reader (a user, a visitor, or one shared IP) may hold at once; expired ones do not count. */
  talliesPerReader: 100,
} as const;

export const DEFAULT_TALLY_POLICIES: TallyPolicies = {
  ttl: null,
  maxItems: TALLY_LIMITS.defaultMaxItems,
  unique: false,
  overflow: 'fifo',
  ipSessionSharing: false,
};

/** Whose tally: a signed-in user, an anonymous visitor, or the visitors sharing one IP address. */
export interface TallyOwner {
  readonly vendorId: string;
  readonly kind: 'user' | 'visitor' | 'shared';
  /** The user id, the visitor id, or a keyed hash of the IP address (never the address itself). */
  readonly id: string;
}

export interface TallyKey {
  readonly owner: TallyOwner;
  readonly id: string;
}

/** One value with the position the push got while holding the tally's lock (1, 2, 3, ... per tally). */
export interface TallyItem {
  readonly value: string;
  readonly seq: number;
}

export interface Tally {
  readonly key: TallyKey;
  /** Oldest first. */
  readonly items: readonly TallyItem[];
  /** The seq of the last item ever added, kept when items are dropped or the tally expires. */
  readonly lastSeq: number;
  readonly policies: TallyPolicies;
  readonly createdAt: Date;
  readonly updatedAt: Date;
}

export class InvalidTallyId extends InvalidError {
  constructor(id: string) {
    super('TALLY.BAD_ID', `a tally id is 1 to ${TALLY_LIMITS.idMaxLength} letters, digits, "_", "-", "." or ":"`, {
      id: id.slice(0, 100),
    });
  }
}

export class InvalidTallyValue extends InvalidError {
  constructor() {
    super('TALLY.BAD_VALUE', `a tally value is a string of at most ${TALLY_LIMITS.valueMaxLength} characters`);
  }
}

export class InvalidTallyPolicies extends InvalidError {
  constructor(detail: string) {
    super('TALLY.BAD_POLICIES', detail);
  }
}

export class TallyFull extends ConflictError {
  constructor(id: string, maxItems: number) {
    super('TALLY.FULL', `the tally holds its maximum of ${maxItems} items and its overflow policy is "block"`, {
      id,
      maxItems,
    });
  }
}

/** The reader holds as many tallies as allowed; the API answers 413. */
export class TallyQuotaExceeded extends InvalidError {
  constructor() {
    super('TALLY.QUOTA_EXCEEDED', `a reader holds at most ${TALLY_LIMITS.talliesPerReader} tallies`, {
      limit: TALLY_LIMITS.talliesPerReader,
    });
  }
}

export function checkTallyId(id: string): string {
  if (typeof id !== 'string' || !TALLY_LIMITS.id.test(id)) throw new InvalidTallyId(String(id));
  return id;
}

export function checkTallyValue(value: string): string {
  if (typeof value !== 'string' || value.length > TALLY_LIMITS.valueMaxLength) throw new InvalidTallyValue();
  return value;
}

const wholeIn = (value: unknown, min: number, max: number) =>
  typeof value === 'number' && Number.isInteger(value) && value >= min && value <= max;

/** The policies a change sets: those sent (missing fields take defaults), or the current ones when none are sent. */
export function resolvePolicies(input: TallyPoliciesInput | undefined, current: TallyPolicies | null): TallyPolicies {
  if (input === undefined) return current ?? DEFAULT_TALLY_POLICIES;
  if (input.ttl !== undefined && !wholeIn(input.ttl, 1, TALLY_LIMITS.maxTtlSeconds)) {
    throw new InvalidTallyPolicies(`ttl is a whole number of seconds from 1 to ${TALLY_LIMITS.maxTtlSeconds}`);
  }
  if (input.maxItems !== undefined && !wholeIn(input.maxItems, 1, TALLY_LIMITS.maxItems)) {
    throw new InvalidTallyPolicies(`maxItems is a whole number from 1 to ${TALLY_LIMITS.maxItems}`);
  }
  if (input.overflow !== undefined && !(TALLY_OVERFLOWS as readonly string[]).includes(input.overflow)) {
    throw new InvalidTallyPolicies('overflow is "fifo" or "block"');
  }
  return {
    ttl: input.ttl ?? null,
    maxItems: input.maxItems ?? DEFAULT_TALLY_POLICIES.maxItems,
    unique: input.unique ?? false,
    overflow: (input.overflow as TallyOverflow | undefined) ?? DEFAULT_TALLY_POLICIES.overflow,
    ipSessionSharing: input.ipSessionSharing ?? false,
  };
}

export function tallyExpiresAt(tally: Pick<Tally, 'policies' | 'updatedAt'>): Date | null {
  return tally.policies.ttl === null ? null : new Date(tally.updatedAt.getTime() + tally.policies.ttl * 1000);
}

/** A tally past its ttl is as if it did not exist. */
export function isLive(tally: Pick<Tally, 'policies' | 'updatedAt'>, now: Date): boolean {
  const expiresAt = tallyExpiresAt(tally);
  return expiresAt === null || now < expiresAt;
}

export const valuesOf = (tally: Pick<Tally, 'items'> | null): string[] => (tally ? tally.items.map((i) => i.value) : []);

/** The list a change starts from: the live tally, or an empty one that keeps the expired one's seq. */
function startingPoint(key: TallyKey, stored: Tally | null, now: Date): { base: Tally; live: boolean } {
  if (stored && isLive(stored, now)) return { base: stored, live: true };
  return {
    base: {
      key,
      items: [],
      lastSeq: stored?.lastSeq ?? 0,
      policies: DEFAULT_TALLY_POLICIES,
      createdAt: now,
      updatedAt: now,
    },
    live: false,
  };
}

/** Items brought in line with (possibly new) policies: repeats dropped when unique, only the newest maxItems kept. */
function conform(items: readonly TallyItem[], policies: TallyPolicies): TallyItem[] {
  let kept = [...items];
  if (policies.unique) {
    const seen = new Set<string>();
    kept = kept.filter((item) => (seen.has(item.value) ? false : (seen.add(item.value), true)));
  }
  return kept.length > policies.maxItems ? kept.slice(kept.length - policies.maxItems) : kept;
}

/**
 * A push: the value goes to the end of the list. `unique` leaves the list as
 * it is when the value is already in it; a full list drops its oldest item
 * (`fifo`) or refuses (`block`). Either way the tally counts as changed, so
 * its ttl starts again.
 */
export function pushToTally(
  key: TallyKey,
  stored: Tally | null,
  value: string,
  input: TallyPoliciesInput | undefined,
  now: Date,
): Tally {
  checkTallyValue(value);
  const { base, live } = startingPoint(key, stored, now);
  const policies = resolvePolicies(input, live ? base.policies : null);
  let items = conform(base.items, policies);
  let lastSeq = base.lastSeq;
  if (!(policies.unique && items.some((i) => i.value === value))) {
    if (items.length >= policies.maxItems) {
      if (policies.overflow === 'block') throw new TallyFull(key.id, policies.maxItems);
      items = items.slice(items.length - policies.maxItems + 1);
    }
    lastSeq += 1;
    items = [...items, { value, seq: lastSeq }];
  }
  return { ...base, items, lastSeq, policies, updatedAt: now };
}

/**
 * A put: the tally becomes the one value. Policies sent replace the tally's;
 * without them a live tally keeps its own and a new one takes the defaults.
 */
export function setTally(
  key: TallyKey,
  stored: Tally | null,
  value: string,
  input: TallyPoliciesInput | undefined,
  now: Date,
): Tally {
  checkTallyValue(value);
  const { base, live } = startingPoint(key, stored, now);
  const policies = resolvePolicies(input, live ? base.policies : null);
  const lastSeq = base.lastSeq + 1;
  return { ...base, items: [{ value, seq: lastSeq }], lastSeq, policies, updatedAt: now };
}

/**
 * Values as the public client sends them on create: a string, a number (kept
 * as the decimal string JavaScript writes for it: `42`, `1.5`), or an array of
 * them. Anything else is TALLY.BAD_VALUE.
 */
export type TallyValuesInput = string | number | readonly (string | number)[];

export function tallyValuesOf(input: TallyValuesInput): string[] {
  const one = (value: unknown): string => {
    if (typeof value === 'number' && Number.isFinite(value)) return checkTallyValue(String(value));
    if (typeof value === 'string') return checkTallyValue(value);
    throw new InvalidTallyValue();
  };
  if (!Array.isArray(input)) return [one(input)];
  if (input.length > TALLY_LIMITS.maxItems) throw new InvalidTallyValue();
  return input.map(one);
}

/**
 * A create (the compatibility route `POST /tallies`): the tally becomes the
 * values, as if each were pushed in order onto an empty list under the
 * resolved policies (`unique` skips repeats; beyond `maxItems` `fifo` keeps
 * the newest, `block` refuses with TALLY.FULL). Policies are resolved as a put
 * resolves them.
 */
export function replaceTally(
  key: TallyKey,
  stored: Tally | null,
  values: readonly string[],
  input: TallyPoliciesInput | undefined,
  now: Date,
): Tally {
  values.forEach(checkTallyValue);
  const { base, live } = startingPoint(key, stored, now);
  const policies = resolvePolicies(input, live ? base.policies : null);
  let items: TallyItem[] = [];
  let lastSeq = base.lastSeq;
  for (const value of values) {
    if (policies.unique && items.some((i) => i.value === value)) continue;
    if (items.length >= policies.maxItems) {
      if (policies.overflow === 'block') throw new TallyFull(key.id, policies.maxItems);
      items = items.slice(items.length - policies.maxItems + 1);
    }
    lastSeq += 1;
    items = [...items, { value, seq: lastSeq }];
  }
  return { ...base, items, lastSeq, policies, updatedAt: now };
}
