import { Clock, IdGenerator } from '@kiosk/domain';
import { InvoiceDocumentRepository, InvoiceKind, InvoicePdfRenderer, Mailer, OutgoingMail } from '@kiosk/domain/billing';
import { DataSource } from 'typeorm';
import { managerOf } from '../platform/database/transaction';
import { MailMessageRow } from './billing.rows';

export interface StoredMail {
  id: string;
  vendorId: string;
  to: string;
  subject: string;
  body: string;
  /** Attached files (the invoice PDF), content in base64. */
  attachments: { filename: string; contentType: string; base64: string }[];
  createdAt: Date;
}

/** An attachment as `mail_messages.attachments` keeps it: bytes, or the invoice whose PDF is rendered on delivery. */
export interface StoredAttachment {
  filename: string;
  contentType: string;
  base64?: string;
  invoicePdf?: { billId: string; kind: InvoiceKind };
}

/** What renders an invoice PDF attachment when a mail is read (delivered). */
export interface InvoicePdfSource {
  invoices: Pick<InvoiceDocumentRepository, 'listByBill'>;
  renderer: InvoicePdfRenderer;
}

/**
 * The embedded mail adapter: nothing leaves the machine; every queued mail
 * is kept in `mail_messages`, in the caller's transaction (a rolled-back
 * step sends nothing), for a developer to read with `kiosk mail:list`.
 */
export class EmbeddedMailer implements Mailer {
  constructor(
    private readonly db: DataSource,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly pdfs: InvoicePdfSource | null = null,
  ) {}

  async queue(mail: OutgoingMail): Promise<void> {
    await managerOf(this.db).getRepository(MailMessageRow).insert({
      id: this.ids.next(),
      vendorId: mail.vendorId,
      to: mail.to,
      subject: mail.subject,
      body: mail.body,
      attachments: (mail.attachments ?? []).map(
        (a): StoredAttachment => ({
          filename: a.filename,
          contentType: a.contentType,
          ...(a.content ? { base64: Buffer.from(a.content).toString('base64') } : {}),
          ...(a.invoicePdf ? { invoicePdf: { ...a.invoicePdf } } : {}),
        }),
      ),
      createdAt: this.clock.now(),
    });
  }

  /**
   * Mails of a vendor, oldest first, optionally to one address, as they are
   * delivered: an invoice PDF is rendered from the stored document now.
   */
  async list(vendorId: string, to?: string): Promise<StoredMail[]> {
    const rows = await managerOf(this.db)
      .getRepository(MailMessageRow)
      .find({ where: to === undefined ? { vendorId } : { vendorId, to }, order: { createdAt: 'ASC', id: 'ASC' } });
    const out: StoredMail[] = [];
    for (const r of rows) {
      const attachments = [];
      for (const a of (r.attachments ?? []) as StoredAttachment[]) {
        const base64 = a.base64 ?? (a.invoicePdf ? await this.renderPdf(vendorId, a.invoicePdf) : null);
        if (base64 !== null) attachments.push({ filename: a.filename, contentType: a.contentType, base64 });
      }
      out.push({ ...r, attachments });
    }
    return out;
  }

  private async renderPdf(vendorId: string, ref: { billId: string; kind: InvoiceKind }): Promise<string | null> {
    if (!this.pdfs) return null;
    const document = (await this.pdfs.invoices.listByBill(vendorId, ref.billId)).filter((d) => d.kind === ref.kind).pop();
    return document ? Buffer.from(await this.pdfs.renderer.render(document)).toString('base64') : null;
  }
}
