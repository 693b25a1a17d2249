import { CheckoutRow, PaywallRow, RevenueRow, StatsFigures, StatsReadModel, SubscriberRow } from '@kiosk/domain/stats';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { managerOf } from '../platform/database/transaction';

const DAY = (column: string) => `to_char((${column}) AT TIME ZONE 'UTC', 'YYYY-MM-DD')`;

/**
 * A contract made by a checkout from the paywall `$4` (when one is asked for): the funnel's own record
 * (`stats_checkout_funnel`, kept from the outbox's checkout events) names the checkouts started from a paywall.
 */
const CONTRACT_FROM_PAYWALL = `($4::text IS NULL OR (k.snapshot->'origin'->>'type' = 'CHECKOUT' AND EXISTS (
  SELECT 1 FROM stats_checkout_funnel f WHERE f.vendor_id = k.vendor_id AND f.checkout_id = k.snapshot->'origin'->>'id' AND f.paywall_id = $4)))`;
const HAS_SKU = (items: string) => `($5::text IS NULL OR EXISTS (SELECT 1 FROM jsonb_array_elements(${items}) i WHERE i->>'sku' = $5))`;

/**
 * The statistics' reads (docs/stats.md), one statement per source, run side
 * by side. A reporting read model: it reads the tables of the modules that
 * record the facts (paywalls' daily counters, contracts, transactions) and
 * its own funnel record (`stats_checkout_funnel`, from the outbox's checkout
 * events), and writes nothing. Days are UTC days.
 *
 * Parameters: $1 vendor, $2/$3 the period as instants (end exclusive),
 * $4 paywall or null, $5 sku or null; the paywall counters take the days
 * as text ($6/$7) so no session time zone is involved.
 */
export class SqlStatsReadModel implements StatsReadModel {
  /** `countsWritten` writes the counts this process holds back (paywall views, decision 28) before the figures are read. */
  constructor(
    private readonly db: DataSource,
    private readonly countsWritten: () => Promise<void> = async () => undefined,
  ) {}

  /** Side by side on their own connections; one after another inside a caller's transaction (one connection). */
  private async each<T extends readonly (() => Promise<unknown>)[]>(reads: T): Promise<{ -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> }> {
    type Out = { -readonly [K in keyof T]: Awaited<ReturnType<T[K]>> };
    if (managerOf(this.db).queryRunner === undefined) return (await Promise.all(reads.map((read) => read()))) as Out;
    const results: unknown[] = [];
    for (const read of reads) results.push(await read());
    return results as Out;
  }

  async figures(q: { vendorId: string; since: Date; until: Date; paywallId?: string; sku?: string }): Promise<StatsFigures> {
    await this.countsWritten();
    const params = [q.vendorId, q.since, q.until, q.paywallId ?? null, q.sku ?? null];
    const [paywalls, checkouts, subscribers, revenue] = await this.each([
      () =>
        sqlRows<{ day: string; paywall_id: string; views: string; free_reads: string; blocked_reads: string }>(
        this.db,
        `SELECT to_char(day, 'YYYY-MM-DD') AS day, paywall_id,
                sum(views) AS views, sum(free_reads) AS free_reads, sum(blocked_reads) AS blocked_reads
           FROM paywall_daily_stats
          WHERE vendor_id = $1 AND day >= $2::date AND day < $3::date AND ($4::text IS NULL OR paywall_id = $4)
          GROUP BY day, paywall_id`,
        [q.vendorId, q.since.toISOString().slice(0, 10), q.until.toISOString().slice(0, 10), q.paywallId ?? null],
      ),
      () =>
        sqlRows<{ day: string; paywall_id: string; sku: string; started: string; completed: string }>(
        this.db,
        `WITH c AS (
           SELECT f.started_at, f.completed_at, f.paywall_id, f.sku
             FROM stats_checkout_funnel f
            WHERE f.vendor_id = $1 AND coalesce(f.completed_at, f.started_at) >= $2 AND f.started_at < $3
              AND ($4::text IS NULL OR f.paywall_id = $4) AND ($5::text IS NULL OR f.sku = $5)
         ), e AS (
           SELECT started_at AS at, paywall_id, sku, 1 AS started, 0 AS completed FROM c WHERE started_at >= $2
           UNION ALL
           SELECT completed_at, paywall_id, sku, 0, 1 FROM c WHERE completed_at >= $2 AND completed_at < $3
         )
         SELECT ${DAY('at')} AS day, paywall_id, sku, sum(started) AS started, sum(completed) AS completed
           FROM e GROUP BY 1, 2, 3`,
        params,
      ),
      () =>
        sqlRows<{ day: string; sku: string; gained: string; lost: string }>(
        this.db,
        `WITH k AS (
           SELECT k.snapshot->'items'->0->>'sku' AS sku,
                  (k.snapshot->>'confirmedAt')::timestamptz AS confirmed_at,
                  (k.snapshot->>'canceledAt')::timestamptz AS canceled_at
             FROM contracts k
            WHERE k.vendor_id = $1 AND k.updated_at >= $2 AND k.snapshot->>'confirmedAt' IS NOT NULL
              AND ${CONTRACT_FROM_PAYWALL} AND ${HAS_SKU(`k.snapshot->'items'`)}
         ), e AS (
           SELECT confirmed_at AS at, sku, 1 AS gained, 0 AS lost FROM k WHERE confirmed_at >= $2 AND confirmed_at < $3
           UNION ALL
           SELECT canceled_at, sku, 0, 1 FROM k WHERE canceled_at >= $2 AND canceled_at < $3
         )
         SELECT ${DAY('at')} AS day, coalesce(sku, '') AS sku, sum(gained) AS gained, sum(lost) AS lost FROM e GROUP BY 1, 2`,
        params,
      ),
      () =>
        sqlRows<{ day: string; sku: string; currency: string; minor: string }>(
        this.db,
        `SELECT ${DAY('t.created_at')} AS day, coalesce(k.snapshot->'items'->0->>'sku', '') AS sku, t.currency,
                sum(CASE WHEN t.is_refund THEN -abs(t.amount_minor) ELSE t.amount_minor END) AS minor
           FROM transactions t
           JOIN contracts k ON k.vendor_id = t.vendor_id AND k.id = t.contract_id
          WHERE t.vendor_id = $1 AND t.created_at >= $2 AND t.created_at < $3
            AND ${CONTRACT_FROM_PAYWALL} AND ${HAS_SKU(`k.snapshot->'items'`)}
          GROUP BY 1, 2, 3`,
        params,
      ),
    ] as const);
    return {
      paywalls: paywalls.map(
        (r): PaywallRow => ({
          day: r.day,
          paywallId: r.paywall_id,
          views: Number(r.views),
          freeReads: Number(r.free_reads),
          blockedReads: Number(r.blocked_reads),
        }),
      ),
      checkouts: checkouts.map(
        (r): CheckoutRow => ({ day: r.day, paywallId: r.paywall_id, sku: r.sku, started: Number(r.started), completed: Number(r.completed) }),
      ),
      subscribers: subscribers.map((r): SubscriberRow => ({ day: r.day, sku: r.sku, gained: Number(r.gained), lost: Number(r.lost) })),
      revenue: revenue.map((r): RevenueRow => ({ day: r.day, sku: r.sku, currency: r.currency.trim(), minor: Number(r.minor) })),
    };
  }
}
