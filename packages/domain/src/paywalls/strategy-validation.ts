import { InvalidError } from '../shared';
import {
  Branch,
  Condition,
  CONDITION_FIELDS,
  ConditionField,
  FieldCondition,
  FLOW_FORMAT_VERSION,
  FLOW_LIMITS,
  FlowEdge,
  FlowNode,
  Operator,
  OPERATORS,
  OPERATORS_BY_KIND,
  StrategyFlow,
} from './strategy-flow';

export type FlowIssueCode =
  | 'BAD_SHAPE'
  | 'BAD_FORMAT_VERSION'
  | 'BAD_ID'
  | 'DUPLICATE_NODE'
  | 'UNKNOWN_NODE_TYPE'
  | 'UNKNOWN_NODE'
  | 'BAD_LEAF'
  | 'BAD_FIELD'
  | 'BAD_OPERATOR'
  | 'BAD_VALUE'
  | 'BAD_EDGE'
  | 'CYCLE'
  | 'MISSING_LEAF'
  | 'TOO_LARGE';

/** One thing wrong with a flow, with the JSON path it was found at (`nodes[2].condition.operator`). */
export interface FlowIssue {
  readonly code: FlowIssueCode;
  readonly path: string;
  readonly message: string;
}

/** A flow refused on save. The code is the first issue's (`STRATEGY.CYCLE`); `details.errors` lists all. */
export class InvalidStrategyFlow extends InvalidError {
  constructor(readonly issues: readonly FlowIssue[]) {
    super(`STRATEGY.${issues[0].code}`, `strategy flow is invalid: ${issues.map((i) => `${i.path}: ${i.message}`).join('; ')}`, {
      errors: issues,
    });
  }
}

const ID = /^[A-Za-z0-9][A-Za-z0-9_.:-]{0,63}$/;
type Json = Record<string, unknown>;
const isRecord = (v: unknown): v is Json => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * Checks a submitted flow and returns it normalised (only the members the
 * format knows, `branch` as a string), so equal flows store and fingerprint
 * alike. Throws InvalidStrategyFlow listing every problem found.
 */
export function parseStrategyFlow(input: unknown): StrategyFlow {
  const issues: FlowIssue[] = [];
  const fail = (code: FlowIssueCode, path: string, message: string) => issues.push({ code, path, message });
  const flow = readFlow(input, fail);
  if (issues.length > 0 || !flow) throw new InvalidStrategyFlow(issues.length > 0 ? issues : [{ code: 'BAD_SHAPE', path: '$', message: 'is not a flow' }]);
  return flow;
}

type Fail = (code: FlowIssueCode, path: string, message: string) => void;

function readFlow(input: unknown, fail: Fail): StrategyFlow | null {
  if (!isRecord(input)) {
    fail('BAD_SHAPE', '$', 'a flow is a JSON object');
    return null;
  }
  if (input.formatVersion !== FLOW_FORMAT_VERSION) fail('BAD_FORMAT_VERSION', 'formatVersion', `must be ${FLOW_FORMAT_VERSION}`);
  const rawNodes = input.nodes;
  const rawEdges = input.edges ?? [];
  if (!Array.isArray(rawNodes) || !Array.isArray(rawEdges)) {
    fail('BAD_SHAPE', Array.isArray(rawNodes) ? 'edges' : 'nodes', 'must be an array');
    return null;
  }
  if (rawNodes.length > FLOW_LIMITS.nodes || rawEdges.length > FLOW_LIMITS.edges) {
    fail('TOO_LARGE', 'nodes', `a flow has at most ${FLOW_LIMITS.nodes} nodes and ${FLOW_LIMITS.edges} edges`);
    return null;
  }
  const nodes = readNodes(rawNodes, fail);
  const byId = new Map(nodes.map((n) => [n.id, n]));
  const edges = readEdges(rawEdges, byId, fail);
  const start = readReference(input.start, 'start', byId, fail);
  const fallback = readReference(input.fallback, 'fallback', byId, fail, 'MISSING_LEAF');
  if (fallback !== null && byId.get(fallback)?.type !== 'paywall') {
    fail('MISSING_LEAF', 'fallback', `node "${fallback}" is not a paywall leaf`);
  }
  const cycle = findCycle(nodes, edges);
  if (cycle) fail('CYCLE', 'edges', `the flow loops: ${cycle.join(' -> ')}`);
  if (start === null || fallback === null) return null;
  return { formatVersion: FLOW_FORMAT_VERSION, start, fallback, nodes, edges };
}

