import { createServer, IncomingHttpHeaders, Server } from 'node:http';
import { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

export interface Received {
  id: string;
  timestamp: number;
  signatures: string[];
  headers: IncomingHttpHeaders;
  body: string;
  event: { id: string; type: string; timestamp: string; sequence: number; data: Record<string, unknown> };
}

/**
 * A vendor's server, started by the test on loopback: it records every
 * request and answers what `answer` says (200 unless told otherwise).
 */
export async function startReceiver() {
  const received: Received[] = [];
  let answer: (r: Received) => number = () => 200;
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8');
      const r: Received = {
        id: String(req.headers['webhook-id']),
        timestamp: Number(req.headers['webhook-timestamp']),
        signatures: String(req.headers['webhook-signature'] ?? '').split(' '),
        headers: req.headers,
        body,
        event: JSON.parse(body),
      };
      received.push(r);
      const status = answer(r);
      res.writeHead(status, { 'Content-Type': 'text/plain' }).end(status < 300 ? 'thanks' : 'no thanks');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: `http://127.0.0.1:${port}/hooks/kiosk`,
    received,
    answer: (fn: (r: Received) => number) => (answer = fn),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * Verifies a request with the standardwebhooks library as a receiver would,
 * at the instant it was signed (the tests move a fake clock, and the library
 * refuses timestamps more than five minutes from its own clock).
 */
export function verify(secret: string, r: Received): unknown {
  const realNow = Date.now;
  Date.now = () => r.timestamp * 1000;
  try {
    return new Webhook(secret).verify(r.body, {
      'webhook-id': r.id,
      'webhook-timestamp': String(r.timestamp),
      'webhook-signature': r.signatures.join(' '),
    });
  } finally {
    Date.now = realNow;
  }
}
