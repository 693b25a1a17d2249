import { Column, Entity, PrimaryColumn } from 'typeorm';

@Entity('users')
export class UserRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text') id!: string;
  @Column('text') email!: string;
  @Column('text', { name: 'first_name', nullable: true }) firstName!: string | null;
  @Column('text', { name: 'last_name', nullable: true }) lastName!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

@Entity('api_keys')
export class ApiKeyRow {
  @PrimaryColumn('text', { name: 'vendor_id' }) vendorId!: string;
  @PrimaryColumn('text', { name: 'client_id' }) clientId!: string;
  @Column('text') name!: string;
  @Column('text') role!: string;
  @Column('text', { array: true }) grants!: string[];
  @Column('text', { name: 'secret_hash' }) secretHash!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
  @Column('timestamptz', { name: 'revoked_at', nullable: true }) revokedAt!: Date | null;
}

@Entity('signing_keys')
export class SigningKeyRow {
  @PrimaryColumn('text') kid!: string;
  @Column('text') algorithm!: string;
  @Column('jsonb', { name: 'public_jwk' }) publicJwk!: Record<string, unknown>;
  @Column('text', { name: 'private_jwk_sealed' }) privateJwkSealed!: string;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}

@Entity('browser_clients')
export class BrowserClientRow {
  @PrimaryColumn('text', { name: 'client_id' }) clientId!: string;
  @Column('text', { name: 'vendor_id' }) vendorId!: string;
  @Column('text') name!: string;
  @Column('text', { name: 'redirect_uris', array: true }) redirectUris!: string[];
  @Column('text', { name: 'allowed_origins', array: true }) allowedOrigins!: string[];
  @Column('text', { name: 'access_sync_url', nullable: true }) accessSyncUrl!: string | null;
  @Column('timestamptz', { name: 'created_at' }) createdAt!: Date;
}
