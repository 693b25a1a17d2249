import { createPrivateKey, createPublicKey, KeyObject, randomBytes } from 'node:crypto';
import { Clock, IdGenerator, InvalidError } from '@kiosk/domain';
import { VendorRepository } from '@kiosk/domain/catalog';
import {
  CapsuleVendorNotFound,
  DEFAULT_PREVIOUS_GRACE_SECONDS,
  DEFAULT_ROTATION_MINUTES,
  formatKid,
  importIssuerPrivateKey,
  IssuerAlgorithm,
  PublisherJwk,
  publisherJwkFromPem,
  publicJwk,
  ROTATION_SECRET_BYTES,
  ServiceSigningKey,
} from '@kiosk/domain/capsule';
import { exportJWK, generateKeyPair, JWK } from 'jose';
import { DataSource, EntityManager, IsNull } from 'typeorm';
import { ConfigCache } from '../platform/cache/config-cache';
import { SealedBox } from '../platform/crypto/sealed-box';
import { isUniqueViolation } from '../platform/database/errors';
import {
  CapsuleIssuerKeyRow,
  CapsulePublisherDomainRow,
  CapsulePublisherKeyRow,
  CapsuleRotationSecretRow,
  CapsuleServiceKeyRow,
  CapsuleSettingsRow,
} from './capsule.rows';
import { CAPSULE_CACHE } from './capsule-cache';
import { generateIssuerKey, issuerView, pemOfPublicJwk, settingsOf } from './capsule-key-views';
import {
  CapsuleConfiguration,
  CapsuleKeyNotFound,
  CapsuleNotConfigured,
  CapsuleSettings,
  checkKid,
  decodeRotationSecret,
  DEFAULT_SECRET_OVERLAP_SECONDS,
  IssuerKeyActive,
  IssuerKeyExists,
  IssuerKeyView,
  IssuerJwk,
  iso,
  normaliseDomain,
  PublisherKeyExists,
  RotationSecretState,
  ServiceKeyLast,
} from './capsule-keys.model';
import { honouredSecrets } from './typeorm-capsule.stores';

/**
 * Key management for the capsule module: a thin application service that
 * checks input with the domain's parsers and keeps the material in
 * PostgreSQL, secrets sealed. Every method takes the vendor; another vendor's
 * keys are never found. Shared by the management routes and the CLI.
 *
 * Every change is announced in the configuration cache's `capsule` region
 * once it is written (`changed`): this process drops what it cached of the
 * vendor at once (on PGlite nothing else would tell it), and the tables'
 * triggers tell the other processes when the change commits.
 */
export class CapsuleKeyManagement {
  constructor(
    private readonly db: DataSource,
    private readonly vendors: VendorRepository,
    private readonly box: SealedBox,
    private readonly clock: Clock,
    private readonly ids: IdGenerator,
    private readonly cache: ConfigCache,
  ) {}

  async configuration(vendorId: string): Promise<CapsuleConfiguration> {
    const settings = await this.db.getRepository(CapsuleSettingsRow).findOneBy({ vendorId });
    if (!settings) throw new CapsuleNotConfigured(vendorId);
    const m = this.db.manager;
    const now = this.clock.now();
    const publisherKeys = await m.find(CapsulePublisherKeyRow, { where: { vendorId }, order: { kid: 'ASC' } });
    const domains = await m.find(CapsulePublisherDomainRow, { where: { vendorId }, order: { domain: 'ASC' } });
    const secrets = await m.findBy(CapsuleRotationSecretRow, { vendorId });
    const issuerKeys = await m.find(CapsuleIssuerKeyRow, { where: { vendorId }, order: { kid: 'ASC' } });
    const serviceKeys = await m.find(CapsuleServiceKeyRow, { where: { vendorId }, order: { createdAt: 'DESC', kid: 'ASC' } });
    const { current, previous } = honouredSecrets(secrets, now);
    return {
      vendorId,
      ...settingsOf(settings),
      domains: domains.map((d) => d.domain),
      publisherKeys: publisherKeys.map((k) => ({ ...(k.publicJwk as unknown as PublisherJwk), createdAt: k.createdAt.toISOString() })),
      rotationSecret: current
        ? { version: current.version, createdAt: current.createdAt.toISOString(), previousValidUntil: iso(previous?.validUntil ?? null) }
        : null,
      issuerKeys: issuerKeys.map((k) => issuerView(k)),
      serviceKeys: serviceKeys.map((k) => ({ ...publicJwk(k.publicJwk as JWK), createdAt: k.createdAt.toISOString(), retiredAt: iso(k.retiredAt) })),
      currentKid: formatKid(now, settings.rotationIntervalMinutes),
    };
  }

