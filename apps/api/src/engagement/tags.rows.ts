import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('engagement_tags')
export class TagRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'user_id' }) userId!: string;
  @PrimaryColumn('text') tag!: string;
  /** Insertion order (an identity column the database fills; rows are inserted with SQL, never through this class). */
  @Column('bigint') seq!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}
