import { request as httpRequest, Agent } from 'node:http';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { CreateVendor } from '@kiosk/domain/catalog';
import { CreateApiKey, CreateStaffUser, IssueUserToken, RegisterBrowserClient } from '@kiosk/domain/identity';
import fc from 'fast-check';
import { Container } from 'inversify';

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

export interface Operation {
  method: string;
  path: string;
  operationId: string;
  pathParams: string[];
  query: { name: string; schema: Json }[];
  body?: { contentType: string; schema: Json | null };
  textBody: boolean;
  /** `scoped`: an API key's token; `user`: a signed-in user's; `none`: no authentication. */
  auth: 'scoped' | 'user' | 'none';
  /** Errors answer problem+json (false for the token endpoint's RFC 6749 bodies). */
  problemErrors: boolean;
  /** A page for browsers (an answer is text/html): its errors may be HTML pages too. */
  htmlPage: boolean;
}

/** Every operation of an OpenAPI 3.1 document as the fuzzer needs it. */
export function operationsOf(document: Json): Operation[] {
  const schemas = ((document.components as Json | undefined)?.schemas ?? {}) as Record<string, Json>;
  const resolve = (schema: Json | undefined): Json | null => {
    const ref = schema?.$ref;
    return typeof ref === 'string' ? (schemas[ref.replace('#/components/schemas/', '')] ?? null) : (schema ?? null);
  };
  const operations: Operation[] = [];
  for (const [path, methods] of Object.entries(document.paths as Record<string, Record<string, Json>>)) {
    for (const [method, op] of Object.entries(methods)) {
      const parameters = (op.parameters ?? []) as { name: string; in: string; schema: Json }[];
      const content = ((op.requestBody as Json | undefined)?.content ?? {}) as Record<string, { schema?: Json }>;
      const [contentType] = Object.keys(content);
      const security = (op.security ?? []) as unknown[];
      operations.push({
        method: method.toUpperCase(),
        path,
        operationId: String(op.operationId),
        pathParams: parameters.filter((p) => p.in === 'path').map((p) => p.name),
        query: parameters.filter((p) => p.in === 'query').map((p) => ({ name: p.name, schema: p.schema ?? {} })),
        body: contentType && contentType !== 'text/plain' ? { contentType, schema: resolve(content[contentType].schema) } : undefined,
        textBody: contentType === 'text/plain',
        auth: security.length === 0 ? 'none' : op['x-required-scope'] ? 'scoped' : 'user',
        problemErrors: (op.responses as Json | undefined)?.default !== undefined,
        // Pages for browsers, and the browser routes under /auth/ (DESIGN.md 4: they negotiate, HTML for a browser).
        htmlPage:
          path.startsWith('/auth/') ||
          Object.values((op.responses ?? {}) as Record<string, { content?: Json }>).some((r) => r.content?.['text/html'] !== undefined),
      });
    }
  }
  return operations;
}

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

// ---- hostile pieces --------------------------------------------------------

const BROKEN_ENCODINGS = ['%ff', '%uD800', '%E0%A4%A', '%ED%A0%80', '%', '%%', '%zz', '%C0%AF', '%F4%90%80%80'];
const NUL_PIECES = ['%00', 'a%00b', '%00%00'];
const LONE_SURROGATE = '\ud800';
const HOSTILE_STRINGS = [
  '',
  ' ',
  '\u0000',
  `x${LONE_SURROGATE}y`,
  '\udfff',
  '\u202e\u0301',
  '💥'.repeat(50),
  "'; DROP TABLE users; --",
  '../../etc/passwd',
  '<script>alert(1)</script>',
  '${jndi:ldap://x}',
  '__proto__',
  'constructor',
  '1e309',
  'NaN',
  'null',
  'true',
  '-0',
  'a'.repeat(300),
];

const huge = fc.integer({ min: 1_000, max: 300_000 }).map((n) => 'h'.repeat(n));

