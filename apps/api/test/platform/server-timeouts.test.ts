import { AddressInfo, connect, Socket } from 'node:net';
import { Server } from 'node:http';
import { ConfigError, DEFAULT_SERVER_TIMEOUTS, serverTimeoutsFromEnv } from '../../src/config';
import { createHttpServer } from '../../src/platform/http/server';
import { startTestApp, TestApp } from '../support/harness';

// Issue 10, "Faults": slow clients are cut after a few seconds, so a few of
// them cannot hold the service.

let app: TestApp;
let server: Server;
let port: number;
beforeAll(async () => {
  app = await startTestApp();
  server = createHttpServer(app.runtime.app, { headersMs: 600, requestMs: 1200, keepAliveMs: 400, checkIntervalMs: 100 });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  await app.close();
});

/** A raw connection that records what it receives and when it was closed. */
function open(): Promise<{ socket: Socket; received: () => string; closed: Promise<number> }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    let data = '';
    const socket = connect(port, '127.0.0.1');
    const closed = new Promise<number>((done) => socket.on('close', () => done(Date.now() - started)));
    socket.on('data', (chunk) => (data += chunk.toString('latin1')));
    socket.on('error', () => undefined);
    socket.once('connect', () => resolve({ socket, received: () => data, closed }));
    socket.once('error', reject);
  });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Writes `parts` one by one, `every` ms apart, until the socket is gone. */
async function trickle(socket: Socket, parts: string[], every: number) {
  for (const part of parts) {
    if (socket.destroyed || socket.writableEnded) return;
    socket.write(part);
    await sleep(every);
  }
}

describe('server timeouts', () => {
  it('cuts a client that sends its headers slowly, with 408, once headersTimeout has passed', async () => {
    const { socket, received, closed } = await open();
    const headerLines = ['GET /healthz HTTP/1.1\r\n', 'Host: kiosk.test\r\n', ...Array.from({ length: 40 }, (_, i) => `X-Slow-${i}: y\r\n`)];
    void trickle(socket, headerLines, 100);
    const after = await closed;
    expect(after).toBeGreaterThanOrEqual(500);
    expect(after).toBeLessThan(2500);
    expect(received()).toMatch(/^HTTP\/1\.1 408 [^]*application\/problem\+json[^]*"code":"REQUEST.TIMEOUT"/);
  });

  it('cuts a client that sends its body slowly once requestTimeout has passed', async () => {
    const { socket, received, closed } = await open();
    socket.write('POST /management/products HTTP/1.1\r\nHost: kiosk.test\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n');
    void trickle(socket, Array.from({ length: 60 }, () => ' '), 100);
    const after = await closed;
    expect(after).toBeGreaterThanOrEqual(1000);
    expect(after).toBeLessThan(3500);
    expect(received()).toMatch(/^HTTP\/1\.1 408 [^]*application\/problem\+json[^]*"code":"REQUEST.TIMEOUT"/);
  });

  it('answers a client that is quick enough, and closes its idle keep-alive connection after keepAliveTimeout', async () => {
    const { socket, received, closed } = await open();
    socket.write('GET /healthz HTTP/1.1\r\nHost: kiosk.test\r\n\r\n');
    const after = await closed;
    expect(received()).toMatch(/^HTTP\/1\.1 200 /);
    expect(received()).toContain('{"status":"ok"}');
    expect(after).toBeLessThan(2000);
  });

  it('answers what the HTTP parser refuses (a head too large, garbage) with a problem too', async () => {
    const big = await open();
    big.socket.write(`GET /healthz?${'x'.repeat(20_000)} HTTP/1.1\r\nHost: kiosk.test\r\n\r\n`);
    await big.closed;
    expect(big.received()).toMatch(/^HTTP\/1\.1 431 /);
    expect(big.received()).toContain('Content-Type: application/problem+json');
    expect(JSON.parse(big.received().split('\r\n\r\n')[1])).toMatchObject({ status: 431, code: 'REQUEST.HEAD_TOO_LARGE' });

    // Also on a kept-alive connection that has already answered a request.
    const reused = await open();
    reused.socket.write('GET /healthz HTTP/1.1\r\nHost: kiosk.test\r\n\r\n');
    await sleep(100);
    reused.socket.write(`GET /healthz?${'x'.repeat(20_000)} HTTP/1.1\r\nHost: kiosk.test\r\n\r\n`);
    await reused.closed;
    expect(reused.received()).toMatch(/^HTTP\/1\.1 200 [^]*HTTP\/1\.1 431 [^]*"code":"REQUEST.HEAD_TOO_LARGE"/);

    const garbage = await open();
    garbage.socket.write('HELLO\x00 / HTTP/9.9\r\n\r\n');
    await garbage.closed;
    expect(garbage.received()).toMatch(/^HTTP\/1\.1 400 /);
    expect(JSON.parse(garbage.received().split('\r\n\r\n')[1])).toMatchObject({ status: 400, code: 'REQUEST.MALFORMED_HTTP' });
  });

  it('takes its limits from the environment, refusing nonsense', () => {
    expect(serverTimeoutsFromEnv({})).toEqual(DEFAULT_SERVER_TIMEOUTS);
    expect(DEFAULT_SERVER_TIMEOUTS.headersMs).toBeLessThanOrEqual(10_000);
    expect(
      serverTimeoutsFromEnv({ HTTP_HEADERS_TIMEOUT_MS: '2000', HTTP_REQUEST_TIMEOUT_MS: '10000', HTTP_KEEP_ALIVE_TIMEOUT_MS: '65000' }),
    ).toEqual({ headersMs: 2000, requestMs: 10_000, keepAliveMs: 65_000, checkIntervalMs: 1000 });
    expect(() => serverTimeoutsFromEnv({ HTTP_HEADERS_TIMEOUT_MS: 'soon' })).toThrow(ConfigError);
    expect(() => serverTimeoutsFromEnv({ HTTP_HEADERS_TIMEOUT_MS: '5000', HTTP_REQUEST_TIMEOUT_MS: '1000' })).toThrow(
      'HTTP_HEADERS_TIMEOUT_MS must not be longer than HTTP_REQUEST_TIMEOUT_MS',
    );
  });
});
