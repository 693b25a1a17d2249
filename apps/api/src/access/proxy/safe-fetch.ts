import { lookup } from 'node:dns/promises';
import { IncomingMessage, request as httpRequest } from 'node:http';
import { request as httpsRequest } from 'node:https';
import { BlockList, isIP } from 'node:net';
import { HttpProblem } from '../../platform/http/problem';

export interface SafeFetchSettings {
  readonly timeoutMs: number;
  readonly maxBytes: number;
  readonly maxRedirects: number;
  /** Tests only (NODE_ENV=test): loopback addresses are reachable, so a local server can stand in for a vendor's site. */
  readonly allowLoopback: boolean;
}

/** Resolves a host name to every address it has. */
export type Resolver = (hostname: string) => Promise<{ address: string; family: number }[]>;

const dnsResolver: Resolver = async (hostname) => {
  // RFC 6761: localhost names are loopback and never go to DNS.
  if (hostname === 'localhost' || hostname.endsWith('.localhost')) return [{ address: '127.0.0.1', family: 4 }];
  return lookup(hostname, { all: true, verbatim: true });
};

/**
 * Addresses never fetched: private, loopback, link-local, shared, reserved,
 * documentation, multicast; every IPv4-mapped IPv6 address too. One list per
 * family: a BlockList applies IPv4-mapped IPv6 rules to IPv4 addresses.
 */
const BLOCKED_V4 = new BlockList();
const BLOCKED_V6 = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  BLOCKED_V4.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['::ffff:0:0', 96],
  ['64:ff9b::', 96],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
] as const) {
  BLOCKED_V6.addSubnet(net, prefix, 'ipv6');
}
const LOOPBACK_V4 = new BlockList();
LOOPBACK_V4.addSubnet('127.0.0.0', 8, 'ipv4');

export function isPublicAddress(address: string, allowLoopback = false): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  if (family === 4) return (allowLoopback && LOOPBACK_V4.check(address, 'ipv4')) || !BLOCKED_V4.check(address, 'ipv4');
  if (allowLoopback && address === '::1') return true;
  return !BLOCKED_V6.check(address, 'ipv6');
}

const refuse = (status: number, code: string, detail: string, extensions: Record<string, unknown> = {}) =>
  new HttpProblem(status, code, detail, extensions);

/** A host is on the allowlist when it is one of the domains or a subdomain of one. */
export function hostAllowed(hostname: string, domains: readonly string[]): boolean {
  const host = hostname.toLowerCase().replace(/\.$/, '');
  return domains.some((d) => host === d || host.endsWith(`.${d}`));
}

/** Scheme, credentials, IP literals and the allowlist: what can be refused before any network traffic. */
export function checkUrl(url: URL, domains: readonly string[]): void {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw refuse(400, 'PROXY.BAD_SCHEME', 'only http and https pages can be proxied', { scheme: url.protocol });
  }
  if (url.username || url.password) throw refuse(400, 'PROXY.BAD_URL', 'a proxied URL carries no credentials');
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) !== 0) throw refuse(400, 'PROXY.IP_LITERAL', 'pages are fetched by host name, never by address');
  if (!hostAllowed(host, domains)) {
    throw refuse(400, 'PROXY.HOST_NOT_ALLOWED', `${host} is not one of the vendor's registered domains`, { host });
  }
}

interface Fetched {
  readonly status: number;
  readonly location: string | null;
  readonly contentType: string;
  readonly body: Buffer;
}

/**
 * Fetches a page of the vendor's own site, safely: every hop (redirects are
 * followed by hand, at most `maxRedirects`) is checked against the allowlist,
 * its host resolved and every address checked, and the connection made to
 * the checked address (so a second DNS answer cannot rebind it). The body is
 * capped at `maxBytes` and the whole fetch at `timeoutMs`.
 */
