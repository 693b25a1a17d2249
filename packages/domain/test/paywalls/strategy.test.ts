import {
  compileFlow,
  evaluateFlow,
  flowFingerprint,
  parseStrategyFlow,
  requesterObject,
  toStrategyExecuteResponse,
} from '../../src/paywalls';
import { sampleFlow, visitor } from './flows';
import { meteredContent, VENDOR, world } from './fixtures';

const evaluate = (flow: unknown, context = visitor()) => evaluateFlow(compileFlow(parseStrategyFlow(flow)), context);

describe('strategy evaluation', () => {
  it.each([
    ['signed-in readers', visitor({ user: { signedIn: true } }), 'leaf-member', ['is-signed-in', 'leaf-member'], ['e1']],
    ['mobile Nordic visitor from Facebook', visitor({ device: { type: 'mobile' }, geo: { country: 'SE' }, referral: { source: 'facebook.com' } }), 'leaf-social', ['is-signed-in', 'is-mobile', 'is-nordic', 'from-social', 'leaf-social'], ['e2', 'e3', 'e5', 'e7']],
    ['social by medium, any case', visitor({ device: { type: 'Tablet' }, geo: { country: 'no' }, referral: { medium: 'SOCIAL' } }), 'leaf-social', ['is-signed-in', 'is-mobile', 'is-nordic', 'from-social', 'leaf-social'], ['e2', 'e3', 'e5', 'e7']],
    ['mobile Nordic visitor from search', visitor({ device: { type: 'mobile' }, geo: { country: 'FI' }, referral: { source: 'google' } }), 'leaf-mobile', ['is-signed-in', 'is-mobile', 'is-nordic', 'from-social', 'leaf-mobile'], ['e2', 'e3', 'e5', 'e8']],
    ['mobile visitor outside the Nordics', visitor({ device: { type: 'mobile' } }), 'leaf-mobile', ['is-signed-in', 'is-mobile', 'is-nordic', 'leaf-mobile'], ['e2', 'e3', 'e6']],
    ['unknown country takes the false edge', visitor({ device: { type: 'mobile' }, geo: { country: null } }), 'leaf-mobile', ['is-signed-in', 'is-mobile', 'is-nordic', 'leaf-mobile'], ['e2', 'e3', 'e6']],
    ['heavy desktop reader of a paid article', visitor({ reads: { weekly: 5 }, content: { price: 2 } }), 'leaf-hard', ['is-signed-in', 'is-mobile', 'heavy-reader', 'leaf-hard'], ['e2', 'e4', 'e9']],
  ])('%s', (_name, context, leaf, path, edges) => {
    const result = evaluate(sampleFlow(), context);
    expect(result.matchedNode.id).toBe(leaf);
    expect(result.trace).toEqual({ path, edgesTaken: edges, usedFallback: false, fallbackReason: '' });
  });

  it.each([
    ['a node without the edge for its outcome', visitor(), ['is-signed-in', 'is-mobile', 'heavy-reader', 'leaf-default'], 'node "heavy-reader" has no false edge'],
    ['an unknown price is not > 0', visitor({ reads: { weekly: 9 }, content: { price: null } }), ['is-signed-in', 'is-mobile', 'heavy-reader', 'leaf-default'], 'node "heavy-reader" has no false edge'],
  ])('falls back: %s', (_name, context, path, reason) => {
    const result = evaluate(sampleFlow(), context);
    expect(result).toEqual({
      paywallId: 'pw-default',
      matchedNode: { id: 'leaf-default', type: 'paywall', label: 'Default' },
      trace: { path, edgesTaken: ['e2', 'e4'], usedFallback: true, fallbackReason: reason },
    });
  });

  it('a flow that starts at its fallback leaf shows it without using the fallback', () => {
    const flow = { formatVersion: 1, start: 'only', fallback: 'only', nodes: [{ id: 'only', type: 'paywall', label: 'Only', paywallId: 'pw' }] };
    expect(evaluate(flow).trace).toEqual({ path: ['only'], edgesTaken: [], usedFallback: false, fallbackReason: '' });
  });

  const single = (condition: object) => ({
    formatVersion: 1,
    start: 'c',
    fallback: 'no',
    nodes: [
      { id: 'c', type: 'condition', label: 'c', condition },
      { id: 'yes', type: 'paywall', label: 'yes', paywallId: 'pw-yes' },
      { id: 'no', type: 'paywall', label: 'no', paywallId: 'pw-no' },
    ],
    edges: [
      { id: 't', from: 'c', to: 'yes', branch: 'true' },
      { id: 'f', from: 'c', to: 'no', branch: false },
    ],
  });

  it.each([
    [{ field: 'content.type', operator: 'equals', value: 'ARTICLE' }, visitor(), true],
    [{ field: 'content.type', operator: 'equals', value: 'podcast' }, visitor(), false],
    [{ field: 'content.publisherId', operator: 'in', value: ['weekly', 'daily'] }, visitor(), true],
    [{ field: 'content.price', operator: 'lte', value: 0 }, visitor(), true],
    [{ field: 'content.price', operator: 'lt', value: 0 }, visitor(), false],
    [{ field: 'content.price', operator: 'in', value: [0, 5] }, visitor(), true],
    [{ field: 'reads.daily', operator: 'gte', value: 3 }, visitor({ reads: { daily: 3 } }), true],
    [{ field: 'reads.daily', operator: 'gte', value: 3 }, visitor({ reads: { daily: 2 } }), false],
    [{ field: 'reads.weekly', operator: 'equals', value: 0 }, visitor(), true],
    [{ field: 'referral.campaign', operator: 'exists' }, visitor(), false],
    [{ field: 'referral.campaign', operator: 'exists' }, visitor({ referral: { campaign: 'spring' } }), true],
    [{ field: 'referral.referrer', operator: 'matches', value: '^https://(www\\.)?google\\.' }, visitor({ referral: { referrer: 'https://www.Google.se/' } }), true],
    [{ field: 'user.entitlements', operator: 'contains', value: 'NEWS' }, visitor({ user: { entitlements: ['news'] } }), true],
    [{ field: 'user.entitlements', operator: 'containsAny', value: ['a', 'b'] }, visitor({ user: { entitlements: ['c'] } }), false],
    [{ field: 'user.entitlements', operator: 'exists' }, visitor(), false],
    [{ not: { field: 'geo.country', operator: 'equals', value: 'de' } }, visitor(), false],
    [{ all: [{ field: 'device.type', operator: 'equals', value: 'desktop' }, { any: [{ field: 'geo.country', operator: 'equals', value: 'SE' }, { field: 'geo.country', operator: 'equals', value: 'DE' }] }] }, visitor(), true],
    [{ field: 'referral.source', operator: 'equals', value: '' }, visitor(), false],
  ])('condition %j is %s', (condition, context, expected) => {
    expect(evaluate(single(condition), context).matchedNode.id).toBe(expected ? 'yes' : 'no');
  });

  it('evaluation is pure: the same context gives the same answer and nothing is read or written', () => {
    const compiled = compileFlow(parseStrategyFlow(sampleFlow()));
    const context = visitor({ device: { type: 'mobile' } });
    expect(evaluateFlow(compiled, context)).toEqual(evaluateFlow(compiled, context));
  });
});