  /** Creates the vendor's capsule settings (and its first service signing key) or changes them. */
  async configure(vendorId: string, changes: Partial<CapsuleSettings>): Promise<CapsuleConfiguration> {
    await this.ensure(vendorId);
    if (changes.rotationIntervalMinutes !== undefined) formatKid(this.clock.now(), changes.rotationIntervalMinutes); // domain check
    const defined = Object.fromEntries(Object.entries(changes).filter(([, v]) => v !== undefined));
    if (Object.keys(defined).length > 0) {
      await this.db.getRepository(CapsuleSettingsRow).update({ vendorId }, { ...defined, updatedAt: this.clock.now() });
      await this.announce(vendorId);
    }
    return this.configuration(vendorId);
  }

  async addPublisherKey(
    vendorId: string,
    input: { kid: string; publicKeyPem?: string; jwk?: Record<string, unknown> },
  ): Promise<PublisherJwk & { createdAt: string }> {
    checkKid(input.kid);
    if ((input.publicKeyPem === undefined) === (input.jwk === undefined)) {
      throw new InvalidError('CAPSULE.BAD_PUBLISHER_KEY', 'give exactly one of publicKeyPem and jwk');
    }
    const pem = input.publicKeyPem ?? pemOfPublicJwk(input.jwk!);
    const jwk = await publisherJwkFromPem(pem, input.kid);
    await this.ensure(vendorId);
    const createdAt = this.clock.now();
    await this.insert(CapsulePublisherKeyRow, { vendorId, kid: jwk.kid, publicJwk: { ...jwk }, createdAt }, () => new PublisherKeyExists(jwk.kid));
    await this.announce(vendorId);
    return { ...jwk, createdAt: createdAt.toISOString() };
  }

  async removePublisherKey(vendorId: string, kid: string): Promise<void> {
    const result = await this.db.getRepository(CapsulePublisherKeyRow).delete({ vendorId, kid });
    if (!result.affected) throw new CapsuleKeyNotFound('publisher key', kid);
    await this.announce(vendorId);
  }

  async addDomain(vendorId: string, domain: string): Promise<{ domain: string }> {
    const host = normaliseDomain(domain);
    await this.ensure(vendorId);
    await this.db
      .createQueryBuilder()
      .insert()
      .into(CapsulePublisherDomainRow)
      .values({ vendorId, domain: host, createdAt: this.clock.now() })
      .orIgnore()
      .execute();
    await this.announce(vendorId);
    return { domain: host };
  }

  async removeDomain(vendorId: string, domain: string): Promise<void> {
    const result = await this.db.getRepository(CapsulePublisherDomainRow).delete({ vendorId, domain: domain.trim().toLowerCase() });
    if (!result.affected) throw new CapsuleKeyNotFound('publisher domain', domain);
    await this.announce(vendorId);
  }

  /** A fresh 32-byte secret from the server's CSPRNG; the answer is the only place it is ever shown. */
  async createRotationSecret(vendorId: string, options: { overlapSeconds?: number } = {}) {
    const secret = new Uint8Array(randomBytes(ROTATION_SECRET_BYTES));
    const state = await this.installRotationSecret(vendorId, secret, options.overlapSeconds);
    return { ...state, rotationSecret: Buffer.from(secret).toString('base64url') };
  }

  /** Installs a secret the publisher already has (base64 or base64url, 32 bytes), with the same overlap rules. */
  async importRotationSecret(vendorId: string, rotationSecret: string, options: { overlapSeconds?: number } = {}) {
    return this.installRotationSecret(vendorId, decodeRotationSecret(rotationSecret), options.overlapSeconds);
  }

