import { request as httpRequest, Agent } from 'node:http';
import { CreateVendor } from '@kiosk/domain/catalog';
import { CreateApiKey, CreateStaffUser, IssueUserToken, RegisterBrowserClient } from '@kiosk/domain/identity';
import fc from 'fast-check';
import { Container } from 'inversify';
import { authKind, encodeBody, extraHeaders, formBody, jsonBody, pathParam, queryString, textBody, wire } from './fuzz-hostile-input';
import { Operation, operationsOf } from './fuzz-operations';

export type { Operation } from './fuzz-operations';

/**
 * A fuzzer for the HTTP interface (issue 10, DESIGN.md section 7): reads the
 * OpenAPI document of the running app and, for every operation, sends
 * malformed requests of every class the edge must refuse with a 4xx problem
 * (broken percent-encoding, NUL, lone surrogates, wrong types, huge strings,
 * deep, empty and null bodies, wrong media types, bodies that do not decode
 * as their Content-Encoding says, unknown ids, forged tokens). Half of the
 * requests carry a valid token with every scope, so they get past
 * authentication. A finding is any 5xx but 503, or an error answer of a
 * problem+json route that is not problem+json.
 *
 * Generation is deterministic for a seed (fast-check); what the requests
 * need from the running service (tokens, known ids) is filled in when sent.
 */

type Json = Record<string, unknown>;

/** A generated request; `known:<n>` in the path stands for the n-th known id of the running service. */
export interface FuzzRequest {
  operation: number;
  method: string;
  /** Path segments, already percent-encoded (possibly badly, on purpose). */
  pathParams: (string | { known: number })[];
  query: string;
  headers: Record<string, string>;
  body?: Buffer;
  auth: 'valid' | 'none' | 'forged' | 'malformed' | 'alg-none' | 'basic-garbage' | 'expired-looking';
  attack: string;
}

/** Requests for the operations of `document`: about half carry a valid token. */
export function fuzzRequests(document: Json): { operations: Operation[]; arbitrary: fc.Arbitrary<FuzzRequest> } {
  const operations = operationsOf(document);
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const perOperation = operations.map((op, index) => {
    const body: fc.Arbitrary<{ body?: Buffer; headers: Record<string, string>; attack: string }> = op.body
      ? fc
          .tuple(op.body.contentType === 'application/x-www-form-urlencoded' ? formBody : jsonBody(op.body.schema, schemas), wire)
          .map(([{ text, attack }, how]) => ({ ...encodeBody(text, op.body!.contentType, how), attack: `${attack} (${how})` }))
      : op.textBody
        ? fc.tuple(textBody, wire).map(([{ text, attack }, how]) => ({ ...encodeBody(text, 'text/plain', how), attack: `${attack} (${how})` }))
        : fc.oneof(
            { weight: 4, arbitrary: fc.constant({ headers: {}, attack: 'no body' }) },
            { weight: 1, arbitrary: fc.tuple(jsonBody(null, schemas), wire).map(([{ text }, how]) => ({ ...encodeBody(text, 'application/json', how), attack: `unexpected body (${how})` })) },
          );
    const names = [...op.query.map((q) => q.name), 'x'];
    return fc
      .record({
        pathParams: fc.tuple(...op.pathParams.map(() => pathParam)),
        query: queryString.chain((q) => fc.constantFrom(...names).map((name) => q.replace(/\{param\}/g, encodeURIComponent(name)))),
        extra: extraHeaders,
        body,
        auth: authKind,
      })
      .map(
        ({ pathParams, query, extra, body: b, auth }): FuzzRequest => ({
          operation: index,
          method: op.method,
          pathParams,
          query,
          headers: { ...extra, ...b.headers },
          body: b.body,
          auth,
          attack: b.attack,
        }),
      );
  });
  return { operations, arbitrary: fc.oneof(...perOperation) };
}

// ---- sending and judging ------------------------------------------------------

export interface FuzzContext {
  baseUrl: string;
  /** Bearer tokens with every scope: an API key's (management) and a signed-in user's (reader routes, staff routes). */
  tokens: { scoped: string; user: string };
  /** Ids that exist in the service (vendor, SKUs, purchase options, client id, contract...), used for some path parameters. */
  known: string[];
}

export interface FuzzResult {
  request: FuzzRequest;
  operation: Operation;
  url: string;
  status: number;
  contentType: string;
  body: string;
  /** No answer was read: the status stands for what the server did (408: cut a lying body; 431: refused a huge head). */
  synthetic?: boolean;
}

const FORGED =
  'eyJhbGciOiJFUzI1NiIsInR5cCI6ImF0K2p3dCIsImtpZCI6ImZvcmdlZCJ9.eyJpc3MiOiJodHRwOi8va2lvc2sudGVzdC9vaWRjIiwiYXVkIjoidXJuOnNlcnZpY2UiLCJzY29wZSI6InByb2R1Y3RzOndyaXRlIiwiZXhwIjo0MDAwMDAwMDAwfQ.' +
  'A'.repeat(86);
