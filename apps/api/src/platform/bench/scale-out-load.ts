/**
 * The steady, bounded load of the scale-out run (scale-out.ts) and what it
 * needs: a vendor seeded straight into the database, then through the load
 * balancer a paywall and a webhook endpoint; every answer is recorded for
 * the checks (scale-out-checks.ts).
 */
import { createServer, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { fromMajor } from '@kiosk/domain';
import { CreateProduct, CreatePurchaseOption, CreateVendor } from '@kiosk/domain/catalog';
import { CreateApiKey, IssueUserToken, RegisterBrowserClient } from '@kiosk/domain/identity';
import { IDENTITY } from '../../identity/identity.module';
import { loadConfig } from '../../config';
import { createRuntime } from '../../runtime';
import { openDatabase } from '../database/open-database';
import { createLogger } from '../logger';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Seeded {
  vendorId: string;
  key: { clientId: string; clientSecret: string };
  browserClientId: string;
  token: string;
  paywallId: string;
  /** Signed-in readers, each buying once through a checkout paid with the embedded test card. */
  readers: { userId: string; token: string }[];
}

/** The vendor (its readers' tokens name `baseUrl`, the load balancer, as their issuer), its key (contracts and webhooks), a browser client, a product, signed-in readers; migrates the database on the way. */
export async function seedVendor(databaseUrl: string, baseUrl: string, secretsKey: string, readerCount: number): Promise<Omit<Seeded, 'token' | 'paywallId'>> {
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: databaseUrl, BASE_URL: baseUrl, SECRETS_KEY: secretsKey, LOG_LEVEL: 'silent', WORKER_ENABLED: 'false' });
  const logger = createLogger('silent');
  const database = await openDatabase(config, logger);
  try {
    const c = (await createRuntime(config, database, logger)).container;
    const vendorId = `scale-${Date.now().toString(36)}`;
    await c.get(CreateVendor).execute({ id: vendorId, name: 'Scale-out', domains: [`${vendorId}.example.com`] });
    await c.get(CreateProduct).execute({ vendorId, sku: 'news', title: 'News', productType: 'publication' });
    await c.get(CreatePurchaseOption).execute({
      id: 'news-yearly',
      vendorId,
      sku: 'news',
      name: 'Yearly',
      price: fromMajor(1200, 'SEK'),
      taxIncluded: true,
      recurring: { interval: 'YEAR', time: 1 },
      seatsPerUnit: 1,
      minQuantity: 1,
      maxQuantity: 10,
    });
    const created = await c.get(CreateApiKey).execute({
      actor: { kind: 'operator' },
      vendorId,
      name: 'scale-out',
      role: 'full',
      grants: ['contracts:write', 'webhooks:read', 'webhooks:write'],
    });
    const browser = await c.get(RegisterBrowserClient).execute({ vendorId, name: 'site', redirectUris: [`https://${vendorId}.example.com/cb`] });
    const readers: Seeded['readers'] = [];
    for (let i = 0; i < readerCount; i += 1) {
      const user = await c.get(IDENTITY.Users).addOrGet({
        id: `reader-${vendorId}-${i}`,
        vendorId,
        email: `reader-${i}@${vendorId}.example.com`,
        firstName: null,
        lastName: null,
        createdAt: new Date(),
      });
      readers.push({ userId: user.id, token: (await c.get(IssueUserToken).execute({ vendorId, userId: user.id })).accessToken });
    }
    return { vendorId, key: { clientId: created.key.clientId, clientSecret: created.clientSecret }, browserClientId: browser.clientId, readers };
  } finally {
    await database.close();
  }
}

