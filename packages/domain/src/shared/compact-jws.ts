import { base64url } from 'jose';

/** Signs a JWS signing input with ES256, answering the raw `r || s` signature (64 bytes) a JWS carries. */
export type Es256Signer = (signingInput: Uint8Array) => Uint8Array;

const textEncoder = new TextEncoder();

/**
 * A compact JWS (a signed JWT) of `header` and `payload` as jose's SignJWT
 * makes it: each part JSON in its own key order, base64url without padding,
 * signed by a synchronous `signer` (a runtime's faster signer than
 * WebCrypto's: the service's `crypto.sign`). Callers put the claims in
 * jose's order, so either way gives the same token shape.
 */
export function compactEs256Jws(header: object, payload: object, signer: Es256Signer): string {
  const signingInput = `${base64url.encode(JSON.stringify(header))}.${base64url.encode(JSON.stringify(payload))}`;
  return `${signingInput}.${base64url.encode(signer(textEncoder.encode(signingInput)))}`;
}
