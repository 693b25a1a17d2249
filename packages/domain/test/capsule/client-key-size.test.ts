import { generateKeyPairSync } from 'node:crypto';
import { CLIENT_KEY_MAX_BITS, CLIENT_KEY_MIN_BITS, ClientKeySize, importClientPublicKey } from '../../src/capsule';

const spki = (bits: number) =>
  generateKeyPairSync('rsa', { modulusLength: bits }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64url');

describe('the size of a client-bound key', () => {
  it('accepts both ends of the range', async () => {
    for (const bits of [CLIENT_KEY_MIN_BITS, CLIENT_KEY_MAX_BITS]) {
      const key = await importClientPublicKey(spki(bits));
      expect((key.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(bits);
    }
  });

  it('refuses a key just above the ceiling, saying its size and the range', async () => {
    const refusal = await importClientPublicKey(spki(CLIENT_KEY_MAX_BITS + 64)).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(ClientKeySize);
    expect((refusal as ClientKeySize).details).toEqual({ bits: 4160, minBits: 2048, maxBits: 4096 });
  });
});
