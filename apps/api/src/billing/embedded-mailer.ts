import { Clock, IdGenerator } from '@kiosk/domain';
import { Mailer, OutgoingMail } from '@kiosk/domain/billing';
import { DataSource } from 'typeorm';
import { managerOf } from '../platform/database/transaction';
import { MailMessageRow } from './billing.rows';

export interface StoredMail {
  id: string;
  vendorId: string;
  to: string;
  subject: string;
  body: string;
  createdAt: Date;
}

/**
 * The embedded mail adapter: nothing leaves the machine; every queued mail
 * is kept in `mail_messages`, in the caller's transaction (a rolled-back
 * step sends nothing), for a developer to read with `kiosk mail:list`.
 */
export class EmbeddedMailer implements Mailer {
  constructor(
    private readonly db: DataSource,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async queue(mail: OutgoingMail): Promise<void> {
    await managerOf(this.db).getRepository(MailMessageRow).insert({
      id: this.ids.next(),
      vendorId: mail.vendorId,
      to: mail.to,
      subject: mail.subject,
      body: mail.body,
      createdAt: this.clock.now(),
    });
  }

  /** Mails of a vendor, oldest first, optionally to one address. */
  async list(vendorId: string, to?: string): Promise<StoredMail[]> {
    const rows = await managerOf(this.db)
      .getRepository(MailMessageRow)
      .find({ where: to === undefined ? { vendorId } : { vendorId, to }, order: { createdAt: 'ASC', id: 'ASC' } });
    return rows.map((r) => ({ ...r }));
  }
}
