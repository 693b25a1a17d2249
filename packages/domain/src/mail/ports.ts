/**
 * An attachment to an e-mail: its bytes, or the invoice document whose PDF
 * the mail adapter renders when it delivers the mail (so the contract's
 * locked step does not wait for PDF layout).
 */
export interface MailAttachment {
  readonly filename: string;
  readonly contentType: string;
  readonly content?: Uint8Array;
  readonly invoicePdf?: { readonly billId: string; readonly kind: 'INVOICE' | 'CREDIT_NOTE' };
}

/** An e-mail to queue through the Mailer port. */
export interface OutgoingMail {
  readonly vendorId: string;
  readonly to: string;
  readonly subject: string;
  /** The plain-text part (every mail has one). */
  readonly body: string;
  /** The HTML part, when the mail has one (the branded reader mails). */
  readonly html?: string;
  readonly attachments?: readonly MailAttachment[];
  /**
   * Makes queuing idempotent: a second mail of the vendor with the same key
   * is not queued (an event handled twice, a reminder of a period).
   */
  readonly key?: string;
}

/**
 * Queues an e-mail for delivery, in the caller's transaction (a rolled-back
 * step sends nothing); the worker sends it through the transport, and the
 * stored mailbox keeps it where a developer can read it.
 */
export interface Mailer {
  queue(mail: OutgoingMail): Promise<void>;
}

/** One message as it leaves the service. */
export interface TransportMessage {
  /** The sender: the display name (the vendor's name) and the configured address. */
  readonly from: { readonly name: string | null; readonly address: string };
  readonly to: string;
  readonly subject: string;
  readonly text: string;
  readonly html?: string;
  readonly attachments?: readonly { readonly filename: string; readonly contentType: string; readonly content: Uint8Array }[];
  /** A stable Message-ID, so a retried delivery is recognisably the same mail. */
  readonly messageId?: string;
}

/** Hands a message to a mail server (SMTP); throws when the server did not take it. */
export interface MailTransport {
  send(message: TransportMessage): Promise<void>;
}
