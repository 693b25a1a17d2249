import { Column, Entity, PrimaryColumn } from 'typeorm';
import { UserMetadataRow } from './user-metadata.rows';
import { TagRow } from './tags.rows';
import { DeliveryRequestRow, FulfillmentRow } from './fulfillments.rows';

@Entity('engagement_profiles')
export class ProfileRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'user_id' }) userId!: string;
  @Column('text', { nullable: true }) nickname!: string | null;
  @Column('text', { nullable: true }) locale!: string | null;
  @Column('text', { nullable: true }) picture!: string | null;
  @Column('text', { name: 'mobile_phone', nullable: true }) mobilePhone!: string | null;
  @Column('text', { name: 'work_phone', nullable: true }) workPhone!: string | null;
  @Column('text', { name: 'home_phone', nullable: true }) homePhone!: string | null;
  @Column('jsonb', { name: 'billing_address', nullable: true }) billingAddress!: Record<string, string | null> | null;
  @Column('jsonb', { name: 'delivery_address', nullable: true }) deliveryAddress!: Record<string, string | null> | null;
  @Column('jsonb', { name: 'company_info', nullable: true }) companyInfo!: Record<string, string | null> | null;
  @Column('boolean', { name: 'streaming_linked' }) streamingLinked!: boolean;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

/** The row classes of the reader's profile, metadata, tags and fulfillments, for the data source. */
export const PROFILE_ROWS = [ProfileRow, UserMetadataRow, TagRow, FulfillmentRow, DeliveryRequestRow];
