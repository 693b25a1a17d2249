import { InvalidError } from '../shared';
import { Bytes, bytesOf, fromBase64, toBase64Url } from './bytes';

/** Moduli the service encrypts to: WebCrypto's default browser key is 2048 bits, 4096 the largest it offers. */
export const CLIENT_KEY_MIN_BITS = 2048;
export const CLIENT_KEY_MAX_BITS = 4096;

const RSA_OAEP_SHA256: RsaHashedImportParams = { name: 'RSA-OAEP', hash: 'SHA-256' };

/** `clientPublicKey` is not base64url of an RSA SubjectPublicKeyInfo. */
export class BadClientKey extends InvalidError {
  constructor(why: string) {
    super('CAPSULE.BAD_CLIENT_KEY', `clientPublicKey is not an RSA-OAEP public key (base64url SPKI): ${why}`);
  }
}

/** An RSA key outside 2048 to 4096 bits. */
export class ClientKeySize extends InvalidError {
  constructor(bits: number) {
    super('CAPSULE.CLIENT_KEY_SIZE', `clientPublicKey has ${bits} bits; ${CLIENT_KEY_MIN_BITS} to ${CLIENT_KEY_MAX_BITS} are accepted`, {
      bits,
      minBits: CLIENT_KEY_MIN_BITS,
      maxBits: CLIENT_KEY_MAX_BITS,
    });
  }
}

/** Imports the browser's key for client-bound transport: RSA-OAEP with SHA-256, 2048 to 4096 bits. */
export async function importClientPublicKey(clientPublicKey: string): Promise<CryptoKey> {
  let der: Bytes;
  try {
    der = fromBase64(clientPublicKey, 'clientPublicKey');
  } catch {
    throw new BadClientKey('not base64url');
  }
  let key: CryptoKey;
  try {
    key = await globalThis.crypto.subtle.importKey('spki', der, RSA_OAEP_SHA256, false, ['encrypt']);
  } catch {
    throw new BadClientKey('not an RSA SubjectPublicKeyInfo');
  }
  const bits = (key.algorithm as RsaHashedKeyAlgorithm).modulusLength;
  if (bits < CLIENT_KEY_MIN_BITS || bits > CLIENT_KEY_MAX_BITS) throw new ClientKeySize(bits);
  return key;
}

/** RSAES-OAEP, SHA-256 for the hash and MGF1, empty label; base64url of the ciphertext. */
export async function sealForClient(raw: Uint8Array, clientKey: CryptoKey): Promise<string> {
  return toBase64Url(new Uint8Array(await globalThis.crypto.subtle.encrypt({ name: 'RSA-OAEP' }, clientKey, bytesOf(raw))));
}
