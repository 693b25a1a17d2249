import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('tallies')
export class TallyRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'owner_kind' }) ownerKind!: string;
  @PrimaryColumn('text', { name: 'owner_id' }) ownerId!: string;
  @PrimaryColumn('text', { name: 'tally_id' }) tallyId!: string;
  @Column('jsonb') items!: { value: string; seq: number }[];
  @Column('bigint', { name: 'last_seq' }) lastSeq!: string;
  @Column('jsonb') policies!: Record<string, unknown>;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt!: Date | null;
}

export const TALLY_ROWS = [TallyRow];