const ALG_NONE = 'eyJhbGciOiJub25lIiwidHlwIjoiYXQrand0In0.eyJzdWIiOiJ4Iiwic2NvcGUiOiJwcm9kdWN0czp3cml0ZSJ9.';

function authorization(kind: FuzzRequest['auth'], op: Operation, ctx: FuzzContext): string | undefined {
  switch (kind) {
    case 'valid':
      return op.auth === 'none' ? undefined : `Bearer ${op.auth === 'scoped' ? ctx.tokens.scoped : ctx.tokens.user}`;
    case 'forged':
      return `Bearer ${FORGED}`;
    case 'alg-none':
      return `Bearer ${ALG_NONE}`;
    case 'malformed':
      return 'Bearer a b c';
    case 'basic-garbage':
      return `Basic ${Buffer.from('no-such-client:\u00ff').toString('base64')}`;
    case 'expired-looking':
      return `Bearer ${ctx.tokens.scoped.slice(0, -4)}AAAA`;
    default:
      return undefined;
  }
}

const agent = new Agent({ keepAlive: true, maxSockets: 16 });

/** Sends one request over a real socket exactly as generated (no client-side normalisation of the path). */
export function send(request: FuzzRequest, operation: Operation, ctx: FuzzContext, retried = false): Promise<FuzzResult> {
  let i = 0;
  const path = operation.path.replace(/\{\w+\}/g, () => {
    const param = request.pathParams[i++];
    return typeof param === 'string' ? param : encodeURIComponent(ctx.known[param.known % ctx.known.length]);
  });
  const target = `${path}${request.query ? `?${request.query}` : ''}`;
  const url = new URL(ctx.baseUrl);
  const headers: Record<string, string> = { ...request.headers };
  const auth = authorization(request.auth, operation, ctx);
  if (auth) headers.Authorization = auth;
  const lie = headers['X-Fuzz-Length-Lie'] !== undefined;
  delete headers['X-Fuzz-Length-Lie'];
  if (request.body) headers['Content-Length'] = String(lie ? request.body.length + 10 : request.body.length);
  return new Promise((resolve) => {
    const req = httpRequest(
      { host: url.hostname, port: url.port, method: request.method, path: target, headers, agent: lie ? false : agent, timeout: 15_000 },
      (res) => {
        const chunks: Buffer[] = [];
        let size = 0;
        res.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= 64 * 1024) chunks.push(chunk);
        });
        res.on('end', () =>
          resolve({
            request,
            operation,
            url: target,
            status: res.statusCode ?? 0,
            contentType: String(res.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', (error) =>
          resolve({ request, operation, url: target, status: 0, contentType: '', body: `answer cut: ${error.message}` }),
        );
      },
    );
    req.on('timeout', () => req.destroy(Object.assign(new Error('no answer within 15 s'), { code: 'TIMEOUT' })));
    req.on('error', (error: Error & { code?: string }) => {
      // The length lie leaves the server waiting for bytes that never come: its request timeout cuts it.
      if (lie) resolve({ request, operation, url: target, status: 408, contentType: '', body: '', synthetic: true });
      // A kept-alive socket the server closed as idle just as it was reused: not an answer of this request; send again.
      else if (req.reusedSocket && error.code === 'ECONNRESET' && !retried) resolve(send(request, operation, ctx, true));
      // A head over Node's 16 kB limit is refused (431) and the connection closed while the client may still be
      // sending: the client can see the reset before the answer. That is the refusal, not a finding.
      else if (error.code === 'ECONNRESET' && target.length > 16 * 1024) resolve({ request, operation, url: target, status: 431, contentType: '', body: '', synthetic: true });
      // No answer at all is a finding too (status 0).
      else resolve({ request, operation, url: target, status: 0, contentType: '', body: `no answer: ${error.code ?? ''} ${error.message}` });
    });
    if (request.body) req.write(request.body);
    if (lie) setTimeout(() => req.destroy(), 50);
    else req.end();
  });
}

/** Why an answer is a finding, or null when it is fine. */
export function finding(result: FuzzResult): string | null {
  if (result.status === 0) return result.body;
  if (result.status >= 500 && result.status !== 503 && !(result.operation.operationId === 'proxyContent' && [502, 504].includes(result.status))) {
    return `status ${result.status}`;
  }
  if (result.status >= 400 && result.operation.problemErrors && !result.synthetic) {
    if (result.operation.htmlPage && /^text\/html/.test(result.contentType)) return null;
    if (!/^application\/problem\+json/.test(result.contentType)) return `error answer of type "${result.contentType}"`;
    let body: Json;
    try {
      body = JSON.parse(result.body) as Json;
    } catch {
      return 'problem body is not JSON';
    }
    if (body.status !== result.status || typeof body.code !== 'string' || typeof body.type !== 'string') {
      return `problem body lacks its members: ${result.body.slice(0, 200)}`;
    }
  }
  return null;
}

