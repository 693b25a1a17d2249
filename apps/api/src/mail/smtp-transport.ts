import { MailTransport, TransportMessage } from '@kiosk/domain/mail';
import { createTransport } from 'nodemailer';

/** How long one delivery may wait on the mail server; the delivery lease (mail-deliveries.ts) is longer than all of them together. */
export const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 20_000 };

/**
 * The SMTP adapter of the transport port (nodemailer): `smtp://` (STARTTLS
 * when the server offers it) or `smtps://` (TLS from the start), with the
 * user and password of the URL. One connection per message, so a server
 * restart or a changed DNS record is picked up by the next delivery.
 */
export class SmtpTransport implements MailTransport {
  private readonly transporter: ReturnType<typeof createTransport>;

  constructor(url: string) {
    this.transporter = createTransport({ url, ...SMTP_TIMEOUTS });
  }

  async send(message: TransportMessage): Promise<void> {
    await this.transporter.sendMail({
      from: message.from.name ? { name: message.from.name, address: message.from.address } : message.from.address,
      to: message.to,
      subject: message.subject,
      text: message.text,
      ...(message.html ? { html: message.html } : {}),
      ...(message.messageId ? { messageId: message.messageId } : {}),
      attachments: (message.attachments ?? []).map((a) => ({ filename: a.filename, contentType: a.contentType, content: Buffer.from(a.content) })),
    });
  }

  close(): void {
    this.transporter.close();
  }
}
