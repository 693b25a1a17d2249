import { Mailer } from '@kiosk/domain/billing';
import { AccountMail, AccountMailRecipient } from '@kiosk/domain/identity';
import {
  AccountMailContext,
  accountExistsMail,
  failedSignInsMail,
  MailAudience,
  mailLanguage,
  passwordResetMail,
  RenderedMail,
  signUpConfirmationMail,
} from '@kiosk/domain/mail';

/**
 * Who an account mail speaks to: the vendor's brand, and the language of the
 * reader (stored), else the page's, else the vendor's default, else English.
 * Null when the vendor is unknown.
 */
export async function accountMailContext(audience: MailAudience, to: AccountMailRecipient): Promise<AccountMailContext | null> {
  const vendor = await audience.vendor(to.vendorId);
  if (!vendor) return null;
  const lang = mailLanguage(await audience.storedLanguage(to.vendorId, to.email), to.language, vendor.defaultLanguage);
  return { lang, brand: vendor.brand };
}

/** Account e-mails through the mail port, branded and in the reader's language (the embedded adapter keeps them for `/dev/mail`). */
export class MailerAccountMail implements AccountMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly audience: MailAudience,
  ) {}

  sendPasswordReset(to: AccountMailRecipient, resetUrl: string): Promise<void> {
    return this.send(to, (c) => passwordResetMail(c, resetUrl));
  }

  sendSignUpConfirmation(to: AccountMailRecipient, confirmUrl: string): Promise<void> {
    return this.send(to, (c) => signUpConfirmationMail(c, confirmUrl));
  }

  sendAccountExists(to: AccountMailRecipient, resetUrl: string): Promise<void> {
    return this.send(to, (c) => accountExistsMail(c, resetUrl));
  }

  /** Its failed sign-ins reached a limit (not part of the domain's port: the rate limits are the service's). */
  sendFailedSignIns(to: AccountMailRecipient): Promise<void> {
    return this.send(to, failedSignInsMail);
  }

  private async send(to: AccountMailRecipient, render: (c: AccountMailContext) => RenderedMail): Promise<void> {
    const context = await accountMailContext(this.audience, to);
    if (!context) return;
    const mail = render(context);
    await this.mailer.queue({ vendorId: to.vendorId, to: to.email, subject: mail.subject, body: mail.text, html: mail.html });
  }
}
