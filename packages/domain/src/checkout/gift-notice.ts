import { giftReceivedMail } from '../mail/account-mails';
import { mailLanguage } from '../mail/mail-language';
import type { Mailer } from '../mail/ports';
import type { MailBrands } from '../mail/reader-mail-use-cases';
import type { CheckoutRepository } from './ports';

/**
 * A completed gift: the recipient gets an e-mail with the redeem link (the
 * gift's page). The access is theirs already (the contract is made for
 * their e-mail); the page says how to use it.
 */
export class SendGiftNotice {
  constructor(
    private readonly checkouts: Pick<CheckoutRepository, 'find'>,
    private readonly mailer: Mailer,
    private readonly links: { giftUrl(vendorId: string, checkoutId: string): string },
    private readonly brands: MailBrands,
  ) {}

  async execute(command: { vendorId: string; checkoutId: string }): Promise<boolean> {
    const checkout = await this.checkouts.find(command.vendorId, command.checkoutId);
    if (!checkout) return false;
    const s = checkout.toSnapshot();
    if (s.status !== 'COMPLETED' || !s.details.giftMode || !s.details.email) return false;
    const vendor = await this.brands.vendor(s.vendorId);
    if (!vendor) return false;
    // The recipient has no language of their own here: the checkout's (the giver's page), else the vendor's default.
    const lang = mailLanguage(s.details.language, vendor.defaultLanguage);
    const mail = giftReceivedMail(
      { lang, brand: vendor.brand },
      { from: s.payer?.email ?? null, titles: s.items.map((i) => i.title).join(', '), email: s.details.email, redeemUrl: this.links.giftUrl(s.vendorId, s.id) },
    );
    await this.mailer.queue({ vendorId: s.vendorId, to: s.details.email, subject: mail.subject, body: mail.text, html: mail.html, key: `gift:${s.id}` });
    return true;
  }
}
