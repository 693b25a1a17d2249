import { useState } from 'preact/hooks';
import { get } from '../api';
import { Field, LoadState, money, PageHeading, Table, useLoad, useStaff } from '../ui';

interface Revenue {
  currency: string;
  amount: number;
}

interface Figures {
  paywallViews: number;
  freeReads: number;
  blockedReads: number;
  checkoutsStarted: number;
  conversions: number;
  newSubscribers: number;
  lostSubscribers: number;
  revenue: Revenue[];
}

interface Stats {
  from: string;
  to: string;
  days: (Figures & { day: string })[];
  totals: Figures;
  byPaywall: { paywallId: string; paywallViews: number; freeReads: number; blockedReads: number; checkoutsStarted: number; conversions: number }[];
}

const isoDay = (date: Date) => date.toISOString().slice(0, 10);

function daysBack(days: number): { from: string; to: string } {
  const to = new Date();
  const from = new Date(to.getTime() - (days - 1) * 86_400_000);
  return { from: isoDay(from), to: isoDay(to) };
}

/**
 * Horizontal bars drawn with CSS widths; every figure is in the text too, so
 * the chart is a picture of the list a screen reader reads.
 */
function Bars({ title, rows, format = String }: { title: string; rows: [string, number][]; format?: (n: number) => string }) {
  const max = Math.max(1, ...rows.map(([, n]) => n));
  const id = `chart-${title.replace(/\W+/g, '-').toLowerCase()}`;
  return (
    <figure class="chart" aria-labelledby={id}>
      <figcaption id={id}>{title}</figcaption>
      <ul class="bars">
        {rows.map(([label, value]) => (
          <li>
            <span class="bar-label">{label}</span>
            <span class="bar-track" aria-hidden="true">
              <span class="bar" style={{ width: `${(value / max) * 100}%` }} />
            </span>
            <span class="bar-value">{format(value)}</span>
          </li>
        ))}
      </ul>
    </figure>
  );
}

/** Revenue by day as an SVG column chart (currency by currency), with a table of the same figures. */
function RevenueChart({ stats, currency }: { stats: Stats; currency: string }) {
  const values = stats.days.map((d) => d.revenue.find((r) => r.currency === currency)?.amount ?? 0);
  const max = Math.max(1, ...values);
  const width = Math.max(1, values.length) * 12;
  return (
    <figure class="chart">
      <figcaption>Revenue per day in {currency}</figcaption>
      <svg viewBox={`0 0 ${width} 100`} preserveAspectRatio="none" class="columns" role="img" aria-label={`Revenue per day in ${currency}, ${stats.from} to ${stats.to}; the figures are in the table below`}>
        {values.map((v, i) => (
          <rect x={i * 12 + 1} y={100 - (v / max) * 100} width={10} height={(v / max) * 100} class="column" />
        ))}
      </svg>
      <details>
        <summary>Revenue per day as a table</summary>
        <Table caption={`Revenue per day in ${currency}`} head={['Day', 'Revenue']} rows={stats.days.map((d, i) => [d.day, money(values[i], currency)])} />
      </details>
    </figure>
  );
}

export function OverviewPage() {
  const staff = useStaff();
  const [period, setPeriod] = useState(daysBack(30));
  const stats = useLoad(() => get<Stats>('/management/stats', period), `${period.from}|${period.to}`);
  const paywalls = useLoad(() => get<{ id: string; name: string }[]>('/management/paywalls').catch(() => []), 'paywall-names');
  const paywallName = (id: string) => paywalls.data?.find((p) => p.id === id)?.name ?? id;
  const t = stats.data?.totals;
  return (
    <>
      <PageHeading title="Overview">How {staff.vendorName} did over a period: revenue, subscribers and the paywall funnel.</PageHeading>
      <form
        class="filters"
        aria-label="Period"
        onSubmit={(e) => {
          e.preventDefault();
          const data = new FormData(e.currentTarget);
          const preset = String(data.get('preset'));
          setPeriod(preset === 'custom' ? { from: String(data.get('from')), to: String(data.get('to')) } : daysBack(Number(preset)));
        }}
      >
        <Field label="Period" name="preset" options={[['7', 'Last 7 days'], ['30', 'Last 30 days'], ['90', 'Last 90 days'], ['custom', 'From and to below']]} value="30" />
        <Field label="From" name="from" type="date" value={period.from} />
        <Field label="To" name="to" type="date" value={period.to} />
        <div class="actions">
          <button type="submit">Show</button>
        </div>
      </form>
      <LoadState loaded={stats} />
      {t && stats.data ? (
        <div aria-live="polite" id="overview-figures">
          <p class="muted">
            From {stats.data.from} to {stats.data.to}.
          </p>
          <ul class="tiles">
            <li class={t.revenue.length > 1 ? 'tile-wide' : undefined}>
              <span class="tile-label">Revenue</span>
              <span class="tile-value" id="figure-revenue">
                {t.revenue.length ? t.revenue.map((r) => money(r.amount, r.currency)).join(', ') : 'none'}
              </span>
            </li>
            <li>
              <span class="tile-label">New subscribers</span>
              <span class="tile-value" id="figure-new-subscribers">
                {t.newSubscribers}
              </span>
            </li>
            <li>
              <span class="tile-label">Lost subscribers</span>
              <span class="tile-value">{t.lostSubscribers}</span>
            </li>
            <li>
              <span class="tile-label">Paywall views</span>
              <span class="tile-value" id="figure-paywall-views">
                {t.paywallViews}
              </span>
            </li>
          </ul>
          <Bars
            title="Paywall funnel"
            rows={[
              ['Paywall views', t.paywallViews],
              ['Free reads', t.freeReads],
              ['Blocked reads', t.blockedReads],
              ['Checkouts started', t.checkoutsStarted],
              ['Conversions', t.conversions],
            ]}
          />
          <Bars title="Subscribers" rows={[['New', t.newSubscribers], ['Lost', t.lostSubscribers]]} />
          {t.revenue.map((r) => (
            <RevenueChart stats={stats.data!} currency={r.currency} />
          ))}
          {stats.data.byPaywall.length ? (
            <Table
              caption="By paywall"
              head={['Paywall', 'Views', 'Free reads', 'Blocked', 'Checkouts', 'Conversions']}
              rows={stats.data.byPaywall.map((p) => [paywallName(p.paywallId), ...[p.paywallViews, p.freeReads, p.blockedReads, p.checkoutsStarted, p.conversions].map(String)])}
            />
          ) : null}
        </div>
      ) : null}
    </>
  );
}
