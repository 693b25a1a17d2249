import { ForbiddenError } from '../shared';
import { Bytes, bytesOf, fromBase64, utf8 } from './bytes';
import { hkdfSha256 } from './hkdf';
import { IssuerPrivateKey } from './issuer-key';

const EPHEMERAL_KEY_BYTES = 65; // uncompressed P-256 point: 0x04 || X || Y
const IV_BYTES = 12;
const TAG_BYTES = 16;

/**
 * A blob that does not open under this issuer key and scope. The scope is
 * authenticated (AAD or OAEP label), so a "premium" blob relabelled as
 * "free" lands here.
 */
export class UnwrapFailed extends ForbiddenError {
  constructor(
    scope: string,
    why: string,
    entry: { readonly contentName?: string; readonly kid?: string; readonly member?: string } = {},
  ) {
    const which = entry.contentName === undefined ? 'a wrapped key' : `the ${entry.member ?? 'key'} of entry "${entry.contentName}"`;
    super('CAPSULE.UNWRAP_FAILED', `${which} does not open for scope "${scope}": ${why}`, {
      scope,
      ...(entry.contentName === undefined ? {} : { contentName: entry.contentName, kid: entry.kid ?? null, member: entry.member ?? null }),
    });
  }
}

/** Opens a blob a publisher wrapped for this issuer, with `scope` as the authenticated label. */
export async function unwrapIssuerBlob(blob: string | Uint8Array, scope: string, issuerKey: IssuerPrivateKey): Promise<Bytes> {
  const bytes = typeof blob === 'string' ? fromBase64(blob, 'wrapped key') : bytesOf(blob);
  return issuerKey.algorithm === 'ECDH-P256' ? unwrapEcdhP256(bytes, scope, issuerKey.key) : unwrapRsaOaep(bytes, scope, issuerKey.key);
}

/**
 * ECDH P-256 with a fresh ephemeral key per blob:
 * blob = ephemeral public key (65) || IV (12) || AES-256-GCM ciphertext+tag,
 * AES key = HKDF-SHA256(shared secret, "dca-wrap", "dca-wrap-aes256gcm"), AAD = scope.
 */
export async function unwrapEcdhP256(blob: Uint8Array, scope: string, privateKey: CryptoKey): Promise<Bytes> {
  if (blob.length < EPHEMERAL_KEY_BYTES + IV_BYTES + TAG_BYTES) throw new UnwrapFailed(scope, 'blob too short');
  const subtle = globalThis.crypto.subtle;
  const ephemeral = bytesOf(blob.subarray(0, EPHEMERAL_KEY_BYTES));
  const iv = bytesOf(blob.subarray(EPHEMERAL_KEY_BYTES, EPHEMERAL_KEY_BYTES + IV_BYTES));
  const sealed = bytesOf(blob.subarray(EPHEMERAL_KEY_BYTES + IV_BYTES));
  let publicKey: CryptoKey;
  try {
    publicKey = await subtle.importKey('raw', ephemeral, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  } catch {
    throw new UnwrapFailed(scope, 'ephemeral key is not a P-256 point');
  }
  const shared = new Uint8Array(await subtle.deriveBits({ name: 'ECDH', public: publicKey }, privateKey, 256));
  const aesKey = await subtle.importKey('raw', await hkdfSha256(shared, 'dca-wrap', 'dca-wrap-aes256gcm', 32), 'AES-GCM', false, [
    'decrypt',
  ]);
  try {
    return new Uint8Array(await subtle.decrypt({ name: 'AES-GCM', iv, additionalData: utf8(scope), tagLength: 128 }, aesKey, sealed));
  } catch {
    throw new UnwrapFailed(scope, 'authentication failed');
  }
}

/** RSA-OAEP with SHA-256 and the scope as the OAEP label. */
export async function unwrapRsaOaep(blob: Uint8Array, scope: string, privateKey: CryptoKey): Promise<Bytes> {
  try {
    return new Uint8Array(await globalThis.crypto.subtle.decrypt({ name: 'RSA-OAEP', label: utf8(scope) }, privateKey, bytesOf(blob)));
  } catch {
    throw new UnwrapFailed(scope, 'decryption failed');
  }
}
