import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('entitlements')
export class EntitlementRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text', { name: 'user_id' }) userId!: string;
  @Column('text') sku!: string;
  @Column('text', { name: 'purchase_option_id', nullable: true }) purchaseOptionId!: string | null;
  @Column('text') type!: string;
  @Column('text') title!: string;
  @Column('text', { nullable: true }) cover!: string | null;
  @Column('text', { nullable: true }) url!: string | null;
  @Column('text', { name: 'presentation_url', nullable: true }) presentationUrl!: string | null;
  @Column('text', { name: 'publisher_content_id', nullable: true }) publisherContentId!: string | null;
  @Column('text', { name: 'origin_type' }) originType!: string;
  @Column('text', { name: 'origin_id' }) originId!: string;
  @Column('text', { name: 'origin_list_id', nullable: true }) originListId!: string | null;
  @Column('text', { name: 'origin_name', nullable: true }) originName!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
  @Column('timestamptz', { name: 'expires_at', nullable: true }) expiresAt!: Date | null;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}

@Entity('auto_onboard_rules')
export class AutoOnboardRuleRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') sku!: string;
  @PrimaryColumn('text', { name: 'granted_sku' }) grantedSku!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

export const ACCESS_ROWS = [EntitlementRow, AutoOnboardRuleRow];
