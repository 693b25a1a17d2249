/**
 * Strategy evaluation throughput: a realistic flow of about 20 nodes
 * evaluated against varied visitors. Prints figures; asserts nothing
 * (DESIGN.md section 7: timings are benchmarks, never test assertions).
 *
 *   npx tsc -p packages/domain/bench && node packages/domain/dist-bench/bench/strategy-evaluation.bench.js
 */
import { compileFlow, evaluateFlow, parseStrategyFlow, VisitorContext } from '../src/paywalls';

const condition = (id: string, label: string, c: object) => ({ id, type: 'condition', label, condition: c });
const leaf = (id: string, paywallId: string) => ({ id, type: 'paywall', label: id, paywallId });
const edge = (from: string, to: string, branch: 'true' | 'false') => ({ id: `${from}-${branch}`, from, to, branch });

// 12 conditions and 8 leaves: members, bots, campaigns, regions by device, heavy readers, premium content.
const flow = {
  formatVersion: 1,
  start: 'signed-in',
  fallback: 'default',
  nodes: [
    condition('signed-in', 'Signed in?', { field: 'user.signedIn', operator: 'equals', value: true }),
    condition('has-pass', 'Holds a pass?', { field: 'user.entitlements', operator: 'containsAny', value: ['pass-day', 'pass-week'] }),
    condition('bot', 'Crawler?', { field: 'device.type', operator: 'equals', value: 'bot' }),
    condition('campaign', 'Spring campaign?', { all: [{ field: 'referral.campaign', operator: 'matches', value: '^spring-20\\d\\d' }, { field: 'referral.medium', operator: 'in', value: ['email', 'social', 'cpc'] }] }),
    condition('mobile', 'Phone or tablet?', { field: 'device.type', operator: 'in', value: ['mobile', 'tablet'] }),
    condition('nordic-m', 'Nordic (mobile)?', { field: 'geo.country', operator: 'in', value: ['SE', 'NO', 'DK', 'FI', 'IS'] }),
    condition('nordic-d', 'Nordic (desktop)?', { field: 'geo.country', operator: 'in', value: ['SE', 'NO', 'DK', 'FI', 'IS'] }),
    condition('social', 'From social?', { any: [{ field: 'referral.source', operator: 'matches', value: '(facebook|instagram|tiktok|x\\.com)' }, { field: 'referral.medium', operator: 'equals', value: 'social' }] }),
    condition('heavy', 'Heavy reader?', { any: [{ field: 'reads.daily', operator: 'gte', value: 3 }, { field: 'reads.weekly', operator: 'gte', value: 10 }] }),
    condition('premium', 'Premium content?', { all: [{ field: 'content.price', operator: 'gt', value: 0 }, { field: 'content.type', operator: 'in', value: ['article', 'podcast'] }] }),
    condition('publisher', 'Weekly magazine?', { field: 'content.publisherId', operator: 'equals', value: 'weekly' }),
    condition('search', 'From search?', { field: 'referral.referrer', operator: 'matches', value: '^https://(www\\.)?(google|bing|duckduckgo)\\.' }),
    leaf('member', 'pw-member'),
    leaf('crawler', 'pw-crawler'),
    leaf('campaign-offer', 'pw-campaign'),
    leaf('mobile-social', 'pw-mobile-social'),
    leaf('mobile-offer', 'pw-mobile'),
    leaf('hard', 'pw-hard'),
    leaf('magazine', 'pw-magazine'),
    leaf('default', 'pw-default'),
  ],
  edges: [
    edge('signed-in', 'has-pass', 'true'),
    edge('signed-in', 'bot', 'false'),
    edge('has-pass', 'member', 'true'),
    edge('has-pass', 'bot', 'false'),
    edge('bot', 'crawler', 'true'),
    edge('bot', 'campaign', 'false'),
    edge('campaign', 'campaign-offer', 'true'),
    edge('campaign', 'mobile', 'false'),
    edge('mobile', 'nordic-m', 'true'),
    edge('mobile', 'nordic-d', 'false'),
    edge('nordic-m', 'social', 'true'),
    edge('nordic-m', 'mobile-offer', 'false'),
    edge('social', 'mobile-social', 'true'),
    edge('social', 'heavy', 'false'),
    edge('nordic-d', 'heavy', 'true'),
    edge('nordic-d', 'search', 'false'),
    edge('search', 'heavy', 'true'),
    edge('search', 'publisher', 'false'),
    edge('heavy', 'premium', 'true'),
    edge('heavy', 'publisher', 'false'),
    edge('premium', 'hard', 'true'),
    edge('premium', 'publisher', 'false'),
    // No false edge out of `publisher`: those visitors get the fallback leaf.
    edge('publisher', 'magazine', 'true'),
  ],
};

