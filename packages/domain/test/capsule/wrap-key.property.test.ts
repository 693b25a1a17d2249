import fc from 'fast-check';
import { deriveWrapKey, formatKid, toBase64Url } from '../../src/capsule';

const secret = fc.uint8Array({ minLength: 32, maxLength: 32 });
const scope = fc.string({ minLength: 1, maxLength: 24 });
const kid = fc.date({ min: new Date('2000-01-01T00:00:00Z'), max: new Date('2099-12-31T23:59:59Z'), noInvalidDate: true }).map((d) => formatKid(d));

describe('wrapKey derivation (property)', () => {
  it('is a function of its inputs', async () => {
    await fc.assert(
      fc.asyncProperty(secret, scope, kid, async (s, sc, k) => {
        const [a, b] = await Promise.all([deriveWrapKey(s, sc, k), deriveWrapKey(Uint8Array.from(s), sc, k)]);
        expect(a).toHaveLength(32);
        expect(toBase64Url(a)).toBe(toBase64Url(b));
      }),
      { numRuns: 50 },
    );
  });

  it('gives another key for another scope, kid or secret', async () => {
    await fc.assert(
      fc.asyncProperty(secret, secret, scope, scope, kid, kid, async (s1, s2, sc1, sc2, k1, k2) => {
        const base = toBase64Url(await deriveWrapKey(s1, sc1, k1));
        if (sc1 !== sc2) expect(toBase64Url(await deriveWrapKey(s1, sc2, k1))).not.toBe(base);
        if (k1 !== k2) expect(toBase64Url(await deriveWrapKey(s1, sc1, k2))).not.toBe(base);
        if (toBase64Url(s1) !== toBase64Url(s2)) expect(toBase64Url(await deriveWrapKey(s2, sc1, k1))).not.toBe(base);
      }),
      { numRuns: 50 },
    );
  });
});

describe('remembered wrap keys', () => {
  it('answer fresh bytes each time: a caller that overwrites its copy changes nothing for the next', async () => {
    const secret = new Uint8Array(32).fill(7);
    const first = await deriveWrapKey(secret, 'premium', '2026-11-27T09');
    const expected = Uint8Array.from(first);
    first.fill(0);
    expect(await deriveWrapKey(secret, 'premium', '2026-11-27T09')).toEqual(expected);
    expect(await deriveWrapKey(secret, 'premium', '2026-11-27T10')).not.toEqual(expected);
    expect(await deriveWrapKey(new Uint8Array(32).fill(8), 'premium', '2026-11-27T09')).not.toEqual(expected);
  });
});
