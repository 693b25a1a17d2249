import { VisitorContext } from '../../src/paywalls';

/**
 * A small realistic flow: subscribers' readers and mobile Nordic visitors
 * from social media get their own paywalls; heavy readers a harder one.
 *
 *   is-signed-in --true--> leaf-member
 *        | false
 *   is-mobile --true--> is-nordic --true--> from-social --true--> leaf-social
 *        | false            | false             | false -> leaf-mobile
 *   heavy-reader --true--> leaf-hard           leaf-mobile
 *        | (no false edge: fallback)
 */
export const sampleFlow = () => ({
  formatVersion: 1,
  start: 'is-signed-in',
  fallback: 'leaf-default',
  nodes: [
    { id: 'is-signed-in', type: 'condition', label: 'Signed in?', condition: { field: 'user.signedIn', operator: 'equals', value: true } },
    { id: 'is-mobile', type: 'condition', label: 'Phone or tablet?', condition: { field: 'device.type', operator: 'in', value: ['mobile', 'tablet'] } },
    { id: 'is-nordic', type: 'condition', label: 'Nordic?', condition: { field: 'geo.country', operator: 'in', value: ['SE', 'NO', 'DK', 'FI'] } },
    {
      id: 'from-social',
      type: 'condition',
      label: 'From social media?',
      condition: { any: [{ field: 'referral.source', operator: 'matches', value: '^(facebook|instagram|tiktok)' }, { field: 'referral.medium', operator: 'equals', value: 'social' }] },
    },
    {
      id: 'heavy-reader',
      type: 'condition',
      label: 'Heavy reader of paid articles?',
      condition: { all: [{ field: 'reads.weekly', operator: 'gte', value: 5 }, { field: 'content.price', operator: 'gt', value: 0 }] },
    },
    { id: 'leaf-member', type: 'paywall', label: 'Members', paywallId: 'pw-member' },
    { id: 'leaf-social', type: 'paywall', label: 'Social offer', paywallId: 'pw-social' },
    { id: 'leaf-mobile', type: 'paywall', label: 'Mobile', paywallId: 'pw-mobile' },
    { id: 'leaf-hard', type: 'paywall', label: 'Hard', paywallId: 'pw-hard' },
    { id: 'leaf-default', type: 'paywall', label: 'Default', paywallId: 'pw-default' },
  ],
  edges: [
    { id: 'e1', from: 'is-signed-in', to: 'leaf-member', branch: 'true' },
    { id: 'e2', from: 'is-signed-in', to: 'is-mobile', branch: 'false' },
    { id: 'e3', from: 'is-mobile', to: 'is-nordic', branch: 'true' },
    { id: 'e4', from: 'is-mobile', to: 'heavy-reader', branch: 'false' },
    { id: 'e5', from: 'is-nordic', to: 'from-social', branch: 'true' },
    { id: 'e6', from: 'is-nordic', to: 'leaf-mobile', branch: 'false' },
    { id: 'e7', from: 'from-social', to: 'leaf-social', branch: 'true' },
    { id: 'e8', from: 'from-social', to: 'leaf-mobile', branch: 'false' },
    { id: 'e9', from: 'heavy-reader', to: 'leaf-hard', branch: 'true' },
  ],
});

type Overrides = { [K in keyof VisitorContext]?: Partial<VisitorContext[K]> };

/** A logged-out desktop visitor from Germany with no referral, reading a free article. */
export function visitor(overrides: Overrides = {}): VisitorContext {
  const base: VisitorContext = {
    device: { type: 'desktop' },
    geo: { country: 'DE' },
    referral: { source: null, medium: null, campaign: null, term: null, content: null, referrer: null },
    user: { signedIn: false, entitlements: [] },
    reads: { daily: 0, weekly: 0 },
    content: { id: 'article-1', title: 'News', type: 'article', price: 0, currency: 'EUR', publisherId: 'daily' },
  };
  const merged = { ...base } as Record<string, unknown>;
  for (const [k, v] of Object.entries(overrides)) merged[k] = { ...(base as unknown as Record<string, object>)[k], ...v };
  return merged as unknown as VisitorContext;
}