const pick = <T>(items: readonly T[], n: number): T => items[n % items.length];

/** Deterministic, varied visitors, so evaluation walks many different paths. */
function visitors(count: number): VisitorContext[] {
  const devices = ['desktop', 'mobile', 'tablet', 'bot', null];
  const countries = ['SE', 'DE', 'NO', 'US', 'FI', null];
  const sources = ['facebook', 'google', 'newsletter', null, 'instagram.com'];
  const campaigns = ['spring-2026', 'summer', null];
  const referrers = ['https://www.google.se/', 'https://example.org/', null];
  return Array.from({ length: count }, (_, i) => ({
    device: { type: pick(devices, i) },
    geo: { country: pick(countries, i * 7) },
    referral: { source: pick(sources, i * 3), medium: pick(['social', 'email', null], i * 5), campaign: pick(campaigns, i * 11), term: null, content: null, referrer: pick(referrers, i * 13) },
    user: { signedIn: i % 9 === 0, entitlements: i % 18 === 0 ? ['pass-week'] : [] },
    reads: { daily: i % 5, weekly: i % 14 },
    content: { id: `article-${i}`, title: 'A story', type: pick(['article', 'podcast', 'video'], i), price: i % 4 === 0 ? 0 : 2, currency: 'SEK', publisherId: pick(['daily', 'weekly'], i * 17) },
  }));
}

function measure(label: string, minimumMs: number, run: (i: number) => unknown): void {
  for (let i = 0; i < 20_000; i += 1) run(i); // warm up the JIT
  let iterations = 0;
  const started = performance.now();
  let elapsed = 0;
  while (elapsed < minimumMs) {
    for (let i = 0; i < 10_000; i += 1) run(iterations + i);
    iterations += 10_000;
    elapsed = performance.now() - started;
  }
  const perSecond = Math.round((iterations / elapsed) * 1000);
  process.stdout.write(`${label.padEnd(44)} ${perSecond.toLocaleString('en-US').padStart(12)} /s  (${(elapsed * 1000 / iterations).toFixed(2)} µs each)\n`);
}

const parsed = parseStrategyFlow(flow);
const compiled = compileFlow(parsed);
const contexts = visitors(1024);
const leaves = new Map<string, number>();
for (const c of contexts) {
  const id = evaluateFlow(compiled, c).matchedNode.id;
  leaves.set(id, (leaves.get(id) ?? 0) + 1);
}

process.stdout.write(`flow: ${parsed.nodes.length} nodes, ${parsed.edges.length} edges; leaves reached by 1024 visitors: ${JSON.stringify(Object.fromEntries(leaves))}\n`);
measure('evaluate (compiled flow)', 1500, (i) => evaluateFlow(compiled, contexts[i & 1023]));
measure('compile + evaluate (no flow cache)', 1000, (i) => evaluateFlow(compileFlow(parsed), contexts[i & 1023]));
measure('parse + compile + evaluate (raw JSON)', 1000, (i) => evaluateFlow(compileFlow(parseStrategyFlow(flow)), contexts[i & 1023]));
