/**
 * The hot paths against a bare baseline on the same PostgreSQL, measured the
 * way issue 28 measures them, so a figure in the README is one anybody can
 * take again. Prints figures; asserts nothing (DESIGN.md section 7).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kiosk_bench npm run bench
 *
 * What it does:
 * 1. Seeds (`hot-paths.seed.ts`) one vendor: BENCH_CONTRACTS (5,000)
 *    confirmed contracts of new readers (cloned in SQL from one made through
 *    the use cases, whose outbox is drained), 20 products, a paywall of
 *    10,000 reads a day for the counted reads, one of 5 for the check, an
 *    18-node strategy, a signed-in reader of the tier with BENCH_READS
 *    (3,000) past reads among other readers' reads, capsule keys, and the
 *    baseline's table of 100,000 rows.
 * 2. Starts, after the data is loaded, two child processes with a pool of
 *    10 each: the service (`NODE_ENV=production`, `TRUST_PROXY=loopback`,
 *    fresh secrets, worker off) and the baseline (`baseline-server.ts`:
 *    Express 5 + pg; "base-a" one primary-key SELECT, "base-b" the same
 *    after verifying an ES256 bearer JWT with jose).
 * 3. Per route: BENCH_CONNECTIONS (16) keep-alive connections (`load.ts`),
 *    a warm-up of BENCH_WARMUP_SECONDS (2) per side, then BENCH_ROUNDS (3)
 *    rounds of BENCH_SECONDS (8) per side, baseline and service alternating;
 *    ratio = median service rate / median baseline rate. Reader and
 *    management routes are compared with base-b, the others with base-a.
 * 4. Memory (RSS) and time to ready of the service on PostgreSQL and of the
 *    embedded default (an empty data folder, then the same folder again).
 * Without DATABASE_URL only step 4's embedded figures are printed.
 */
import 'reflect-metadata';
import { ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import { runBaseline } from './baseline-server';
import { benchRoutes, BenchRoute, tokenForm } from './hot-paths.routes';
import { seed } from './hot-paths.seed';
import { LoadRequest, LoadResult, median, percentile, runLoad } from './load';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? process.env.BENCH_CONCURRENCY ?? 16);
/** An untimed phase per side before the rounds: both processes' JIT compilers reach their steady state first. */
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 2);
const POOL = 10;

interface Ready {
  port: number;
  readyMs: number;
  rssMb: number;
  heapMb: number;
}

const mb = (bytes: number) => Math.round(bytes / 1024 / 1024);

// ---------------------------------------------------------------- children

/** The service as `npm start` runs it (worker off so the figures are the routes'). */
async function runService(): Promise<void> {
  const { loadConfig } = await import('../../config.js');
  const { openDatabase } = await import('../database/open-database.js');
  const { createLogger } = await import('../logger.js');
  // BENCH_LOG_LEVEL: the service's own default (info, one line per request, as `npm start` logs), written to /dev/null.
  const level = process.env.BENCH_LOG_LEVEL ?? 'info';
  const config = loadConfig({ ...process.env, LOG_LEVEL: level, PORT: '0', WORKER_ENABLED: 'false' });
  const logger = createLogger(level);
  // As main.ts: the embedded database's thread starts before the service's modules load, and the two overlap.
  const opening = openDatabase(config, logger);
  const { createRuntime } = await import('../../runtime.js');
  const database = await opening;
  const runtime = await createRuntime(config, database, logger);
  const server = runtime.app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  report(server.address() as AddressInfo);
  // Stops as main.ts does (the embedded database closed, so the next start finds it shut down cleanly); a clean exit also lets --cpu-prof write its profile.
  process.on('SIGTERM', () => {
    server.close();
    void database.close().finally(() => process.exit(0));
  });
  answerParent();
}

/** Answers the parent's questions: memory, and CPU time so far. */
function answerParent(): void {
  process.on('message', (m) => {
    if (m === 'memory') process.send?.({ rssMb: mb(process.memoryUsage().rss), heapMb: mb(process.memoryUsage().heapUsed) });
    if (m === 'cpu') process.send?.({ cpuMicros: cpuMicros() });
  });
}

/** CPU time this process has used (user and system), in microseconds. */
const cpuMicros = () => {
  const { user, system } = process.cpuUsage();
  return user + system;
};

function report(address: AddressInfo, extra: Record<string, unknown> = {}): void {
  const m = process.memoryUsage();
  process.send?.({ port: address.port, readyMs: Math.round(process.uptime() * 1000), rssMb: mb(m.rss), heapMb: mb(m.heapUsed), ...extra });
}

// ---------------------------------------------------------------- parent

