import 'reflect-metadata';
import { randomBytes } from 'node:crypto';
import { CreateProduct, CreatePurchaseOption, CreateVendor } from '@kiosk/domain/catalog';
import { ApiKeyRole, CreateApiKey, CreateStaffUser, IssueUserToken } from '@kiosk/domain/identity';
import { FakeClock } from '@kiosk/domain/testing';
import { fromMajor } from '@kiosk/domain';
import type { DestinationStream } from 'pino';
import supertest from 'supertest';
import { loadConfig } from '../../src/config';
import { ConfigCache } from '../../src/platform/cache/config-cache';
import { PaywallViewCounter } from '../../src/paywalls/paywalls.module';
import { createDataSource } from '../../src/platform/database/data-source';
import { Database } from '../../src/platform/database/open-database';
import { createHttpServer } from '../../src/platform/http/server';
import { DatabaseProbe } from '../../src/health/database-probe';
import { createLogger } from '../../src/platform/logger';
import { createRuntime, Runtime } from '../../src/runtime';

export const onRealPostgres = () => process.env.KIOSK_TEST_EMBEDDED === '0';

/** The URL of the run's database (a real PostgreSQL, or the in-memory PGlite's socket). */
export function testDatabaseUrl(): string {
  const url = process.env.KIOSK_TEST_DATABASE_URL;
  if (!url) throw new Error('the jest global setup did not provide a database');
  return url;
}

/** A database handle of its own (tests that need two processes' worth of connections open two). */
export async function openTestDatabase(
  poolSize = 10,
  options: { url?: string; connectTimeoutMs?: number; embedded?: boolean } = {},
): Promise<Database> {
  const url = options.url ?? testDatabaseUrl();
  const embedded = options.embedded ?? !onRealPostgres();
  const db = await createDataSource(url, { embedded, poolSize, connectTimeoutMs: options.connectTimeoutMs }).initialize();
  return { db, embedded, close: () => db.destroy() };
}

export interface TestApp {
  runtime: Runtime;
  http: ReturnType<typeof supertest>;
  clock: FakeClock;
  close(): Promise<void>;
}

/** The real container and Express app on the test database, with a clock the test moves. */
export async function startTestApp(
  env: Record<string, string> = {},
  database: { url?: string; connectTimeoutMs?: number; embedded?: boolean } = {},
  logTo?: DestinationStream,
): Promise<TestApp> {
  const config = loadConfig({
    NODE_ENV: 'test',
    BASE_URL: 'http://kiosk.test',
    // Shared by every test process, as by every process of a deployment.
    SECRETS_KEY: Buffer.alloc(32, 'kiosk-test-secrets-key').toString('base64'),
    ...env,
  });
  const clock = new FakeClock(new Date());
  const opened = await openTestDatabase(10, database);
  const runtime = await createRuntime(config, opened, createLogger(config.logLevel, logTo), { clock });
  return {
    runtime,
    http: supertest(runtime.app),
    clock,
    close: async () => {
      runtime.idempotency.close();
      await runtime.container.get(PaywallViewCounter).close();
      await runtime.container.get(ConfigCache).close();
      await runtime.container.get(DatabaseProbe).close();
      await opened.close();
    },
  };
}

export const uniqueId = (prefix: string) => `${prefix}-${randomBytes(5).toString('hex')}`;

/** How a test's vendor is made: in test mode (with a test clock, starting at `testClockStart`), or a production vendor. */
export interface VendorOptions {
  testMode?: boolean;
  testClockStart?: Date;
  /** The vendor's registered web domains (default `<vendorId>.example.com`). */
  domains?: string[];
}

/** A fresh vendor with one staff user, its token, and helpers to make keys and tokens for it. */
export async function givenVendor(app: TestApp, options: VendorOptions = {}) {
  const c = app.runtime.container;
  const vendorId = uniqueId('v');
  await c.get(CreateVendor).execute({ id: vendorId, name: `Vendor ${vendorId}`, domains: [`${vendorId}.example.com`], ...options });
  const staff = await c.get(CreateStaffUser).execute({ vendorId, email: `staff@${vendorId}.example.com` });
  const staffToken = (await c.get(IssueUserToken).execute({ vendorId, userId: staff.id })).accessToken;

  const apiKey = async (role: ApiKeyRole = 'read', grants: string[] = []) => {
    const created = await c.get(CreateApiKey).execute({ actor: { kind: 'operator' }, vendorId, name: `${role} key`, role, grants });
    return { clientId: created.key.clientId, clientSecret: created.clientSecret };
  };
  const tokenPath = `/oidc/t/${vendorId}/oauth/token`;
  const exchange = (key: { clientId: string; clientSecret: string }, extra: Record<string, string> = {}) =>
    app.http
      .post(tokenPath)
      .type('form')
      .send({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: key.clientSecret, audience: 'urn:service', ...extra });
  const apiToken = async (role: ApiKeyRole = 'read', grants: string[] = [], scope?: string) => {
    const res = await exchange(await apiKey(role, grants), scope ? { scope } : {});
    if (res.status !== 200) throw new Error(`token exchange failed: ${res.status} ${JSON.stringify(res.body)}`);
    return res.body.access_token as string;
  };
  const product = async (sku: string, productType: 'publication' | 'license' | 'article' = 'publication') => {
    await c.get(CreateProduct).execute({ vendorId, sku, title: `Product ${sku}`, productType });
    await c.get(CreatePurchaseOption).execute({
      id: `${sku}-yearly`,
      vendorId,
      sku,
      name: 'Yearly',
      price: fromMajor(1200, 'SEK'),
      taxIncluded: true,
      recurring: { interval: 'YEAR', time: 1 },
      seatsPerUnit: productType === 'license' ? 5 : 1,
      minQuantity: 1,
      maxQuantity: 100,
    });
  };
  return { vendorId, staff, staffToken, tokenPath, apiKey, exchange, apiToken, product };
}

export const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });

/** A test app listening on a real port (the browser routes call the OpenID provider over HTTP, as in production). */
export async function startListeningApp(env: Record<string, string> = {}, logTo?: DestinationStream) {
  const { createServer } = await import('node:net');
  const port = await new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
  const baseUrl = `http://localhost:${port}`;
  const app = await startTestApp({ BASE_URL: baseUrl, ...env }, {}, logTo);
  const server = await new Promise<import('node:http').Server>((resolve) => {
    // The service's own server: its timeouts and its answers to malformed HTTP.
    const s = createHttpServer(app.runtime.app).listen(port, () => resolve(s));
  });
  return {
    ...app,
    baseUrl,
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await app.close();
    },
  };
}
