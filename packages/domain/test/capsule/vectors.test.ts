import { createPrivateKey } from 'crypto';
import {
  deriveWrapKey,
  fromBase64,
  hkdfSha256,
  importIssuerPrivateKey,
  IssuerAlgorithm,
  publisherJwkFromPem,
  toBase64Url,
  unwrapIssuerBlob,
} from '../../src/capsule';
import { errorCode, fixture, hex, toHex } from './support';

interface HkdfVector {
  ikmHex: string;
  salt: string;
  info: string;
  length: number;
  okmHex: string;
}
interface WrapKeyVector {
  rotationSecretHex: string;
  scope: string;
  kid: string;
  wrapKeyHex: string;
}
interface UnwrapVector {
  issuerPrivateKeyPem: string;
  aad: string;
  wrappedBlob: string;
  expectedPlaintextHex: string;
}

describe('HKDF-SHA256', () => {
  const vectors = [...fixture<HkdfVector[]>('hkdf-vectors.json'), ...fixture<HkdfVector[]>('hkdf.json')];
  it.each(vectors.map((v) => [`${v.salt} / ${v.info} / ${v.ikmHex.length / 2}-byte IKM / ${v.length}`, v] as const))(
    '%s',
    async (_name, v) => {
      expect(toHex(await hkdfSha256(hex(v.ikmHex), v.salt, v.info, v.length))).toBe(v.okmHex);
    },
  );
});

describe('deriveWrapKey', () => {
  const vectors = [...fixture<WrapKeyVector[]>('derive-wrap-key-vectors.json'), ...fixture<WrapKeyVector[]>('derive-wrap-key.json')];
  it.each(vectors.map((v) => [`${v.scope} ${v.kid} (${v.rotationSecretHex.slice(0, 6)})`, v] as const))('%s', async (_name, v) => {
    expect(toHex(await deriveWrapKey(hex(v.rotationSecretHex), v.scope, v.kid))).toBe(v.wrapKeyHex);
  });

  it('refuses a rotation secret that is not 32 bytes', async () => {
    expect(await errorCode(deriveWrapKey(new Uint8Array(31), 'premium', '260101T00'))).toBe('CAPSULE.BAD_ROTATION_SECRET');
  });
});

describe.each([
  ['ECDH-P256', 'ecdh-unwrap-vector.json'],
  ['RSA-OAEP', 'rsa-unwrap-vector.json'],
] as [IssuerAlgorithm, string][])('%s issuer unwrap', (algorithm, file) => {
  const v = fixture<UnwrapVector>(file);
  const jwk = createPrivateKey(v.issuerPrivateKeyPem).export({ format: 'jwk' }) as JsonWebKey;

  it('opens the vector with the key as PEM', async () => {
    const key = await importIssuerPrivateKey({ kid: 'k', algorithm, pem: v.issuerPrivateKeyPem });
    expect(toHex(await unwrapIssuerBlob(v.wrappedBlob, v.aad, key))).toBe(v.expectedPlaintextHex);
  });

  it('opens the vector with the key as JWK', async () => {
    const key = await importIssuerPrivateKey({ kid: 'k', algorithm, jwk: { ...jwk, alg: 'ES256', use: 'sig' } });
    expect(toHex(await unwrapIssuerBlob(fromBase64(v.wrappedBlob), v.aad, key))).toBe(v.expectedPlaintextHex);
  });

  it('refuses the blob relabelled under another scope', async () => {
    const key = await importIssuerPrivateKey({ kid: 'k', algorithm, pem: v.issuerPrivateKeyPem });
    expect(await errorCode(unwrapIssuerBlob(v.wrappedBlob, 'free', key))).toBe('CAPSULE.UNWRAP_FAILED');
  });

  it('refuses a blob with one flipped byte', async () => {
    const key = await importIssuerPrivateKey({ kid: 'k', algorithm, pem: v.issuerPrivateKeyPem });
    const blob = fromBase64(v.wrappedBlob);
    blob[blob.length - 1] ^= 1;
    expect(await errorCode(unwrapIssuerBlob(blob, v.aad, key))).toBe('CAPSULE.UNWRAP_FAILED');
  });
});

it('refuses an issuer key of the wrong kind', async () => {
  const rsa = fixture<UnwrapVector>('rsa-unwrap-vector.json');
  expect(await errorCode(importIssuerPrivateKey({ kid: 'k', algorithm: 'ECDH-P256', pem: rsa.issuerPrivateKeyPem }))).toBe(
    'CAPSULE.BAD_ISSUER_KEY',
  );
});

describe('publisher key import', () => {
  it.each(['publisher-jwk-vector.json', 'publisher-jwk.json'])('%s: PEM to the expected JWK', async (file) => {
    const v = fixture<{ inputPublicKeyPem: string; inputKid: string; expectedJwk: object }>(file);
    expect(await publisherJwkFromPem(v.inputPublicKeyPem, v.inputKid)).toEqual(v.expectedJwk);
  });

  it('refuses a non-EC key', async () => {
    const rsa = fixture<{ issuerPublicKeyPem: string }>('rsa-unwrap-vector.json');
    expect(await errorCode(publisherJwkFromPem(rsa.issuerPublicKeyPem, 'k'))).toBe('CAPSULE.BAD_PUBLISHER_KEY');
  });
});

describe('base64url', () => {
  it('round-trips every length without padding and agrees with Node', () => {
    for (let n = 0; n < 70; n += 1) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n) & 0xff);
      const text = toBase64Url(bytes);
      expect(text).toBe(Buffer.from(bytes).toString('base64url'));
      expect(fromBase64(text)).toEqual(bytes);
      expect(fromBase64(Buffer.from(bytes).toString('base64'))).toEqual(bytes);
    }
  });

  it('refuses characters outside the alphabet', () => {
    expect(() => fromBase64('ab.d')).toThrow(expect.objectContaining({ code: 'CAPSULE.BAD_ENCODING' }));
    expect(() => fromBase64('abcde')).toThrow(expect.objectContaining({ code: 'CAPSULE.BAD_ENCODING' }));
  });
});
