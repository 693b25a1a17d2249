import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('capsule_settings')
export class CapsuleSettingsRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @Column('text') mode!: string;
  @Column('integer', { name: 'rotation_interval_minutes' }) rotationIntervalMinutes!: number;
  @Column('integer', { name: 'previous_grace_seconds' }) previousGraceSeconds!: number;
  @Column('integer', { name: 'secret_overlap_seconds' }) secretOverlapSeconds!: number;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'updated_at' }) updatedAt!: Date;
}

@Entity('capsule_publisher_keys')
export class CapsulePublisherKeyRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') kid!: string;
  @Column('jsonb', { name: 'public_jwk' }) publicJwk!: Record<string, unknown>;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

@Entity('capsule_publisher_domains')
export class CapsulePublisherDomainRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') domain!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

/** The current secret has `replaced_at` null; a replaced one is honoured until `valid_until`. */
@Entity('capsule_rotation_secrets')
export class CapsuleRotationSecretRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('integer') version!: number;
  @Column('text', { name: 'secret_sealed' }) secretSealed!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'replaced_at', nullable: true }) replacedAt!: Date | null;
  @Column('timestamptz', { name: 'valid_until', nullable: true }) validUntil!: Date | null;
}

@Entity('capsule_issuer_keys')
export class CapsuleIssuerKeyRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') kid!: string;
  @Column('text') algorithm!: string;
  /** A sealed private JWK. */
  @Column('text', { name: 'private_key_sealed' }) privateKeySealed!: string;
  @Column('jsonb', { name: 'public_jwk' }) publicJwk!: Record<string, unknown>;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  /** Set when publishers were told to stop wrapping for it; the key keeps unlocking pages that name it. */
  @Column('timestamptz', { name: 'retired_at', nullable: true }) retiredAt!: Date | null;
}

@Entity('capsule_service_keys')
export class CapsuleServiceKeyRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') kid!: string;
  @Column('jsonb', { name: 'public_jwk' }) publicJwk!: Record<string, unknown>;
  @Column('text', { name: 'private_jwk_sealed' }) privateJwkSealed!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'retired_at', nullable: true }) retiredAt!: Date | null;
}

@Entity('capsule_token_uses')
export class CapsuleTokenUseRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') jti!: string;
  @Column('integer') uses!: number;
  @Column('integer', { name: 'max_uses' }) maxUses!: number;
  @Column('timestamptz', { name: 'first_used_at' }) firstUsedAt!: Date;
  @Column('timestamptz', { name: 'last_used_at' }) lastUsedAt!: Date;
}

export const CAPSULE_ROWS = [
  CapsuleSettingsRow,
  CapsulePublisherKeyRow,
  CapsulePublisherDomainRow,
  CapsuleRotationSecretRow,
  CapsuleIssuerKeyRow,
  CapsuleServiceKeyRow,
  CapsuleTokenUseRow,
];
