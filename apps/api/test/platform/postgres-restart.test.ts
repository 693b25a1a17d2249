import type { Pool } from 'pg';
import { Response } from 'supertest';
import { loadConfig } from '../../src/config';
import { ConfigCache } from '../../src/platform/cache/config-cache';
import { openDatabase } from '../../src/platform/database/open-database';
import { createLogger } from '../../src/platform/logger';
import { givenContractVendor } from '../contracts/support';
import { givenPaywallVendor } from '../paywalls/support';
import { bearer, startTestApp, TestApp } from '../support/harness';
import { PrivatePostgres } from '../support/private-postgres';

/**
 * PostgreSQL itself stopped under load, the ordinary way (`pg_ctl stop -m
 * fast`: the server sends 57P01 "terminating connection due to administrator
 * command" to every session and closes them), then started again. Unlike the
 * proxy cut of database-outage.test.ts the connections get the server's own
 * shutdown messages, idle pooled ones and the LISTEN connection included.
 * The service must stay up, answer only 2xx or 503 (with Retry-After) while
 * the server is away (no 401 for a visitor it cannot look up, no 500), serve
 * again by itself once it is back, and no Idempotency-Key may give two
 * contracts. The test runs its own server (never the machine's); where one
 * cannot be started here it is skipped, saying why.
 */

const ANSWER_BOUND_MS = 6_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

let server: PrivatePostgres | null = null;
let skipReason = '';
let app: TestApp;

beforeAll(async () => {
  try {
    server = await PrivatePostgres.start();
  } catch (error) {
    skipReason = `a private PostgreSQL server could not be started here: ${String(error)}`;
    process.stderr.write(`postgres-restart.test: skipped: ${skipReason}\n`);
    return;
  }
  app = await startTestApp({}, { url: server.url, connectTimeoutMs: 1_000, embedded: false });
}, 60_000);

afterAll(async () => {
  await app?.close();
  server?.remove();
});

interface Answer {
  kind: 'create' | 'read';
  status: number;
  res: Response;
  key?: string;
  order?: Record<string, unknown>;
}

