import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { mkdtempSync, rmSync } from 'node:fs';
import { Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadConfig } from '../../config';
import { Database, openDatabase } from '../database/open-database';
import { createLogger } from '../logger';
import { createRuntime, Runtime } from '../../runtime';

/** The service as the benchmarks run it: silent, no worker of its own, on a real socket. */
export interface BenchApp {
  runtime: Runtime;
  database: Database;
  /** `http://127.0.0.1:<port>` of the listening app. */
  base: string;
  close(): Promise<void>;
}

/**
 * Starts the service for a benchmark: on DATABASE_URL when set (a real
 * PostgreSQL), otherwise on an embedded PGlite in a temporary directory that
 * `close` removes. `env` adds settings of the benchmark's own.
 */
export async function startBenchApp(env: Record<string, string> = {}): Promise<BenchApp> {
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'kiosk-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    WORKER_ENABLED: 'false',
    EMBEDDED_DB_PORT: '0',
    ...env,
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  });
  const logger = createLogger('silent');
  const database = await openDatabase(config, logger);
  const runtime = await createRuntime(config, database, logger);
  const server: Server = runtime.app.listen(0);
  await new Promise((resolve) => server.once('listening', resolve));
  return {
    runtime,
    database,
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await database.close();
      if (dataDir) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Prints calls per second and the latency percentiles of one measured phase. */
export function printLatencies(name: string, latencies: number[], seconds: number, concurrency: number): void {
  const sorted = [...latencies].sort((a, b) => a - b);
  const at = (p: number) => (sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))].toFixed(1) : '-');
  console.log(
    `${name}: ${(sorted.length / seconds).toFixed(1)}/s (${sorted.length} in ${seconds.toFixed(1)}s, ${concurrency} in flight); ` +
      `p50 ${at(0.5)} ms, p95 ${at(0.95)} ms, p99 ${at(0.99)} ms`,
  );
}

/**
 * Runs `call` with `concurrency` in flight for `seconds`, or until a call
 * answers false; prints calls per second and the latency percentiles.
 */
export async function measure(name: string, call: () => Promise<boolean | void>, seconds: number, concurrency: number): Promise<void> {
  const latencies: number[] = [];
  const started = performance.now();
  const end = started + seconds * 1000;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (performance.now() < end) {
        const t = performance.now();
        if ((await call()) === false) return;
        latencies.push(performance.now() - t);
      }
    }),
  );
  printLatencies(name, latencies, (performance.now() - started) / 1000, concurrency);
}
