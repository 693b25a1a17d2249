import { Principal } from '@kiosk/domain/identity';
import { VerifiedTokenCache } from '../../src/identity/verified-token-cache';

const reader: Principal = { kind: 'user', vendorId: 'acme', userId: 'u-1', scopes: ['read'] };
const at = (iso: string) => new Date(iso);
const seconds = (iso: string) => Math.floor(at(iso).getTime() / 1000);

describe('verified token cache', () => {
  it('answers a remembered token until the second of its exp, as jose judges expiry', () => {
    const cache = new VerifiedTokenCache();
    cache.set('token-a', reader, seconds('2026-11-27T10:00:00Z'), at('2026-11-27T09:58:00Z'));
    expect(cache.get('token-a', at('2026-11-27T09:59:59.999Z'))).toEqual(reader);
    expect(cache.get('token-a', at('2026-11-27T10:00:00Z'))).toBeNull();
    // Once expired it is gone, even if the clock were turned back.
    expect(cache.get('token-a', at('2026-11-27T09:59:00Z'))).toBeNull();
  });

  it('trusts a token at most five minutes without a new signature check, whatever its exp', () => {
    const cache = new VerifiedTokenCache();
    cache.set('token-b', reader, seconds('2026-11-28T00:00:00Z'), at('2026-11-27T09:00:00Z'));
    expect(cache.get('token-b', at('2026-11-27T09:04:59Z'))).toEqual(reader);
    expect(cache.get('token-b', at('2026-11-27T09:05:00Z'))).toBeNull();
  });

  it('knows tokens by their whole text only', () => {
    const cache = new VerifiedTokenCache();
    cache.set('header.payload.signature', reader, seconds('2026-11-28T00:00:00Z'), at('2026-11-27T09:00:00Z'));
    expect(cache.get('header.other-payload.signature', at('2026-11-27T09:00:01Z'))).toBeNull();
    expect(cache.get('header.payload.signature ', at('2026-11-27T09:00:01Z'))).toBeNull();
  });

  it('hands out copies, so a caller that changes its principal changes nothing for the next request', () => {
    const cache = new VerifiedTokenCache();
    cache.set('token-c', reader, seconds('2026-11-28T00:00:00Z'), at('2026-11-27T09:00:00Z'));
    const first = cache.get('token-c', at('2026-11-27T09:00:01Z')) as unknown as { scopes: string[] };
    first.scopes.push('products:write');
    expect(cache.get('token-c', at('2026-11-27T09:00:02Z'))).toEqual(reader);
  });

  it('stays bounded: the oldest token leaves first', () => {
    const cache = new VerifiedTokenCache();
    const now = at('2026-11-27T09:00:00Z');
    const exp = seconds('2026-11-28T00:00:00Z');
    for (let i = 0; i <= 5_000; i += 1) cache.set(`token-${i}`, reader, exp, now);
    expect(cache.get('token-0', now)).toBeNull();
    expect(cache.get('token-1', now)).toEqual(reader);
    expect(cache.get('token-5000', now)).toEqual(reader);
  });
});