const hostileString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...HOSTILE_STRINGS) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: huge },
  { weight: 2, arbitrary: fc.string({ maxLength: 20 }) },
);

const hostileNumber = fc.constantFrom(5e-324, -0, 1e308, -1e308, 0.1 + 0.2, 12.345, 2 ** 53 + 1, -1, 0, 1e21);

/** A value of any JSON type, hostile leaves included. */
const hostileValue: fc.Arbitrary<unknown> = fc.oneof(
  hostileString,
  hostileNumber,
  fc.constantFrom(null, true, false, [], {}, [null], { '': null }, { '\u0000': 1 }, { [LONE_SURROGATE]: 'k' }),
  fc.jsonValue({ maxDepth: 3 }),
);

// Raw JSON texts JSON.stringify cannot make.
const RAW_JSON_NUMBERS = ['1e309', '-1e309', '5e-324', '-0', '1E400', '0.0000000000000000000001', '123456789012345678901234567890'];

// ---- bodies from the schema --------------------------------------------------

/** A plausible value for a schema (the first enum value, a short string...), so a mutation is what fails. */
function plausible(schema: Json | undefined, schemas: Record<string, Json>, depth = 0): unknown {
  if (!schema || depth > 4) return 'x';
  if (typeof schema.$ref === 'string') return plausible(schemas[schema.$ref.replace('#/components/schemas/', '')], schemas, depth + 1);
  if (Array.isArray(schema.enum) && schema.enum.length > 0) return schema.enum[0];
  const items = (schema.items ?? {}) as Json;
  switch (schema.type) {
    case 'integer':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'number':
      return typeof schema.minimum === 'number' ? schema.minimum : 1;
    case 'boolean':
      return true;
    case 'array':
      return [plausible(items, schemas, depth + 1)];
    case 'object':
      return Object.fromEntries(
        Object.entries((schema.properties ?? {}) as Record<string, Json>).map(([name, s]) => [name, plausible(s, schemas, depth + 1)]),
      );
    default:
      return schema.format === 'email' ? 'fuzz@example.com' : 'fuzz';
  }
}

/** Where a mutation can land in an object body: the path of every member, nested ones included. */
function memberPaths(value: unknown, prefix: string[] = [], out: string[][] = []): string[][] {
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) {
    for (const [key, child] of Object.entries(value)) {
      out.push([...prefix, key]);
      if (prefix.length < 3) memberPaths(child, [...prefix, key], out);
    }
  }
  return out;
}

function setAt(target: unknown, path: string[], value: unknown, remove: boolean): unknown {
  const copy = structuredClone(target) as Json;
  let node: Json = copy;
  for (const key of path.slice(0, -1)) {
    if (node[key] === null || typeof node[key] !== 'object') return copy;
    node = node[key] as Json;
  }
  if (remove) delete node[path[path.length - 1]];
  else node[path[path.length - 1]] = value;
  return copy;
}

const deepJson = fc.integer({ min: 20, max: 20_000 }).chain((depth) =>
  fc.constantFrom(`${'['.repeat(depth)}${']'.repeat(depth)}`, `${'{"a":'.repeat(depth)}1${'}'.repeat(depth)}`),
);

