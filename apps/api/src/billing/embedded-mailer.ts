// The mailer is the mail module's (apps/api/src/mail); this file keeps older imports working.
export { EmbeddedMailer } from '../mail/mail.module';
export type { InvoicePdfSource, StoredAttachment, StoredMail } from '../mail/mail.module';
