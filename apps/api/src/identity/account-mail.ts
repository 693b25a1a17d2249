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

  async sendSignUpConfirmation(to: { vendorId: string; email: string }, confirmUrl: string): Promise<void> {
    await this.mailer.queue({
      vendorId: to.vendorId,
      to: to.email,
      subject: 'Finish creating your account',
      body: `Someone asked for an account with this address. If it was you, open this link within a day to finish:\n\n${confirmUrl}\n\nIf it was not you, ignore this message; no account is made.`,
    });
  }

  async sendAccountExists(to: { vendorId: string; email: string }, resetUrl: string): Promise<void> {
    await this.mailer.queue({
      vendorId: to.vendorId,
      to: to.email,
      subject: 'You already have an account',
      body: `Someone asked for a new account with this address, but it already has one. Sign in with your password, or, if you forgot it, choose a new one within an hour:\n\n${resetUrl}\n\nIf it was not you, ignore this message; nothing changes.`,
    });
  }
}
