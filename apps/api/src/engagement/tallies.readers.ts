import { createHmac } from 'node:crypto';
import { Principal } from '@kiosk/domain/identity';
import { TallyReader } from '@kiosk/domain/engagement';
import { Request } from 'express';

/**
 * The client address as Express sees it: `req.ip` follows TRUST_PROXY (with
 * it unset, the socket's peer; with `loopback`, `1`, ... the address the
 * trusted proxies put in X-Forwarded-For). IPv4-mapped IPv6 is shown as IPv4.
 */
export function clientIp(req: Request): string | null {
  const ip = req.ip ?? req.socket.remoteAddress ?? null;
  if (!ip) return null;
  return ip.startsWith('::ffff:') && ip.includes('.') ? ip.slice(7) : ip;
}

/**
 * Tally readers of a request. Visitors behind one IP share tallies keyed by
 * an HMAC of (vendor, IP) with a key derived from SECRETS_KEY, so the table
 * never holds the address itself.
 */
export class TallyReaders {
  private readonly key: Buffer;

  constructor(secretsKey: Buffer) {
    this.key = createHmac('sha256', secretsKey).update('kiosk tally ip sharing').digest();
  }

  ipKey(vendorId: string, ip: string): string {
    return createHmac('sha256', this.key).update(`${vendorId}\n${ip}`).digest('base64url');
  }

  of(principal: Principal, req: Request): TallyReader {
    if (principal.kind === 'visitor') {
      const ip = clientIp(req);
      return {
        kind: 'visitor',
        vendorId: principal.vendorId,
        visitorId: principal.visitorId,
        ipKey: ip === null ? null : this.ipKey(principal.vendorId, ip),
      };
    }
    return { kind: 'user', vendorId: principal.vendorId, userId: (principal as Extract<Principal, { kind: 'user' }>).userId };
  }
}
