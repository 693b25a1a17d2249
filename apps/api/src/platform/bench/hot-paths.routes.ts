import { ADDRESSES, AGENTS, executeBody } from '../../paywalls/bench/strategy-flow-18';
import type { LoadRequest } from './load';
import type { seed } from './hot-paths.seed';

export type Seeded = Awaited<ReturnType<typeof seed>>;

/** One row of the table: what the service is asked, which baseline it is held to, and issue 28's target. */
export interface BenchRoute {
  name: string;
  base: 'a' | 'b';
  /** A ratio to the baseline, or (`perSecond`) a rate of the service. */
  target: number;
  perSecond?: boolean;
  /** The answer each request must get (200 unless said). */
  status?: number;
  /** Requests made once before the route is measured (the visitor's earlier reads). */
  before?: LoadRequest[];
  next: (i: number) => LoadRequest;
}

const json = (authorization: string, body: unknown, more: Record<string, string> = {}) => ({
  headers: { 'content-type': 'application/json', authorization, ...more },
  body: JSON.stringify(body),
});

/** The routes and set-ups of issue 28, in its order. `run` keeps this run's visitors apart from an earlier run's. */
export function benchRoutes(s: Seeded, tokens: { user: string; api: string; contracts: string }, run: string): BenchRoute[] {
  const basic = (visitor: string) => `Basic ${Buffer.from(`${s.clientId}:${visitor}`).toString('base64')}`;
  const article = (id: string) => ({ publisherContentId: id, url: `https://bench.example.com/${id}` });
  const access = (paywallId: string, visitor: string, contentId: string, check = false): LoadRequest => ({
    method: 'POST',
    path: `/paywalls/${paywallId}/access${check ? '/check' : ''}`,
    ...json(basic(visitor), article(contentId)),
  });
  const form = tokenForm(s);
  const reader = `Bearer ${tokens.user}`;
  return [
    {
      name: 'counted read, a new visitor and a new article each request',
      base: 'a',
      target: 0.6,
      next: (i) => access(s.countedPaywallId, `fresh-${run}-${i}`, `fresh-${i}`),
    },
    {
      name: 'counted read, one visitor, 16 parallel new articles (allowance 10,000)',
      base: 'a',
      target: 0.3,
      next: (i) => access(s.countedPaywallId, `bot-${run}`, `bot-${i}`),
    },
    {
      name: 're-read of an article read before',
      base: 'a',
      target: 0.6,
      before: [access(s.countedPaywallId, `rereader-${run}`, 'again')],
      next: () => access(s.countedPaywallId, `rereader-${run}`, 'again'),
    },
    {
      name: 'access check, a visitor with 3 reads',
      base: 'a',
      target: 0.7,
      before: [1, 2, 3].map((n) => access(s.paywallId, `checker-${run}`, `read-${n}`)),
      next: (i) => access(s.paywallId, `checker-${run}`, `new-${i}`, true),
    },
    {
      name: 'strategy execute',
      base: 'a',
      target: 0.7,
      next: (i) => ({
        method: 'POST',
        path: `/paywalls/strategies/${s.strategyId}/execute`,
        ...json(basic(`visitor-${run}-${i % 1000}`), executeBody(i), {
          'user-agent': AGENTS[i % AGENTS.length],
          'x-forwarded-for': ADDRESSES[i % ADDRESSES.length],
        }),
      }),
    },
    {
      name: 'capsule unlock',
      base: 'b',
      target: 0.7,
      next: () => ({ method: 'POST', path: `/capsule/vendors/${s.vendorId}/unlock`, ...json(reader, s.unlock) }),
    },
    { name: 'entitlements', base: 'b', target: 0.85, next: () => ({ method: 'GET', path: '/entitlements', headers: { authorization: reader } }) },
    {
      name: 'token exchange',
      base: 'a',
      target: 0.85,
      next: () => ({ method: 'POST', path: `/oidc/t/${s.vendorId}/oauth/token`, headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }),
    },
    {
      name: 'management products',
      base: 'b',
      target: 0.85,
      next: () => ({ method: 'GET', path: '/management/products', headers: { authorization: `Bearer ${tokens.api}` } }),
    },
    {
      // Issue 28 counts these per second (target 400): each one a new reader, priced, invoiced and numbered.
      name: 'contract create + confirm, a new reader each',
      base: 'a',
      target: 400,
      perSecond: true,
      status: 201,
      next: (i) => ({
        method: 'POST',
        path: '/management/contracts',
        ...json(`Bearer ${tokens.contracts}`, {
          sku: `sku-${1 + (i % 19)}`,
          purchaseOptionId: `sku-${1 + (i % 19)}-yearly`,
          user: { email: `reader-${run}-${i}@bench.example.com` },
          payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
          confirm: true,
        }),
      }),
    },
  ];
}

/** The client-credentials form of the seeded API key, for the token the management route is called with. */
export const tokenForm = (s: Seeded, key = s.apiKey) =>
  new URLSearchParams({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: key.clientSecret, audience: 'urn:service' }).toString();
