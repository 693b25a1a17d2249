import { Clock } from '@kiosk/domain';
import {
  CapsuleKeyStore,
  CapsuleVendorKeys,
  importIssuerPrivateKey,
  IssuerAlgorithm,
  issuerPublicJwk,
  IssuerKeyMaterial,
  IssuerPrivateKey,
  IssuerPublicJwk,
  KidWindowOptions,
  PublisherJwk,
  ShareTokenUseCounter,
  UnlockMode,
} from '@kiosk/domain/capsule';
import { JWK } from 'jose';
import { DataSource } from 'typeorm';
import { ConfigCache } from '../platform/cache/config-cache';
import { SealedBox } from '../platform/crypto/sealed-box';
import { sqlRows } from '../platform/database/sql';
import { CapsuleRotationSecretRow } from './capsule.rows';
import { CAPSULE_CACHE } from './capsule-cache';

/** The current rotation secret, and the one it replaced while its overlap lasts. */
export function honouredSecrets<S extends Pick<CapsuleRotationSecretRow, 'version' | 'replacedAt' | 'validUntil'>>(rows: readonly S[], now: Date) {
  const current = rows.find((r) => r.replacedAt === null) ?? null;
  const previous =
    rows
      .filter((r) => r.replacedAt !== null && r.validUntil !== null && r.validUntil.getTime() > now.getTime())
      .sort((a, b) => b.version - a.version)[0] ?? null;
  return { current, previous };
}

interface OpenedSecret {
  readonly version: number;
  readonly secret: Uint8Array;
  readonly replacedAt: Date | null;
  readonly validUntil: Date | null;
}

/**
 * What a process keeps of a vendor's capsule configuration: secrets opened,
 * issuer keys imported as CryptoKeys, nothing that depends on the time (which
 * replaced secret is still honoured is decided per request at the clock).
 */
interface CachedVendor {
  readonly mode: UnlockMode;
  readonly window: KidWindowOptions;
  readonly domains: readonly string[];
  readonly publisherKeys: readonly PublisherJwk[];
  readonly secrets: readonly OpenedSecret[];
  readonly issuerKeys: readonly IssuerPrivateKey[];
  readonly issuerPublicKeys: readonly IssuerPublicJwk[];
  readonly servicePublicKeys: readonly JWK[];
}

interface VendorRow {
  mode: UnlockMode;
  rotation_interval_minutes: number;
  previous_grace_seconds: number;
  domains: string[];
  publisher_keys: PublisherJwk[];
  secrets: { version: number; sealed: string; replacedAt: string | null; validUntil: string | null }[];
  issuer_keys: { kid: string; algorithm: IssuerAlgorithm; sealed: string; publicJwk: JWK; createdAt: string; retired: boolean }[];
  service_keys: JWK[];
}

/**
 * The vendor's settings and every key table in one statement. Orders as the
 * routes need them: publisher keys by kid, domains by name, issuer and
 * service keys newest first (where several entries name held keys, the
 * current one is preferred).
 */
const LOAD_VENDOR = `
  SELECT s.mode, s.rotation_interval_minutes, s.previous_grace_seconds,
    (SELECT coalesce(json_agg(d.domain ORDER BY d.domain), '[]') FROM capsule_publisher_domains d WHERE d.vendor_id = s.vendor_id) AS domains,
    (SELECT coalesce(json_agg(p.public_jwk ORDER BY p.kid), '[]') FROM capsule_publisher_keys p WHERE p.vendor_id = s.vendor_id) AS publisher_keys,
    (SELECT coalesce(json_agg(json_build_object('version', r.version, 'sealed', r.secret_sealed, 'replacedAt', r.replaced_at, 'validUntil', r.valid_until)), '[]')
       FROM capsule_rotation_secrets r WHERE r.vendor_id = s.vendor_id) AS secrets,
    (SELECT coalesce(json_agg(json_build_object('kid', i.kid, 'algorithm', i.algorithm, 'sealed', i.private_key_sealed, 'publicJwk', i.public_jwk,
                                                'createdAt', i.created_at, 'retired', i.retired_at IS NOT NULL) ORDER BY i.created_at DESC, i.kid), '[]')
       FROM capsule_issuer_keys i WHERE i.vendor_id = s.vendor_id) AS issuer_keys,
    (SELECT coalesce(json_agg(k.public_jwk ORDER BY k.created_at DESC, k.kid), '[]') FROM capsule_service_keys k WHERE k.vendor_id = s.vendor_id) AS service_keys
  FROM capsule_settings s WHERE s.vendor_id = $1`;