export async function safeFetch(
  start: URL,
  domains: readonly string[],
  settings: SafeFetchSettings,
  resolve: Resolver = dnsResolver,
): Promise<{ url: string; html: string }> {
  const deadline = Date.now() + settings.timeoutMs;
  let url = start;
  for (let hop = 0; ; hop += 1) {
    checkUrl(url, domains);
    const address = await resolveChecked(url.hostname, settings, resolve, deadline);
    const response = await fetchOnce(url, address, settings.maxBytes, deadline);
    if ([301, 302, 303, 307, 308].includes(response.status)) {
      if (!response.location) throw refuse(502, 'PROXY.UPSTREAM_ERROR', 'the page redirected without a Location');
      if (hop >= settings.maxRedirects) throw refuse(502, 'PROXY.TOO_MANY_REDIRECTS', 'the page redirected too often');
      const next = new URL(response.location, url);
      try {
        checkUrl(next, domains);
      } catch {
        throw refuse(502, 'PROXY.REDIRECT_REFUSED', `the page redirected off the vendor's domains (${next.host})`, {
          location: next.origin,
        });
      }
      url = next;
      continue;
    }
    if (response.status < 200 || response.status > 299) {
      throw refuse(502, 'PROXY.UPSTREAM_STATUS', `the page answered ${response.status}`, { upstreamStatus: response.status });
    }
    if (!/^(text\/html|application\/xhtml\+xml|text\/plain)\b/i.test(response.contentType)) {
      throw refuse(502, 'PROXY.NOT_HTML', 'the page is not HTML', { contentType: response.contentType.slice(0, 100) });
    }
    return { url: url.toString(), html: response.body.toString('utf8') };
  }
}

async function resolveChecked(
  hostname: string,
  settings: SafeFetchSettings,
  resolve: Resolver,
  deadline: number,
): Promise<{ address: string; family: number }> {
  let addresses: { address: string; family: number }[];
  try {
    addresses = await withDeadline(resolve(hostname.replace(/^\[|\]$/g, '')), deadline);
  } catch (error) {
    if (error instanceof HttpProblem) throw error;
    throw refuse(502, 'PROXY.DNS_FAILED', `${hostname} could not be resolved`);
  }
  if (addresses.length === 0) throw refuse(502, 'PROXY.DNS_FAILED', `${hostname} has no address`);
  const blocked = addresses.find((a) => !isPublicAddress(a.address, settings.allowLoopback));
  if (blocked) {
    throw refuse(400, 'PROXY.PRIVATE_ADDRESS', `${hostname} resolves to an address that is not public`);
  }
  return addresses[0];
}

function withDeadline<T>(work: Promise<T>, deadline: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(refuse(504, 'PROXY.TIMEOUT', 'the page did not answer in time')),
      Math.max(0, deadline - Date.now()),
    );
    work.then(
      (value) => (clearTimeout(timer), resolve(value)),
      (error) => (clearTimeout(timer), reject(error)),
    );
  });
}

function fetchOnce(url: URL, target: { address: string; family: number }, maxBytes: number, deadline: number): Promise<Fetched> {
  return new Promise<Fetched>((resolve, reject) => {
    const secure = url.protocol === 'https:';
    const request = (secure ? httpsRequest : httpRequest)(
      {
        host: target.address,
        family: target.family,
        port: url.port || (secure ? 443 : 80),
        path: `${url.pathname}${url.search}`,
        method: 'GET',
        // TLS: the certificate is checked against the host name, not the address.
        servername: secure ? url.hostname : undefined,
        headers: {
          Host: url.host,
          Accept: 'text/html, application/xhtml+xml;q=0.9, text/plain;q=0.5',
          'Accept-Encoding': 'identity',
          'User-Agent': 'KioskContentProxy/1',
        },
        agent: false,
      },
      (response: IncomingMessage) => {
        const status = response.statusCode ?? 0;
        const location = typeof response.headers.location === 'string' ? response.headers.location : null;
        const contentType = response.headers['content-type'] ?? '';
        if ([301, 302, 303, 307, 308].includes(status)) {
          response.resume();
          finish(() => resolve({ status, location, contentType, body: Buffer.alloc(0) }));
          return;
        }
        const declared = Number(response.headers['content-length'] ?? 0);
        if (declared > maxBytes) {
          finish(() => reject(refuse(502, 'PROXY.TOO_LARGE', `the page is larger than ${maxBytes} bytes`)));
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size > maxBytes) {
            finish(() => reject(refuse(502, 'PROXY.TOO_LARGE', `the page is larger than ${maxBytes} bytes`)));
            return;
          }
          chunks.push(chunk);
        });
        response.on('end', () => finish(() => resolve({ status, location, contentType, body: Buffer.concat(chunks) })));
        response.on('error', () => finish(() => reject(refuse(502, 'PROXY.UPSTREAM_ERROR', 'the page could not be read'))));
      },
    );
    let done = false;
    const timer = setTimeout(
      () => finish(() => reject(refuse(504, 'PROXY.TIMEOUT', 'the page did not answer in time'))),
      Math.max(0, deadline - Date.now()),
    );
    function finish(settle: () => void) {
      if (done) return;
      done = true;
      clearTimeout(timer);
      request.destroy();
      settle();
    }
    request.on('error', () => finish(() => reject(refuse(502, 'PROXY.UPSTREAM_ERROR', 'the page could not be reached'))));
    request.end();
  });
}
