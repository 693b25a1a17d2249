/**
 * `GET /management/stats` for a vendor with 100,000 recorded reads (and a
 * few hundred checkouts and contracts), over a real socket. Prints the
 * latency; asserts nothing (DESIGN.md 7).
 *
 *   npm run build && DATABASE_URL=postgres://... node apps/api/dist/stats/bench/stats.bench.js
 *
 * The reads go through the counted read's own statement
 * (`paywall_record_read`, 2,000 per statement, spread over 30 days, 3
 * paywalls, 5,000 readers), so the daily counters are what production
 * writes. Uses DATABASE_URL when set (a real PostgreSQL), otherwise an
 * embedded PGlite in a temporary directory. BENCH_READS (default 100000),
 * BENCH_CALLS (default 50) requests per period.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { CreateVendor } from '@kiosk/domain/catalog';
import { CreateApiKey } from '@kiosk/domain/identity';
import { startBenchApp } from '../../platform/bench/bench-app';

const READS = Number(process.env.BENCH_READS ?? 100_000);
const CALLS = Number(process.env.BENCH_CALLS ?? 50);
const BATCH = 2_000;
const DAY_MS = 86_400_000;

async function main() {
  const app = await startBenchApp();
  const { runtime, database, base } = app;
  const db = database.db;
  try {
    const vendorId = `bench-${Date.now().toString(36)}`;
    await runtime.container.get(CreateVendor).execute({ id: vendorId, name: 'Bench' });
    const now = new Date();
    const loading = performance.now();
    for (let start = 0; start < READS; start += BATCH) {
      await db.query(
        `SELECT count(*) FROM generate_series($2::int, $3::int) g,
           LATERAL paywall_record_read($1, 'paywall-' || (g % 3), 'reader-' || (g % 5000), 'article-' || (g / 5000),
             $4::timestamptz - make_interval(days => g % 30) - interval '1 day', 1000000, $4::timestamptz - make_interval(days => g % 30))`,
        [vendorId, start, Math.min(start + BATCH, READS) - 1, now],
      );
    }
    // The views of those reads, as the paywalls' view counter writes them (decision 28): per paywall and day, shard 0.
    await db.query(
      `INSERT INTO paywall_daily_stats (vendor_id, day, paywall_id, shard, views, free_reads, blocked_reads)
       SELECT $1, (($3::timestamptz - make_interval(days => g % 30)) AT TIME ZONE 'UTC')::date, 'paywall-' || (g % 3), 0,
              count(*), count(*), 0
         FROM generate_series(0, $2::int - 1) g
        GROUP BY 2, 3`,
      [vendorId, READS, now],
    );
    // Checkouts from the paywalls and the contracts they made, as the statistics read them.
    await db.query(
      `INSERT INTO checkouts (vendor_id, id, owner_kind, owner_id, status, snapshot, expires_at, created_at, updated_at)
       SELECT $1, 'checkout-' || g, 'user', 'reader-' || g, CASE WHEN g % 3 = 0 THEN 'COMPLETED' ELSE 'PENDING' END,
              jsonb_build_object('items', jsonb_build_array(jsonb_build_object('sku', 'news')),
                                 'details', jsonb_build_object('attribution', jsonb_build_object('source', 'paywall', 'sourceId', 'paywall-' || (g % 3)))),
              $2::timestamptz, $2::timestamptz - make_interval(days => g % 30), $2::timestamptz - make_interval(days => g % 30)
         FROM generate_series(1, 600) g`,
      [vendorId, now],
    );
    await db.query(
      `INSERT INTO contracts (vendor_id, id, user_id, status, snapshot, created_at, updated_at)
       SELECT $1, 'contract-' || g, 'reader-' || g, 'ACTIVE',
              jsonb_build_object('items', jsonb_build_array(jsonb_build_object('sku', 'news')),
                                 'origin', jsonb_build_object('type', 'CHECKOUT', 'id', 'checkout-' || g),
                                 'confirmedAt', to_jsonb($2::timestamptz - make_interval(days => g % 30))),
              $2::timestamptz - make_interval(days => g % 30), $2::timestamptz - make_interval(days => g % 30)
         FROM generate_series(3, 600, 3) g`,
      [vendorId, now],
    );
    const [{ reads }] = await db.query(`SELECT count(*)::int AS reads FROM paywall_reads WHERE vendor_id = $1`, [vendorId]);
    console.log(`database: ${database.embedded ? 'embedded PGlite' : 'PostgreSQL'}; node ${process.version}`);
    console.log(`loaded ${reads} recorded reads in ${((performance.now() - loading) / 1000).toFixed(1)} s`);

    const { key, clientSecret } = await runtime.container
      .get(CreateApiKey)
      .execute({ actor: { kind: 'operator' }, vendorId, name: 'bench', role: 'read' });
    const tokenRes = await fetch(`${base}/oidc/t/${vendorId}/oauth/token`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: clientSecret }).toString(),
    });
    const token = ((await tokenRes.json()) as { access_token: string }).access_token;
    const day = (offset: number) => new Date(now.getTime() - offset * DAY_MS).toISOString().slice(0, 10);

    for (const [label, from] of [
      ['30 days', day(29)],
      ['366 days', day(365)],
    ] as const) {
      const latencies: number[] = [];
      let totals: unknown = null;
      for (let i = 0; i < CALLS; i += 1) {
        const started = performance.now();
        const res = await fetch(`${base}/management/stats?from=${from}&to=${day(0)}`, { headers: { authorization: `Bearer ${token}` } });
        if (res.status !== 200) throw new Error(`stats answered ${res.status}: ${await res.text()}`);
        totals = ((await res.json()) as { totals: unknown }).totals;
        latencies.push(performance.now() - started);
      }
      latencies.sort((a, b) => a - b);
      const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
      console.log(`GET /management/stats, ${label}: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, max ${at(1)} ms (${CALLS} calls, one at a time)`);
      console.log(`  totals: ${JSON.stringify(totals)}`);
    }
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
