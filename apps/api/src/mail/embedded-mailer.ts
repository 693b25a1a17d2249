import { Clock, IdGenerator } from '@kiosk/domain';
import { InvoiceDocumentRepository, InvoiceKind, InvoicePdfRenderer } from '@kiosk/domain/billing';
import { Mailer, OutgoingMail } from '@kiosk/domain/mail';
import { DataSource } from 'typeorm';
import { heldWrite, sqlRows } from '../platform/database/sql';
import { inTransaction, managerOf } from '../platform/database/transaction';
import { processNow } from '../platform/vendor-time';
import { MailMessageRow } from './mail.rows';

export interface StoredMail {
  id: string;
  vendorId: string;
  to: string;
  subject: string;
  body: string;
  /** The HTML part; null for a text-only mail. */
  html: string | null;
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

/** A mail of the stored mailbox as `/dev/mail` lists it: newest first, with its delivery. */
export interface MailboxEntry {
  id: string;
  vendorId: string;
  to: string;
  subject: string;
  createdAt: Date;
  delivery: { status: string; attempts: number; lastError: string | null; sentAt: Date | null } | null;
}

/**
 * The stored mailbox: every queued mail is kept in `mail_messages`, in the
 * caller's transaction (a rolled-back step sends nothing), for a developer
 * to read (`/dev/mail`, `kiosk mail:list`). When a transport is configured
 * (`deliver`), each mail also gets its `mail_deliveries` record in the same
 * transaction, which the workers send (mail-deliveries.ts).
 */
export class EmbeddedMailer implements Mailer {
  constructor(
    private readonly db: DataSource,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    private readonly pdfs: InvoicePdfSource | null | (() => InvoicePdfSource | null) = null,
    private readonly options: { deliver: boolean } = { deliver: false },
  ) {}

  async queue(mail: OutgoingMail): Promise<void> {
    const attachments = (mail.attachments ?? []).map(
      (a): StoredAttachment => ({
        filename: a.filename,
        contentType: a.contentType,
        ...(a.content ? { base64: Buffer.from(a.content).toString('base64') } : {}),
        ...(a.invoicePdf ? { invoicePdf: { ...a.invoicePdf } } : {}),
      }),
    );
    const id = this.ids.next();
    const row = [mail.vendorId, id, mail.to, mail.subject, mail.body, mail.html ?? null, JSON.stringify(attachments), mail.key ?? null, this.clock.now()];
    const kept = `INSERT INTO mail_messages (vendor_id, id, to_address, subject, body, html, attachments, dedupe_key, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7::jsonb, $8, $9)
         ON CONFLICT (vendor_id, dedupe_key) WHERE dedupe_key IS NOT NULL DO NOTHING`;
    const delivery = {
      text: `INSERT INTO mail_deliveries (vendor_id, mail_id, status, attempts, next_attempt_at, created_at) VALUES ($1, $2, 'queued', 0, $3, $4)`,
      parameters: [mail.vendorId, id, processNow(this.clock), this.clock.now()],
    };
    // In a step that holds its writes (an invoice issued after its number was drawn), the mail goes with the step's
    // last statement: kept for the developer's mailbox alone, or with its delivery when it has no dedupe key (the
    // delivery then always belongs to a mail written in the same statement).
    if ((!this.options.deliver || !mail.key) && heldWrite(this.db, { text: kept, parameters: row })) {
      if (this.options.deliver && !heldWrite(this.db, delivery)) throw new Error('a mail was held without its delivery');
      return;
    }
    // The caller's transaction when there is one; else one of its own, so a mail never lacks its delivery.
    await inTransaction(this.db, async (m) => {
      const inserted = await sqlRows<{ id: string }>(
        m,
        `${kept}
         RETURNING id`,
        row,
      );
      if (inserted.length === 0 || !this.options.deliver) return;
      await sqlRows(m, delivery.text, [...delivery.parameters]);
    });
  }

