import { randomUUID } from 'node:crypto';
import { Clock } from '@kiosk/domain';
import { ACCESS_TOKEN_LIFETIME_SECONDS } from '@kiosk/domain/identity';
import { CryptoKey, exportJWK, generateKeyPair, importJWK, JWK } from 'jose';
import { DataSource, MoreThan } from 'typeorm';
import { es256Signer, Es256Signer } from '../platform/crypto/es256';
import { SealedBox } from '../platform/crypto/sealed-box';
import { processNow } from '../platform/vendor-time';
import { SigningKeyRow } from './identity.rows';

const ALGORITHM = 'ES256';
const CACHE_MS = 30_000;
const DAY_MS = 86_400_000;

interface LoadedKey {
  kid: string;
  createdAt: Date;
  publicJwk: JWK;
  privateJwk: JWK;
  publicKey: CryptoKey;
  privateKey: CryptoKey;
  /** The private key as Node's synchronous ES256 signer (made once per load). */
  sign: Es256Signer;
}

/**
 * The token service's signing keys. The newest key signs; a new one is made
 * when the newest is older than the rotation period. A retired key stays
 * published for as long as tokens it signed can live, so rotation never
 * invalidates a token. Private halves are sealed at rest.
 *
 * Keys are shared by every process through the database; each process keeps
 * a short cache and reloads when it meets a kid it does not know.
 *
 * Keys live in process time, never in a test vendor's time: a token issued
 * inside a request for a vendor whose test clock is months ahead must not
 * date a key in the future (which would stall rotation for everyone).
 */
export class SigningKeyStore {
  private cache: { keys: LoadedKey[]; loadedAt: number } | null = null;

  constructor(
    private readonly db: DataSource,
    private readonly box: SealedBox,
    private readonly clock: Clock,
    private readonly rotationDays: number,
  ) {}

  /** The key that signs now; makes the first one, or the next one when rotation is due. */
  async signingKey(): Promise<LoadedKey> {
    let keys = await this.keys();
    if (keys.length === 0 || this.rotationDue(keys[0])) {
      await this.rotate();
      keys = await this.keys(true);
    }
    return keys[0];
  }

  async publicKey(kid: string): Promise<CryptoKey | null> {
    const find = (keys: LoadedKey[]) => keys.find((k) => k.kid === kid)?.publicKey ?? null;
    return find(await this.keys()) ?? find(await this.keys(true));
  }

  /** Private keys for the embedded OpenID provider, the signing key first (made when there is none). */
  async privateJwks(): Promise<JWK[]> {
    const signing = await this.signingKey();
    const others = (await this.keys()).filter((k) => k.kid !== signing.kid);
    return [signing, ...others].map((k) => ({ ...k.privateJwk, use: 'sig' }));
  }

  async jwks(): Promise<{ keys: JWK[] }> {
    return { keys: (await this.keys()).map((k) => k.publicJwk) };
  }

  /** Makes a new signing key when the newest is due; true when it made one. */
  async rotateIfDue(): Promise<boolean> {
    const keys = await this.keys(true);
    if (keys.length > 0 && !this.rotationDue(keys[0])) return false;
    await this.rotate();
    return true;
  }

  private now(): Date {
    return processNow(this.clock);
  }

  private rotationDue(newest: LoadedKey): boolean {
    return this.now().getTime() - newest.createdAt.getTime() >= this.rotationDays * DAY_MS;
  }

  private async rotate(): Promise<void> {
    const { publicKey, privateKey } = await generateKeyPair(ALGORITHM, { extractable: true });
    const kid = randomUUID();
    const publicJwk = { ...(await exportJWK(publicKey)), kid, alg: ALGORITHM, use: 'sig' };
    const privateJwk = { ...(await exportJWK(privateKey)), kid, alg: ALGORITHM };
    await this.db.getRepository(SigningKeyRow).insert({
      kid,
      algorithm: ALGORITHM,
      publicJwk,
      privateJwkSealed: this.box.seal(JSON.stringify(privateJwk)),
      createdAt: this.now(),
    });
  }

  /** Keys that may still have live tokens, newest first. */
  private async keys(fresh = false): Promise<LoadedKey[]> {
    if (!fresh && this.cache && performance.now() - this.cache.loadedAt < CACHE_MS) return this.cache.keys;
    const publishedSince = new Date(
      this.now().getTime() - this.rotationDays * DAY_MS - 2 * ACCESS_TOKEN_LIFETIME_SECONDS * 1000,
    );
    const rows = await this.db
      .getRepository(SigningKeyRow)
      .find({ where: { createdAt: MoreThan(publishedSince) }, order: { createdAt: 'DESC', kid: 'ASC' } });
    const keys = await Promise.all(
      rows.map(async (row) => {
        const privateJwk = JSON.parse(this.box.open(row.privateJwkSealed)) as JWK;
        const privateKey = (await importJWK(privateJwk, ALGORITHM)) as CryptoKey;
        return {
          kid: row.kid,
          createdAt: row.createdAt,
          publicJwk: row.publicJwk as JWK,
          privateJwk,
          publicKey: (await importJWK(row.publicJwk as JWK, ALGORITHM)) as CryptoKey,
          privateKey,
          sign: es256Signer(privateKey),
        };
      }),
    );
    this.cache = { keys, loadedAt: performance.now() };
    return keys;
  }
}
