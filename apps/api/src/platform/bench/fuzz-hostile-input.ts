import { brotliCompressSync, gzipSync } from 'node:zlib';
import fc from 'fast-check';

/**
 * The hostile pieces the fuzzer (fuzz-requests.ts) builds requests from:
 * broken encodings, NUL, lone surrogates, huge and deep values, wrong
 * types, lying Content-Encoding, bytes that are not UTF-8, unknown ids and
 * bad credentials. Values plausible for a schema are made too, so that one
 * mutation at a time is what fails.
 */

type Json = Record<string, unknown>;

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
export function jsonBody(schema: Json | null, schemas: Record<string, Json>): fc.Arbitrary<{ text: string; attack: string }> {
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

export const formBody = fc.oneof(
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

export const textBody = fc.oneof(hostileString, fc.constantFrom('tag', '{"tag":"x"}', '"x"')).map((text) => ({ text, attack: 'text' }));

const INVALID_UTF8 = Buffer.from([0xff, 0xfe, 0xed, 0xa0, 0x80, 0xc0, 0xaf]);

/** How the body goes on the wire: as is, with a lying Content-Encoding, in another media type, or as bytes that are not UTF-8. */
export const wire = fc.oneof(
  { weight: 10, arbitrary: fc.constant('plain') },
  { weight: 2, arbitrary: fc.constantFrom('gzip-garbage', 'deflate-garbage', 'br-garbage', 'unknown-encoding', 'gzip-valid', 'br-valid', 'gzip-twice-header') },
  { weight: 2, arbitrary: fc.constantFrom('no-type', 'text/xml', 'multipart/form-data; boundary=x', 'application/json; charset=utf-16', 'application/json; charset=latin1', 'text/plain', 'application/x-www-form-urlencoded', 'application/json') },
  { weight: 1, arbitrary: fc.constantFrom('invalid-utf8', 'too-large', 'length-lie') },
);

export function encodeBody(text: string, contentType: string, how: string): { body: Buffer; headers: Record<string, string> } {
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

export const pathParam: fc.Arbitrary<string | { known: number }> = fc.oneof(
  { weight: 4, arbitrary: fc.nat({ max: 1000 }).map((known) => ({ known })) },
  { weight: 2, arbitrary: fc.constantFrom(...BROKEN_ENCODINGS) },
  { weight: 1, arbitrary: fc.constantFrom(...NUL_PIECES) },
  { weight: 2, arbitrary: fc.uuid().map(String) },
  { weight: 2, arbitrary: hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x')).slice(0, 9000) || 'x') },
  { weight: 1, arbitrary: fc.constantFrom('%2F', '..', '%2e%2e', '.', 'a%2Fb', '%20', '+', '%C3%A9', '%F0%9F%92%A5') },
);

export const queryString = fc.oneof(
  { weight: 3, arbitrary: fc.constant('') },
  {
    weight: 4,
    arbitrary: fc
      .array(fc.tuple(fc.oneof(fc.constant('*'), fc.string({ maxLength: 6 })), fc.oneof(hostileString.map((s) => encodeURIComponent(s.replace(/[\ud800-\udfff]/g, 'x')).slice(0, 4000)), fc.constantFrom(...BROKEN_ENCODINGS, ...NUL_PIECES))), { maxLength: 4 })
      .map((pairs) => pairs.map(([k, v]) => `${k === '*' ? '{param}' : encodeURIComponent(k)}=${v}`).join('&')),
  },
  { weight: 1, arbitrary: fc.constantFrom('%ff=1', '{param}=1&{param}=2', '{param}[]=1', '{param}[a]=1', '&&&', '=', '{param}', `${'x=1&'.repeat(500)}`) },
);

export const extraHeaders = fc.record(
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

export const authKind = fc.oneof(
  { weight: 10, arbitrary: fc.constant('valid' as const) },
  { weight: 3, arbitrary: fc.constant('none' as const) },
  { weight: 2, arbitrary: fc.constant('forged' as const) },
  { weight: 2, arbitrary: fc.constant('alg-none' as const) },
  { weight: 1, arbitrary: fc.constant('malformed' as const) },
  { weight: 1, arbitrary: fc.constant('basic-garbage' as const) },
  { weight: 1, arbitrary: fc.constant('expired-looking' as const) },
);