  /**
   * Mails of a vendor, oldest first, optionally to one address (in any case),
   * as they are delivered: an invoice PDF is rendered from the stored document now.
   */
  async list(vendorId: string, to?: string): Promise<StoredMail[]> {
    const query = managerOf(this.db).getRepository(MailMessageRow).createQueryBuilder('m').where('m.vendorId = :vendorId', { vendorId });
    if (to !== undefined) query.andWhere('lower(m.to) = lower(:to)', { to });
    const rows = await query.orderBy('m.createdAt', 'ASC').addOrderBy('m.id', 'ASC').getMany();
    return Promise.all(rows.map((r) => this.delivered(r)));
  }

  /** One mail as delivered; null when the vendor has no such mail. */
  async find(vendorId: string, id: string): Promise<StoredMail | null> {
    const row = await managerOf(this.db).getRepository(MailMessageRow).findOne({ where: { vendorId, id } });
    return row ? this.delivered(row) : null;
  }

  /** The newest mails of every vendor (or one), optionally to one address (any case), with their delivery. */
  async mailbox(filter: { vendorId?: string; to?: string; limit: number }): Promise<MailboxEntry[]> {
    const rows = await sqlRows<{
      vendor_id: string;
      id: string;
      to_address: string;
      subject: string;
      created_at: Date;
      status: string | null;
      attempts: number | null;
      last_error: string | null;
      sent_at: Date | null;
    }>(
      managerOf(this.db),
      `SELECT m.vendor_id, m.id, m.to_address, m.subject, m.created_at, d.status, d.attempts, d.last_error, d.sent_at
         FROM mail_messages m LEFT JOIN mail_deliveries d ON d.vendor_id = m.vendor_id AND d.mail_id = m.id
        WHERE ($1::text IS NULL OR m.vendor_id = $1) AND ($2::text IS NULL OR lower(m.to_address) = lower($2))
        ORDER BY m.created_at DESC, m.id DESC
        LIMIT $3`,
      [filter.vendorId ?? null, filter.to ?? null, filter.limit],
    );
    return rows.map((r) => ({
      id: r.id,
      vendorId: r.vendor_id,
      to: r.to_address,
      subject: r.subject,
      createdAt: new Date(r.created_at),
      delivery: r.status ? { status: r.status, attempts: r.attempts ?? 0, lastError: r.last_error, sentAt: r.sent_at ? new Date(r.sent_at) : null } : null,
    }));
  }

  /** The delivery record of one mail; null when it has none (queued while no transport was set). */
  async deliveryOf(vendorId: string, id: string): Promise<MailboxEntry['delivery']> {
    const [row] = await sqlRows<{ status: string; attempts: number; last_error: string | null; sent_at: Date | null }>(
      managerOf(this.db),
      `SELECT status, attempts, last_error, sent_at FROM mail_deliveries WHERE vendor_id = $1 AND mail_id = $2`,
      [vendorId, id],
    );
    return row ? { status: row.status, attempts: row.attempts, lastError: row.last_error, sentAt: row.sent_at ? new Date(row.sent_at) : null } : null;
  }

  private async delivered(r: MailMessageRow): Promise<StoredMail> {
    const attachments = [];
    for (const a of (r.attachments ?? []) as StoredAttachment[]) {
      const base64 = a.base64 ?? (a.invoicePdf ? await this.renderPdf(r.vendorId, a.invoicePdf) : null);
      if (base64 !== null) attachments.push({ filename: a.filename, contentType: a.contentType, base64 });
    }
    return { id: r.id, vendorId: r.vendorId, to: r.to, subject: r.subject, body: r.body, html: r.html ?? null, attachments, createdAt: r.createdAt };
  }

  private async renderPdf(vendorId: string, ref: { billId: string; kind: InvoiceKind }): Promise<string | null> {
    const pdfs = typeof this.pdfs === 'function' ? this.pdfs() : this.pdfs;
    if (!pdfs) return null;
    const document = (await pdfs.invoices.listByBill(vendorId, ref.billId)).filter((d) => d.kind === ref.kind).pop();
    return document ? Buffer.from(await pdfs.renderer.render(document)).toString('base64') : null;
  }
}
