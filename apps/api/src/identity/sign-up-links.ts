import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { SignUpClaim, SignUpLinks } from '@kiosk/domain/identity';

/**
 * Sign-up links that carry their claim (vendor, e-mail, password hash and
 * expiry) sealed with AES-256-GCM under a key derived from SECRETS_KEY: the
 * hash never shows in the mail, a changed link does not open, and nothing is
 * stored for an account that is never confirmed.
 */
export class SealedSignUpLinks implements SignUpLinks {
  private readonly key: Buffer;

  constructor(secretsKey: Buffer) {
    this.key = Buffer.from(hkdfSync('sha256', secretsKey, Buffer.alloc(0), 'kiosk-sign-up-links', 32));
  }

  async seal(claim: SignUpClaim, expiresAt: Date): Promise<string> {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const plain = Buffer.from(JSON.stringify({ v: claim.vendorId, e: claim.email, h: claim.passwordHash, x: expiresAt.getTime() }));
    const sealed = Buffer.concat([cipher.update(plain), cipher.final()]);
    return Buffer.concat([iv, sealed, cipher.getAuthTag()]).toString('base64url');
  }

  async open(token: string, now: Date): Promise<SignUpClaim | null> {
    if (!/^[A-Za-z0-9_-]{40,4096}$/.test(token)) return null;
    const raw = Buffer.from(token, 'base64url');
    try {
      const decipher = createDecipheriv('aes-256-gcm', this.key, raw.subarray(0, 12));
      decipher.setAuthTag(raw.subarray(raw.length - 16));
      const plain = Buffer.concat([decipher.update(raw.subarray(12, raw.length - 16)), decipher.final()]);
      const claim = JSON.parse(plain.toString('utf8')) as { v: string; e: string; h: string; x: number };
      if (typeof claim.x !== 'number' || claim.x <= now.getTime()) return null;
      return { vendorId: claim.v, email: claim.e, passwordHash: claim.h };
    } catch {
      return null;
    }
  }
}
