import { createPrivateKey, sign } from 'node:crypto';
import { exportJWK, generateKeyPair, JWK } from 'jose';
import { GetCapsuleJwks, ServiceTokenClaims, signServiceToken, verifyServiceToken, VerifyServiceToken } from '../../src/capsule';
import { FakeClock } from '../../src/testing';
import { InMemoryCapsuleKeyStore } from '../../src/testing/in-memory-capsule';
import { errorCode, interopVendor } from './support';

const claims: ServiceTokenClaims = {
  iss: 'https://service.example',
  tier: 'premium',
  contentId: 'article-interop-1',
  tid: 'tok-000001',
  url: 'https://interop.example.com/a/1',
  userId: 'user-1',
  maxUses: 3,
  meta: { campaign: 'newsletter' },
};
const issuedAt = new Date('2026-05-02T12:00:00Z');
const expiresAt = new Date('2026-05-03T12:00:00Z');

async function serviceKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
  const publicJwk: JWK = { ...(await exportJWK(publicKey)), kid, use: 'sig', alg: 'ES256' };
  return { signing: { kid, privateKey }, publicJwk, privateJwk: { ...(await exportJWK(privateKey)), kid } };
}

describe('signed-link service token', () => {
  it('verifies what it signed and returns the interface payload', async () => {
    const key = await serviceKey('svc-1');
    const token = await signServiceToken(claims, { key: key.signing, issuedAt, expiresAt });
    const result = await verifyServiceToken(token, [key.publicJwk], new Date('2026-05-02T13:00:00Z'));
    expect(result).toEqual({
      valid: true,
      message: 'token is valid',
      payload: { ...claims, iat: issuedAt.getTime() / 1000, exp: expiresAt.getTime() / 1000 },
    });
  });

  it('signs with a private JWK as well', async () => {
    const key = await serviceKey('svc-1');
    const token = await signServiceToken(claims, { key: { kid: 'svc-1', privateKey: key.privateJwk }, issuedAt, expiresAt });
    expect((await verifyServiceToken(token, [key.publicJwk], issuedAt)).valid).toBe(true);
  });

  it('signs through a synchronous signer into the token jose would make: same header and claims, a signature that verifies', async () => {
    const key = await serviceKey('svc-1');
    const keyObject = createPrivateKey({ key: key.privateJwk as import('node:crypto').JsonWebKey, format: 'jwk' });
    const signEs256 = (input: Uint8Array) => sign('sha256', input, { key: keyObject, dsaEncoding: 'ieee-p1363' });
    const fast = await signServiceToken(claims, { key: { ...key.signing, signEs256 }, issuedAt, expiresAt });
    const slow = await signServiceToken(claims, { key: key.signing, issuedAt, expiresAt });
    const [fastHeader, fastPayload, fastSignature] = fast.split('.');
    const [slowHeader, slowPayload] = slow.split('.');
    expect([fastHeader, fastPayload]).toEqual([slowHeader, slowPayload]);
    expect(Buffer.from(fastSignature, 'base64url')).toHaveLength(64);
    expect(await verifyServiceToken(fast, [key.publicJwk], issuedAt)).toEqual(await verifyServiceToken(slow, [key.publicJwk], issuedAt));
    expect((await verifyServiceToken(fast, [key.publicJwk], issuedAt)).valid).toBe(true);
    // A signer with the wrong key makes a token the vendor's keys refuse.
    const other = createPrivateKey({ key: (await serviceKey('svc-1')).privateJwk as import('node:crypto').JsonWebKey, format: 'jwk' });
    const forged = await signServiceToken(claims, {
      key: { ...key.signing, signEs256: (input) => sign('sha256', input, { key: other, dsaEncoding: 'ieee-p1363' }) },
      issuedAt,
      expiresAt,
    });
    expect(await verifyServiceToken(forged, [key.publicJwk], issuedAt)).toEqual({ valid: false, message: 'token signature is invalid', payload: null });
  });

  it.each([
    ['expired', async (token: string, jwk: JWK) => verifyServiceToken(token, [jwk], expiresAt), 'token has expired'],
    ['signed by another key under the same kid', async (token: string) => verifyServiceToken(token, [(await serviceKey('svc-1')).publicJwk], issuedAt), 'token signature is invalid'],
    ['signed by an unknown kid', async (token: string) => verifyServiceToken(token, [(await serviceKey('svc-2')).publicJwk], issuedAt), 'token is signed by an unknown key'],
    ['tampered', async (token: string, jwk: JWK) => {
      const [h, , s] = token.split('.');
      return verifyServiceToken(`${h}.${Buffer.from(JSON.stringify({ ...claims, tier: 'all' })).toString('base64url')}.${s}`, [jwk], issuedAt);
    }, 'token signature is invalid'],
    ['garbage', async (_t: string, jwk: JWK) => verifyServiceToken('x.y', [jwk], issuedAt), 'token is malformed'],
  ])('answers invalid without payload when %s', async (_name, check, message) => {
    const key = await serviceKey('svc-1');
    const token = await signServiceToken(claims, { key: key.signing, issuedAt, expiresAt });
    expect(await check(token, key.publicJwk)).toEqual({ valid: false, message, payload: null });
  });

  it('the verify use case uses the vendor keys and the clock; the JWKS lists public members only', async () => {
    const key = await serviceKey('svc-1');
    const store = new InMemoryCapsuleKeyStore();
    store.put(await interopVendor({ servicePublicKeys: [{ ...key.publicJwk, d: 'must-not-leak' }] }));
    const clock = new FakeClock('2026-05-02T12:30:00Z');
    const verify = new VerifyServiceToken(store, clock);
    const token = await signServiceToken(claims, { key: key.signing, issuedAt, expiresAt });
    expect((await verify.execute({ vendorId: 'vendor-interop', token })).valid).toBe(true);
    clock.set(expiresAt);
    expect((await verify.execute({ vendorId: 'vendor-interop', token })).message).toBe('token has expired');
    expect(await errorCode(verify.execute({ vendorId: 'nobody', token }))).toBe('CAPSULE.VENDOR_NOT_FOUND');
    expect(await new GetCapsuleJwks(store).execute({ vendorId: 'vendor-interop' })).toEqual({ keys: [key.publicJwk] });
  });
});
