import { lookup } from 'node:dns/promises';
import { IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { isIP } from 'node:net';
import { isPublicAddress } from '../access/access.module';

export interface SendSettings {
  /** 15 s: a 2xx within it counts as delivered. */
  readonly timeoutMs: number;
  /** Tests only (NODE_ENV=test and WEBHOOKS_ALLOW_LOOPBACK_FOR_TESTS): loopback receivers are reachable. */
  readonly allowLoopback: boolean;
}

export interface SendResult {
  readonly ok: boolean;
  readonly statusCode: number | null;
  readonly durationMs: number;
  /** The start of the answer's body (at most 1,000 characters). */
  readonly responseExcerpt: string | null;
  readonly error: string | null;
}

export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const dnsResolver: Resolver = async (hostname) => {
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return [{ address: '127.0.0.1', family: 4 }];
  return lookup(hostname, { all: true, verbatim: true });
};

const EXCERPT = 1_000;
const READ_LIMIT = 16_384;

/** Whether an address a URL names or resolves to may be sent to. */
export function addressAllowed(address: string, allowLoopback: boolean): boolean {
  return isPublicAddress(address, allowLoopback);
}

/**
 * POSTs one signed message to an endpoint: the host is resolved and every
 * address checked like the content proxy's (no private, loopback,
 * link-local or reserved address), the connection goes to the checked
 * address, redirects are not followed (a 3xx is a failure), and the whole
 * exchange must finish within the timeout. Never throws.
 */
export async function sendWebhook(
  url: string,
  headers: Record<string, string>,
  body: string,
  settings: SendSettings,
  resolve: Resolver = dnsResolver,
): Promise<SendResult> {
  const started = performance.now();
  const took = () => Math.round(performance.now() - started);
  const fail = (error: string, statusCode: number | null = null, responseExcerpt: string | null = null): SendResult => ({
    ok: false,
    statusCode,
    durationMs: took(),
    responseExcerpt,
    error,
  });
  let target: URL;
  try {
    target = new URL(url);
  } catch {
    return fail('the endpoint URL is not valid');
  }
  const host = target.hostname.replace(/^\[|\]$/g, '');
  let address: { address: string; family: number };
  try {
    const addresses = isIP(host) ? [{ address: host, family: isIP(host) }] : await withTimeout(resolve(host), settings.timeoutMs);
    if (addresses.length === 0) return fail(`${host} has no address`);
    if (addresses.some((a) => !addressAllowed(a.address, settings.allowLoopback))) {
      return fail(`${host} resolves to an address that is not public`);
    }
    address = addresses[0];
  } catch {
    return fail(`${host} could not be resolved`);
  }
  const remaining = Math.max(1, settings.timeoutMs - took());
  return new Promise<SendResult>((done) => {
    let settled = false;
    const finish = (result: SendResult) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      request.destroy();
      done(result);
    };
    const secure = target.protocol === 'https:';
    const request = (secure ? httpsRequest : httpRequest)(
      {
        host: address.address,
        family: address.family,
        port: target.port || (secure ? 443 : 80),
        path: `${target.pathname}${target.search}`,
        method: 'POST',
        servername: secure ? target.hostname : undefined,
        headers: {
          ...headers,
          Host: target.host,
          'Content-Type': 'application/json',
          'Content-Length': String(Buffer.byteLength(body)),
          'User-Agent': 'KioskWebhooks/1',
        },
        agent: false,
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          if (size < READ_LIMIT) chunks.push(chunk);
          size += chunk.length;
        });
        const settle = () => {
          const excerpt = Buffer.concat(chunks).toString('utf8').slice(0, EXCERPT);
          const ok = status >= 200 && status <= 299;
          finish({
            ok,
            statusCode: status,
            durationMs: took(),
            responseExcerpt: excerpt,
            error: ok ? null : status >= 300 && status < 400 ? `redirect (${status}) not followed` : `answered ${status}`,
          });
        };
        response.on('end', settle);
        response.on('error', () => finish(fail('the answer could not be read', status)));
      },
    );
    const timer = setTimeout(() => finish(fail(`no answer within ${settings.timeoutMs} ms`)), remaining);
    request.on('error', (error) => finish(fail(`could not connect: ${(error as NodeJS.ErrnoException).code ?? error.message}`)));
    request.end(body);
  });
}

function withTimeout<T>(work: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('timeout')), ms);
    work.then(
      (v) => (clearTimeout(timer), resolve(v)),
      (e) => (clearTimeout(timer), reject(e)),
    );
  });
}