  async addIssuerKey(
    vendorId: string,
    input: { kid: string; algorithm: IssuerAlgorithm; privateKeyPem?: string; privateJwk?: Record<string, unknown> },
  ): Promise<IssuerKeyView> {
    checkKid(input.kid);
    if (input.privateKeyPem !== undefined && input.privateJwk !== undefined) {
      throw new InvalidError('CAPSULE.BAD_ISSUER_KEY', 'give at most one of privateKeyPem and privateJwk');
    }
    let key: KeyObject;
    if (input.privateKeyPem === undefined && input.privateJwk === undefined) {
      key = await generateIssuerKey(input.algorithm);
    } else {
      try {
        key =
          input.privateKeyPem !== undefined
            ? createPrivateKey(input.privateKeyPem)
            : createPrivateKey({ key: input.privateJwk as import('node:crypto').JsonWebKey, format: 'jwk' });
      } catch {
        throw new InvalidError('CAPSULE.BAD_ISSUER_KEY', `issuer key ${input.kid} is not a private key in PKCS#8 PEM or JWK`, { kid: input.kid });
      }
    }
    if (key.type !== 'private') throw new InvalidError('CAPSULE.BAD_ISSUER_KEY', 'the issuer key must be a private key', { kid: input.kid });
    const privateJwk = key.export({ format: 'jwk' }) as IssuerJwk;
    // The domain decides whether it is a usable key for the algorithm.
    await importIssuerPrivateKey({ kid: input.kid, algorithm: input.algorithm, jwk: privateJwk });
    const pub = createPublicKey(key).export({ format: 'jwk' }) as Record<string, unknown>;
    await this.ensure(vendorId);
    const row: CapsuleIssuerKeyRow = {
      vendorId,
      kid: input.kid,
      algorithm: input.algorithm,
      privateKeySealed: this.box.seal(JSON.stringify(privateJwk)),
      publicJwk: { ...pub, kid: input.kid },
      createdAt: this.clock.now(),
      retiredAt: null,
    };
    await this.insert(CapsuleIssuerKeyRow, row, () => new IssuerKeyExists(input.kid));
    await this.announce(vendorId);
    return issuerView(row);
  }

  /**
   * Marks an issuer key retired: the JWKS shows `status: "retired"` and
   * publishers stop wrapping for it, while the private key stays so that
   * pages naming it still unlock. Idempotent; the first retirement time stays.
   */
  async retireIssuerKey(vendorId: string, kid: string): Promise<IssuerKeyView> {
    const repo = this.db.getRepository(CapsuleIssuerKeyRow);
    const result = await repo.update({ vendorId, kid, retiredAt: IsNull() }, { retiredAt: this.clock.now() });
    if (result.affected) await this.announce(vendorId);
    const row = await repo.findOneBy({ vendorId, kid });
    if (!row) throw new CapsuleKeyNotFound('issuer key', kid);
    return issuerView(row);
  }

  /**
   * Deletes the private key: pages wrapped for it can no longer be unlocked
   * directly. Only a retired key (publishers may still be wrapping for an
   * active one); retire, and delete once its pages no longer need unlocking.
   */
  async removeIssuerKey(vendorId: string, kid: string): Promise<void> {
    const repo = this.db.getRepository(CapsuleIssuerKeyRow);
    const row = await repo.findOneBy({ vendorId, kid });
    if (!row) throw new CapsuleKeyNotFound('issuer key', kid);
    if (row.retiredAt === null) throw new IssuerKeyActive(kid);
    await repo.delete({ vendorId, kid });
    await this.announce(vendorId);
  }

  /** A new service signing key signs from now on; the old ones stay in the JWKS until deleted. */
  async rotateServiceKey(vendorId: string): Promise<JWK & { createdAt: string }> {
    await this.ensure(vendorId);
    const key = await this.db.transaction(async (m) => {
      await m.getRepository(CapsuleServiceKeyRow).update({ vendorId, retiredAt: IsNull() }, { retiredAt: this.clock.now() });
      return this.newServiceKey(m, vendorId);
    });
    await this.announce(vendorId);
    return key;
  }

  async removeServiceKey(vendorId: string, kid: string): Promise<void> {
    const row = await this.db.getRepository(CapsuleServiceKeyRow).findOneBy({ vendorId, kid });
    if (!row) throw new CapsuleKeyNotFound('service key', kid);
    if (row.retiredAt === null) throw new ServiceKeyLast();
    await this.db.getRepository(CapsuleServiceKeyRow).delete({ vendorId, kid });
    await this.announce(vendorId);
  }

  /** The key signed links of the vendor are signed with now. */
  async serviceSigningKey(vendorId: string): Promise<ServiceSigningKey> {
    const row = await this.db.getRepository(CapsuleServiceKeyRow).findOne({
      where: { vendorId, retiredAt: IsNull() },
      order: { createdAt: 'DESC' },
    });
    if (!row) throw new CapsuleVendorNotFound(vendorId);
    return { kid: row.kid, privateKey: JSON.parse(this.box.open(row.privateJwkSealed)) as JWK };
  }

