/**
 * The strategy flow format (see STRATEGY-FORMAT.md): condition nodes joined
 * by true/false edges, ending in paywall leaves, with a fallback leaf.
 */

export const FLOW_FORMAT_VERSION = 1;

/** A flow as stored: validated and normalised by `parseStrategyFlow`. */
export interface StrategyFlow {
  readonly formatVersion: typeof FLOW_FORMAT_VERSION;
  /** Id of the node evaluation starts at. */
  readonly start: string;
  /** Id of the paywall leaf shown when a path runs out or its paywall is unavailable. */
  readonly fallback: string;
  readonly nodes: readonly FlowNode[];
  readonly edges: readonly FlowEdge[];
}

export type FlowNode = ConditionNode | PaywallLeaf;

export interface ConditionNode {
  readonly id: string;
  readonly type: 'condition';
  readonly label: string;
  readonly condition: Condition;
}

export interface PaywallLeaf {
  readonly id: string;
  readonly type: 'paywall';
  readonly label: string;
  readonly paywallId: string;
}

export type Branch = 'true' | 'false';

export interface FlowEdge {
  readonly id: string;
  readonly from: string;
  readonly to: string;
  /** Which outcome of `from`'s condition the edge follows. */
  readonly branch: Branch;
}

export type Condition = FieldCondition | { readonly all: readonly Condition[] } | { readonly any: readonly Condition[] } | { readonly not: Condition };

export type ConditionValue = string | number | boolean | readonly string[] | readonly number[];

export interface FieldCondition {
  readonly field: ConditionField;
  readonly operator: Operator;
  /** Absent only for `exists`. */
  readonly value?: ConditionValue;
}

export type FieldKind = 'string' | 'number' | 'boolean' | 'list';

/** Every field a condition may test, with its kind. */
export const CONDITION_FIELDS = {
  'device.type': 'string',
  'geo.country': 'string',
  'referral.source': 'string',
  'referral.medium': 'string',
  'referral.campaign': 'string',
  'referral.term': 'string',
  'referral.content': 'string',
  'referral.referrer': 'string',
  'user.signedIn': 'boolean',
  'user.entitlements': 'list',
  'reads.daily': 'number',
  'reads.weekly': 'number',
  'content.id': 'string',
  'content.title': 'string',
  'content.type': 'string',
  'content.price': 'number',
  'content.currency': 'string',
  'content.publisherId': 'string',
} as const satisfies Record<string, FieldKind>;

export type ConditionField = keyof typeof CONDITION_FIELDS;

export const OPERATORS = ['equals', 'in', 'matches', 'exists', 'gt', 'gte', 'lt', 'lte', 'contains', 'containsAny'] as const;
export type Operator = (typeof OPERATORS)[number];

/** Operators that make sense for each kind of field. */
export const OPERATORS_BY_KIND: Record<FieldKind, readonly Operator[]> = {
  string: ['equals', 'in', 'matches', 'exists'],
  number: ['equals', 'in', 'gt', 'gte', 'lt', 'lte', 'exists'],
  boolean: ['equals'],
  list: ['contains', 'containsAny', 'exists'],
};

// Limits that keep a flow small enough to evaluate in microseconds and to edit by hand.
export const FLOW_LIMITS = {
  nodes: 200,
  edges: 400,
  conditionDepth: 4,
  conditionsPerGroup: 20,
  listValues: 500,
  patternLength: 200,
  textLength: 200,
} as const;
