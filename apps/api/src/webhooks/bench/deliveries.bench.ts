/**
 * Webhook delivery throughput: N events of M objects made into messages for
 * one endpoint (a local receiver that answers 200), then delivered by W
 * delivery loops at once (as W workers would). Prints events delivered per
 * second; asserts nothing (DESIGN.md 7).
 *
 *   npm run build && node apps/api/dist/webhooks/bench/deliveries.bench.js
 *
 * Uses DATABASE_URL when set (a real PostgreSQL), otherwise an embedded
 * PGlite in a temporary directory. BENCH_EVENTS (default 2000),
 * BENCH_OBJECTS (default 100), BENCH_WORKERS (default 4).
 */
import 'reflect-metadata';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { CreateVendor } from '@kiosk/domain/catalog';
import { CreateWebhookEndpoint } from '@kiosk/domain/webhooks';
import { loadConfig } from '../../config';
import { openDatabase } from '../../platform/database/open-database';
import { createLogger } from '../../platform/logger';
import { appendToOutbox } from '../../platform/outbox/outbox';
import { createRuntime } from '../../runtime';
import { WebhookDeliveries } from '../webhook-deliveries';

const EVENTS = Number(process.env.BENCH_EVENTS ?? 2000);
const OBJECTS = Number(process.env.BENCH_OBJECTS ?? 100);
const WORKERS = Number(process.env.BENCH_WORKERS ?? 4);

async function main() {
  const dataDir = process.env.DATABASE_URL ? null : mkdtempSync(join(tmpdir(), 'kiosk-bench-'));
  const config = loadConfig({
    ...process.env,
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    PORT: '0',
    WORKER_ENABLED: 'false',
    EMBEDDED_DB_PORT: '0',
    WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS: 'true',
    ...(dataDir ? { DATA_DIR: dataDir } : {}),
  });
  const logger = createLogger('silent');
  const database = await openDatabase(config, logger);
  const runtime = await createRuntime(config, database, logger);
  let received = 0;
  const receiver = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      received += 1;
      res.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  try {
    const vendorId = `bench-${Date.now().toString(36)}`;
    await runtime.container.get(CreateVendor).execute({ id: vendorId, name: 'Bench' });
    await runtime.container.get(CreateWebhookEndpoint).execute({
      vendorId,
      url: `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hook`,
      eventTypes: null,
      description: 'bench',
    });
    const now = new Date();
    await database.db.transaction((m) =>
      appendToOutbox(
        m,
        Array.from({ length: EVENTS }, (_, i) => ({
          type: 'contract.seats_changed',
          vendorId,
          aggregateId: `${vendorId}-object-${i % OBJECTS}`,
          occurredAt: now,
          payload: { n: i },
        })),
      ),
    );
    const madeAt = performance.now();
    while ((await runtime.worker.drainOnce()) > 0) {
      // make every event into its message and delivery
    }
    const made = performance.now() - madeAt;
    const deliveries = runtime.container.get(WebhookDeliveries);
    const started = performance.now();
    await Promise.all(
      Array.from({ length: WORKERS }, async () => {
        let idle = 0;
        while (idle < 3) idle = (await deliveries.deliverOnce()) === 0 ? idle + 1 : 0;
      }),
    );
    const seconds = (performance.now() - started) / 1000;
    console.log(`database: ${database.embedded ? 'embedded PGlite' : 'PostgreSQL'}; node ${process.version}`);
    console.log(`made ${EVENTS} events into deliveries in ${(made / 1000).toFixed(2)} s (${(EVENTS / (made / 1000)).toFixed(0)}/s)`);
    console.log(
      `delivered ${received} events of ${OBJECTS} objects with ${WORKERS} delivery loops in ${seconds.toFixed(2)} s: ` +
        `${(received / seconds).toFixed(0)} events/s`,
    );
  } finally {
    await new Promise((resolve) => receiver.close(resolve));
    await database.close();
    if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
