import { Mailer } from '@kiosk/domain/billing';
import { InvitationMail, StaffRole } from '@kiosk/domain/identity';

/** The invitation to a vendor's team, through the mail port (`mail_messages` on the embedded adapter). */
export class MailerInvitationMail implements InvitationMail {
  constructor(
    private readonly mailer: Mailer,
    private readonly vendorName: (vendorId: string) => Promise<string>,
  ) {}

  async sendInvitation(to: { vendorId: string; email: string }, invitation: { role: StaffRole; acceptUrl: string; expiresAt: Date }): Promise<void> {
    const vendor = await this.vendorName(to.vendorId);
    await this.mailer.queue({
      vendorId: to.vendorId,
      to: to.email,
      subject: `You are invited to ${vendor}'s team`,
      body:
        `You are invited to join ${vendor}'s team as ${invitation.role}. Open this link, sign in (or create an account) with this e-mail address, and you are in:\n\n` +
        `${invitation.acceptUrl}\n\nThe link works once, until ${invitation.expiresAt.toISOString()}. If you did not expect this, ignore this message.`,
    });
  }
}
