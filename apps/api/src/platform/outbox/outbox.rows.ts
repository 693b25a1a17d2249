import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('outbox')
export class OutboxRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('uuid') id!: string;
  @Column('text') type!: string;
  @Column('text', { name: 'aggregate_id' }) aggregateId!: string;
  @Column('jsonb') payload!: Record<string, unknown>;
  @Column('timestamptz', { name: 'occurred_at' }) occurredAt!: Date;
  @Column('timestamptz', { name: 'available_at' }) availableAt!: Date;
  @Column('integer') attempts!: number;
  @Column('timestamptz', { name: 'locked_until', nullable: true }) lockedUntil!: Date | null;
  @Column('timestamptz', { name: 'processed_at', nullable: true }) processedAt!: Date | null;
  @Column('text', { name: 'last_error', nullable: true }) lastError!: string | null;
}

@Entity('scheduled_tasks')
export class ScheduledTaskRow {
  @PrimaryColumn('text') name!: string;
  @Column('timestamptz', { name: 'next_run_at' }) nextRunAt!: Date;
  @Column('timestamptz', { name: 'last_run_at', nullable: true }) lastRunAt!: Date | null;
}