function readReference(value: unknown, path: string, byId: Map<string, FlowNode>, fail: Fail, missing: FlowIssueCode = 'BAD_SHAPE'): string | null {
  if (typeof value !== 'string' || value === '') {
    fail(missing, path, 'must name a node');
    return null;
  }
  if (!byId.has(value)) {
    fail('UNKNOWN_NODE', path, `names no node: "${value}"`);
    return null;
  }
  return value;
}

function readText(value: unknown, path: string, fail: Fail): string {
  if (value === undefined) return '';
  if (typeof value !== 'string' || value.length > FLOW_LIMITS.textLength) {
    fail('BAD_SHAPE', path, `must be a string of at most ${FLOW_LIMITS.textLength} characters`);
    return '';
  }
  return value;
}

function readNodes(raw: unknown[], fail: Fail): FlowNode[] {
  const seen = new Set<string>();
  const nodes: FlowNode[] = [];
  raw.forEach((n, i) => {
    const at = `nodes[${i}]`;
    if (!isRecord(n)) return fail('BAD_SHAPE', at, 'a node is a JSON object');
    if (typeof n.id !== 'string' || !ID.test(n.id)) return fail('BAD_ID', `${at}.id`, 'must be 1 to 64 letters, digits, or . _ : -');
    if (seen.has(n.id)) return fail('DUPLICATE_NODE', `${at}.id`, `repeats node "${n.id}"`);
    seen.add(n.id);
    const label = readText(n.label, `${at}.label`, fail);
    if (n.type === 'paywall') {
      if (typeof n.paywallId !== 'string' || n.paywallId === '' || n.paywallId.length > 128) {
        return fail('BAD_LEAF', `${at}.paywallId`, 'a paywall leaf names the paywall it shows');
      }
      nodes.push({ id: n.id, type: 'paywall', label, paywallId: n.paywallId });
    } else if (n.type === 'condition') {
      const condition = readCondition(n.condition, `${at}.condition`, 1, fail);
      if (condition) nodes.push({ id: n.id, type: 'condition', label, condition });
    } else {
      fail('UNKNOWN_NODE_TYPE', `${at}.type`, 'must be "condition" or "paywall"');
    }
  });
  return nodes;
}

function readCondition(raw: unknown, at: string, depth: number, fail: Fail): Condition | null {
  if (!isRecord(raw)) {
    fail('BAD_SHAPE', at, 'a condition is a JSON object');
    return null;
  }
  if (depth > FLOW_LIMITS.conditionDepth && !('field' in raw)) {
    fail('TOO_LARGE', at, `conditions nest at most ${FLOW_LIMITS.conditionDepth} deep`);
    return null;
  }
  for (const group of ['all', 'any'] as const) {
    if (group in raw) {
      const list = raw[group];
      if (!Array.isArray(list) || list.length === 0 || list.length > FLOW_LIMITS.conditionsPerGroup) {
        fail('BAD_SHAPE', `${at}.${group}`, `must list 1 to ${FLOW_LIMITS.conditionsPerGroup} conditions`);
        return null;
      }
      const parts = list.map((c, i) => readCondition(c, `${at}.${group}[${i}]`, depth + 1, fail));
      if (!parts.every((p): p is Condition => p !== null)) return null;
      return group === 'all' ? { all: parts } : { any: parts };
    }
  }
  if ('not' in raw) {
    const inner = readCondition(raw.not, `${at}.not`, depth + 1, fail);
    return inner && { not: inner };
  }
  return readFieldCondition(raw, at, fail);
}

function readFieldCondition(raw: Json, at: string, fail: Fail): FieldCondition | null {
  if (typeof raw.field !== 'string' || !(raw.field in CONDITION_FIELDS)) {
    fail('BAD_FIELD', `${at}.field`, `unknown field ${JSON.stringify(raw.field)}; known: ${Object.keys(CONDITION_FIELDS).join(', ')}`);
    return null;
  }
  const field = raw.field as ConditionField;
  const kind = CONDITION_FIELDS[field];
  if (typeof raw.operator !== 'string' || !(OPERATORS as readonly string[]).includes(raw.operator)) {
    fail('BAD_OPERATOR', `${at}.operator`, `unknown operator ${JSON.stringify(raw.operator)}; known: ${OPERATORS.join(', ')}`);
    return null;
  }
  const operator = raw.operator as Operator;
  if (!OPERATORS_BY_KIND[kind].includes(operator)) {
    fail('BAD_OPERATOR', `${at}.operator`, `"${operator}" does not apply to ${field} (${kind}); use ${OPERATORS_BY_KIND[kind].join(', ')}`);
    return null;
  }
  if (operator === 'exists') return { field, operator };
  const problem = valueProblem(kind, operator, raw.value);
  if (problem) {
    fail('BAD_VALUE', `${at}.value`, problem);
    return null;
  }
  return { field, operator, value: raw.value as FieldCondition['value'] };
}

