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
  return hkdfSha256(rotationSecret, scope, `dca|${kid}`, WRAP_KEY_BYTES);
}
