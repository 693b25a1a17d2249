import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { API_KEY_ID_PREFIX, CredentialGenerator, SecretHasher } from '@kiosk/domain/identity';

/**
 * API key secrets carry 256 bits of randomness, so a keyed fast hash is the
 * right tool (a slow password hash would only slow every token exchange).
 * The HMAC key (the pepper) is not in the database: a leaked table alone
 * cannot be used to test guesses.
 */
export class HmacSecretHasher implements SecretHasher {
  constructor(private readonly pepper: Buffer) {}

  hash(secret: string): string {
    return `hmac-sha256:${createHmac('sha256', this.pepper).update(secret, 'utf8').digest('base64url')}`;
  }

  matches(secret: string, hash: string): boolean {
    const expected = Buffer.from(hash, 'utf8');
    const actual = Buffer.from(this.hash(secret), 'utf8');
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}

export class RandomCredentialGenerator implements CredentialGenerator {
  apiKeyClientId(): string {
    return `${API_KEY_ID_PREFIX}${randomBytes(12).toString('hex')}`;
  }

  apiKeySecret(): string {
    return randomBytes(32).toString('base64url');
  }

  browserClientId(): string {
    return `client_${randomBytes(12).toString('hex')}`;
  }
}
