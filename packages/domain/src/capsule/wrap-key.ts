import { InvalidError } from '../shared';
import { Bytes } from './bytes';
import { hkdfSha256 } from './hkdf';

export const ROTATION_SECRET_BYTES = 32;
export const WRAP_KEY_BYTES = 32;

/**
 * The hosted issuer's wrapKey for one scope and rotation period:
 * HKDF-SHA256(IKM = rotationSecret, salt = scope, info = "dca|" + kid, 32).
 * The publisher derives the same key from the same shared secret, so the
 * service never needs the wrapped blobs in the request.
 */
export async function deriveWrapKey(rotationSecret: Uint8Array, scope: string, kid: string): Promise<Bytes> {
  if (rotationSecret.length !== ROTATION_SECRET_BYTES) {
    throw new InvalidError('CAPSULE.BAD_ROTATION_SECRET', `a rotation secret is ${ROTATION_SECRET_BYTES} bytes`, {
      length: rotationSecret.length,
    });
  }
  const id = `${hexOf(rotationSecret)}|${kid}|${scope}`;
  let derived = recentlyDerived.get(id);
  if (!derived) {
    derived = hkdfSha256(rotationSecret, scope, `dca|${kid}`, WRAP_KEY_BYTES);
    if (recentlyDerived.size >= REMEMBERED_WRAP_KEYS) recentlyDerived.delete(recentlyDerived.keys().next().value!);
    recentlyDerived.set(id, derived);
    derived.catch(() => recentlyDerived.delete(id));
  }
  // A copy: the caller may overwrite its bytes.
  return new Uint8Array(await derived);
}

/**
 * Every unlock of one period asks for the same few wrap keys, and deriving
 * one is two WebCrypto calls: the answers are remembered (the derivation is
 * a pure function of its inputs), oldest out first.
 */
const REMEMBERED_WRAP_KEYS = 1_000;
const recentlyDerived = new Map<string, Promise<Bytes>>();

const hexOf = (bytes: Uint8Array) => Array.from(bytes, (b) => b.toString(16).padStart(2, '0')).join('');
