import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('engagement_user_metadata')
export class UserMetadataRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'user_id' }) userId!: string;
  @PrimaryColumn('text') key!: string;
  @Column('text') value!: string;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}
