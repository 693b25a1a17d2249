import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('diagnostics')
export class DiagnosticsRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'sender_kind' }) senderKind!: string;
  @Column('text', { name: 'sender_id' }) senderId!: string;
  @Column('text', { name: 'client_id', nullable: true }) clientId!: string | null;
  @Column('jsonb') record!: Record<string, unknown>;
  @Column('timestamptz', { name: 'received_at' }) receivedAt!: Date;
}

export const DIAGNOSTICS_ROWS = [DiagnosticsRow];
