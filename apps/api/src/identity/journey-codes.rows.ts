import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A one-time handoff code of a paid checkout (only its hash). See migration 1765100000000. */
@Entity('handoff_codes')
export class HandoffCodeRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'code_hash' }) codeHash!: string;
  @Column('text', { name: 'client_id' }) clientId!: string;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column('text', { name: 'checkout_id', nullable: true }) checkoutId!: string | null;
  @Column('text', { name: 'visitor_id', nullable: true }) visitorId!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @Column('timestamptz', { name: 'used_at', nullable: true }) usedAt!: Date | null;
}

/** A mailed sign-in code (hashes of the code and of its link's secret). */
@Entity('sign_in_codes')
export class SignInCodeRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column('text', { name: 'code_hash' }) codeHash!: string;
  @Column('text', { name: 'link_hash' }) linkHash!: string;
  @Column('text') purpose!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'expires_at' }) expiresAt!: Date;
  @Column('integer', { name: 'failed_attempts' }) failedAttempts!: number;
  @Column('timestamptz', { name: 'used_at', nullable: true }) usedAt!: Date | null;
}

export const JOURNEY_CODE_ROWS = [HandoffCodeRow, SignInCodeRow];