  private async installRotationSecret(vendorId: string, secret: Uint8Array, overlapSeconds?: number): Promise<RotationSecretState> {
    if (overlapSeconds !== undefined && (!Number.isInteger(overlapSeconds) || overlapSeconds < 0)) {
      throw new InvalidError('CAPSULE.BAD_OVERLAP', 'overlapSeconds is a whole number of at least 0');
    }
    await this.ensure(vendorId);
    const now = this.clock.now();
    const state = await this.db.transaction(async (m): Promise<RotationSecretState> => {
      // The settings row is the vendor's lock: concurrent rotations queue up instead of racing on versions.
      const [settings] = await m.query(`SELECT secret_overlap_seconds FROM capsule_settings WHERE vendor_id = $1 FOR UPDATE`, [vendorId]);
      const overlap = overlapSeconds ?? Number(settings.secret_overlap_seconds);
      const until = new Date(now.getTime() + overlap * 1000);
      const rows = m.getRepository(CapsuleRotationSecretRow);
      // Only the secret being replaced overlaps; any older one stops now.
      await m.query(
        `UPDATE capsule_rotation_secrets SET valid_until = LEAST(valid_until, $2) WHERE vendor_id = $1 AND replaced_at IS NOT NULL`,
        [vendorId, now],
      );
      const current = await rows.findOneBy({ vendorId, replacedAt: IsNull() });
      if (current) await rows.update({ vendorId, version: current.version }, { replacedAt: now, validUntil: overlap > 0 ? until : now });
      const version = (current?.version ?? (await this.maxVersion(m, vendorId))) + 1;
      await rows.insert({
        vendorId,
        version,
        secretSealed: this.box.seal(Buffer.from(secret).toString('base64url')),
        createdAt: now,
        replacedAt: null,
        validUntil: null,
      });
      return { version, createdAt: now.toISOString(), previousValidUntil: current && overlap > 0 ? until.toISOString() : null };
    });
    await this.announce(vendorId);
    return state;
  }

  private async maxVersion(m: EntityManager, vendorId: string): Promise<number> {
    const [row] = await m.query(`SELECT COALESCE(MAX(version), 0) AS v FROM capsule_rotation_secrets WHERE vendor_id = $1`, [vendorId]);
    return Number(row.v);
  }

  /** The vendor's settings row with defaults, and its first service key; refuses a vendor that does not exist. */
  private async ensure(vendorId: string): Promise<void> {
    if (await this.db.getRepository(CapsuleSettingsRow).existsBy({ vendorId })) return;
    if (!(await this.vendors.find(vendorId))) throw new CapsuleVendorNotFound(vendorId);
    const now = this.clock.now();
    await this.db.transaction(async (m) => {
      await m
        .createQueryBuilder()
        .insert()
        .into(CapsuleSettingsRow)
        .values({
          vendorId,
          mode: 'hosted',
          rotationIntervalMinutes: DEFAULT_ROTATION_MINUTES,
          previousGraceSeconds: DEFAULT_PREVIOUS_GRACE_SECONDS,
          secretOverlapSeconds: DEFAULT_SECRET_OVERLAP_SECONDS,
          createdAt: now,
          updatedAt: now,
        })
        .orIgnore()
        .execute();
      // The settings row is the vendor's lock, so two first configurations create one service key.
      await m.query(`SELECT 1 FROM capsule_settings WHERE vendor_id = $1 FOR UPDATE`, [vendorId]);
      if (!(await m.getRepository(CapsuleServiceKeyRow).existsBy({ vendorId }))) await this.newServiceKey(m, vendorId);
    });
    await this.announce(vendorId);
  }

  /**
   * After the write, not inside its transaction: a load that starts between
   * this process's invalidation and the commit would cache the old rows. The
   * triggers' announcement (at commit) reaches the other processes.
   */
  private announce(vendorId: string): Promise<void> {
    return this.cache.changed(CAPSULE_CACHE.root, vendorId);
  }

  private async newServiceKey(m: EntityManager, vendorId: string): Promise<JWK & { createdAt: string }> {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const kid = `svc-${this.ids.next()}`;
    const pub: JWK = { ...(await exportJWK(publicKey)), kid, alg: 'ES256', use: 'sig' };
    const priv: JWK = { ...(await exportJWK(privateKey)), kid, alg: 'ES256' };
    const createdAt = this.clock.now();
    const row: CapsuleServiceKeyRow = {
      vendorId,
      kid,
      publicJwk: pub as Record<string, unknown>,
      privateJwkSealed: this.box.seal(JSON.stringify(priv)),
      createdAt,
      retiredAt: null,
    };
    await m.getRepository(CapsuleServiceKeyRow).insert(row as never);
    return { ...pub, createdAt: createdAt.toISOString() };
  }

  private async insert<T extends object>(entity: new () => T, row: T, conflict: () => Error): Promise<void> {
    try {
      await this.db.getRepository(entity).insert(row as never);
    } catch (error) {
      if (isUniqueViolation(error)) throw conflict();
      throw error;
    }
  }
}