it('a PostgreSQL stopped fast under load and started again: the process lives, answers 2xx or 503, recovers, and writes nothing twice', async () => {
  if (!server) {
    process.stderr.write(`postgres-restart.test: skipped: ${skipReason}\n`);
    return;
  }
  const v = await givenContractVendor(app);
  const p = await givenPaywallVendor(app);
  const paywall = await p.leakyPaywall(1_000);
  expect((await app.http.get('/readyz')).status).toBe(200);

  const answers: Answer[] = [];
  const failures: string[] = [];
  let running = true;
  let n = 0;
  const timed = async (kind: Answer['kind'], send: () => Promise<Response>, extra: Partial<Answer> = {}) => {
    try {
      const res = await send();
      answers.push({ kind, status: res.status, res, ...extra });
      if (res.status === 503) await sleep(150);
    } catch (error) {
      failures.push(`${kind}: ${String(error)}`);
    }
  };
  const client = async (id: number) => {
    for (let turn = id; running; turn += 1) {
      n += 1;
      if (turn % 2 === 0) {
        const key = `restart-${n}`;
        const order = v.order({ confirm: n % 4 === 0 });
        await timed(
          'create',
          () =>
            app.http.post('/management/contracts').set(bearer(v.write)).set('Idempotency-Key', key).send(order).timeout(ANSWER_BOUND_MS),
          { key, order },
        );
      } else {
        await timed('read', () =>
          app.http
            .post(`/paywalls/${paywall.id}/access`)
            .set(p.visitor(`restart-visitor-${id}`))
            .send({ publisherContentId: `a-${n}`, url: `https://news.example.com/a-${n}` })
            .timeout(ANSWER_BOUND_MS),
        );
      }
    }
  };

  // A pooled connection out of the pool and idle, with no listener of its user, when the server ends it:
  // an 'error' event nobody heard used to end the process.
  const pool = (app.runtime.database.db.driver as unknown as { master: Pool }).master;
  const idle = await pool.connect();

  const clients = Array.from({ length: 6 }, (_, i) => client(i));
  await sleep(1_500);
  server.stop('fast');
  const stoppedAt = answers.length;
  await sleep(2_500);
  server.startAgain();
  const startedAt = Date.now();
  // Serving again by itself: /readyz turns 200 and a read works, without anything restarted.
  let ready = 0;
  while (ready !== 200 && Date.now() - startedAt < 10_000) {
    ready = (await app.http.get('/readyz').timeout(ANSWER_BOUND_MS)).status;
    if (ready !== 200) await sleep(100);
  }
  expect(ready).toBe(200);
  idle.release(true);
  // The configuration cache's LISTEN connection was ended too, and is open (listening) again by itself.
  const cache = app.runtime.container.get(ConfigCache);
  for (let i = 0; i < 50 && !((cache.knownEntryTtlMs() ?? 0) > 0); i += 1) await sleep(100);
  expect(cache.knownEntryTtlMs()).toBeGreaterThan(0);
  await sleep(1_500);
  running = false;
  await Promise.all(clients);

  expect(failures).toEqual([]);
  const unexpected = answers.filter((a) => ![200, 201, 503].includes(a.status));
  expect(unexpected.map((a) => ({ kind: a.kind, status: a.status, body: a.res.body }))).toEqual([]);
  for (const a of answers.filter((x) => x.status === 503)) {
    expect(a.res.headers['retry-after']).toBe('5');
    expect(a.res.headers['content-type']).toBe('application/problem+json; charset=utf-8');
  }
  // The stop was felt, and work went on after it.
  expect(answers.some((a) => a.status === 503)).toBe(true);
  const after = answers.slice(stoppedAt);
  expect(after.some((a) => a.kind === 'read' && a.status === 200)).toBe(true);
  expect(after.some((a) => a.kind === 'create' && a.status === 201)).toBe(true);

  // Counted reads: each answered 200 is counted once (a 503 may or may not have been, as its commit was cut off).
  const reads = answers.filter((a) => a.kind === 'read');
  const [{ recorded }] = await app.runtime.database.db.query(`SELECT count(*)::int AS recorded FROM paywall_reads WHERE vendor_id = $1`, [
    p.vendorId,
  ]);
  expect(recorded).toBeGreaterThanOrEqual(reads.filter((a) => a.status === 200).length);
  expect(recorded).toBeLessThanOrEqual(reads.length);
  process.stderr.write(
    `postgres-restart.test: ${answers.length} answers (${answers.filter((a) => a.status === 503).length} of them 503), ` +
      `${recorded} counted reads, ${answers.filter((a) => a.res.body?.code === 'SERVICE.WRITTEN_NOT_ANSWERED').length} written-not-answered\n`,
  );

  // No key gave two contracts; each key retried now (as a client would) gives at most one, and its answer names it.
  const db = app.runtime.database.db;
  const contractsOf = async (order: Record<string, unknown>) =>
    (await db.query(
      `SELECT c.id FROM contracts c JOIN users u ON u.vendor_id = c.vendor_id AND u.id = c.user_id WHERE c.vendor_id = $1 AND u.email = $2`,
      [v.vendorId, (order.user as { email: string }).email],
    )) as { id: string }[];
  for (let i = 0; i < 50 && app.runtime.idempotency.pending > 0; i += 1) await sleep(100);
  const creates = answers.filter((a) => a.kind === 'create');
  for (const a of creates) {
    let again = await app.http.post('/management/contracts').set(bearer(v.write)).set('Idempotency-Key', a.key!).send(a.order!);
    if (again.status === 409) {
      app.clock.advance(31_000); // a claim whose attempt was cut off before it could be settled: its lease lapses
      again = await app.http.post('/management/contracts').set(bearer(v.write)).set('Idempotency-Key', a.key!).send(a.order!);
    }
    expect([201, 503]).toContain(again.status);
    const rows = await contractsOf(a.order!);
    expect(rows.length).toBeLessThanOrEqual(1);
    if (again.status === 201) expect(rows).toEqual([{ id: again.body.id }]);
    if (a.status === 201) expect(again.body).toEqual(a.res.body);
    if (a.res.body?.code === 'SERVICE.WRITTEN_NOT_ANSWERED') {
      // Written, then the answer failed: the contract exists once, and the retry is told so again.
      expect(rows).toHaveLength(1);
      expect(again.status).toBe(503);
      expect(again.headers['idempotent-replayed']).toBe('true');
      expect(again.body).toEqual(a.res.body);
    }
  }
}, 40_000);

it('a process that starts while PostgreSQL is stopped waits for it and opens once it is up', async () => {
  if (!server) {
    process.stderr.write(`postgres-restart.test: skipped: ${skipReason}\n`);
    return;
  }
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: server.url,
    DB_CONNECT_TIMEOUT_MS: '1000',
    DB_STARTUP_TIMEOUT_MS: '20000',
    SECRETS_KEY: Buffer.alloc(32, 'kiosk-test-secrets-key').toString('base64'),
  });
  const warnings: string[] = [];
  const logger = createLogger('silent');
  logger.warn = ((_fields: unknown, message: string) => void warnings.push(message)) as typeof logger.warn;
  server.stop('fast');
  const opening = openDatabase(config, logger);
  await sleep(2_500);
  server.startAgain();
  const database = await opening;
  try {
    expect((await database.db.query('SELECT 1 AS one'))[0].one).toBe(1);
    expect(warnings.length).toBeGreaterThanOrEqual(1);
    expect(warnings[0]).toMatch(/^the database cannot be reached yet; retrying/);
  } finally {
    await database.close();
  }
}, 30_000);
