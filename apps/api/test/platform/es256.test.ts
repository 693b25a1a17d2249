import { webcrypto } from 'node:crypto';
import { compactVerify, generateKeyPair, jwtVerify, SignJWT } from 'jose';
import { compactEs256Jws, es256Signer } from '../../src/platform/crypto/es256';

describe('ES256 compact JWS signed by Node synchronously', () => {
  it('makes the header and payload parts jose makes, with a signature jose verifies', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256', { extractable: true });
    const header = { alg: 'ES256', kid: 'k1', typ: 'at+jwt' };
    const claims = { scope: 'products:read', vendor_id: 'v-1', note: 'ünïcode ✓', iss: 'https://kiosk.test/oidc', aud: 'urn:service', iat: 1_700_000_000, exp: 1_700_086_400 };
    const ours = compactEs256Jws(header, claims, es256Signer(privateKey as webcrypto.CryptoKey));
    const jose = await new SignJWT({ scope: claims.scope, vendor_id: claims.vendor_id, note: claims.note })
      .setProtectedHeader(header)
      .setIssuer(claims.iss)
      .setAudience(claims.aud)
      .setIssuedAt(claims.iat)
      .setExpirationTime(claims.exp)
      .sign(privateKey);

    expect(ours.split('.').slice(0, 2)).toEqual(jose.split('.').slice(0, 2));
    expect(Buffer.from(ours.split('.')[2], 'base64url')).toHaveLength(64);
    const { payload, protectedHeader } = await jwtVerify(ours, publicKey, {
      issuer: claims.iss,
      audience: claims.aud,
      algorithms: ['ES256'],
      currentDate: new Date(1_700_000_100_000),
    });
    expect(protectedHeader).toEqual(header);
    expect(payload).toEqual(claims);
  });

  it('signs differently each time (ECDSA nonces), and a changed byte fails verification', async () => {
    const { privateKey, publicKey } = await generateKeyPair('ES256');
    const sign = es256Signer(privateKey as webcrypto.CryptoKey);
    const first = compactEs256Jws({ alg: 'ES256' }, { n: 1 }, sign);
    const second = compactEs256Jws({ alg: 'ES256' }, { n: 1 }, sign);
    expect(first).not.toBe(second);
    await expect(compactVerify(first, publicKey)).resolves.toBeDefined();
    const [h, p, s] = first.split('.');
    const tampered = `${h}.${Buffer.from(JSON.stringify({ n: 2 })).toString('base64url')}.${s}`;
    await expect(compactVerify(tampered, publicKey)).rejects.toThrow();
    expect(p).toBe(Buffer.from('{"n":1}').toString('base64url'));
  });
});