function start(role: 'service' | 'baseline', env: Record<string, string | undefined>): Promise<{ child: ChildProcess; ready: Ready & Record<string, unknown> }> {
  const merged: NodeJS.ProcessEnv = { ...process.env, ...env };
  for (const [name, value] of Object.entries(merged)) if (value === undefined || value === '') delete merged[name];
  // BENCH_PROFILE=<dir>: the service writes a V8 CPU profile there when it stops (open it in Chrome's DevTools).
  const execArgv = role === 'service' && process.env.BENCH_PROFILE ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROFILE}`] : [];
  // BENCH_SERVICE_FLAGS: Node options for the service alone (a V8 setting tried against the same baseline).
  if (role === 'service' && process.env.BENCH_SERVICE_FLAGS) execArgv.push(...process.env.BENCH_SERVICE_FLAGS.split(/\s+/).filter(Boolean));
  const child = fork(__filename, [role], { env: merged, execArgv, stdio: ['ignore', role === 'service' ? 'ignore' : 'inherit', 'inherit', 'ipc'] });
  return new Promise((resolve, reject) => {
    child.once('message', (ready) => resolve({ child, ready: ready as Ready & Record<string, unknown> }));
    child.once('exit', (code) => reject(new Error(`${role} exited with ${code} before it was ready`)));
  });
}

function memoryOf(child: ChildProcess): Promise<{ rssMb: number; heapMb: number }> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve(m as { rssMb: number; heapMb: number }));
    child.send('memory');
  });
}

/** The child's CPU time so far: per request it is a figure the machine's other load hardly moves. */
function cpuOf(child: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    child.once('message', (m) => resolve((m as { cpuMicros: number }).cpuMicros));
    child.send('cpu');
  });
}

async function stop(child: ChildProcess): Promise<void> {
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** The two answering processes, for their CPU time. */
const children: { baseline?: ChildProcess; service?: ChildProcess } = {};

interface Round extends LoadResult {
  /** CPU time the answering process used in the round, in microseconds. */
  cpuMicros: number;
}

async function round(
  origin: string,
  child: ChildProcess | undefined,
  seconds: number,
  next: (i: number) => LoadRequest,
  counter: { next: number },
  status = 200,
): Promise<Round> {
  const before = child ? await cpuOf(child) : 0;
  const result = await runLoad({ origin, connections: CONNECTIONS, seconds, expectStatus: status, next, counter });
  const cpuMicros = child ? (await cpuOf(child)) - before : 0;
  if (result.firstUnexpected) console.log(`  unexpected answers ${JSON.stringify(result.unexpected)}, e.g. ${result.firstUnexpected}`);
  return { ...result, cpuMicros };
}

/** Warm-up, then ROUNDS alternating rounds per side; ratio = median service rate / median baseline rate. */
async function compare(route: BenchRoute, origins: { baseline: string; service: string }, baselineToken: string): Promise<string[] | null> {
  // BENCH_ROUTES=<regular expression>: only the routes whose name matches.
  if (process.env.BENCH_ROUTES && !new RegExp(process.env.BENCH_ROUTES, 'i').test(route.name)) return null;
  const base: LoadRequest = { method: 'GET', path: `/${route.base}`, headers: route.base === 'b' ? { authorization: `Bearer ${baselineToken}` } : {} };
  const baseline = () => base;
  for (const r of route.before ?? []) await once(origins.service, r);
  const counters = { b: { next: 0 }, s: { next: 0 } };
  if (WARMUP_SECONDS > 0) {
    await round(origins.baseline, children.baseline, WARMUP_SECONDS, baseline, counters.b);
    await round(origins.service, children.service, WARMUP_SECONDS, route.next, counters.s, route.status);
  }
  const b: Round[] = [];
  const s: Round[] = [];
  for (let k = 0; k < ROUNDS; k += 1) {
    b.push(await round(origins.baseline, children.baseline, SECONDS, baseline, counters.b));
    s.push(await round(origins.service, children.service, SECONDS, route.next, counters.s, route.status));
  }
  const rates = (rs: Round[]) => rs.map((r) => r.count / r.seconds);
  const sorted = (rs: Round[]) => rs.flatMap((r) => r.latencies).sort((x, y) => x - y);
  const cpu = (rs: Round[]) => rs.reduce((n, r) => n + r.cpuMicros, 0) / Math.max(1, rs.reduce((n, r) => n + r.count, 0));
  const [sl, bl] = [sorted(s), sorted(b)];
  const ratio = median(rates(s)) / median(rates(b));
  const row = [
    route.name,
    `base-${route.base}`,
    median(rates(b)).toFixed(0),
    median(rates(s)).toFixed(0),
    ratio.toFixed(2),
    s.map((r, k) => (r.count / r.seconds / (b[k].count / b[k].seconds)).toFixed(2)).join(' '),
    route.perSecond ? `${route.target}/s` : route.target.toFixed(2),
    percentile(bl, 0.5).toFixed(1),
    percentile(sl, 0.5).toFixed(1),
    percentile(sl, 0.99).toFixed(1),
    (percentile(sl, 0.99) / Math.max(0.001, percentile(sl, 0.5))).toFixed(1),
    cpu(b).toFixed(0),
    cpu(s).toFixed(0),
  ];
  console.log(`| ${row.join(' | ')} |`);
  return row;
}

/** One request, its answer checked: the set-up a route needs before it is measured. */
async function once(origin: string, r: LoadRequest): Promise<void> {
  const res = await fetch(`${origin}${r.path}`, { method: r.method, headers: r.headers, body: r.body });
  if (res.status !== 200) throw new Error(`${r.method} ${r.path} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

