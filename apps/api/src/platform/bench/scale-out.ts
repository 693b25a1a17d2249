/**
 * Several processes, proven (`npm run scale-out`, docs/operations.md): a
 * private PostgreSQL, three API processes and two workers from the build,
 * HAProxy in front, a steady bounded load, and during it the three faults:
 * `kill -9` of an API process (started again), `kill -9` of a worker in the
 * middle of its work (started again), PostgreSQL stopped fast and started
 * again. Then the checks of scale-out-checks.ts, printed as a table.
 *
 * SCALE_OUT_SECONDS (default 60) sets the length of the load; the faults
 * fall at fixed fractions of it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Client } from 'pg';
import { PrivatePostgres } from './private-postgres';
import { checkAcrossProcesses, checkAnswers, checkDatabase, checkInvoices, checkWebhooks, Check, Window } from './scale-out-checks';
import { Cluster, freePort, startCluster, waitReady, SECRETS_KEY } from './scale-out-cluster';
import { prepareVendor, seedVendor, startLoad, startWebhookReceiver } from './scale-out-load';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface ScaleOutOptions {
  seconds: number;
  /** Concurrent clients of the load, each one request at a time. */
  clients?: number;
  /** How long each client waits between its requests. */
  pauseMs?: number;
  /** How long PostgreSQL stays stopped. */
  outageMs?: number;
  log?: (line: string) => void;
}

export interface ScaleOutResult {
  checks: Check[];
  events: string[];
  table: string;
}

async function readyAll(cluster: Cluster, timeoutMs: number): Promise<number> {
  await Promise.all(cluster.apis.map((a) => waitReady(`${a.url}/readyz`, timeoutMs)));
  return Date.now();
}

export async function runScaleOut(options: ScaleOutOptions): Promise<ScaleOutResult> {
  const log = options.log ?? ((line: string) => process.stdout.write(`${line}\n`));
  const seconds = options.seconds;
  const events: string[] = [];
  const t0 = Date.now();
  const note = (line: string) => {
    const stamped = `${((Date.now() - t0) / 1000).toFixed(1).padStart(6)} s  ${line}`;
    events.push(stamped);
    log(stamped);
  };
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-scale-out-'));
  const pg = await PrivatePostgres.start();
  const receiver = await startWebhookReceiver();
  let cluster: Cluster | null = null;
  let db = new Client({ connectionString: pg.url });
  try {
    note(`private PostgreSQL on port ${pg.port}; logs in ${dir}`);
    const entryPort = await freePort();
    const seeded = await seedVendor(pg.url, `http://127.0.0.1:${entryPort}`, SECRETS_KEY, Math.ceil(seconds * 8));
    await db.connect();
    db.on('error', () => undefined); // ended by the PostgreSQL restart: opened again for the checks
    note('migrated and seeded');
    cluster = await startCluster({ dir, databaseUrl: pg.url, apis: 3, workers: 2, entryPort });
    note(`3 API processes and 2 workers ready behind HAProxy at ${cluster.entry}`);
    const s = await prepareVendor(cluster.entry, seeded, receiver.url);
    const load = startLoad(cluster.entry, s, options.clients ?? 6, options.pauseMs ?? 40);
    const t0Load = Date.now();
    const at = (fraction: number) => sleep(Math.max(0, t0Load + seconds * 1000 * fraction - Date.now()));
    note(`load started: ${options.clients ?? 6} clients, ${options.pauseMs ?? 40} ms between requests, ${seconds} s`);

    const killed: Window[] = [];
    await at(0.2);
    const api = cluster.apis[1];
    const killedApiAt = Date.now();
    await api.kill();
    note(`kill -9 ${api.name}`);
    await sleep(1_000);
    api.start();
    await waitReady(`${api.url}/readyz`, 120_000);
    killed.push({ from: killedApiAt - 50, to: killedApiAt + 2_000 });
    note(`${api.name} started again and ready`);

    await at(0.4);
    const worker = cluster.workers[0];
    // In the middle of a batch: once events or deliveries are claimed (locked) by a worker, not yet done.
    let locked = 0;
    for (const until = Date.now() + 5_000; locked === 0 && Date.now() < until; ) {
      locked = (
        await db.query(
          `SELECT (SELECT count(*) FROM outbox WHERE processed_at IS NULL AND locked_until > now())
                + (SELECT count(*) FROM webhook_deliveries WHERE state = 'pending' AND locked_until > now()) AS n`,
        )
      ).rows[0].n;
    }
    await worker.kill();
    note(`kill -9 ${worker.name} (${locked} events or deliveries claimed by a worker at that moment)`);
    await sleep(1_000);
    worker.start();
    note(`${worker.name} started again`);

    await at(0.6);
    const stoppedAt = Date.now();
    pg.stop('fast');
    note('PostgreSQL stopped (pg_ctl stop -m fast)');
    await sleep(options.outageMs ?? 5_000);
    pg.startAgain();
    const startedAt = Date.now();
    note('PostgreSQL started again');
    const allReady = await readyAll(cluster, 60_000);
    note(`every API process ready again ${((allReady - startedAt) / 1000).toFixed(2)} s after PostgreSQL was`);
    // HAProxy's health check (every 0.5 s, 1 success to rise) lags the processes' readiness.
    const dbAway: Window = { from: stoppedAt - 50, to: allReady + 3_000 };

    await at(1);
    await load.stop();
    note(`load stopped: ${load.answers.length} requests`);
    await db.end().catch(() => undefined);
    db = new Client({ connectionString: pg.url });
    await db.connect();

    const checks = [
      ...checkAnswers(load.answers, dbAway, killed),
      ...(await checkDatabase(db, s, load.answers, cluster.entry, s.token)),
      await checkWebhooks(db, s, receiver.received, load.answers, 90_000),
      await checkInvoices(db, s, 60_000),
      ...(await checkAcrossProcesses(cluster.apis, s)),
    ];
    const crashes = [...cluster.apis, ...cluster.workers].flatMap((m) => m.unexpectedExits);
    checks.push({ name: 'no process ended but those killed', ok: crashes.length === 0, figures: crashes.length ? crashes.join('; ') : 'none' });
    const width = Math.max(...checks.map((c) => c.name.length));
    const table = [
      `scale-out: 3 API processes, 2 workers, HAProxy, ${seconds} s of load`,
      ...events,
      '',
      `${'check'.padEnd(width)} | ok   | figures`,
      ...checks.map((c) => `${c.name.padEnd(width)} | ${c.ok ? 'yes ' : 'NO  '} | ${c.figures}`),
    ].join('\n');
    log('');
    log(checks.map((c) => `${c.name.padEnd(width)} | ${c.ok ? 'yes ' : 'NO  '} | ${c.figures}`).join('\n'));
    if (checks.every((c) => c.ok)) rmSync(dir, { recursive: true, force: true });
    else log(`logs kept in ${dir}`);
    return { checks, events, table };
  } finally {
    await db.end().catch(() => undefined);
    await cluster?.stop();
    await receiver.close();
    pg.remove();
  }
}

if (require.main === module) {
  const seconds = Number(process.env.SCALE_OUT_SECONDS ?? 60);
  runScaleOut({ seconds })
    .then((result) => {
      process.exitCode = result.checks.every((c) => c.ok) ? 0 : 1;
    })
    .catch((error) => {
      process.stderr.write(`scale-out failed: ${error instanceof Error ? error.stack : String(error)}\n`);
      process.exitCode = 1;
    });
}