/** A JSON body of every hostile class, for an operation whose DTO schema is `schema`. */
function jsonBody(schema: Json | null, schemas: Record<string, Json>): fc.Arbitrary<{ text: string; attack: string }> {
  const base = plausible(schema ?? { type: 'object' }, schemas);
  const paths = memberPaths(base);
  const mutated =
    paths.length === 0
      ? fc.constant({ text: JSON.stringify(base), attack: 'json:plausible' })
      : fc.tuple(fc.constantFrom(...paths), hostileValue, fc.boolean(), fc.integer({ min: 0, max: 3 })).map(([path, value, remove, extra]) => {
          const body = setAt(base, path, value, remove && extra === 0);
          return { text: JSON.stringify(body), attack: remove && extra === 0 ? `json:missing ${path.join('.')}` : `json:${path.join('.')}` };
        });
  const rawNumber =
    paths.length === 0
      ? fc.constant({ text: '1e309', attack: 'json:raw number' })
      : fc.tuple(fc.constantFrom(...paths), fc.constantFrom(...RAW_JSON_NUMBERS)).map(([path, raw]) => {
          const marker = '"__RAW_NUMBER__"';
          return { text: JSON.stringify(setAt(base, path, '__RAW_NUMBER__', false)).replace(marker, raw), attack: `json:raw ${raw}` };
        });
  return fc.oneof(
    { weight: 6, arbitrary: mutated },
    { weight: 2, arbitrary: rawNumber },
    { weight: 1, arbitrary: fc.constant({ text: JSON.stringify(base), attack: 'json:plausible' }) },
    {
      weight: 2,
      arbitrary: fc
        .constantFrom('', 'null', '[]', '{}', '"text"', '123', 'true', '{', '{"a":1,}', '\ufeff{}', '{"__proto__":{"polluted":1}}', '{"constructor":{"prototype":{"x":1}}}')
        .map((text) => ({ text, attack: `json:${text.slice(0, 12) || 'empty'}` })),
    },
    { weight: 1, arbitrary: deepJson.map((text) => ({ text, attack: 'json:deep' })) },
    { weight: 1, arbitrary: fc.jsonValue().map((v) => ({ text: JSON.stringify(v) ?? 'null', attack: 'json:random' })) },
  );
}

const formBody = fc.oneof(
  fc
    .array(fc.tuple(fc.oneof(fc.constantFrom('email', 'password', 'grant_type', 'client_id', 'client_secret', 'audience', 'scope'), fc.string({ maxLength: 8 })), hostileString), {
      maxLength: 6,
    })
    .map((pairs) => ({ text: new URLSearchParams(pairs).toString(), attack: 'form:pairs' })),
  fc.constantFrom('a=%00', 'email=%ff', 'a=%', '%=%', 'a[b][c]=1', 'a=1&a=2&a=3', Array.from({ length: 80 }, (_, i) => `p${i}=1`).join('&')).map((text) => ({
    text,
    attack: `form:${text.slice(0, 12)}`,
  })),
);

const textBody = fc.oneof(hostileString, fc.constantFrom('tag', '{"tag":"x"}', '"x"')).map((text) => ({ text, attack: 'text' }));

const INVALID_UTF8 = Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80, 0xc0, 0xaf]);

/** How the body goes on the wire: as is, with a lying Content-Encoding, in another media type, or as bytes that are not UTF-8. */
const wire = fc.oneof(
  { weight: 10, arbitrary: fc.constant('plain') },
  { weight: 2, arbitrary: fc.constantFrom('gzip-garbage', 'deflate-garbage', 'br-garbage', 'unknown-encoding', 'gzip-valid', 'br-valid', 'gzip-twice-header') },
  { weight: 2, arbitrary: fc.constantFrom('no-type', 'text/xml', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'application/json') },
  { weight: 1, arbitrary: fc.constantFrom('invalid-utf8', 'too-large', 'length-lie') },
);

