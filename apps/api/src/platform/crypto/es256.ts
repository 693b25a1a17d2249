import { KeyObject, sign, webcrypto } from 'node:crypto';

/** Signs a JWS signing input with ES256, answering the raw `r || s` signature (64 bytes) a JWS carries. */
export type Es256Signer = (signingInput: Uint8Array) => Uint8Array;

/**
 * An ES256 private key (a WebCrypto CryptoKey, as jose imports it) as
 * Node's synchronous signer. Why: jose signs through WebCrypto, which runs
 * each signature as an asynchronous job; Node's `crypto.sign` on the same
 * key costs about a third of that CPU, and the token exchange and every
 * paywall access sign one JWT each.
 */
export function es256Signer(privateKey: webcrypto.CryptoKey): Es256Signer {
  const key = KeyObject.from(privateKey);
  return (signingInput) => sign('sha256', signingInput, { key, dsaEncoding: 'ieee-p1363' });
}

const base64url = (text: string | Uint8Array) => Buffer.from(text).toString('base64url');

/**
 * A compact JWS (a signed JWT) of `header` and `payload` as jose's SignJWT
 * would make it: each part JSON in its own key order, base64url without
 * padding, signed by `signer`.
 */
export function compactEs256Jws(header: object, payload: object, signer: Es256Signer): string {
  const signingInput = `${base64url(JSON.stringify(header))}.${base64url(JSON.stringify(payload))}`;
  return `${signingInput}.${base64url(signer(Buffer.from(signingInput)))}`;
}
