import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A mail the service queued: the stored mailbox (what `/dev/mail` and `kiosk mail:list` read). */
@Entity('mail_messages')
export class MailMessageRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'to_address' }) to!: string;
  @Column('text') subject!: string;
  /** The plain-text part. */
  @Column('text') body!: string;
  /** The HTML part, when the mail has one. */
  @Column('text', { nullable: true }) html!: string | null;
  /** Attached files: `{filename, contentType, base64}`, or `{filename, contentType, invoicePdf: {billId, kind}}` rendered on delivery. */
  @Column('jsonb', { default: () => "'[]'" }) attachments!: { filename: string; contentType: string; base64?: string; invoicePdf?: { billId: string; kind: string } }[];
  /** What makes queuing idempotent (unique per vendor when set). */
  @Column('text', { name: 'dedupe_key', nullable: true }) dedupeKey!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

/** The delivery of one stored mail through the transport (only while MAIL_URL is set). */
@Entity('mail_deliveries')
export class MailDeliveryRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'mail_id' }) mailId!: string;
  /** queued (waiting or retrying), sent, failed (given up). */
  @Column('text') status!: 'queued' | 'sent' | 'failed';
  @Column('integer') attempts!: number;
  @Column('text', { name: 'last_error', nullable: true }) lastError!: string | null;
  @Column('timestamptz', { name: 'next_attempt_at', nullable: true }) nextAttemptAt!: Date | null;
  @Column('timestamptz', { name: 'locked_until', nullable: true }) lockedUntil!: Date | null;
  @Column('timestamptz', { name: 'sent_at', nullable: true }) sentAt!: Date | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

export const MAIL_ROWS = [MailMessageRow, MailDeliveryRow];
