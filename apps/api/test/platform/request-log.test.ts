import { Writable } from 'node:stream';
import express from 'express';
import pino from 'pino';
import request from 'supertest';
import { requestLog } from '../../src/platform/http/request-log';

function appLogging(level: string) {
  const lines: Record<string, unknown>[] = [];
  const sink = new Writable({
    write(chunk, _encoding, done) {
      lines.push(...chunk.toString().trim().split('\n').map((line: string) => JSON.parse(line)));
      done();
    },
  });
  const logger = pino({ level, redact: { paths: ['*.password'], censor: '[redacted]' } }, sink);
  const app = express();
  let n = 0;
  app.use(requestLog(app.request, logger, (_req, res) => {
    const id = `req-${++n}`;
    res.setHeader('X-Request-Id', id);
    return id;
  }));
  app.get('/ok', (req, res) => {
    req.log.warn({ detail: 1, form: { password: 's3cret-password' } }, 'a handler says something');
    res.json({ ok: true });
  });
  app.get('/broken', (_req, res) => void res.status(503).json({}));
  return { app, lines, settled: () => new Promise((resolve) => setImmediate(resolve)) };
}

describe('the request log', () => {
  it('one line per request: id, method, address with credentials redacted, status, time; no headers', async () => {
    const { app, lines, settled } = appLogging('info');
    const res = await request(app).get('/ok?reset_token=s3cret-value&page=2').set('Authorization', 'Bearer s3cret-bearer').set('User-Agent', 'test-agent/1');
    expect(res.headers['x-request-id']).toBe('req-1');
    await settled();
    const said = lines.find((l) => l.msg === 'a handler says something');
    expect(said).toMatchObject({ level: 40, reqId: 'req-1', detail: 1, form: { password: '[redacted]' } });
    const line = lines.find((l) => l.msg === 'request completed');
    expect(line).toMatchObject({
      level: 30,
      reqId: 'req-1',
      req: { method: 'GET', url: '/ok?reset_token=[redacted]&page=2', userAgent: 'test-agent/1' },
      res: { statusCode: 200 },
    });
    expect(typeof line!.responseTime).toBe('number');
    expect(JSON.stringify(lines)).not.toMatch(/s3cret/);
  });

  it('a 5xx answer is logged at error', async () => {
    const { app, lines, settled } = appLogging('info');
    await request(app).get('/broken').expect(503);
    await settled();
    expect(lines).toEqual([expect.objectContaining({ level: 50, msg: 'request completed', res: { statusCode: 503 } })]);
  });

  it('logs nothing with logging off, and still gives every request its id and a logger', async () => {
    const { app, lines, settled } = appLogging('silent');
    const res = await request(app).get('/ok').expect(200);
    expect(res.headers['x-request-id']).toBe('req-1');
    await settled();
    expect(lines).toEqual([]);
  });
});