/** Why `value` does not suit the operator on a field of `kind`, or null when it does. */
function valueProblem(kind: string, operator: Operator, value: unknown): string | null {
  const text = (v: unknown) => typeof v === 'string' && v.length <= FLOW_LIMITS.textLength;
  const number = (v: unknown) => typeof v === 'number' && Number.isFinite(v);
  const list = (ok: (v: unknown) => boolean) =>
    Array.isArray(value) && value.length > 0 && value.length <= FLOW_LIMITS.listValues && value.every(ok);
  switch (operator) {
    case 'equals':
      if (kind === 'string') return text(value) ? null : 'must be a string';
      if (kind === 'number') return number(value) ? null : 'must be a number';
      return typeof value === 'boolean' ? null : 'must be true or false';
    case 'in':
      return list(kind === 'number' ? number : text) ? null : `must be a list of 1 to ${FLOW_LIMITS.listValues} ${kind}s`;
    case 'containsAny':
      return list(text) ? null : `must be a list of 1 to ${FLOW_LIMITS.listValues} strings`;
    case 'contains':
      return text(value) ? null : 'must be a string';
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte':
      return number(value) ? null : 'must be a number';
    case 'matches':
      return patternProblem(value);
    case 'exists':
      return null;
  }
}

function patternProblem(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > FLOW_LIMITS.patternLength) {
    return `must be a regular expression of 1 to ${FLOW_LIMITS.patternLength} characters`;
  }
  try {
    new RegExp(value, 'i');
    return null;
  } catch {
    return 'is not a valid regular expression';
  }
}

function readEdges(raw: unknown[], byId: Map<string, FlowNode>, fail: Fail): FlowEdge[] {
  const ids = new Set<string>();
  const branches = new Set<string>();
  const edges: FlowEdge[] = [];
  raw.forEach((e, i) => {
    const at = `edges[${i}]`;
    if (!isRecord(e)) return fail('BAD_SHAPE', at, 'an edge is a JSON object');
    if (typeof e.id !== 'string' || !ID.test(e.id)) return fail('BAD_ID', `${at}.id`, 'must be 1 to 64 letters, digits, or . _ : -');
    if (ids.has(e.id)) return fail('BAD_EDGE', `${at}.id`, `repeats edge "${e.id}"`);
    ids.add(e.id);
    const from = typeof e.from === 'string' ? byId.get(e.from) : undefined;
    const to = typeof e.to === 'string' ? byId.get(e.to) : undefined;
    if (!from) return fail('UNKNOWN_NODE', `${at}.from`, `names no node: ${JSON.stringify(e.from)}`);
    if (!to) return fail('UNKNOWN_NODE', `${at}.to`, `names no node: ${JSON.stringify(e.to)}`);
    const branch: Branch | null = e.branch === true || e.branch === 'true' ? 'true' : e.branch === false || e.branch === 'false' ? 'false' : null;
    if (!branch) return fail('BAD_EDGE', `${at}.branch`, 'must be "true" or "false"');
    if (from.type === 'paywall') return fail('BAD_EDGE', `${at}.from`, `paywall leaf "${from.id}" ends a path and has no edges`);
    if (branches.has(`${from.id}\u0000${branch}`)) return fail('BAD_EDGE', `${at}.branch`, `node "${from.id}" already has a ${branch} edge`);
    branches.add(`${from.id}\u0000${branch}`);
    edges.push({ id: e.id, from: from.id, to: to.id, branch });
  });
  return edges;
}

/** A loop of node ids (first repeated at the end), or null. Looks at every node, reachable or not. */
function findCycle(nodes: readonly FlowNode[], edges: readonly FlowEdge[]): string[] | null {
  const next = new Map<string, string[]>();
  for (const e of edges) next.set(e.from, [...(next.get(e.from) ?? []), e.to]);
  const state = new Map<string, 'open' | 'done'>();
  const stack: string[] = [];
  const visit = (id: string): string[] | null => {
    if (state.get(id) === 'done') return null;
    if (state.get(id) === 'open') return [...stack.slice(stack.indexOf(id)), id];
    state.set(id, 'open');
    stack.push(id);
    for (const to of next.get(id) ?? []) {
      const cycle = visit(to);
      if (cycle) return cycle;
    }
    stack.pop();
    state.set(id, 'done');
    return null;
  };
  for (const node of nodes) {
    const cycle = visit(node.id);
    if (cycle) return cycle;
  }
  return null;
}
