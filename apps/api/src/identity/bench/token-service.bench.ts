/**
 * The token service's hot paths over a real socket: exchanging an API key
 * for an access token (client credentials), and a management call that
 * verifies the bearer token. Prints figures; asserts nothing (DESIGN.md 7).
 *
 *   npm run build && node apps/api/dist/identity/bench/token-service.bench.js
 *
 * Uses DATABASE_URL when set (a real PostgreSQL), otherwise an embedded
 * PGlite in a temporary directory. BENCH_SECONDS (default 5) per phase,
 * BENCH_CONCURRENCY (default 16) requests in flight.
 */
import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { CreateVendor } from '@kiosk/domain/catalog';
import { CreateApiKey } from '@kiosk/domain/identity';
import { printLatencies, startBenchApp } from '../../platform/bench/bench-app';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

/** Runs `call` with CONCURRENCY in flight for SECONDS; answers calls per second and the latency percentiles. */
async function measure(name: string, call: () => Promise<void>) {
  const latencies: number[] = [];
  const end = performance.now() + SECONDS * 1000;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < end) {
        const started = performance.now();
        await call();
        latencies.push(performance.now() - started);
      }
    }),
  );
  printLatencies(name, latencies, SECONDS, CONCURRENCY);
}

async function main() {
  const app = await startBenchApp();
  const { runtime, database, base } = app;
  try {
    const vendorId = `bench-${Date.now().toString(36)}`;
    await runtime.container.get(CreateVendor).execute({ id: vendorId, name: 'Bench' });
    const { key, clientSecret } = await runtime.container
      .get(CreateApiKey)
      .execute({ actor: { kind: 'operator' }, vendorId, name: 'bench', role: 'read' });
    const form = new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: key.clientId,
      client_secret: clientSecret,
      audience: 'urn:service',
    }).toString();
    const tokenUrl = `${base}/oidc/t/${vendorId}/oauth/token`;
    const exchange = async () => {
      const res = await fetch(tokenUrl, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
      if (res.status !== 200) throw new Error(`exchange answered ${res.status}`);
      return ((await res.json()) as { access_token: string }).access_token;
    };
    const token = await exchange();
    console.log(`database: ${database.embedded ? 'embedded PGlite' : 'PostgreSQL'}; node ${process.version}`);
    await measure('token exchange (POST .../oauth/token)', async () => void (await exchange()));
    await measure('bearer-verified call (GET /management/products)', async () => {
      const res = await fetch(`${base}/management/products`, { headers: { authorization: `Bearer ${token}` } });
      if (res.status !== 200) throw new Error(`products answered ${res.status}`);
      await res.arrayBuffer();
    });
  } finally {
    await app.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
