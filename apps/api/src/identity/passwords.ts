import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import { PasswordCredentials, PasswordHasher, PasswordResetTokens } from '@kiosk/domain/identity';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';

const N = 32_768; // 32 MiB per hash with r = 8: memory-hard, as a password hash must be
const R = 8;
const P = 1;

function derive(password: string, salt: Buffer, n: number, r: number, p: number): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, 32, { N: n, r, p, maxmem: 256 * n * r }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** scrypt (RFC 7914) from Node's crypto; the parameters travel in the hash so they can be raised later. */
export class ScryptPasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    const salt = randomBytes(16);
    const key = await derive(password, salt, N, R, P);
    return `scrypt$${N}$${R}$${P}$${salt.toString('base64url')}$${key.toString('base64url')}`;
  }

  async verify(password: string, hash: string): Promise<boolean> {
    const [scheme, n, r, p, salt, key] = hash.split('$');
    if (scheme !== 'scrypt' || !salt || !key) return false;
    const expected = Buffer.from(key, 'base64url');
    const actual = await derive(password, Buffer.from(salt, 'base64url'), Number(n), Number(r), Number(p));
    return expected.length === actual.length && timingSafeEqual(expected, actual);
  }
}

export class SqlPasswordCredentials implements PasswordCredentials {
  constructor(private readonly db: DataSource) {}

  async find(vendorId: string, userId: string) {
    const [row] = await sqlRows<{ password_hash: string }>(
      this.db,
      `SELECT password_hash FROM user_passwords WHERE vendor_id = $1 AND user_id = $2`,
      [vendorId, userId],
    );
    return row ? { passwordHash: row.password_hash } : null;
  }

  async save(vendorId: string, userId: string, passwordHash: string, at: Date) {
    await sqlRows(
      this.db,
      `INSERT INTO user_passwords (vendor_id, user_id, password_hash, updated_at) VALUES ($1, $2, $3, $4)
       ON CONFLICT (vendor_id, user_id) DO UPDATE SET password_hash = EXCLUDED.password_hash, updated_at = EXCLUDED.updated_at`,
      [vendorId, userId, passwordHash, at],
    );
  }
}

const tokenHash = (token: string) => createHash('sha256').update(token).digest('base64url');

/** Reset tokens are random and kept only as their hash; one use, one hour. */
export class SqlPasswordResetTokens implements PasswordResetTokens {
  constructor(private readonly db: DataSource) {}

  async issue(vendorId: string, userId: string, expiresAt: Date): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    await sqlRows(
      this.db,
      `INSERT INTO password_reset_tokens (token_hash, vendor_id, user_id, expires_at) VALUES ($1, $2, $3, $4)`,
      [tokenHash(token), vendorId, userId, expiresAt],
    );
    return token;
  }

  async consume(vendorId: string, token: string, now: Date): Promise<string | null> {
    const [row] = await sqlRows<{ user_id: string }>(
      this.db,
      `UPDATE password_reset_tokens SET used_at = $3
        WHERE token_hash = $1 AND vendor_id = $2 AND used_at IS NULL AND expires_at > $3 RETURNING user_id`,
      [tokenHash(token), vendorId, now],
    );
    return row?.user_id ?? null;
  }
}