async function embeddedFigures(): Promise<string[]> {
  const lines: string[] = [];
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-bench-embedded-'));
  try {
    for (const label of ['empty data folder', 'existing data folder']) {
      const { child, ready } = await start('service', { DATABASE_URL: '', DATA_DIR: dataDir, EMBEDDED_DB_PORT: '0' });
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const settled = await memoryOf(child);
      lines.push(`embedded PGlite, ${label}: ready in ${ready.readyMs} ms, RSS ${ready.rssMb} MB at ready, ${settled.rssMb} MB 2 s later`);
      await stop(child);
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
  return lines;
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  // One issuer for the seeding runtime (which mints the reader's token) and the service child.
  process.env.BASE_URL ??= 'http://kiosk.bench';
  // Fresh secrets for this run, the seed's and the service's (it runs as in production).
  process.env.SECRETS_KEY ??= randomBytes(32).toString('base64');
  process.env.SUPPORT_SESSION_SECRET ??= randomBytes(32).toString('hex');
  const { loadavg, cpus } = await import('node:os');
  console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at start`);
  if (databaseUrl) {
    const s = await seed(databaseUrl);
    const baseline = await start('baseline', {});
    const service = await start('service', { DATABASE_URL: databaseUrl, NODE_ENV: 'production', TRUST_PROXY: 'loopback' });
    children.baseline = baseline.child;
    children.service = service.child;
    const origins = { baseline: `http://127.0.0.1:${baseline.ready.port}`, service: `http://127.0.0.1:${service.ready.port}` };
    try {
      const token = async (key: typeof s.apiKey) => {
        const res = await fetch(`${origins.service}/oidc/t/${s.vendorId}/oauth/token`, {
          method: 'POST',
          headers: { 'content-type': 'application/x-www-form-urlencoded' },
          body: tokenForm(s, key),
        });
        return ((await res.json()) as { access_token: string }).access_token;
      };
      const routes = benchRoutes(s, { user: s.userToken, api: await token(s.apiKey), contracts: await token(s.contractKey) }, Date.now().toString(36));
      console.log(`\n${CONNECTIONS} connections, ${WARMUP_SECONDS} s warm-up, ${ROUNDS} alternating rounds of ${SECONDS} s per side, pool ${POOL} on both sides`);
      console.log('| route | baseline | baseline/s | Kiosk/s | ratio | per round | target | baseline p50 ms | p50 ms | p99 ms | p99/p50 | baseline CPU µs/req | Kiosk CPU µs/req |');
      console.log('|---|---|---|---|---|---|---|---|---|---|---|---|---|');
      for (const route of routes) await compare(route, origins, baseline.ready.token as string);
      const afterLoad = await memoryOf(service.child);
      const baselineMemory = await memoryOf(baseline.child);
      console.log(
        `\nservice on PostgreSQL: ready in ${service.ready.readyMs} ms, RSS ${service.ready.rssMb} MB at ready (idle), ${afterLoad.rssMb} MB after the load; ` +
          `baseline RSS ${baseline.ready.rssMb} MB at ready, ${baselineMemory.rssMb} MB after the load`,
      );
    } finally {
      await stop(service.child);
      await stop(baseline.child);
    }
  } else {
    console.log('DATABASE_URL is not set: only the embedded figures (set it to compare the routes with the baseline on PostgreSQL)');
  }
  // BENCH_EMBEDDED=false skips the embedded figures (a quicker run while working on one route).
  if (process.env.BENCH_EMBEDDED !== 'false') for (const line of await embeddedFigures()) console.log(line);
  console.log(`load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at the end`);
}

/** The baseline child: `baseline-server.ts`, answering the parent's questions as the service does. */
async function baselineChild(): Promise<void> {
  await runBaseline(POOL, (port, extra) => report({ port } as AddressInfo, extra));
  answerParent();
}

const role = process.argv[2];
const entry = role === 'service' ? runService : role === 'baseline' ? baselineChild : main;
entry().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
