import { InvalidError, toMajor } from '../shared';

/**
 * The vendor's statistics (docs/stats.md): by UTC day, what its paywalls
 * were shown and let through, what buyers did from a paywall, subscribers
 * gained and lost, and revenue per currency; with totals and breakdowns
 * per paywall and per product. Computed from what the service records.
 */

/** The longest period one request may ask for, in days (both ends counted). */
export const MAX_STATS_DAYS = 366;
const DAY_MS = 86_400_000;
const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

export interface StatsQuery {
  readonly vendorId: string;
  /** First and last UTC day, both counted. */
  readonly from: Date;
  readonly to: Date;
  readonly paywallId?: string;
  readonly sku?: string;
}

/** What the read model returns: rows per day and key, summed there. */
export interface PaywallRow {
  readonly day: string;
  readonly paywallId: string;
  readonly views: number;
  readonly freeReads: number;
  readonly blockedReads: number;
}
export interface CheckoutRow {
  readonly day: string;
  readonly paywallId: string;
  readonly sku: string;
  readonly started: number;
  readonly completed: number;
}
export interface SubscriberRow {
  readonly day: string;
  readonly sku: string;
  readonly gained: number;
  readonly lost: number;
}
export interface RevenueRow {
  readonly day: string;
  readonly sku: string;
  readonly currency: string;
  readonly minor: number;
}

export interface StatsFigures {
  paywalls: PaywallRow[];
  checkouts: CheckoutRow[];
  subscribers: SubscriberRow[];
  revenue: RevenueRow[];
}

/** The adapter: one read of each source for the vendor and the period (end exclusive). */
export interface StatsReadModel {
  figures(query: { vendorId: string; since: Date; until: Date; paywallId?: string; sku?: string }): Promise<StatsFigures>;
}

export interface Revenue {
  readonly currency: string;
  /** Major units, as everywhere in the interface. */
  readonly amount: number;
}

export interface Figures {
  paywallViews: number;
  freeReads: number;
  blockedReads: number;
  checkoutsStarted: number;
  conversions: number;
  newSubscribers: number;
  lostSubscribers: number;
  revenue: Revenue[];
}

export interface StatsReport {
  from: string;
  to: string;
  paywallId: string | null;
  sku: string | null;
  days: (Figures & { day: string })[];
  totals: Figures;
  byPaywall: (Pick<Figures, 'paywallViews' | 'freeReads' | 'blockedReads' | 'checkoutsStarted' | 'conversions'> & { paywallId: string })[];
  byProduct: (Pick<Figures, 'checkoutsStarted' | 'conversions' | 'newSubscribers' | 'lostSubscribers' | 'revenue'> & { sku: string })[];
}

/** A UTC day `YYYY-MM-DD`, or a validation error naming the parameter. */
export function parseStatsDay(value: string, field: string): Date {
  const date = new Date(`${value}T00:00:00.000Z`);
  if (!ISO_DAY.test(value) || Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== value) {
    throw new InvalidError('STATS.BAD_DATE', `${field} must be a day YYYY-MM-DD`, { field, value });
  }
  return date;
}

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const empty = (): Figures => ({
  paywallViews: 0,
  freeReads: 0,
  blockedReads: 0,
  checkoutsStarted: 0,
  conversions: 0,
  newSubscribers: 0,
  lostSubscribers: 0,
  revenue: [],
});

function addRevenue(into: Revenue[], currency: string, minor: number) {
  const index = into.findIndex((r) => r.currency === currency);
  const amount = toMajor({ minor, currency });
  if (index < 0) into.push({ currency, amount });
  else into[index] = { currency, amount: Math.round((into[index].amount + amount) * 100) / 100 };
  into.sort((a, b) => a.currency.localeCompare(b.currency));
}

export class GetStats {
  constructor(private readonly model: StatsReadModel) {}

  async execute(query: StatsQuery): Promise<StatsReport> {
    const days = Math.round((query.to.getTime() - query.from.getTime()) / DAY_MS) + 1;
    if (days < 1) throw new InvalidError('STATS.BAD_RANGE', '`from` must not be after `to`', { from: dayOf(query.from), to: dayOf(query.to) });
    if (days > MAX_STATS_DAYS) {
      throw new InvalidError('STATS.RANGE_TOO_LONG', `a period is at most ${MAX_STATS_DAYS} days`, { days, max: MAX_STATS_DAYS });
    }
    const figures = await this.model.figures({
      vendorId: query.vendorId,
      since: query.from,
      until: new Date(query.to.getTime() + DAY_MS),
      paywallId: query.paywallId,
      sku: query.sku,
    });

    const byDay = new Map<string, Figures>();
    for (let i = 0; i < days; i += 1) byDay.set(dayOf(new Date(query.from.getTime() + i * DAY_MS)), empty());
    const totals = empty();
    const paywalls = new Map<string, StatsReport['byPaywall'][number]>();
    const products = new Map<string, StatsReport['byProduct'][number]>();
    const paywall = (id: string) =>
      paywalls.get(id) ??
      paywalls.set(id, { paywallId: id, paywallViews: 0, freeReads: 0, blockedReads: 0, checkoutsStarted: 0, conversions: 0 }).get(id)!;
    const product = (sku: string) =>
      products.get(sku) ??
      products.set(sku, { sku, checkoutsStarted: 0, conversions: 0, newSubscribers: 0, lostSubscribers: 0, revenue: [] }).get(sku)!;
    const each = (day: string, apply: (f: Figures) => void) => {
      const f = byDay.get(day);
      if (!f) return; // outside the period (the model reads by instant; never expected)
      apply(f);
      apply(totals);
    };

    for (const r of figures.paywalls) {
      each(r.day, (f) => {
        f.paywallViews += r.views;
        f.freeReads += r.freeReads;
        f.blockedReads += r.blockedReads;
      });
      const p = paywall(r.paywallId);
      p.paywallViews += r.views;
      p.freeReads += r.freeReads;
      p.blockedReads += r.blockedReads;
    }
    for (const r of figures.checkouts) {
      each(r.day, (f) => {
        f.checkoutsStarted += r.started;
        f.conversions += r.completed;
      });
      const p = paywall(r.paywallId);
      p.checkoutsStarted += r.started;
      p.conversions += r.completed;
      const s = product(r.sku);
      s.checkoutsStarted += r.started;
      s.conversions += r.completed;
    }
    for (const r of figures.subscribers) {
      each(r.day, (f) => {
        f.newSubscribers += r.gained;
        f.lostSubscribers += r.lost;
      });
      const s = product(r.sku);
      s.newSubscribers += r.gained;
      s.lostSubscribers += r.lost;
    }
    for (const r of figures.revenue) {
      each(r.day, (f) => addRevenue(f.revenue, r.currency, r.minor));
      addRevenue(product(r.sku).revenue, r.currency, r.minor);
    }

    return {
      from: dayOf(query.from),
      to: dayOf(query.to),
      paywallId: query.paywallId ?? null,
      sku: query.sku ?? null,
      days: [...byDay].map(([day, f]) => ({ day, ...f })),
      totals,
      byPaywall: [...paywalls.values()].sort((a, b) => a.paywallId.localeCompare(b.paywallId)),
      byProduct: [...products.values()].sort((a, b) => a.sku.localeCompare(b.sku)),
    };
  }
}
