/**
 * The hot paths of issue 17 against a bare baseline on the same PostgreSQL.
 * Prints figures; asserts nothing (DESIGN.md section 7).
 *
 *   DATABASE_URL=postgres://postgres@127.0.0.1:5432/kiosk_bench npm run bench
 *
 * What it does:
 * 1. Seeds (`hot-paths.seed.ts`) one vendor at a realistic volume: BENCH_CONTRACTS (20,000)
 *    contracts cloned in SQL from one made through the use cases, 20
 *    products, a leaky paywall (5 reads a day) and a strategy, a reader
 *    with BENCH_READS (3,000) reads over the past year (a few in the window),
 *    and capsule keys (a publisher key, a domain, a rotation secret) with
 *    the reader's product mapped to the scope the signed resource needs.
 * 2. Starts two child processes on that database with the same pool size
 *    (10): the service (`createRuntime`, worker off) and a baseline (bare
 *    Express 5 + pg: one indexed primary-key query per request; a second
 *    route verifies an ES256 bearer token with jose first).
 * 3. For each route, after an untimed warm-up of BENCH_WARMUP_SECONDS (2)
 *    per side, BENCH_ROUNDS (3) alternating rounds of BENCH_SECONDS (4)
 *    each, baseline then service, BENCH_CONCURRENCY (16) requests in flight
 *    from this process; prints requests/s of both, the ratio, p50 and p99.
 * 4. Memory (RSS) and time to ready of the service on PostgreSQL (at ready
 *    and after the load) and of the embedded default (an empty data folder,
 *    then the same folder again).
 * Without DATABASE_URL only step 4's embedded figures are printed.
 */
import 'reflect-metadata';
import { ChildProcess, fork } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { seed } from './hot-paths.seed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const CONCURRENCY = Number(process.env.BENCH_CONCURRENCY ?? 16);
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
  const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', PORT: '0', WORKER_ENABLED: 'false' });
  const logger = createLogger('silent');
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

/** Bare Express + pg: the least a route that reads one row can cost. */
async function runBaseline(): Promise<void> {
  const express = (await import('express')).default;
  const { Pool } = await import('pg');
  const jose = await import('jose');
  const pool = new Pool({ connectionString: process.env.DATABASE_URL, max: POOL });
  // Every pool has an error listener (DESIGN section 6): an idle client the server ends must not end the process.
  pool.on('error', (error) => process.stderr.write(`baseline: a database connection was lost: ${error.message}\n`));
  const { publicKey, privateKey } = await jose.generateKeyPair('ES256');
  const token = await new jose.SignJWT({ scope: 'read' })
    .setProtectedHeader({ alg: 'ES256', typ: 'at+jwt', kid: 'k' })
    .setIssuer('baseline')
    .setAudience('urn:service')
    .setExpirationTime('2h')
    .sign(privateKey);
  const vendorId = process.env.BENCH_VENDOR ?? '';
  const contractId = process.env.BENCH_CONTRACT ?? '';
  const app = express();
  app.use(express.json());
  const one = async () =>
    (await pool.query('SELECT * FROM contracts WHERE vendor_id = $1 AND id = $2', [vendorId, contractId])).rows[0];
  app.all('/one', async (_req, res) => {
    res.json(await one());
  });
  app.all('/verified', async (req, res) => {
    const bearer = (req.headers.authorization ?? '').replace(/^Bearer /, '');
    try {
      await jose.jwtVerify(bearer, publicKey, { issuer: 'baseline', audience: 'urn:service', algorithms: ['ES256'], typ: 'at+jwt' });
    } catch {
      res.status(401).end();
      return;
    }
    res.json(await one());
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  report(server.address() as AddressInfo, { token });
  process.on('message', (m) => {
    if (m === 'memory') process.send?.({ rssMb: mb(process.memoryUsage().rss), heapMb: mb(process.memoryUsage().heapUsed) });
    if (m === 'cpu') process.send?.({ cpuMicros: cpuMicros() });
  });
}

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
  const child = fork(__filename, [role], { env: merged, execArgv, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] });
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

interface Phase {
  count: number;
  seconds: number;
  latencies: number[];
  /** CPU time the answering process used in the phase, in microseconds. */
  cpuMicros: number;
}

/** The two answering processes, for their CPU time. */
const children: { baseline?: ChildProcess; service?: ChildProcess } = {};

/** CONCURRENCY loops calling `call` for `length` seconds. */
async function phase(
  call: (i: number) => Promise<void>,
  offset: { next: number },
  child: ChildProcess | undefined,
  length = SECONDS,
): Promise<Phase> {
  const cpuBefore = child ? await cpuOf(child) : 0;
  const latencies: number[] = [];
  const deadline = performance.now() + length * 1000;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (performance.now() < deadline) {
        const i = offset.next++;
        const t = performance.now();
        await call(i);
        latencies.push(performance.now() - t);
      }
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpuMicros = child ? (await cpuOf(child)) - cpuBefore : 0;
  return { count: latencies.length, seconds, latencies, cpuMicros };
}

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))] ?? 0;

