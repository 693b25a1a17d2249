import { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/** One message as the test's SMTP server received it. */
export interface Received {
  from: string;
  to: string[];
  raw: string;
}

/** Quoted-printable and base64 parts decoded well enough to read them in a test. */
export function partOf(raw: string, contentType: 'text/plain' | 'text/html'): string | null {
  const boundaries = [...raw.matchAll(/boundary="?([^";\r\n]+)"?/g)].map((m) => m[1]);
  const parts = boundaries.length ? boundaries.flatMap((b) => raw.split(`--${b}`)) : [raw];
  const part = parts.find((p) => new RegExp(`^Content-Type: ${contentType.replace('/', '\\/')}`, 'im').test(p) && !/^Content-Type: multipart/im.test(p));
  if (!part) return null;
  const split = part.indexOf('\r\n\r\n');
  const headers = part.slice(0, split);
  const body = part.slice(split + 4);
  if (/Content-Transfer-Encoding: base64/i.test(headers)) return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  if (/Content-Transfer-Encoding: quoted-printable/i.test(headers)) {
    const bytes = body.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => `%${hex}`);
    return decodeURIComponent(bytes.replace(/%(?![0-9A-F]{2})/gi, '%25'));
  }
  return body;
}

/** A real SMTP server on a free local port (no TLS, no authentication) that keeps what it receives; `refuse` answers the next RCPT TO with 451. */
export async function startSmtpServer() {
  const received: Received[] = [];
  let refusals = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onRcptTo(_address, _session, callback) {
      if (refusals > 0) {
        refusals -= 1;
        const error = new Error('Mailbox busy, try again later') as Error & { responseCode: number };
        error.responseCode = 451;
        return callback(error);
      }
      callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks).toString('utf8'),
        });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.server.address() as AddressInfo).port;
  return {
    port,
    url: `smtp://127.0.0.1:${port}`,
    received,
    refuseNext: (n = 1) => void (refusals = n),
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
