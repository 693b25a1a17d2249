/**
 * The fuzzer of issue 10 at scale: reads the OpenAPI document of a running
 * service and sends malformed requests of every class to every operation
 * (see fuzz-requests.ts); prints the figures and every finding (a 5xx but
 * 503, or an error answer of a problem+json route that is not one), and
 * exits 1 when there is any.
 *
 *   npm run build && node apps/api/dist/platform/bench/fuzz.js [--runs 20000] [--seed 1] [--concurrency 8]
 *
 * Uses DATABASE_URL when set (a real PostgreSQL), otherwise an embedded
 * PGlite in a temporary directory. The service runs in this process on a
 * free loopback port, with the worker on, as `npm start` runs it.
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { loadConfig } from '../../config';
import { openDatabase } from '../database/open-database';
import { createHttpServer } from '../http/server';
import { createLogger } from '../logger';
import { createRuntime } from '../../runtime';
import { prepareFuzzContext, runFuzz } from './fuzz-requests';

async function main() {
  const { values } = parseArgs({
    options: {
      runs: { type: 'string', default: process.env.FUZZ_RUNS ?? '20000' },
      seed: { type: 'string', default: process.env.FUZZ_SEED ?? String(Date.now() % 1_000_000) },
      concurrency: { type: 'string', default: '8' },
    },
  });
  const runs = Number(values.runs);
  const seed = Number(values.seed);
  const concurrency = Number(values.concurrency);
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'kiosk-fuzz-'));
  // Find a free port first: the service must know its own address (the browser routes call the provider over HTTP).
  const probe = createHttpServer(() => undefined);
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const port = (probe.address() as AddressInfo).port;
  await new Promise((resolve) => probe.close(resolve));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: process.env.LOG_LEVEL ?? 'silent',
    PORT: String(port),
    BASE_URL: `http://localhost:${port}`,
    EMBEDDED_DB_PORT: '0',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  });
  const logger = createLogger(config.logLevel);
  const database = await openDatabase(config, logger);
  const runtime = await createRuntime(config, database, logger);
  runtime.worker.start(config.workerPollMs);
  const server = createHttpServer(runtime.app);
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  let failed = false;
  try {
    const ctx = await prepareFuzzContext(runtime.container, config.baseUrl);
    const document = (await (await fetch(`${config.baseUrl}/openapi.json`)).json()) as Record<string, unknown>;
    console.log(`database: ${database.embedded ? 'embedded PGlite' : 'PostgreSQL'}; node ${process.version}; seed ${seed}; ${runs} requests, ${concurrency} in flight`);
    const report = await runFuzz(document, ctx, { seed, runs, concurrency });
    console.log(`sent ${report.sent} in ${report.seconds.toFixed(1)} s (${(report.sent / report.seconds).toFixed(0)}/s)`);
    console.log(`past authentication: ${report.passedAuthentication}`);
    console.log(`by status: ${Object.entries(report.byStatus).map(([s, n]) => `${s}: ${n}`).join(', ')}`);
    console.log(`findings: ${report.findings.length}`);
    for (const f of report.findings.slice(0, 50)) console.log(JSON.stringify(f));
    failed = report.findings.length > 0;
  } finally {
    await runtime.worker.stop();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
  process.exit(failed ? 1 : 0);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