describe('strategy flow validation', () => {
  const flow = sampleFlow;
  const withNode = (index: number, node: object) => {
    const f = flow();
    (f.nodes as object[])[index] = node;
    return f;
  };
  const failure = (input: unknown) => {
    try {
      parseStrategyFlow(input);
    } catch (error) {
      return error as { kind: string; code: string; details: { errors: { code: string; path: string }[] } };
    }
    throw new Error('expected the flow to be refused');
  };

  it.each([
    ['not an object', [], 'STRATEGY.BAD_SHAPE', '$'],
    ['wrong format version', { ...flow(), formatVersion: 2 }, 'STRATEGY.BAD_FORMAT_VERSION', 'formatVersion'],
    ['nodes missing', { ...flow(), nodes: undefined }, 'STRATEGY.BAD_SHAPE', 'nodes'],
    ['edge to an unknown node', { ...flow(), edges: [...flow().edges.slice(0, 8), { id: 'e9', from: 'heavy-reader', to: 'nowhere', branch: 'true' }] }, 'STRATEGY.UNKNOWN_NODE', 'edges[8].to'],
    ['edge from an unknown node', { ...flow(), edges: [{ id: 'x', from: 'ghost', to: 'leaf-default', branch: 'true' }] }, 'STRATEGY.UNKNOWN_NODE', 'edges[0].from'],
    ['start names no node', { ...flow(), start: 'ghost' }, 'STRATEGY.UNKNOWN_NODE', 'start'],
    ['fallback names no node', { ...flow(), fallback: 'ghost' }, 'STRATEGY.UNKNOWN_NODE', 'fallback'],
    ['no fallback', { ...flow(), fallback: undefined }, 'STRATEGY.MISSING_LEAF', 'fallback'],
    ['fallback is a condition', { ...flow(), fallback: 'is-mobile' }, 'STRATEGY.MISSING_LEAF', 'fallback'],
    ['leaf without a paywall', withNode(5, { id: 'leaf-member', type: 'paywall', label: 'x' }), 'STRATEGY.BAD_LEAF', 'nodes[5].paywallId'],
    ['cycle', { ...flow(), edges: [...flow().edges, { id: 'back', from: 'heavy-reader', to: 'is-signed-in', branch: 'false' }] }, 'STRATEGY.CYCLE', 'edges'],
    ['self loop', { ...flow(), edges: [...flow().edges, { id: 'self', from: 'heavy-reader', to: 'heavy-reader', branch: 'false' }] }, 'STRATEGY.CYCLE', 'edges'],
    ['unknown operator', withNode(0, { id: 'is-signed-in', type: 'condition', label: '', condition: { field: 'user.signedIn', operator: 'is', value: true } }), 'STRATEGY.BAD_OPERATOR', 'nodes[0].condition.operator'],
    ['operator not for the field', withNode(1, { id: 'is-mobile', type: 'condition', label: '', condition: { field: 'device.type', operator: 'gte', value: 2 } }), 'STRATEGY.BAD_OPERATOR', 'nodes[1].condition.operator'],
    ['unknown field', withNode(1, { id: 'is-mobile', type: 'condition', label: '', condition: { field: 'device.os', operator: 'equals', value: 'ios' } }), 'STRATEGY.BAD_FIELD', 'nodes[1].condition.field'],
    ['in without a list', withNode(2, { id: 'is-nordic', type: 'condition', label: '', condition: { field: 'geo.country', operator: 'in', value: 'SE' } }), 'STRATEGY.BAD_VALUE', 'nodes[2].condition.value'],
    ['gte with text', withNode(4, { id: 'heavy-reader', type: 'condition', label: '', condition: { field: 'reads.weekly', operator: 'gte', value: '5' } }), 'STRATEGY.BAD_VALUE', 'nodes[4].condition.value'],
    ['broken pattern', withNode(3, { id: 'from-social', type: 'condition', label: '', condition: { field: 'referral.source', operator: 'matches', value: '(facebook' } }), 'STRATEGY.BAD_VALUE', 'nodes[3].condition.value'],
    ['nested group deep inside', withNode(3, { id: 'from-social', type: 'condition', label: '', condition: { not: { not: { not: { not: { not: { field: 'geo.country', operator: 'exists' } } } } } } }), 'STRATEGY.TOO_LARGE', 'nodes[3].condition.not.not.not.not'],
    ['empty group', withNode(3, { id: 'from-social', type: 'condition', label: '', condition: { all: [] } }), 'STRATEGY.BAD_SHAPE', 'nodes[3].condition.all'],
    ['unknown node type', withNode(3, { id: 'from-social', type: 'switch', label: '' }), 'STRATEGY.UNKNOWN_NODE_TYPE', 'nodes[3].type'],
    ['duplicate node', withNode(3, { id: 'is-mobile', type: 'paywall', label: '', paywallId: 'p' }), 'STRATEGY.DUPLICATE_NODE', 'nodes[3].id'],
    ['bad node id', withNode(3, { id: 'has space', type: 'paywall', label: '', paywallId: 'p' }), 'STRATEGY.BAD_ID', 'nodes[3].id'],
    ['two true edges from one node', { ...flow(), edges: [...flow().edges, { id: 'e10', from: 'is-signed-in', to: 'leaf-default', branch: 'true' }] }, 'STRATEGY.BAD_EDGE', 'edges[9].branch'],
    ['edge out of a leaf', { ...flow(), edges: [...flow().edges, { id: 'e10', from: 'leaf-hard', to: 'leaf-default', branch: 'true' }] }, 'STRATEGY.BAD_EDGE', 'edges[9].from'],
    ['branch not true or false', { ...flow(), edges: [...flow().edges, { id: 'e10', from: 'heavy-reader', to: 'leaf-default', branch: 'maybe' }] }, 'STRATEGY.BAD_EDGE', 'edges[9].branch'],
    ['repeated edge id', { ...flow(), edges: [...flow().edges, { id: 'e1', from: 'heavy-reader', to: 'leaf-default', branch: 'false' }] }, 'STRATEGY.BAD_EDGE', 'edges[9].id'],
    ['too many nodes', { ...flow(), nodes: Array.from({ length: 201 }, (_, i) => ({ id: `n${i}`, type: 'paywall', paywallId: 'p' })) }, 'STRATEGY.TOO_LARGE', 'nodes'],
  ])('refuses %s', (_name, input, code, path) => {
    const error = failure(input);
    expect(error).toMatchObject({ kind: 'invalid', code });
    expect(error.details.errors.map((e) => e.path)).toContain(path);
  });

  it('names the loop it found', () => {
    const error = failure({ ...flow(), edges: [...flow().edges, { id: 'back', from: 'heavy-reader', to: 'is-signed-in', branch: 'false' }] });
    expect(JSON.stringify(error.details.errors)).toContain('is-signed-in -> is-mobile -> heavy-reader -> is-signed-in');
  });

  it('lists every problem, not only the first', () => {
    const f = flow();
    const error = failure({ ...f, start: 'ghost', edges: [...f.edges, { id: 'x', from: 'leaf-hard', to: 'leaf-default', branch: 'true' }] });
    expect(error.details.errors.map((e) => e.code)).toEqual(['BAD_EDGE', 'UNKNOWN_NODE']);
  });

  it('normalises: unknown members dropped, boolean branches as text, missing labels empty', () => {
    const parsed = parseStrategyFlow({
      formatVersion: 1,
      start: 'c',
      fallback: 'l',
      extra: 'ignored',
      nodes: [
        { id: 'c', type: 'condition', condition: { field: 'geo.country', operator: 'exists', value: 'ignored' }, x: 1 },
        { id: 'l', type: 'paywall', label: 'L', paywallId: 'pw' },
      ],
      edges: [{ id: 'e', from: 'c', to: 'l', branch: true, color: 'red' }],
    });
    expect(parsed).toEqual({
      formatVersion: 1,
      start: 'c',
      fallback: 'l',
      nodes: [
        { id: 'c', type: 'condition', label: '', condition: { field: 'geo.country', operator: 'exists' } },
        { id: 'l', type: 'paywall', label: 'L', paywallId: 'pw' },
      ],
      edges: [{ id: 'e', from: 'c', to: 'l', branch: 'true' }],
    });
  });
});