export interface FuzzReport {
  sent: number;
  byStatus: Record<string, number>;
  passedAuthentication: number;
  findings: { why: string; method: string; url: string; attack: string; auth: string; status: number; body: string }[];
  seconds: number;
}

/** Generates `runs` requests from `seed` and sends them, `concurrency` at a time. */
export async function runFuzz(document: Json, ctx: FuzzContext, options: { seed: number; runs: number; concurrency?: number }): Promise<FuzzReport> {
  const started = Date.now();
  const { operations, arbitrary } = fuzzRequests(document);
  const requests = fc.sample(arbitrary, { seed: options.seed, numRuns: options.runs });
  const report: FuzzReport = { sent: 0, byStatus: {}, passedAuthentication: 0, findings: [], seconds: 0 };
  let next = 0;
  const worker = async () => {
    while (next < requests.length) {
      const request = requests[next++];
      const operation = operations[request.operation];
      const result = await send(request, operation, ctx);
      report.sent += 1;
      report.byStatus[result.status] = (report.byStatus[result.status] ?? 0) + 1;
      if (result.status !== 401 && (request.auth === 'valid' || operation.auth === 'none')) report.passedAuthentication += 1;
      const why = finding(result);
      if (why) {
        report.findings.push({
          why,
          method: request.method,
          url: result.url.slice(0, 300),
          attack: request.attack,
          auth: request.auth,
          status: result.status,
          body: result.body.slice(0, 300),
        });
      }
    }
  };
  await Promise.all(Array.from({ length: options.concurrency ?? 4 }, worker));
  report.seconds = (Date.now() - started) / 1000;
  return report;
}

// ---- the service side ------------------------------------------------------------

/**
 * A vendor with a staff user, an API key holding every scope (full preset
 * and contracts:write), products, purchase options, a browser client and a
 * contract, so valid tokens and known ids get requests past authentication
 * and lookups.
 */
export async function prepareFuzzContext(container: Container, baseUrl: string): Promise<FuzzContext> {
  const vendorId = `fuzz-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 6)}`;
  await container.get(CreateVendor).execute({ id: vendorId, name: 'Fuzz', domains: [`${vendorId}.example.com`] });
  const staff = await container.get(CreateStaffUser).execute({ vendorId, email: `staff@${vendorId}.example.com` });
  const user = (await container.get(IssueUserToken).execute({ vendorId, userId: staff.id })).accessToken;
  const created = await container.get(CreateApiKey).execute({
    actor: { kind: 'operator' },
    vendorId,
    name: 'fuzz',
    role: 'full',
    grants: ['contracts:write'],
  });
  const exchanged = await fetch(`${baseUrl}/oidc/t/${vendorId}/oauth/token`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      grant_type: 'client_credentials',
      client_id: created.key.clientId,
      client_secret: created.clientSecret,
      audience: 'urn:service',
    }).toString(),
  });
  if (exchanged.status !== 200) throw new Error(`fuzz setup: token exchange answered ${exchanged.status}`);
  const scoped = ((await exchanged.json()) as { access_token: string }).access_token;
  const client = await container.get(RegisterBrowserClient).execute({
    vendorId,
    name: 'Fuzz site',
    redirectUris: [`https://${vendorId}.example.com/after-login`],
    allowedOrigins: [`https://${vendorId}.example.com`],
  });
  const call = async (method: string, path: string, body: unknown) => {
    const res = await fetch(`${baseUrl}${path}`, {
      method,
      headers: { authorization: `Bearer ${scoped}`, 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    return (await res.json().catch(() => ({}))) as Json;
  };
  await call('POST', '/management/products', { sku: 'news', title: 'News', productType: 'publication' });
  await call('POST', '/management/products', { sku: 'team', title: 'Team', productType: 'license' });
  await call('POST', '/management/products/news/purchase-options', {
    id: 'news-yearly',
    name: 'Yearly',
    price: 120,
    currency: 'SEK',
    recurring: { interval: 'YEAR', time: 1 },
  });
  await call('POST', '/management/products/team/purchase-options', { id: 'team-yearly', name: 'Team', price: 1200, currency: 'SEK', seatsPerUnit: 5 });
  const contract = await call('POST', '/management/contracts', {
    sku: 'team',
    purchaseOptionId: 'team-yearly',
    user: { email: `boss@${vendorId}.example.com` },
    payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
    confirm: true,
  });
  const known = [vendorId, 'news', 'team', 'news-yearly', 'team-yearly', client.clientId, staff.id, created.key.clientId];
  if (typeof contract.id === 'string') known.push(contract.id);
  if (typeof contract.userId === 'string') known.push(contract.userId);
  return { baseUrl, tokens: { scoped, user }, known };
}
