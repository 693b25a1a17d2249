import type { Clock } from '../shared';
import type { ContractRepository } from '../contracts/ports';
import type { MailBrand } from './branded-mail';
import { mailLanguage } from './mail-language';
import type { Mailer } from './ports';
import { cancellationMail, paymentFailedMail, ReaderMailContext, renewalReminderMail } from './reader-mails';
import type { RenderedMail } from './branded-mail';

/** How long before a yearly renewal the reader is reminded. */
export const RENEWAL_REMINDER_DAYS = 7;
const DAY_MS = 24 * 60 * 60 * 1000;

/** What the reader mails need to know from other modules. */
export interface ReaderMailFacts {
  /** The reader's address and stored language; null when the vendor has no such user. */
  recipient(vendorId: string, userId: string): Promise<{ email: string; locale: string | null } | null>;
  /** The vendor's brand, its default language (if it has one) and where a reader manages the subscription. */
  vendor(vendorId: string): Promise<{ brand: MailBrand; defaultLanguage: string | null; accountUrl: string } | null>;
}

/** The key of a contract's renewal reminder for the period ending at `renewsAt`: one reminder per period. */
export const renewalReminderKey = (contractId: string, renewsAt: Date) => `renewal-reminder:${contractId}:${renewsAt.toISOString()}`;

/**
 * The mails a reader gets about a subscription (renewal reminder, payment
 * failed, cancellation confirmed), each in the reader's language with the
 * vendor's brand, queued through the Mailer with a key, so handling an
 * event twice or running a reminder twice sends one mail.
 */
export class SendReaderMails {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'find'>,
    private readonly facts: ReaderMailFacts,
    private readonly mailer: Mailer,
    private readonly clock: Clock,
  ) {}

  /** A yearly contract renewing within RENEWAL_REMINDER_DAYS: the reminder of that period (false: none due, or not yearly). */
  async renewalReminder(command: { vendorId: string; contractId: string }): Promise<boolean> {
    const contract = await this.contracts.find(command.vendorId, command.contractId);
    if (!contract) return false;
    const s = contract.toSnapshot();
    const renewsAt = contract.nextBillAt;
    const now = this.clock.now();
    if (s.status !== 'ACTIVE' || s.recurrence?.interval !== 'YEAR' || s.willCancelAt || !renewsAt) return false;
    if (renewsAt <= now || renewsAt.getTime() - now.getTime() > RENEWAL_REMINDER_DAYS * DAY_MS) return false;
    const amount = contract.nextPrice ?? contract.price;
    return this.send(s.vendorId, s.payer?.id ?? s.userId, s.name, renewalReminderKey(s.id, renewsAt), (c) => renewalReminderMail(c, renewsAt, amount));
  }

  /** `contract.overdue`: the bill due at `dueAt` did not come in; the mail links to where the reader fixes it. */
  async paymentFailed(command: { vendorId: string; contractId: string; eventId: string; dueAt: Date | null }): Promise<boolean> {
    const contract = await this.contracts.find(command.vendorId, command.contractId);
    if (!contract) return false;
    const s = contract.toSnapshot();
    const dueAt = command.dueAt ?? s.overdueSince ?? this.clock.now();
    return this.send(s.vendorId, s.payer?.id ?? s.userId, s.name, `payment-failed:${command.eventId}`, (c) => paymentFailedMail(c, dueAt));
  }

  /**
   * `contract.cancel_requested` (access until `willCancelAt`) and
   * `contract.canceled` of a contract that ends at once (no date set ahead:
   * its confirmation was sent with the request).
   */
  async cancellationConfirmed(command: { vendorId: string; contractId: string; eventId: string; requested: boolean; from?: string }): Promise<boolean> {
    // A contract canceled before it started (PENDING) gave no access: nothing to confirm to the reader.
    if (command.from === 'PENDING') return false;
    const contract = await this.contracts.find(command.vendorId, command.contractId);
    if (!contract) return false;
    const s = contract.toSnapshot();
    const endsAt = command.requested ? s.willCancelAt : s.willCancelAt ? null : s.canceledAt;
    if (!endsAt) return false;
    const now = this.clock.now();
    return this.send(s.vendorId, s.payer?.id ?? s.userId, s.name, `canceled:${command.eventId}`, (c) => cancellationMail(c, endsAt, now));
  }

  private async send(vendorId: string, userId: string, product: string, key: string, render: (c: ReaderMailContext) => RenderedMail): Promise<boolean> {
    const [reader, vendor] = await Promise.all([this.facts.recipient(vendorId, userId), this.facts.vendor(vendorId)]);
    if (!reader || !vendor) return false;
    const lang = mailLanguage(reader.locale, vendor.defaultLanguage);
    const mail = render({ lang, brand: vendor.brand, product, accountUrl: vendor.accountUrl });
    await this.mailer.queue({ vendorId, to: reader.email, subject: mail.subject, body: mail.text, html: mail.html, key });
    return true;
  }
}

/** The vendor's mail brand and default language (for mails to someone who is not, or not yet, a reader). */
export type MailBrands = Pick<ReaderMailFacts, 'vendor'>;

/** The brand of a vendor's mails and the stored language of the reader with an address (null: no such reader, or none stored). */
export interface MailAudience extends MailBrands {
  storedLanguage(vendorId: string, email: string): Promise<string | null>;
}
