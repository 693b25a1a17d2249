import { newScrollMarks } from '../src/analytics';
import { matchesPath, ruleApplies } from '../src/transforms';

const context = { path: '/news/2026/harbour', signedIn: false, skus: new Set(['daily']) };

describe('transform rules', () => {
  it('match paths with * as any run of characters, the whole path, nothing else special', () => {
    expect(matchesPath('/news/*', '/news/2026/harbour')).toBe(true);
    expect(matchesPath('/news/*/harbour', '/news/2026/harbour')).toBe(true);
    expect(matchesPath('/news', '/news/2026')).toBe(false);
    expect(matchesPath('/a.b', '/axb')).toBe(false);
    expect(matchesPath('/(x)', '/(x)')).toBe(true);
  });

  it('apply only to the pages, readers and entitlements they name', () => {
    const base = { action: 'remove' as const, selector: '.ad' };
    expect(ruleApplies(base, context)).toBe(true);
    expect(ruleApplies({ ...base, pathPattern: '/sport/*' }, context)).toBe(false);
    expect(ruleApplies({ ...base, signedIn: true }, context)).toBe(false);
    expect(ruleApplies({ ...base, signedIn: null, pathPattern: null, entitlement: null }, context)).toBe(true);
    expect(ruleApplies({ ...base, entitlement: { sku: 'daily', has: true } }, context)).toBe(true);
    expect(ruleApplies({ ...base, entitlement: { sku: 'daily', has: false } }, context)).toBe(false);
    expect(ruleApplies({ ...base, entitlement: { sku: 'weekly', has: false } }, context)).toBe(true);
  });
});

describe('scroll depth', () => {
  it('reports each mark once, when it is reached', () => {
    const reported = new Set<number>();
    expect(newScrollMarks(300, 1000, reported)).toEqual([25]);
    reported.add(25);
    expect(newScrollMarks(800, 1000, reported)).toEqual([50, 75]);
    expect(newScrollMarks(1000, 1000, new Set([25, 50, 75]))).toEqual([100]);
    expect(newScrollMarks(0, 0, new Set())).toEqual([25, 50, 75, 100]);
  });
});