function encodeBody(text: string, contentType: string, how: string): { body: Buffer; headers: Record<string, string> } {
  const raw = Buffer.from(text, 'utf8');
  const typed = { 'Content-Type': contentType };
  switch (how) {
    case 'plain':
      return { body: raw, headers: typed };
    case 'gzip-garbage':
      return { body: raw, headers: { ...typed, 'Content-Encoding': 'gzip' } };
    case 'deflate-garbage':
      return { body: raw, headers: { ...typed, 'Content-Encoding': 'deflate' } };
    case 'br-garbage':
      return { body: raw, headers: { ...typed, 'Content-Encoding': 'br' } };
    case 'unknown-encoding':
      return { body: raw, headers: { ...typed, 'Content-Encoding': 'compress' } };
    case 'gzip-valid':
      return { body: gzipSync(raw), headers: { ...typed, 'Content-Encoding': 'gzip' } };
    case 'br-valid':
      return { body: brotliCompressSync(raw), headers: { ...typed, 'Content-Encoding': 'br' } };
    case 'gzip-twice-header':
      return { body: gzipSync(raw), headers: { ...typed, 'Content-Encoding': 'gzip, gzip' } };
    case 'invalid-utf8':
      return { body: Buffer.concat([raw.subarray(0, Math.floor(raw.length / 2)), INVALID_UTF8, raw.subarray(Math.floor(raw.length / 2))]), headers: typed };
    case 'too-large':
      return { body: Buffer.alloc(300 * 1024, 0x20), headers: typed };
    case 'length-lie':
      return { body: raw, headers: { ...typed, 'X-Fuzz-Length-Lie': '1' } };
    case 'no-type':
      return { body: raw, headers: {} };
    default:
      return { body: raw, headers: { 'Content-Type': how } };
  }
}

// ---- path, query, headers, auth ----------------------------------------------

const pathParam: fc.Arbitrary<string | { known: number }> = fc.oneof(
  { weight: 4, arbitrary: fc.nat({ max: 1000 }).map((known) => ({ known })) },
  { weight: 2, arbitrary: fc.constantFrom(...BROKEN_ENCODINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...NUL_PIECES) },
  { weight: 2, arbitrary: fc.uuid().map(String) },
  { weight: 2, arbitrary: hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x')).slice(0, 9000) || 'x') },
  { weight: 1, arbitrary: fc.constantFrom('%2F', '..', '%2e%2e', '.', 'a%2Fb', '%20', '+', '%C3%A9', '%F0%9F%92%A5') },
);

const queryString = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constant('*'), fc.string({ maxLength: 6 })), fc.oneof(hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x')).slice(0, 4000)), fc.constantFrom(...BROKEN_ENCODINGS, ...NUL_PIECES))), { maxLength: 4 })
      .map((pairs) => pairs.map(([k, v]) => `${k === '*' ? '{param}' : encodeURIComponent(k)}=${v}`).join('&')),
  },
  { weight: 1, arbitrary: fc.constantFrom('%ff=1', '{param}=1&{param}=2', '{param}[]=1', '{param}[a]=1', '&&&', '=', '{param}', `${'x=1&'.repeat(500)}`) },
);

const extraHeaders = fc.record(
  {
    'Idempotency-Key': fc.oneof(fc.string({ minLength: 1, maxLength: 10 }).filter((s) => /^[\x20-\x7e]+$/.test(s)), fc.constantFrom('k'.repeat(300), 'same-key')),
    'X-Request-Id': fc.constantFrom('fuzz', '<script>', 'x'.repeat(200)),
    Accept: fc.constantFrom('text/html', 'application/xml', '*/*', 'application/json;q=0', 'text/html, application/json'),
    Origin: fc.constantFrom('https://evil.example', 'null', 'http://kiosk.test', 'x'.repeat(3000)),
    'If-None-Match': fc.constantFrom('*', '"x"', 'W/"x"'),
    Range: fc.constantFrom('bytes=0-0', 'bytes=9999999-', 'bytes=a-b'),
  },
  { requiredKeys: [] },
);

const authKind = fc.oneof(
  { weight: 10, arbitrary: fc.constant('valid' as const) },
  { weight: 3, arbitrary: fc.constant('none' as const) },
  { weight: 2, arbitrary: fc.constant('forged' as const) },
  { weight: 2, arbitrary: fc.constant('alg-none' as const) },
  { weight: 1, arbitrary: fc.constant('malformed' as const) },
  { weight: 1, arbitrary: fc.constant('basic-garbage' as const) },
  { weight: 1, arbitrary: fc.constant('expired-looking' as const) },
);

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
