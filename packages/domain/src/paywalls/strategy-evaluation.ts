import { Branch, Condition, ConditionField, FieldCondition, FlowEdge, PaywallLeaf, StrategyFlow } from './strategy-flow';
import { comparableValues, FieldValue, VisitorContext } from './visitor-context';

/** The leaf a flow chose, and how it got there (the debug object's `matchedNode` and `trace`). */
export interface FlowEvaluation {
  readonly paywallId: string;
  readonly matchedNode: { readonly id: string; readonly type: 'paywall'; readonly label: string };
  readonly trace: {
    /** Node ids in the order visited, ending with the leaf shown. */
    readonly path: readonly string[];
    /** Ids of the edges followed. */
    readonly edgesTaken: readonly string[];
    readonly usedFallback: boolean;
    /** Why the fallback leaf was shown; '' when it was reached by its edges or not used. */
    readonly fallbackReason: string;
  };
}

type Values = Record<ConditionField, FieldValue>;
type Test = (values: Values) => boolean;

interface CompiledNode {
  readonly id: string;
  readonly label: string;
  readonly leaf: PaywallLeaf | null;
  readonly test: Test;
  readonly edges: Partial<Record<Branch, FlowEdge>>;
}

/** A flow turned into closures once (patterns compiled, lists as sets), to evaluate many times. */
export interface CompiledFlow {
  readonly flow: StrategyFlow;
  readonly nodes: ReadonlyMap<string, CompiledNode>;
}

/** Compiles a flow that `parseStrategyFlow` accepted. */
export function compileFlow(flow: StrategyFlow): CompiledFlow {
  const nodes = new Map<string, CompiledNode>();
  for (const node of flow.nodes) {
    const edges: Partial<Record<Branch, FlowEdge>> = {};
    for (const edge of flow.edges) if (edge.from === node.id) edges[edge.branch] = edge;
    nodes.set(node.id, {
      id: node.id,
      label: node.label,
      leaf: node.type === 'paywall' ? node : null,
      test: node.type === 'condition' ? compileCondition(node.condition) : () => true,
      edges,
    });
  }
  return { flow, nodes };
}

/**
 * Walks the flow from `start`: each condition node takes its true or false
 * edge until a paywall leaf. A condition whose edge for the outcome is
 * missing hands over to the fallback leaf. Pure: reads nothing, records
 * nothing, and never consumes a read.
 */
export function evaluateFlow(compiled: CompiledFlow, context: VisitorContext): FlowEvaluation {
  const values = comparableValues(context);
  const path: string[] = [];
  const edgesTaken: string[] = [];
  let node = compiled.nodes.get(compiled.flow.start);
  // A valid flow has no loop, so a walk visits each node at most once.
  for (let steps = 0; node && steps <= compiled.nodes.size; steps += 1) {
    path.push(node.id);
    if (node.leaf) return reached(node.leaf, path, edgesTaken, '');
    const branch: Branch = node.test(values) ? 'true' : 'false';
    const edge = node.edges[branch];
    if (!edge) return toFallback(compiled, path, edgesTaken, `node "${node.id}" has no ${branch} edge`);
    edgesTaken.push(edge.id);
    node = compiled.nodes.get(edge.to);
  }
  return toFallback(compiled, path, edgesTaken, 'the walk did not reach a paywall leaf');
}

/**
 * The same evaluation moved to the fallback leaf, e.g. when the matched
 * leaf's paywall is archived. The trace keeps the path that was walked.
 */
export function fallBack(compiled: CompiledFlow, evaluation: FlowEvaluation, reason: string): FlowEvaluation {
  return toFallback(compiled, [...evaluation.trace.path], [...evaluation.trace.edgesTaken], reason);
}

function toFallback(compiled: CompiledFlow, path: string[], edgesTaken: string[], reason: string): FlowEvaluation {
  const leaf = compiled.nodes.get(compiled.flow.fallback)?.leaf;
  if (!leaf) throw new Error(`flow fallback "${compiled.flow.fallback}" is not a paywall leaf`);
  return reached(leaf, [...path, leaf.id], edgesTaken, reason);
}

function reached(leaf: PaywallLeaf, path: string[], edgesTaken: string[], fallbackReason: string): FlowEvaluation {
  return {
    paywallId: leaf.paywallId,
    matchedNode: { id: leaf.id, type: 'paywall', label: leaf.label },
    trace: { path, edgesTaken, usedFallback: fallbackReason !== '', fallbackReason },
  };
}

function compileCondition(condition: Condition): Test {
  if ('all' in condition) {
    const parts = condition.all.map(compileCondition);
    return (v) => parts.every((p) => p(v));
  }
  if ('any' in condition) {
    const parts = condition.any.map(compileCondition);
    return (v) => parts.some((p) => p(v));
  }
  if ('not' in condition) {
    const inner = compileCondition(condition.not);
    return (v) => !inner(v);
  }
  return compileFieldCondition(condition);
}

const lower = (value: unknown) => (typeof value === 'string' ? value.toLowerCase() : value);

/**
 * One comparison. Text compares without regard to case. An absent value
 * (null) satisfies no operator but `exists`'s false side: a condition on
 * something unknown is simply not met and takes the false edge.
 */
function compileFieldCondition({ field, operator, value }: FieldCondition): Test {
  switch (operator) {
    case 'exists':
      return (v) => {
        const x = v[field];
        return Array.isArray(x) ? x.length > 0 : x !== null;
      };
    case 'equals': {
      const expected = lower(value);
      return (v) => v[field] === expected;
    }
    case 'in': {
      const set = new Set<unknown>((value as readonly unknown[]).map(lower));
      return (v) => v[field] !== null && set.has(v[field]);
    }
    case 'matches': {
      const pattern = new RegExp(value as string, 'i');
      return (v) => {
        const x = v[field];
        return typeof x === 'string' && pattern.test(x);
      };
    }
    case 'contains': {
      const expected = lower(value);
      return (v) => {
        const x = v[field];
        return Array.isArray(x) && x.includes(expected);
      };
    }
    case 'containsAny': {
      const set = new Set<unknown>((value as readonly string[]).map(lower));
      return (v) => {
        const x = v[field];
        return Array.isArray(x) && x.some((item) => set.has(item));
      };
    }
    case 'gt':
      return numeric(field, (x) => x > (value as number));
    case 'gte':
      return numeric(field, (x) => x >= (value as number));
    case 'lt':
      return numeric(field, (x) => x < (value as number));
    case 'lte':
      return numeric(field, (x) => x <= (value as number));
  }
}

function numeric(field: ConditionField, holds: (x: number) => boolean): Test {
  return (v) => {
    const x = v[field];
    return typeof x === 'number' && holds(x);
  };
}
