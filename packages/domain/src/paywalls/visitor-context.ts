import { CONDITION_FIELDS, ConditionField } from './strategy-flow';

/**
 * What a strategy is evaluated against. The HTTP layer resolves it: device
 * type from the user agent and country from the client address are its
 * concern (libraries with shipped data), not the domain's. Unknown values
 * are null.
 */
export interface VisitorContext {
  readonly device: { readonly type: string | null };
  /** ISO 3166-1 alpha-2, e.g. `SE`. */
  readonly geo: { readonly country: string | null };
  readonly referral: {
    readonly source: string | null;
    readonly medium: string | null;
    readonly campaign: string | null;
    readonly term: string | null;
    readonly content: string | null;
    readonly referrer: string | null;
  };
  readonly user: { readonly signedIn: boolean; readonly entitlements: readonly string[] };
  /** Distinct contents read in the last 24 hours and the last 7 days (rolling, over all the vendor's paywalls). */
  readonly reads: { readonly daily: number; readonly weekly: number };
  readonly content: {
    readonly id: string | null;
    readonly title: string | null;
    readonly type: string | null;
    readonly price: number | null;
    readonly currency: string | null;
    readonly publisherId: string | null;
  };
}

export type FieldValue = string | number | boolean | readonly string[] | null;

const GETTERS: Record<ConditionField, (c: VisitorContext) => FieldValue> = {
  'device.type': (c) => c.device.type,
  'geo.country': (c) => c.geo.country,
  'referral.source': (c) => c.referral.source,
  'referral.medium': (c) => c.referral.medium,
  'referral.campaign': (c) => c.referral.campaign,
  'referral.term': (c) => c.referral.term,
  'referral.content': (c) => c.referral.content,
  'referral.referrer': (c) => c.referral.referrer,
  'user.signedIn': (c) => c.user.signedIn,
  'user.entitlements': (c) => c.user.entitlements,
  'reads.daily': (c) => c.reads.daily,
  'reads.weekly': (c) => c.reads.weekly,
  'content.id': (c) => c.content.id,
  'content.title': (c) => c.content.title,
  'content.type': (c) => c.content.type,
  'content.price': (c) => c.content.price,
  'content.currency': (c) => c.content.currency,
  'content.publisherId': (c) => c.content.publisherId,
};

const FIELDS = Object.keys(CONDITION_FIELDS) as ConditionField[];

/** The context as the flow sees it, field by field: the debug object's `requesterObject`. */
export function requesterObject(context: VisitorContext): Record<ConditionField, FieldValue> {
  return Object.fromEntries(FIELDS.map((f) => [f, GETTERS[f](context)])) as Record<ConditionField, FieldValue>;
}

// Longer text is cut before matching, so a pattern never runs over an unbounded input.
const MAX_MATCHED_LENGTH = 2048;

/**
 * Values ready for comparison: text lower-cased (comparisons ignore case),
 * cut to a bounded length, and '' turned into null (absent); numbers that
 * are not finite become null.
 */
export function comparableValues(context: VisitorContext): Record<ConditionField, FieldValue> {
  const values = {} as Record<ConditionField, FieldValue>;
  for (const field of FIELDS) values[field] = comparable(GETTERS[field](context));
  return values;
}

function comparable(value: FieldValue): FieldValue {
  if (typeof value === 'string') return value === '' ? null : value.slice(0, MAX_MATCHED_LENGTH).toLowerCase();
  if (typeof value === 'number') return Number.isFinite(value) ? value : null;
  if (Array.isArray(value)) return value.map((v: string) => v.toLowerCase());
  return value;
}
