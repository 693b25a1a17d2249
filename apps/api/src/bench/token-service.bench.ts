/**
 * The token service's hot paths over a real socket: exchanging an API key
 * for an access token (client credentials), and a management call that
 * verifies the bearer token. Prints figures; asserts nothing (DESIGN.md 7).
 *
 *   npm run build && node apps/api/dist/bench/token-service.bench.js
 *
 * Uses DATABASE_URL when set (a real PostgreSQL), otherwise an embedded
 * PGlite in a temporary directory. BENCH_SECONDS (default 5) per phase,
 * BENCH_CONCURRENCY (default 16) requests in flight.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CreateVendor } from '@kiosk/domain/catalog';
import { CreateApiKey } from '@kiosk/domain/identity';
import { loadConfig } from '../config';
import { openDatabase } from '../platform/database/open-database';
import { createLogger } from '../platform/logger';
import { createRuntime } from '../runtime';

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
  latencies.sort((a, b) => a - b);
  const at = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
  console.log(
    `${name}: ${(latencies.length / SECONDS).toFixed(0)}/s (${latencies.length} in ${SECONDS}s, ${CONCURRENCY} in flight); ` +
      `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`,
  );
}

async function main() {
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'kiosk-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    WORKER_ENABLED: 'false',
    EMBEDDED_DB_PORT: '0',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  });
  const logger = createLogger('silent');
  const database = await openDatabase(config, logger);
  const runtime = await createRuntime(config, database, logger);
  const server = runtime.app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
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
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
