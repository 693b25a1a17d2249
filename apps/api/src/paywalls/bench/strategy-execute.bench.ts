/**
 * Strategy evaluation throughput with the PostgreSQL adapters: the
 * StrategyExecutor (use case, caches, ledger counts, device and country
 * resolution) called directly, then the HTTP route over a real socket.
 * Prints figures; asserts nothing (DESIGN.md section 7).
 *
 *   npm run build && node apps/api/dist/paywalls/bench/strategy-execute.bench.js
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
import { RegisterBrowserClient } from '@kiosk/domain/identity';
import { CreatePaywall, CreateStrategy } from '@kiosk/domain/paywalls';
import { loadConfig } from '../../config';
import { openDatabase } from '../../platform/database/open-database';
import { createLogger } from '../../platform/logger';
import { createRuntime } from '../../runtime';
import { PAYWALLS } from '../paywalls.module';
import { StrategyExecutor } from '../strategy-executor';
import { BundledCountryResolver } from '../visitor-resolution';
import { ADDRESSES, AGENTS, flow } from './strategy-flow-18';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);

async function measure(name: string, call: (i: number) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < 200; i += 1) await call(i); // warm-up: caches, JIT, geo tables
  const latencies: number[] = [];
  const deadline = performance.now() + SECONDS * 1000;
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const i = next++;
        const t = performance.now();
        await call(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const elapsed = (performance.now() - started) / 1000;
  latencies.sort((a, b) => a - b);
  const pct = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(latencies.length * p))].toFixed(2);
  console.log(
    `${name}: ${(latencies.length / elapsed).toFixed(0)} evaluations/s over ${elapsed.toFixed(1)} s, ` +
      `concurrency ${CONCURRENCY}, latency p50 ${pct(0.5)} ms, p99 ${pct(0.99)} ms`,
  );
}

async function main(): Promise<void> {
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'kiosk-bench-'));
  const config = loadConfig({
    ...process.env,
    LOG_LEVEL: 'warn',
    TRUST_PROXY: 'loopback',
    EMBEDDED_DB_PORT: '0',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  });
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);
  try {
    const runtime = await createRuntime(config, database, logger);
    const c = runtime.container;
    const vendorId = `bench-${Date.now()}`;
    await c.get(CreateVendor).execute({ id: vendorId, name: 'Bench vendor', domains: [`${vendorId}.example.com`] });
    const pw: Record<string, string> = {};
    for (const l of ['member', 'crawler', 'campaign-offer', 'mobile-social', 'mobile-offer', 'hard', 'premium-offer', 'default']) {
      pw[l] = (await c.get(CreatePaywall).execute({ vendorId, name: l, content: { headline: l } })).id;
    }
    const strategy = await c.get(CreateStrategy).execute({ vendorId, name: 'Bench', flow: flow(pw) });
    const client = await c.get(RegisterBrowserClient).execute({ vendorId, name: 'bench', redirectUris: ['https://bench.example.com/cb'] });
    const countries = c.get(PAYWALLS.Countries);
    if (countries instanceof BundledCountryResolver) countries.preload();
    console.log(`database: ${database.embedded ? 'embedded PGlite (one session)' : 'PostgreSQL'}; flow: ${flow(pw).nodes.length} nodes`);

    const body = (i: number) => ({
      attribution: { campaign: i % 5 === 0 ? 'spring-2026' : 'none', medium: 'email', source: i % 3 === 0 ? 'facebook' : 'direct' },
      content: { contentId: `c-${i % 100}`, type: 'article', price: i % 2, currency: 'SEK' },
    });
    const executor = c.get(StrategyExecutor);
    await measure('use case (StrategyExecutor, PostgreSQL adapters)', (i) =>
      executor.execute({
        vendorId,
        strategyId: strategy.id,
        userId: null,
        visitorId: `visitor-${i % 1000}`,
        userAgent: AGENTS[i % AGENTS.length],
        clientIp: ADDRESSES[i % ADDRESSES.length],
        debug: true,
        ...body(i),
      }),
    );

    const server = runtime.app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const { port } = server.address() as AddressInfo;
    try {
      await measure('HTTP route (POST /paywalls/strategies/{id}/execute?debug=true)', async (i) => {
        const res = await fetch(`http://127.0.0.1:${port}/paywalls/strategies/${strategy.id}/execute?debug=true`, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            Authorization: `Basic ${Buffer.from(`${client.clientId}:visitor-${String(i % 1000).padStart(8, '0')}`).toString('base64')}`,
            'User-Agent': AGENTS[i % AGENTS.length],
            'X-Forwarded-For': ADDRESSES[i % ADDRESSES.length],
          },
          body: JSON.stringify(body(i)),
        });
        if (res.status !== 200) throw new Error(`execute answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      });
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
  } finally {
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
