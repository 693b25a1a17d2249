import { MailAudience, ReaderMailFacts, SendReaderMails } from '@kiosk/domain/mail';
import { ServiceIdentifier } from 'inversify';
import { CATALOG } from '../catalog/catalog.module';
import { CONTRACTS } from '../contracts/contracts.module';
import { ENGAGEMENT } from '../engagement/engagement.module';
import { IDENTITY } from '../identity/identity.module';
import { boundAbove, defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { VendorTimeScope } from '../platform/vendor-time';
import { DevMailboxController } from './dev-mailbox.controller';
import { EmbeddedMailer, InvoicePdfSource } from './embedded-mailer';
import { MailDeliveries } from './mail-deliveries';
import { MailEraser } from './mail.eraser';
import { CancellationMailOn, PaymentFailedMailOnOverdue } from './mail.handlers';
import { RenewalReminders } from './renewal-reminders';
import { SmtpTransport } from './smtp-transport';

export { EmbeddedMailer } from './embedded-mailer';
export type { InvoicePdfSource, MailboxEntry, StoredAttachment, StoredMail } from './embedded-mailer';

/** A vendor's brand colour and default reader language, which checkout's vendor settings hold (checkout sits above mail). */
export interface VendorMailLook {
  of(vendorId: string): Promise<{ color: string; defaultLanguage: string | null }>;
}

export const MAIL = {
  /** Port, bound by checkout (its vendor settings): the colour and default language the mails wear. */
  VendorLook: Symbol.for('mail.VendorMailLook') as ServiceIdentifier<VendorMailLook>,
  /** Renders an invoice PDF attachment on delivery; the billing module binds it (optional: without it such attachments are left out). */
  InvoicePdfSource: Symbol.for('mail.InvoicePdfSource') as ServiceIdentifier<InvoicePdfSource>,
  /** Where the reader mails find the reader, the vendor's brand and language. */
  ReaderFacts: Symbol.for('mail.ReaderMailFacts') as ServiceIdentifier<ReaderMailFacts>,
  /** The brand and languages of the mails identity and checkout send (sign-up, reset, sign-in code, gift). */
  Audience: Symbol.for('mail.MailAudience') as ServiceIdentifier<MailAudience>,
};

/**
 * The mail module (DESIGN.md 2): the messages the service sends, the
 * Mailer port's adapter (the stored mailbox, in the caller's transaction),
 * the SMTP transport the workers send through when MAIL_URL is set, the
 * delivery records, the reader mails on contract events, and `/dev/mail`
 * outside production.
 */
export const mailModule = defineModule({
  name: 'mail',
  requires: ['catalog', 'identity', 'engagement', 'contracts'],
  register: ({ bind }) => {
    const db = TOKENS.DataSource;
    bind(EmbeddedMailer)
      .toDynamicValue(
        (c) =>
          new EmbeddedMailer(c.get(db), c.get(TOKENS.Ids), c.get(TOKENS.Clock), () => c.get(MAIL.InvoicePdfSource, { optional: true }) ?? null, {
            deliver: c.get(TOKENS.Config).mail.url !== null,
          }),
      )
      .inSingletonScope();
    bind(TOKENS.PersonalDataEraser).toDynamicValue((c) => new MailEraser(c.get(db)));

    // Delivery: only with a transport; without one the mails stay in the stored mailbox.
    bind(TOKENS.WorkerStep).toDynamicValue((c) => {
      const config = c.get(TOKENS.Config).mail;
      if (config.url === null) return { name: 'mail-deliveries', runOnce: async () => 0 };
      const vendors = c.get(CATALOG.Vendors);
      return new MailDeliveries(
        c.get(db),
        c.get(EmbeddedMailer),
        new SmtpTransport(config.url),
        { address: config.fromAddress, defaultName: config.fromName, nameOf: async (vendorId) => (await vendors.find(vendorId))?.name ?? null },
        c.get(TOKENS.Clock),
        c.get(TOKENS.Logger),
      );
    });

    // The reader mails: renewal reminder, payment failed, cancellation confirmed.
    bind(MAIL.ReaderFacts).toDynamicValue((c): ReaderMailFacts => {
      const config = c.get(TOKENS.Config);
      const looks = boundAbove(c, MAIL.VendorLook);
      return {
        recipient: async (vendorId, userId) => {
          const user = await c.get(IDENTITY.Users).find(vendorId, userId);
          if (!user) return null;
          const profile = await c.get(ENGAGEMENT.Profiles).find(vendorId, userId);
          return { email: user.email, locale: profile?.locale ?? null };
        },
        vendor: async (vendorId) => {
          const vendor = await c.get(CATALOG.Vendors).find(vendorId);
          if (!vendor) return null;
          const settings = await looks.of(vendorId);
          const siteUrl = vendor.domains[0] ? `https://${vendor.domains[0]}` : null;
          // The vendor's default reader language is a checkout setting; no setting names an account page yet: the vendor's site.
          return { brand: { vendorName: vendor.name, color: settings.color, siteUrl }, defaultLanguage: settings.defaultLanguage, accountUrl: siteUrl ?? config.baseUrl };
        },
      };
    });
    bind(MAIL.Audience).toDynamicValue(
      (c): MailAudience => ({
        vendor: (vendorId) => c.get(MAIL.ReaderFacts).vendor(vendorId),
        storedLanguage: async (vendorId, email) => {
          const user = await c.get(IDENTITY.Users).findByEmail(vendorId, email);
          return user ? ((await c.get(ENGAGEMENT.Profiles).find(vendorId, user.id))?.locale ?? null) : null;
        },
      }),
    );
    // Identity's ports: its account, sign-in code and invitation mails go through this mailer, with this brand.
    bind(IDENTITY.Mailer).toDynamicValue((c) => c.get(EmbeddedMailer));
    bind(IDENTITY.MailAudience).toDynamicValue((c) => c.get(MAIL.Audience));
    bind(SendReaderMails).toDynamicValue((c) => new SendReaderMails(c.get(CONTRACTS.Contracts), c.get(MAIL.ReaderFacts), c.get(EmbeddedMailer), c.get(TOKENS.Clock)));
    bind(TOKENS.EventHandler).toDynamicValue((c) => new PaymentFailedMailOnOverdue(c.get(SendReaderMails)));
    bind(TOKENS.EventHandler).toDynamicValue((c) => new CancellationMailOn('contract.cancel_requested', c.get(SendReaderMails)));
    bind(TOKENS.EventHandler).toDynamicValue((c) => new CancellationMailOn('contract.canceled', c.get(SendReaderMails)));
    bind(RenewalReminders)
      .toDynamicValue((c) => new RenewalReminders(c.get(db), c.get(SendReaderMails), c.get(TOKENS.Clock), c.get(TOKENS.Logger), c.get(VendorTimeScope)))
      .inSingletonScope();
    bind(TOKENS.PeriodicTask).toDynamicValue((c) => c.get(RenewalReminders));
    bind(TOKENS.VendorTimedWork).toDynamicValue((c) => c.get(RenewalReminders));

    // The development mailbox page: never in production.
    bind(TOKENS.Controller).toDynamicValue((c) =>
      c.get(TOKENS.Config).env === 'production' ? { routes: () => [] } : new DevMailboxController(c.get(EmbeddedMailer)),
    );
  },
});