describe('flow fingerprint', () => {
  it('is a SHA-256 that ignores key order and changes with any value', async () => {
    const a = parseStrategyFlow(sampleFlow());
    const reordered = JSON.parse(JSON.stringify(a, Object.keys(a).reverse()));
    const b = { ...a, fallback: 'leaf-hard' };
    const fingerprint = await flowFingerprint(a);
    expect(fingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(await flowFingerprint(parseStrategyFlow({ ...reordered, nodes: a.nodes, edges: a.edges }))).toBe(fingerprint);
    expect(await flowFingerprint(b)).not.toBe(fingerprint);
  });
});

describe('ExecuteStrategy', () => {
  async function setUp() {
    const w = world();
    const ids: Record<string, string> = {};
    for (const name of ['member', 'social', 'mobile', 'hard', 'default']) {
      ids[name] = (await w.createPaywall.execute({ vendorId: VENDOR, name, content: meteredContent() })).id;
    }
    const flow = sampleFlow();
    for (const node of flow.nodes) if (node.type === 'paywall') Object.assign(node, { paywallId: ids[node.paywallId!.slice(3)] });
    const strategy = await w.createStrategy.execute({ vendorId: VENDOR, name: 'Main', target: 'article-page', flow });
    return { ...w, ids, strategy };
  }
  const command = (strategyId: string, extra: object = {}) => ({
    vendorId: VENDOR,
    strategyId,
    deviceType: 'mobile',
    country: 'se',
    visitorId: 'v-1',
    attribution: { source: 'instagram', medium: null },
    content: { contentId: 'article-7', type: 'article', price: 0 },
    ...extra,
  });

  it('answers the paywall of the matched leaf with the trace, and consumes no read', async () => {
    const w = await setUp();
    const result = await w.executeStrategy.execute(command(w.strategy.id));
    expect(result).toMatchObject({
      paywallId: w.ids.social,
      matchedNode: { id: 'leaf-social', type: 'paywall', label: 'Social offer' },
      paywall: { id: w.ids.social, version: 1 },
      strategy: { id: w.strategy.id, name: 'Main', target: 'article-page', fingerprint: w.strategy.fingerprint },
      trace: { usedFallback: false },
    });
    expect(w.ledger.rows.size).toBe(0);
    const response = toStrategyExecuteResponse(result, {
      cache: { flowHit: false, paywallHit: true },
      timing: { totalMs: 3, flowFetchAndEvaluationMs: 1, paywallFetchMs: 1 },
    });
    expect(Object.keys(response)).toEqual(['paywallId', 'matchedNode', 'paywall', 'debug']);
    expect(Object.keys(response.debug!)).toEqual(['requesterObject', 'flow', 'cache', 'timing', 'trace']);
    expect(Object.keys(response.debug!.flow)).toEqual(['id', 'name', 'target', 'fingerprint']);
    expect(Object.keys(response.debug!.trace)).toEqual(['path', 'edgesTaken', 'usedFallback', 'fallbackReason']);
    expect(response.debug!.requesterObject).toMatchObject({ 'geo.country': 'SE', 'referral.source': 'instagram', 'reads.daily': 0 });
    expect(toStrategyExecuteResponse(result, null)).not.toHaveProperty('debug');
  });

  it('supplies daily and weekly read counts from the ledger', async () => {
    const w = await setUp();
    const paywallId = w.ids.default;
    const HOUR = 3_600_000;
    const now = w.clock.now().getTime();
    w.ledger.seed(VENDOR, paywallId, 'visitor:v-1', [
      ...[1, 2, 3, 4, 5].map((n) => ({ contentId: `w${n}`, readAt: new Date(now - 48 * HOUR - n) })),
      { contentId: 'd1', readAt: new Date(now - HOUR) },
    ]);
    const result = await w.executeStrategy.execute(command(w.strategy.id, { deviceType: 'desktop', content: { price: 3 } }));
    expect(result.context.reads).toEqual({ daily: 1, weekly: 6 });
    expect(result.matchedNode.id).toBe('leaf-hard');
  });

  it('falls back when the matched paywall is archived; refuses when the fallback is unavailable too', async () => {
    const w = await setUp();
    await w.retirePaywall.execute({ vendorId: VENDOR, paywallId: w.ids.social });
    const result = await w.executeStrategy.execute(command(w.strategy.id));
    expect(result).toMatchObject({ paywallId: w.ids.default, matchedNode: { id: 'leaf-default' } });
    expect(result.trace).toEqual({
      path: ['is-signed-in', 'is-mobile', 'is-nordic', 'from-social', 'leaf-social', 'leaf-default'],
      edgesTaken: ['e2', 'e3', 'e5', 'e7'],
      usedFallback: true,
      fallbackReason: `paywall "${w.ids.social}" of node "leaf-social" is not available`,
    });
    await w.retirePaywall.execute({ vendorId: VENDOR, paywallId: w.ids.default });
    await expect(w.executeStrategy.execute(command(w.strategy.id))).rejects.toMatchObject({ kind: 'not_found', code: 'STRATEGY.NO_PAYWALL' });
  });

  it('another vendor, or a strategy that does not exist, is not found; an invalid flow is refused on save', async () => {
    const w = await setUp();
    await expect(w.executeStrategy.execute(command(w.strategy.id, { vendorId: 'other' }))).rejects.toMatchObject({ code: 'STRATEGY.NOT_FOUND' });
    await expect(w.createStrategy.execute({ vendorId: VENDOR, name: 'Bad', flow: { ...sampleFlow(), start: 'ghost' } })).rejects.toMatchObject({
      kind: 'invalid',
      code: 'STRATEGY.UNKNOWN_NODE',
    });
    expect(w.strategies.rows.size).toBe(1);
  });

  it('requesterObject lists every field the flow can test', () => {
    expect(Object.keys(requesterObject(visitor()))).toHaveLength(18);
  });
});
