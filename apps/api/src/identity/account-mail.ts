import { Mailer } from '@kiosk/domain/billing';
import { AccountMail } from '@kiosk/domain/identity';

/** Account e-mails through the mail port (the embedded adapter keeps them for `kiosk mail:list`). */
export class MailerAccountMail implements AccountMail {
  constructor(private readonly mailer: Mailer) {}

  async sendPasswordReset(to: { vendorId: string; email: string }, resetUrl: string): Promise<void> {
    await this.mailer.queue({
      vendorId: to.vendorId,
      to: to.email,
      subject: 'Reset your password',
      body: `Someone asked to reset the password of this account. If it was you, open this link within an hour:\n\n${resetUrl}\n\nIf it was not you, ignore this message; nothing changes.`,
    });
  }
}
