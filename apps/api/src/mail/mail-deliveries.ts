import { Clock } from '@kiosk/domain';
import { MailTransport } from '@kiosk/domain/mail';
import { Logger } from 'pino';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { WorkerStep } from '../platform/outbox/worker';
import { processNow } from '../platform/vendor-time';
import { EmbeddedMailer } from './embedded-mailer';

/** How long a claimed delivery stays with its worker: longer than the SMTP timeouts of one attempt together. */
export const MAIL_DELIVERY_LEASE_MS = 120_000;
/** Attempts before a delivery is given up (`failed`). */
export const MAIL_MAX_ATTEMPTS = 8;
const BATCH = 20;

/** The wait after failed attempt `n`: 1, 2, 4 ... minutes, at most an hour (8 attempts span about two hours). */
export const mailRetryDelayMs = (attempts: number): number => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 3_600_000);

/** Where a delivery's sender comes from: the configured address, with the vendor's name to show. */
export interface MailSender {
  address: string;
  /** The display name of a vendor's mails (its name); null: the configured name, if any. */
  nameOf(vendorId: string): Promise<string | null>;
  /** The display name of MAIL_FROM (`Name <address>`), used when the vendor has none. */
  defaultName: string | null;
}

interface Claimed {
  vendor_id: string;
  mail_id: string;
  attempts: number;
}

/**
 * The workers' delivery of stored mails through the transport: each due
 * `mail_deliveries` row is claimed with `UPDATE ... FOR UPDATE SKIP LOCKED`
 * (a lease, so two workers never send one mail), sent, and recorded: `sent`
 * with its time, or back to `queued` with the error and the next attempt,
 * `failed` after MAIL_MAX_ATTEMPTS. Times are process time (vendor test
 * clocks do not delay real mail).
 */
export class MailDeliveries implements WorkerStep {
  readonly name = 'mail-deliveries';

  constructor(
    private readonly db: DataSource,
    private readonly mailer: EmbeddedMailer,
    private readonly transport: MailTransport,
    private readonly sender: MailSender,
    private readonly clock: Clock,
    private readonly logger: Logger,
  ) {}

  runOnce(): Promise<number> {
    return this.deliverOnce();
  }

  /** Claims the due deliveries and attempts each; answers how many it attempted. */
  async deliverOnce(): Promise<number> {
    const now = processNow(this.clock);
    const claimed = await sqlRows<Claimed>(
      this.db,
      `WITH due AS (
         SELECT vendor_id, mail_id FROM mail_deliveries
          WHERE status = 'queued' AND next_attempt_at <= $2 AND (locked_until IS NULL OR locked_until < $2)
          ORDER BY next_attempt_at, mail_id
          LIMIT ${BATCH}
          FOR UPDATE SKIP LOCKED)
       UPDATE mail_deliveries d SET locked_until = $1, attempts = d.attempts + 1
         FROM due WHERE d.vendor_id = due.vendor_id AND d.mail_id = due.mail_id
       RETURNING d.vendor_id, d.mail_id, d.attempts`,
      [new Date(now.getTime() + MAIL_DELIVERY_LEASE_MS), now],
    );
    for (const delivery of claimed) await this.attempt(delivery);
    return claimed.length;
  }

  private async attempt(delivery: Claimed): Promise<void> {
    let error: string | null = null;
    try {
      const mail = await this.mailer.find(delivery.vendor_id, delivery.mail_id);
      if (!mail) throw new Error('the mail is gone');
      const name = (await this.sender.nameOf(delivery.vendor_id)) ?? this.sender.defaultName;
      const domain = this.sender.address.split('@')[1] ?? 'kiosk.invalid';
      await this.transport.send({
        from: { name, address: this.sender.address },
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        ...(mail.html ? { html: mail.html } : {}),
        attachments: mail.attachments.map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.base64, 'base64') })),
        messageId: `<${mail.id}.${mail.vendorId}@${domain}>`,
      });
    } catch (e) {
      error = (e instanceof Error ? e.message : String(e)).slice(0, 500);
    }
    try {
      await this.finish(delivery, error);
    } catch (e) {
      this.logger.warn({ err: e, vendorId: delivery.vendor_id, mailId: delivery.mail_id }, 'could not record a mail delivery; its lease will lapse');
    }
  }

  private async finish(delivery: Claimed, error: string | null): Promise<void> {
    const now = processNow(this.clock);
    // Only the holder of the current claim records it (a lapsed lease was taken over by another worker).
    const owned = `vendor_id = $1 AND mail_id = $2 AND status = 'queued' AND attempts = $3`;
    const key = [delivery.vendor_id, delivery.mail_id, delivery.attempts];
    if (error === null) {
      await sqlRows(this.db, `UPDATE mail_deliveries SET status = 'sent', sent_at = $4, last_error = NULL, next_attempt_at = NULL, locked_until = NULL WHERE ${owned}`, [...key, now]);
      return;
    }
    const giveUp = delivery.attempts >= MAIL_MAX_ATTEMPTS;
    this.logger.warn({ vendorId: delivery.vendor_id, mailId: delivery.mail_id, attempts: delivery.attempts, error, giveUp }, 'mail delivery failed');
    await sqlRows(
      this.db,
      `UPDATE mail_deliveries SET status = $4, last_error = $5, next_attempt_at = $6, locked_until = NULL WHERE ${owned}`,
      [...key, giveUp ? 'failed' : 'queued', error, giveUp ? null : new Date(now.getTime() + mailRetryDelayMs(delivery.attempts))],
    );
  }
}