/** A vendor's server on loopback: records every webhook request (by its `webhook-id`) and answers 200. */
export async function startWebhookReceiver() {
  const received = new Map<string, number>();
  const server: Server = createServer((req, res) => {
    req.resume();
    req.on('end', () => {
      const id = String(req.headers['webhook-id']);
      received.set(id, (received.get(id) ?? 0) + 1);
      res.writeHead(200).end('thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/hooks/kiosk`,
    received,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

export interface Answer {
  kind: 'sign-in' | 'session' | 'read' | 'contract' | 'checkout' | 'pay';
  status: number;
  /** When it was sent, and when its answer (or failure) came. */
  at: number;
  done: number;
  retryAfter: string | null;
  /** The body's `code` (problem+json), when there is one. */
  code: string | null;
  key?: string;
  email?: string;
  contentId?: string;
  /** The reader of a checkout, and the checkout's page address (`/pay` goes to it). */
  reader?: { userId: string; token: string };
  checkoutUrl?: string;
  body?: unknown;
  /** No answer at all (connection reset, timeout). */
  failure?: string;
}

export const json = { 'content-type': 'application/json' };
export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
const basic = (clientId: string, visitor: string) => ({ authorization: `Basic ${Buffer.from(`${clientId}:${visitor}`).toString('base64')}` });

export async function exchangeToken(base: string, vendorId: string, key: Seeded['key']): Promise<Response> {
  const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: key.clientId, client_secret: key.clientSecret, audience: 'urn:service' });
  return fetch(`${base}/oidc/t/${vendorId}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form.toString(),
    signal: AbortSignal.timeout(15_000),
  });
}

export const contractOrder = (email: string) => ({
  sku: 'news',
  purchaseOptionId: 'news-yearly',
  user: { email, firstName: 'Ada', lastName: 'Scale' },
  payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
  confirm: true,
});

/** Through the load balancer: a token, a paywall (generous meter), the webhook endpoint (every event type). */
export async function prepareVendor(entry: string, seeded: Omit<Seeded, 'token' | 'paywallId'>, receiverUrl: string): Promise<Seeded> {
  const tokenRes = await exchangeToken(entry, seeded.vendorId, seeded.key);
  if (tokenRes.status !== 200) throw new Error(`token exchange: ${tokenRes.status} ${await tokenRes.text()}`);
  const token = ((await tokenRes.json()) as { access_token: string }).access_token;
  const paywall = await fetch(`${entry}/management/paywalls`, {
    method: 'POST',
    headers: { ...json, ...bearer(token) },
    body: JSON.stringify({ name: 'Metered', settings: { leaky: { enabled: true, count: 10_000, periodInHours: 24 } } }),
  });
  if (paywall.status !== 201) throw new Error(`paywall: ${paywall.status} ${await paywall.text()}`);
  const endpoint = await fetch(`${entry}/management/webhooks/endpoints`, {
    method: 'POST',
    headers: { ...json, ...bearer(token) },
    body: JSON.stringify({ url: receiverUrl }),
  });
  if (endpoint.status !== 201) throw new Error(`webhook endpoint: ${endpoint.status} ${await endpoint.text()}`);
  return { ...seeded, token, paywallId: ((await paywall.json()) as { id: string }).id };
}

/** The hosted checkout's form, paid with the embedded processor's test card. */
export function payCheckout(entry: string, checkoutUrl: string): Promise<Response> {
  const url = new URL(checkoutUrl);
  return fetch(`${entry}${url.pathname}/pay${url.search}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ payment: 'embedded:card', cardNumber: '4242 4242 4242 4242', expiry: '12/34', cvc: '123' }).toString(),
    redirect: 'manual',
    signal: AbortSignal.timeout(15_000),
  });
}

async function record(answers: Answer[], kind: Answer['kind'], send: () => Promise<Response>, extra: Partial<Answer> = {}): Promise<Answer> {
  const at = Date.now();
  try {
    const res = await send();
    const text = await res.text();
    let body: unknown = text;
    try {
      body = JSON.parse(text);
    } catch {
      // not JSON (HAProxy's own pages)
    }
    const code = typeof body === 'object' && body && 'code' in body ? String((body as { code: unknown }).code) : null;
    const answer: Answer = { kind, status: res.status, at, done: Date.now(), retryAfter: res.headers.get('retry-after'), code, body, ...extra };
    if (res.status === 303) answer.body = res.headers.get('location');
    answers.push(answer);
    return answer;
  } catch (error) {
    const answer: Answer = { kind, status: 0, at, done: Date.now(), retryAfter: null, code: null, failure: String(error), ...extra };
    answers.push(answer);
    return answer;
  }
}

export interface Load {
  answers: Answer[];
  stop(): Promise<void>;
}

/**
 * `clients` loops, each sending one request at a time with `pauseMs` between
 * them (a steady, bounded load), in turn: a token exchange (a sign-in) whose
 * token the next request uses (on the next process: roundrobin), a counted
 * read of a new article, a reader's checkout paid with the test card, a contract created and confirmed under an
 * Idempotency-Key (its events go to the webhook endpoint).
 */
export function startLoad(entry: string, s: Seeded, clients: number, pauseMs: number): Load {
  const answers: Answer[] = [];
  let running = true;
  let n = 0;
  const run = Date.now().toString(36);
  const client = async (id: number) => {
    let token = s.token;
    for (let turn = 0; running; turn += 1) {
      n += 1;
      const i = n;
      let a: Answer;
      switch (turn % 5) {
        case 0:
          a = await record(answers, 'sign-in', () => exchangeToken(entry, s.vendorId, s.key));
          if (a.status === 200) token = (a.body as { access_token: string }).access_token;
          break;
        case 1:
          a = await record(answers, 'session', () =>
            fetch(`${entry}/management/paywalls/${s.paywallId}`, { headers: bearer(token), signal: AbortSignal.timeout(15_000) }),
          );
          break;
        case 2: {
          const contentId = `a-${run}-${i}`;
          a = await record(
            answers,
            'read',
            () =>
              fetch(`${entry}/paywalls/${s.paywallId}/access`, {
                method: 'POST',
                headers: { ...json, ...basic(s.browserClientId, `visitor-${run}-${id}`) },
                body: JSON.stringify({ publisherContentId: contentId, url: `https://${s.vendorId}.example.com/${contentId}` }),
                signal: AbortSignal.timeout(15_000),
              }),
            { contentId },
          );
          break;
        }
        case 3: {
          const reader = s.readers.pop();
          if (!reader) {
            a = await record(answers, 'sign-in', () => exchangeToken(entry, s.vendorId, s.key));
            break;
          }
          a = await record(
            answers,
            'checkout',
            () =>
              fetch(`${entry}/checkouts`, {
                method: 'POST',
                headers: { ...json, ...bearer(reader.token) },
                body: JSON.stringify({ items: [{ sku: 'news' }] }),
                signal: AbortSignal.timeout(15_000),
              }),
            { reader },
          );
          if (a.status !== 201) break;
          const checkoutUrl = (a.body as { checkoutUrl: string }).checkoutUrl;
          await sleep(pauseMs);
          a = await record(answers, 'pay', () => payCheckout(entry, checkoutUrl), { reader, checkoutUrl });
          break;
        }
        default: {
          const key = `scale-${run}-${i}`;
          const email = `buyer-${run}-${i}@${s.vendorId}.example.com`;
          a = await record(
            answers,
            'contract',
            () =>
              fetch(`${entry}/management/contracts`, {
                method: 'POST',
                headers: { ...json, ...bearer(token), 'idempotency-key': key },
                body: JSON.stringify(contractOrder(email)),
                signal: AbortSignal.timeout(15_000),
              }),
            { key, email },
          );
        }
      }
      await sleep(a.status === 503 || a.status === 0 ? 250 : pauseMs);
    }
  };
  const loops = Array.from({ length: clients }, (_, id) => client(id));
  return {
    answers,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}