async function expectStatus(res: Response, status: number, what: string): Promise<void> {
  if (res.status !== status) throw new Error(`${what} answered ${res.status}: ${await res.text()}`);
  await res.arrayBuffer();
}

async function compare(
  rows: string[][],
  name: string,
  baseline: (i: number) => Promise<void>,
  service: (i: number) => Promise<void>,
): Promise<void> {
  // BENCH_ROUTES=<regular expression>: only the routes whose name matches.
  if (process.env.BENCH_ROUTES && !new RegExp(process.env.BENCH_ROUTES, 'i').test(name)) return;
  for (let i = 0; i < 50; i += 1) {
    await baseline(-1 - i);
    await service(-1 - i);
  }
  const b: Phase[] = [];
  const s: Phase[] = [];
  const offsets = { b: { next: 0 }, s: { next: 0 } };
  if (WARMUP_SECONDS > 0) {
    await phase(baseline, offsets.b, children.baseline, WARMUP_SECONDS);
    await phase(service, offsets.s, children.service, WARMUP_SECONDS);
  }
  for (let round = 0; round < ROUNDS; round += 1) {
    b.push(await phase(baseline, offsets.b, children.baseline));
    s.push(await phase(service, offsets.s, children.service));
  }
  const rate = (ps: Phase[]) => ps.reduce((n, p) => n + p.count, 0) / ps.reduce((n, p) => n + p.seconds, 0);
  const sorted = (ps: Phase[]) => ps.flatMap((p) => p.latencies).sort((x, y) => x - y);
  const sl = sorted(s);
  const bl = sorted(b);
  const cpuPerRequest = (ps: Phase[]) => ps.reduce((n, p) => n + p.cpuMicros, 0) / Math.max(1, ps.reduce((n, p) => n + p.count, 0));
  const perRound = s.map((p, k) => (p.count / p.seconds / (b[k].count / b[k].seconds)).toFixed(2)).join(' ');
  const row = [
    name,
    rate(b).toFixed(0),
    rate(s).toFixed(0),
    (rate(s) / rate(b)).toFixed(2),
    perRound,
    percentile(bl, 0.5).toFixed(1),
    (percentile(bl, 0.99) / Math.max(0.001, percentile(bl, 0.5))).toFixed(1),
    percentile(sl, 0.5).toFixed(1),
    percentile(sl, 0.99).toFixed(1),
    (percentile(sl, 0.99) / Math.max(0.001, percentile(sl, 0.5))).toFixed(1),
    cpuPerRequest(b).toFixed(0),
    cpuPerRequest(s).toFixed(0),
  ];
  rows.push(row);
  console.log(row.join(' | '));
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
  const { loadavg, cpus } = await import('node:os');
  console.log(`node ${process.version}, ${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} at start`);
  if (databaseUrl) {
    const s = await seed(databaseUrl);
    const baseline = await start('baseline', { BENCH_VENDOR: s.vendorId, BENCH_CONTRACT: s.contractId });
    const service = await start('service', { DATABASE_URL: databaseUrl });
    children.baseline = baseline.child;
    children.service = service.child;
    const b = `http://127.0.0.1:${baseline.ready.port}`;
    const k = `http://127.0.0.1:${service.ready.port}`;
    const baselineToken = baseline.ready.token as string;
    try {
      const basic = (visitor: string) => `Basic ${Buffer.from(`${s.clientId}:${visitor}`).toString('base64')}`;
      const json = { 'Content-Type': 'application/json' };
      const one = async () => expectStatus(await fetch(`${b}/one`, { method: 'POST' }), 200, 'baseline');
      const verified = async () =>
        expectStatus(await fetch(`${b}/verified`, { headers: { authorization: `Bearer ${baselineToken}` } }), 200, 'baseline (verified)');
      const run = `${Date.now().toString(36)}`;
      const access = (auth: string, contentId: string) =>
        fetch(`${k}/paywalls/${s.paywallId}/access`, {
          method: 'POST',
          headers: { ...json, authorization: auth },
          body: JSON.stringify({ publisherContentId: contentId, url: `https://bench.example.com/${contentId}` }),
        });
      const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: s.apiKey.clientId, client_secret: s.apiKey.clientSecret, audience: 'urn:service' }).toString();
      const tokenRes = await fetch(`${k}/oidc/t/${s.vendorId}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form });
      const apiToken = ((await tokenRes.json()) as { access_token: string }).access_token;
      const user = `Bearer ${s.userToken}`;

      const rows: string[][] = [];
      console.log(`\n${ROUNDS} alternating rounds of ${SECONDS} s per side, ${CONCURRENCY} in flight, pool ${POOL} on both sides`);
      console.log('route | baseline/s | service/s | ratio | ratio per round | baseline p50 ms | baseline p99/p50 | p50 ms | p99 ms | p99/p50 | baseline CPU µs/req | service CPU µs/req');
      await compare(rows, 'access, new article (a new visitor each time)', one, async (i) =>
        expectStatus(await access(basic(`v-${run}-${i}`), `fresh-${i}`), 200, 'access'),
      );
      await compare(rows, 'access, read before (reader with thousands of reads)', one, async () =>
        expectStatus(await access(user, 'history-1'), 200, 'access'),
      );
      await compare(rows, 'access/check (reader with thousands of reads)', one, async (i) =>
        expectStatus(
          await fetch(`${k}/paywalls/${s.paywallId}/access/check`, {
            method: 'POST',
            headers: { ...json, authorization: user },
            body: JSON.stringify({ publisherContentId: `new-${i}`, url: 'https://bench.example.com/x' }),
          }),
          200,
          'check',
        ),
      );
      await compare(rows, 'strategy execute (reader with thousands of reads)', one, async () =>
        expectStatus(
          await fetch(`${k}/paywalls/strategies/${s.strategyId}/execute`, { method: 'POST', headers: { ...json, authorization: user }, body: '{}' }),
          200,
          'execute',
        ),
      );
      await compare(rows, 'unlock, reader of the tier (wrap keys)', one, async () =>
        expectStatus(
          await fetch(`${k}/capsule/vendors/${s.vendorId}/unlock`, { method: 'POST', headers: { ...json, authorization: user }, body: JSON.stringify(s.unlock) }),
          200,
          'unlock',
        ),
      );
      await compare(rows, 'GET /entitlements (vs verified baseline)', verified, async () =>
        expectStatus(await fetch(`${k}/entitlements`, { headers: { authorization: user } }), 200, 'entitlements'),
      );
      await compare(rows, 'token exchange (vs verified baseline)', verified, async () =>
        expectStatus(
          await fetch(`${k}/oidc/t/${s.vendorId}/oauth/token`, { method: 'POST', headers: { 'content-type': 'application/x-www-form-urlencoded' }, body: form }),
          200,
          'token exchange',
        ),
      );
      await compare(rows, 'GET /management/products (vs verified baseline)', verified, async () =>
        expectStatus(await fetch(`${k}/management/products`, { headers: { authorization: `Bearer ${apiToken}` } }), 200, 'products'),
      );
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

const role = process.argv[2];
const entry = role === 'service' ? runService : role === 'baseline' ? runBaseline : main;
entry().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
