/**
 * The 18-node strategy both benches execute (10 conditions, 8 paywalls), and
 * the user agents and client addresses its visitors come with.
 */
const cond = (id: string, condition: object) => ({ id, type: 'condition', label: id, condition });
const leaf = (id: string, paywallId: string) => ({ id, type: 'paywall', label: id, paywallId });
const edge = (from: string, to: string, branch: 'true' | 'false') => ({ id: `${from}-${branch}`, from, to, branch });
const NORDIC = ['SE', 'NO', 'DK', 'FI', 'IS'];

export function flow(pw: Record<string, string>) {
  return {
    formatVersion: 1,
    start: 'signed-in',
    fallback: 'default',
    nodes: [
      cond('signed-in', { field: 'user.signedIn', operator: 'equals', value: true }),
      cond('has-pass', { field: 'user.entitlements', operator: 'containsAny', value: ['pass-day', 'pass-week'] }),
      cond('bot', { field: 'device.type', operator: 'equals', value: 'bot' }),
      cond('campaign', { all: [{ field: 'referral.campaign', operator: 'matches', value: '^spring-20\\d\\d' }, { field: 'referral.medium', operator: 'in', value: ['email', 'social', 'cpc'] }] }),
      cond('mobile', { field: 'device.type', operator: 'in', value: ['mobile', 'tablet'] }),
      cond('nordic-m', { field: 'geo.country', operator: 'in', value: NORDIC }),
      cond('nordic-d', { field: 'geo.country', operator: 'in', value: NORDIC }),
      cond('social', { any: [{ field: 'referral.source', operator: 'matches', value: '(facebook|instagram|tiktok)' }, { field: 'referral.medium', operator: 'equals', value: 'social' }] }),
      cond('heavy', { any: [{ field: 'reads.daily', operator: 'gte', value: 3 }, { field: 'reads.weekly', operator: 'gte', value: 10 }] }),
      cond('premium', { all: [{ field: 'content.price', operator: 'gt', value: 0 }, { field: 'content.type', operator: 'in', value: ['article', 'podcast'] }] }),
      ...['member', 'crawler', 'campaign-offer', 'mobile-social', 'mobile-offer', 'hard', 'premium-offer', 'default'].map((l) => leaf(l, pw[l])),
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
      edge('nordic-m', 'heavy', 'false'),
      edge('social', 'mobile-social', 'true'),
      edge('social', 'mobile-offer', 'false'),
      edge('nordic-d', 'heavy', 'true'),
      edge('nordic-d', 'premium', 'false'),
      edge('heavy', 'hard', 'true'),
      edge('heavy', 'premium', 'false'),
      edge('premium', 'premium-offer', 'true'),
    ],
  };
}

export const AGENTS = [
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  'Googlebot/2.1 (+http://www.google.com/bot.html)',
];
export const ADDRESSES = ['2.16.68.10', '8.12.0.1', '2a02:30::1', '10.0.0.1'];


/** The leaves of `flow`: one paywall each. */
export const FLOW_PAYWALLS = ['member', 'crawler', 'campaign-offer', 'mobile-social', 'mobile-offer', 'hard', 'premium-offer', 'default'];

/** The body a page sends: a few campaigns and sources, free and paid content. */
export const executeBody = (i: number) => ({
  attribution: { campaign: i % 5 === 0 ? 'spring-2026' : 'none', medium: 'email', source: i % 3 === 0 ? 'facebook' : 'direct' },
  content: { contentId: `c-${i % 100}`, type: 'article', price: i % 2, currency: 'SEK' },
});
