import express, { ErrorRequestHandler } from 'express';
import fc from 'fast-check';
import request from 'supertest';
import { gzipSync } from 'node:zlib';
import { fastJsonBody } from '../../src/platform/http/json-body';

const LIMIT = 1024;
const bodyParser = () => express.json({ limit: LIMIT, strict: false, type: ['application/json', 'application/*+json'] });

/** An app that answers what its parser made of the body: the value, or the error's status and type. */
function echo(parser: express.RequestHandler, onFast?: () => void) {
  const app = express();
  app.post('/', (req, res, next) => {
    onFast?.();
    parser(req, res, next);
  }, (req, res) => void res.json({ body: req.body === undefined ? '(undefined)' : req.body, raw: (req as { rawBody?: Buffer }).rawBody?.toString('base64') ?? null }));
  app.use(((error: { status?: number; type?: string }, _req, res, _next) => {
    void _next;
    res.status(error.status ?? 500).json({ error: error.type ?? null });
  }) as ErrorRequestHandler);
  return app;
}

let fastUsed = 0;
const fallback = bodyParser();
const fast = echo(fastJsonBody(LIMIT, (req, res, next) => { fastUsed--; fallback(req, res, next); }), () => fastUsed++);
const reference = echo(bodyParser());

async function both(body: Buffer | string, headers: Record<string, string>) {
  const send = (app: express.Express) => {
    let call = request(app).post('/');
    for (const [k, v] of Object.entries(headers)) call = call.set(k, v);
    return call.send(body);
  };
  const [ours, theirs] = await Promise.all([send(fast), send(reference)]);
  return { ours: { status: ours.status, body: ours.body.body ?? ours.body }, theirs: { status: theirs.status, body: theirs.body.body ?? theirs.body } };
}

describe('fastJsonBody answers every body as body-parser does', () => {
  const JSON_TYPE = { 'Content-Type': 'application/json' };
  it.each([
    ['an object', '{"publisherContentId":"a-1","url":"https://example.com/a"}', JSON_TYPE],
    ['an array', '[1,2,3]', JSON_TYPE],
    ['a bare string (strict off)', '"text"', JSON_TYPE],
    ['malformed JSON', '{"a":', JSON_TYPE],
    ['whitespace only', '   ', JSON_TYPE],
    ['a byte-order mark', '\ufeff{"a":1}', JSON_TYPE],
    ['invalid UTF-8', Buffer.from([0x7b, 0x22, 0x61, 0x22, 0x3a, 0x22, 0xff, 0xfe, 0x22, 0x7d]), JSON_TYPE],
    ['a UTF-8 charset', '{"ü":"✓"}', { 'Content-Type': 'application/json; charset=UTF-8' }],
    ['a quoted charset', '{"a":1}', { 'Content-Type': 'application/json;charset="utf-8"' }],
    ['a Latin-1 charset (body-parser refuses)', '{"a":1}', { 'Content-Type': 'application/json; charset=latin1' }],
    ['a +json type', '{"a":1}', { 'Content-Type': 'application/merge-patch+json' }],
    ['text/plain (not parsed)', '{"a":1}', { 'Content-Type': 'text/plain' }],
    ['too large', `{"a":"${'x'.repeat(LIMIT)}"}`, JSON_TYPE],
    ['a NUL escape', '{"a":"\\u0000"}', JSON_TYPE],
  ])('%s', async (_name, body, headers) => {
    const { ours, theirs } = await both(body, headers);
    expect(ours).toEqual(theirs);
  });

  it('a compressed body goes to body-parser', async () => {
    fastUsed = 0;
    const { ours, theirs } = await both(gzipSync('{"a":1}'), { ...JSON_TYPE, 'Content-Encoding': 'gzip' });
    expect(ours).toEqual(theirs);
    expect(fastUsed).toBe(0);
  });

  it('reads plain JSON itself, keeping the bytes as rawBody, and leaves the rest to body-parser', async () => {
    fastUsed = 0;
    const res = await request(fast).post('/').set('Content-Type', 'application/json').send('{"a":1}');
    expect(res.body).toEqual({ body: { a: 1 }, raw: Buffer.from('{"a":1}').toString('base64') });
    expect(fastUsed).toBe(1);
    await request(fast).post('/').set('Content-Type', 'application/json; charset=latin1').send('{"a":1}');
    expect(fastUsed).toBe(1);
  });

  it('any JSON text, any bytes', async () => {
    await fc.assert(
      fc.asyncProperty(fc.oneof(fc.json().map((t) => Buffer.from(t)), fc.uint8Array({ maxLength: 64 }).map((b) => Buffer.from(b))), async (body) => {
        const { ours, theirs } = await both(body, JSON_TYPE);
        expect(ours).toEqual(theirs);
      }),
      { numRuns: 60 },
    );
  });
});
