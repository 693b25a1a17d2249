import { Column, Entity, PrimaryColumn } from 'typeorm';

/** A request made with an `Idempotency-Key`, and once finished, its answer. */
@Entity('idempotency_keys')
export class IdempotencyKeyRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') scope!: string;
  @PrimaryColumn('text') key!: string;
  @Column('text', { name: 'request_hash' }) requestHash!: string;
  @Column('integer', { nullable: true }) status!: number | null;
  @Column('jsonb', { nullable: true }) headers!: Record<string, string> | null;
  @Column('text', { nullable: true }) body!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  /** Until when the unfinished attempt holds the key; after that a retry takes it over. */
  @Column('timestamptz', { name: 'locked_until', nullable: true }) lockedUntil!: Date | null;
  /** The attempt holding the key, so only it can finish or release its claim. */
  @Column('text', { nullable: true }) attempt!: string | null;
  /** When the attempt's first write committed (set in that write's transaction): the key is never freed after it. */
  @Column('timestamptz', { name: 'written_at', nullable: true }) writtenAt!: Date | null;
}
