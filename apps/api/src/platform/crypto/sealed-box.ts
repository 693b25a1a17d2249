import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';

/**
 * Encryption at rest for key material: AES-256-GCM under the configured
 * SECRETS_KEY. Format `v1.<iv>.<ciphertext+tag>` in base64url, so a future
 * key or algorithm can be told apart by its prefix.
 */
export class SealedBox {
  constructor(private readonly key: Buffer) {}

  seal(plaintext: string): string {
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', this.key, iv);
    const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final(), cipher.getAuthTag()]);
    return `v1.${iv.toString('base64url')}.${body.toString('base64url')}`;
  }

  open(sealed: string): string {
    const [version, iv, body] = sealed.split('.');
    if (version !== 'v1' || !iv || !body) throw new Error('not a sealed value');
    const bytes = Buffer.from(body, 'base64url');
    const decipher = createDecipheriv('aes-256-gcm', this.key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(bytes.subarray(bytes.length - 16));
    return Buffer.concat([decipher.update(bytes.subarray(0, bytes.length - 16)), decipher.final()]).toString('utf8');
  }
}
