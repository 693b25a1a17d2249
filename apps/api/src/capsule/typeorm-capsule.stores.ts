import { Clock } from '@kiosk/domain';
import {
  CapsuleKeyStore,
  CapsuleVendorKeys,
  importIssuerPrivateKey,
  IssuerAlgorithm,
  issuerPublicJwk,
  IssuerKeyMaterial,
  PublisherJwk,
  ShareTokenUseCounter,
} from '@kiosk/domain/capsule';
import { JWK } from 'jose';
import { DataSource } from 'typeorm';
import { SealedBox } from '../platform/crypto/sealed-box';
import { sqlRows } from '../platform/database/sql';
import {
  CapsuleIssuerKeyRow,
  CapsulePublisherDomainRow,
  CapsulePublisherKeyRow,
  CapsuleRotationSecretRow,
  CapsuleServiceKeyRow,
  CapsuleSettingsRow,
} from './capsule.rows';

/** The current rotation secret, and the one it replaced while its overlap lasts. */
export function honouredSecrets(rows: readonly CapsuleRotationSecretRow[], now: Date) {
  const current = rows.find((r) => r.replacedAt === null) ?? null;
  const previous =
    rows
      .filter((r) => r.replacedAt !== null && r.validUntil !== null && r.validUntil.getTime() > now.getTime())
      .sort((a, b) => b.version - a.version)[0] ?? null;
  return { current, previous };
}

/**
 * Reads a vendor's capsule key material for the unlock, verify and JWKS
 * routes, opening what is sealed at rest. A vendor with no capsule settings
 * is absent (404), like a vendor that does not exist.
 */
export class TypeOrmCapsuleKeyStore implements CapsuleKeyStore {
  constructor(
    private readonly db: DataSource,
    private readonly box: SealedBox,
    private readonly clock: Clock,
  ) {}

  async find(vendorId: string): Promise<CapsuleVendorKeys | null> {
    const settings = await this.db.getRepository(CapsuleSettingsRow).findOneBy({ vendorId });
    if (!settings) return null;
    // One after another: PGlite is one session, and these are small primary-key reads.
    const publisherKeys = await this.db.getRepository(CapsulePublisherKeyRow).find({ where: { vendorId }, order: { kid: 'ASC' } });
    const domains = await this.db.getRepository(CapsulePublisherDomainRow).find({ where: { vendorId }, order: { domain: 'ASC' } });
    const secrets = await this.db.getRepository(CapsuleRotationSecretRow).findBy({ vendorId });
    // Newest first: where several entries name held keys, the current one is preferred.
    const issuerRows = await this.db.getRepository(CapsuleIssuerKeyRow).find({ where: { vendorId }, order: { createdAt: 'DESC', kid: 'ASC' } });
    const serviceRows = await this.db
      .getRepository(CapsuleServiceKeyRow)
      .find({ where: { vendorId }, order: { createdAt: 'DESC', kid: 'ASC' } });
    const { current, previous } = honouredSecrets(secrets, this.clock.now());
    const issuerKeys = [];
    for (const row of issuerRows) {
      const jwk = JSON.parse(this.box.open(row.privateKeySealed)) as Extract<IssuerKeyMaterial, { jwk: unknown }>['jwk'];
      const key = await importIssuerPrivateKey({ kid: row.kid, algorithm: row.algorithm as IssuerAlgorithm, jwk });
      issuerKeys.push({ ...key, retired: row.retiredAt !== null });
    }
    return {
      vendorId,
      domains: domains.map((d) => d.domain),
      publisherKeys: publisherKeys.map((k) => k.publicJwk as unknown as PublisherJwk),
      rotationSecret: current ? this.openSecret(current) : null,
      previousRotationSecret: previous ? this.openSecret(previous) : null,
      window: { intervalMinutes: settings.rotationIntervalMinutes, previousGraceSeconds: settings.previousGraceSeconds },
      issuerKeys,
      issuerPublicKeys: [...issuerRows]
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.kid.localeCompare(b.kid))
        .map((row) => issuerPublicJwk(row.publicJwk as JWK, row.kid, row.algorithm as IssuerAlgorithm, row.retiredAt !== null)),
      servicePublicKeys: serviceRows.map((r) => r.publicJwk as JWK),
    };
  }

  /** The vendor's configured unlock mode, or null when it has no capsule settings. */
  async mode(vendorId: string): Promise<'hosted' | 'issuer-wrapped' | null> {
    const settings = await this.db.getRepository(CapsuleSettingsRow).findOneBy({ vendorId });
    return settings ? (settings.mode as 'hosted' | 'issuer-wrapped') : null;
  }

  private openSecret(row: CapsuleRotationSecretRow): Uint8Array {
    return new Uint8Array(Buffer.from(this.box.open(row.secretSealed), 'base64url'));
  }
}

/**
 * Share-token and signed-link uses, counted per vendor and token id by one
 * conditional upsert: PostgreSQL decides, so concurrent unlocks on any
 * number of processes never spend more than `maxUses`.
 */
export class TypeOrmShareTokenUseCounter {
  constructor(
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  forVendor(vendorId: string): ShareTokenUseCounter {
    return { consumeUse: (jti, maxUses) => this.consumeUse(vendorId, jti, maxUses) };
  }

  async consumeUse(vendorId: string, jti: string, maxUses: number): Promise<boolean> {
    const rows = await sqlRows<{ uses: number }>(
      this.db,
      `INSERT INTO capsule_token_uses AS t (vendor_id, jti, uses, max_uses, first_used_at, last_used_at)
       VALUES ($1, $2, 1, $3, $4, $4)
       ON CONFLICT (vendor_id, jti) DO UPDATE
         SET uses = t.uses + 1, last_used_at = EXCLUDED.last_used_at
         WHERE t.uses < LEAST(t.max_uses, EXCLUDED.max_uses)
       RETURNING uses`,
      [vendorId, jti, maxUses, this.clock.now()],
    );
    return rows.length === 1;
  }

  /** Uses spent so far (0 when none); for the operator and tests. */
  async uses(vendorId: string, jti: string): Promise<number> {
    const rows = await sqlRows<{ uses: number }>(this.db, `SELECT uses FROM capsule_token_uses WHERE vendor_id = $1 AND jti = $2`, [
      vendorId,
      jti,
    ]);
    return rows[0]?.uses ?? 0;
  }
}
