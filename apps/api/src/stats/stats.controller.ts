import { GetStats, parseStatsDay } from '@kiosk/domain/stats';
import { Controller, route } from '../platform/http/routes';
import { StatsQueryParams, StatsView } from './stats.dto';

const FIGURES = {
  paywallViews: 120,
  freeReads: 100,
  blockedReads: 20,
  checkoutsStarted: 4,
  conversions: 1,
  newSubscribers: 1,
  lostSubscribers: 0,
  revenue: [{ currency: 'SEK', amount: 1200 }],
};

export const STATS_EXAMPLE = {
  from: '2026-11-24',
  to: '2026-11-25',
  paywallId: null,
  sku: null,
  days: [
    { day: '2026-11-24', ...FIGURES, paywallViews: 0, freeReads: 0, blockedReads: 0, checkoutsStarted: 0, conversions: 0, newSubscribers: 0, revenue: [] },
    { day: '2026-11-25', ...FIGURES },
  ],
  totals: FIGURES,
  byPaywall: [{ paywallId: 'metered', paywallViews: 120, freeReads: 100, blockedReads: 20, checkoutsStarted: 4, conversions: 1 }],
  byProduct: [{ sku: 'daily-digital', checkoutsStarted: 4, conversions: 1, newSubscribers: 1, lostSubscribers: 0, revenue: [{ currency: 'SEK', amount: 1200 }] }],
};

/** `GET /management/stats` (docs/stats.md). */
export class StatsController implements Controller {
  constructor(private readonly stats: GetStats) {}

  routes() {
    return [
      route<unknown, StatsQueryParams>({
        method: 'get',
        path: '/management/stats',
        operationId: 'getStats',
        summary: 'Paywall views, free and blocked reads, checkouts from paywalls, conversions, subscribers and revenue by day',
        description:
          'Per UTC day from `from` to `to` (both counted, at most 366 days), with totals and breakdowns per paywall and per product. ' +
          '`paywallViews` are the paywalls\' metered access decisions, `freeReads` the allowed ones, `blockedReads` the refused ones; ' +
          '`checkoutsStarted` are checkouts whose attribution says `source: "paywall"` (`sourceId` the paywall) and `conversions` those of them completed; ' +
          '`newSubscribers` are contracts confirmed, `lostSubscribers` confirmed contracts canceled; `revenue` is money received (refunds subtracted) per currency, in major units. ' +
          '`paywallId` narrows to one paywall (its reads and what its checkouts led to), `sku` to one product. See docs/stats.md.',
        tags: ['management: stats'],
        auth: { kind: 'bearer', scope: 'stats:views:read' },
        query: StatsQueryParams,
        examples: { query: { from: '2026-11-24', to: '2026-11-25' }, responses: { 200: STATS_EXAMPLE } },
        responses: { 200: { description: 'The figures', schema: StatsView } },
        handler: async ({ res, query, principal }) => {
          const report = await this.stats.execute({
            vendorId: principal.vendorId,
            from: parseStatsDay(query.from, 'from'),
            to: parseStatsDay(query.to, 'to'),
            paywallId: query.paywallId,
            sku: query.sku,
          });
          res.set('Cache-Control', 'no-store').json(report);
        },
      }),
    ];
  }
}
