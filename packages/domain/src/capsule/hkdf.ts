import { Bytes, bytesOf, utf8 } from './bytes';

/** RFC 5869 HKDF with SHA-256 through WebCrypto. Salt and info are UTF-8 strings in this protocol. */
export async function hkdfSha256(ikm: Uint8Array, salt: string | Uint8Array, info: string | Uint8Array, length: number): Promise<Bytes> {
  const subtle = globalThis.crypto.subtle;
  const key = await subtle.importKey('raw', bytesOf(ikm), 'HKDF', false, ['deriveBits']);
  const bits = await subtle.deriveBits(
    {
      name: 'HKDF',
      hash: 'SHA-256',
      salt: typeof salt === 'string' ? utf8(salt) : bytesOf(salt),
      info: typeof info === 'string' ? utf8(info) : bytesOf(info),
    },
    key,
    length * 8,
  );
  return new Uint8Array(bits);
}