/**
 * Reads a vendor's capsule key material for the unlock, verify and JWKS
 * routes, opening what is sealed at rest, through the configuration cache:
 * a warm unlock reads no capsule table, opens no sealed secret and imports
 * no key (publisher keys are handed over as the same objects each time, so
 * the domain imports each once). A vendor with no capsule settings is
 * absent (404), like a vendor that does not exist.
 */
export class TypeOrmCapsuleKeyStore implements CapsuleKeyStore {
  constructor(
    private readonly db: DataSource,
    private readonly box: SealedBox,
    private readonly clock: Clock,
    private readonly cache: ConfigCache,
  ) {}

  async find(vendorId: string): Promise<CapsuleVendorKeys | null> {
    const vendor = await this.cached(vendorId);
    if (!vendor) return null;
    const { current, previous } = honouredSecrets(vendor.secrets, this.clock.now());
    return {
      vendorId,
      domains: vendor.domains,
      publisherKeys: vendor.publisherKeys,
      rotationSecret: current?.secret ?? null,
      previousRotationSecret: previous?.secret ?? null,
      window: vendor.window,
      issuerKeys: vendor.issuerKeys,
      issuerPublicKeys: vendor.issuerPublicKeys,
      servicePublicKeys: vendor.servicePublicKeys,
    };
  }

  /** The vendor's configured unlock mode, or null when it has no capsule settings. */
  async mode(vendorId: string): Promise<UnlockMode | null> {
    return (await this.cached(vendorId))?.mode ?? null;
  }

  private cached(vendorId: string): Promise<CachedVendor | null> {
    return this.cache.region<CachedVendor | null>(CAPSULE_CACHE.keys).get(vendorId, () => this.load(vendorId));
  }

  /** One statement (a cache miss after a change is one round trip too); the lists come back as JSON. */
  private async load(vendorId: string): Promise<CachedVendor | null> {
    const [row] = await sqlRows<VendorRow>(this.db, LOAD_VENDOR, [vendorId]);
    if (!row) return null;
    const issuerRows = row.issuer_keys.map((k) => ({ ...k, createdAt: new Date(k.createdAt) }));
    const issuerKeys = [];
    for (const k of issuerRows) {
      const jwk = JSON.parse(this.box.open(k.sealed)) as Extract<IssuerKeyMaterial, { jwk: unknown }>['jwk'];
      issuerKeys.push({ ...(await importIssuerPrivateKey({ kid: k.kid, algorithm: k.algorithm, jwk })), retired: k.retired });
    }
    return {
      mode: row.mode,
      window: { intervalMinutes: row.rotation_interval_minutes, previousGraceSeconds: row.previous_grace_seconds },
      domains: row.domains,
      publisherKeys: row.publisher_keys,
      secrets: row.secrets.map((r) => ({
        version: r.version,
        secret: this.openSecret(r.sealed),
        replacedAt: r.replacedAt === null ? null : new Date(r.replacedAt),
        validUntil: r.validUntil === null ? null : new Date(r.validUntil),
      })),
      issuerKeys,
      issuerPublicKeys: [...issuerRows]
        .sort((a, b) => a.createdAt.getTime() - b.createdAt.getTime() || a.kid.localeCompare(b.kid))
        .map((k) => issuerPublicJwk(k.publicJwk, k.kid, k.algorithm, k.retired)),
      servicePublicKeys: row.service_keys,
    };
  }

  private openSecret(sealed: string): Uint8Array {
    return new Uint8Array(Buffer.from(this.box.open(sealed), 'base64url'));
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
