import { randomBytes, randomInt } from 'node:crypto';
import { Mailer } from '@kiosk/domain/billing';
import { SIGN_IN_CODE_MAX_FAILURES, SignInCodeMail, SignInCodePurpose, SignInCodeSecrets, SignInCodeStore, StoredSignInCode } from '@kiosk/domain/identity';
import { DataSource } from 'typeorm';
import { MailAudience, signInCodeMail } from '@kiosk/domain/mail';
import { sqlRows } from '../platform/database/sql';
import { accountMailContext } from './account-mail';

interface Row {
  id: string;
  vendor_id: string;
  user_id: string;
  code_hash: string;
  link_hash: string;
  purpose: string;
  created_at: Date;
  expires_at: Date;
  failed_attempts: number;
  used_at: Date | null;
}

const codeOf = (r: Row): StoredSignInCode => ({
  id: r.id,
  vendorId: r.vendor_id,
  userId: r.user_id,
  codeHash: r.code_hash,
  linkHash: r.link_hash,
  purpose: r.purpose as SignInCodePurpose,
  createdAt: new Date(r.created_at),
  expiresAt: new Date(r.expires_at),
  failedAttempts: Number(r.failed_attempts),
  usedAt: r.used_at ? new Date(r.used_at) : null,
});

/** Mailed sign-in codes in PostgreSQL (`sign_in_codes`, migration 1765100000000). */
export class SqlSignInCodes implements SignInCodeStore {
  constructor(private readonly db: DataSource) {}

  async add(c: StoredSignInCode): Promise<void> {
    await sqlRows(
      this.db,
      `INSERT INTO sign_in_codes (id, vendor_id, user_id, code_hash, link_hash, purpose, created_at, expires_at, failed_attempts, used_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)`,
      [c.id, c.vendorId, c.userId, c.codeHash, c.linkHash, c.purpose, c.createdAt, c.expiresAt, c.failedAttempts, c.usedAt],
    );
    // Codes a day old are of no use, not even to the rate limit.
    await sqlRows(this.db, `DELETE FROM sign_in_codes WHERE vendor_id = $1 AND user_id = $2 AND created_at < $3`, [
      c.vendorId,
      c.userId,
      new Date(c.createdAt.getTime() - 86_400_000),
    ]);
  }

  async countSince(vendorId: string, userId: string, since: Date): Promise<number> {
    const [row] = await sqlRows<{ n: number }>(
      this.db,
      `SELECT count(*)::integer AS n FROM sign_in_codes WHERE vendor_id = $1 AND user_id = $2 AND created_at > $3`,
      [vendorId, userId, since],
    );
    return Number(row?.n ?? 0);
  }

  async find(vendorId: string, id: string): Promise<StoredSignInCode | null> {
    const [row] = await sqlRows<Row>(this.db, `SELECT * FROM sign_in_codes WHERE vendor_id = $1 AND id = $2`, [vendorId, id]);
    return row ? codeOf(row) : null;
  }

  async findByLink(vendorId: string, linkHash: string): Promise<StoredSignInCode | null> {
    const [row] = await sqlRows<Row>(this.db, `SELECT * FROM sign_in_codes WHERE vendor_id = $1 AND link_hash = $2`, [vendorId, linkHash]);
    return row ? codeOf(row) : null;
  }

  async spend(vendorId: string, id: string, now: Date): Promise<boolean> {
    const rows = await sqlRows<{ id: string }>(
      this.db,
      `UPDATE sign_in_codes SET used_at = $3
        WHERE vendor_id = $1 AND id = $2 AND used_at IS NULL AND expires_at > $3 AND failed_attempts < $4
        RETURNING id`,
      [vendorId, id, now, SIGN_IN_CODE_MAX_FAILURES],
    );
    return rows.length === 1;
  }

  async fail(vendorId: string, id: string): Promise<void> {
    await sqlRows(this.db, `UPDATE sign_in_codes SET failed_attempts = failed_attempts + 1 WHERE vendor_id = $1 AND id = $2`, [vendorId, id]);
  }
}

/** Six digits from the CSPRNG (leading zeros kept), and a 256-bit link secret. */
export class RandomSignInCodeSecrets implements SignInCodeSecrets {
  code(): string {
    return String(randomInt(0, 1_000_000)).padStart(6, '0');
  }

  linkSecret(): string {
    return randomBytes(32).toString('base64url');
  }
}

/** The sign-in code's e-mail through the mail port (the embedded mailer keeps it in `mail_messages`), branded, in the reader's language. */
export class MailerSignInCodeMail implements SignInCodeMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly audience: MailAudience,
  ) {}

  async send(mail: { vendorId: string; email: string; code: string; link: string; purpose: SignInCodePurpose; language: string | null }): Promise<void> {
    const context = await accountMailContext(this.audience, { vendorId: mail.vendorId, email: mail.email, language: mail.language });
    if (!context) return;
    const rendered = signInCodeMail(context, mail.code, mail.link, mail.purpose);
    await this.mailer.queue({ vendorId: mail.vendorId, to: mail.email, subject: rendered.subject, body: rendered.text, html: rendered.html });
  }
}
