import { KeyObject, sign, webcrypto } from 'node:crypto';
import { Es256Signer } from '@kiosk/domain';

/**
 * An ES256 private key (a WebCrypto CryptoKey, as jose imports it) as
 * Node's synchronous signer. Why: jose signs through WebCrypto, which runs
 * each signature as an asynchronous job; Node's `crypto.sign` on the same
 * key costs about a third of that CPU, and the token exchange and every
 * paywall access sign one JWT each (`compactEs256Jws` of the domain).
 */
export function es256Signer(privateKey: webcrypto.CryptoKey): Es256Signer {
  const key = KeyObject.from(privateKey);
  return (signingInput) => sign('sha256', signingInput, { key, dsaEncoding: 'ieee-p1363' });
}
