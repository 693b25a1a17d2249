import { randomBytes, randomInt } from 'node:crypto';
import { Mailer } from '@kiosk/domain/billing';
import { SIGN_IN_CODE_MAX_FAILURES, SignInCodeMail, SignInCodePurpose, SignInCodeSecrets, SignInCodeStore, StoredSignInCode } from '@kiosk/domain/identity';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';

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

const TEXT = {
  en: {
    subject: (code: string) => `Your sign-in code: ${code}`,
    body: (code: string, link: string, vendor: string, purpose: SignInCodePurpose) =>
      `${purpose === 'checkout' ? `To read what you bought at ${vendor} on this device, enter` : `To sign in to ${vendor}, enter`} this code:\n\n    ${code}\n\n` +
      `or open this link:\n\n${link}\n\nThe code and the link work once, within 15 minutes. If you did not ask for them, ignore this message; nothing changes.`,
  },
  sv: {
    subject: (code: string) => `Din inloggningskod: ${code}`,
    body: (code: string, link: string, vendor: string, purpose: SignInCodePurpose) =>
      `${purpose === 'checkout' ? `För att läsa det du köpte hos ${vendor} på den här enheten, ange` : `För att logga in hos ${vendor}, ange`} den här koden:\n\n    ${code}\n\n` +
      `eller öppna den här länken:\n\n${link}\n\nKoden och länken fungerar en gång, inom 15 minuter. Om du inte bad om dem kan du strunta i det här meddelandet; ingenting ändras.`,
  },
};

/** The sign-in code's e-mail through the mail port (the embedded mailer keeps it in `mail_messages`), in the reader's language. */
export class MailerSignInCodeMail implements SignInCodeMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly vendorName: (vendorId: string) => Promise<string>,
  ) {}

  async send(mail: { vendorId: string; email: string; code: string; link: string; purpose: SignInCodePurpose; language: string | null }): Promise<void> {
    const text = mail.language?.toLowerCase().startsWith('sv') ? TEXT.sv : TEXT.en;
    await this.mailer.queue({
      vendorId: mail.vendorId,
      to: mail.email,
      subject: text.subject(mail.code),
      body: text.body(mail.code, mail.link, await this.vendorName(mail.vendorId), mail.purpose),
    });
  }
}
