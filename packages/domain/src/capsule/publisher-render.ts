/**
 * The publisher's side of the capsule protocol (capsule-protocol.md, "What
 * the publisher puts in the page"): encrypt each item of an article and
 * render the page manifest, as a vendor's CMS does at render time.
 *
 * - Each item: AES-256-GCM under a fresh 32-byte content key, 12-byte IV,
 *   128-bit tag, AAD `domain|resourceId|contentName|scope`; the content key
 *   sealed (AES-256-GCM, no AAD, fresh IV) under the scope's wrap key of the
 *   current and the next rotation kid (wrap keys from the rotation secret).
 * - `resourceJWT`: ES256 over `{iss, sub, iat, jti, scopes, data}`, header
 *   `{alg, typ, kid}`.
 * - For each issuer and each of its public keys, one entry per item with
 *   the content key (and, for an issuer granted by scope, the wrap keys)
 *   wrapped for that key: ECDH P-256 (ephemeral key, HKDF "dca-wrap" /
 *   "dca-wrap-aes256gcm", AES-256-GCM with the scope as AAD) or RSA-OAEP
 *   SHA-256 with the scope as label.
 *
 * WebCrypto only, so it runs in Node and in browsers. Randomness (content
 * keys, IVs, jti) comes from `random`, so a test can pin it; ECDH ephemeral
 * keys, OAEP padding and ECDSA signatures stay random, as the protocol has
 * them.
 */
import { Bytes, bytesOf, toBase64Url, utf8 } from './bytes';
import type { CapsuleManifest, ManifestItem, ManifestKeyEntry } from './browser-client';
import { hkdfSha256 } from './hkdf';
import type { IssuerAlgorithm } from './issuer-key';
import { DEFAULT_ROTATION_MINUTES, formatKid } from './kid';
import { pemToDer } from './pem';
import { deriveWrapKey } from './wrap-key';

export const MANIFEST_VERSION = '0.10';
const CONTENT_KEY_BYTES = 32;
const IV_BYTES = 12;
const JTI_BYTES = 16;

/** One piece of the article to encrypt (`bodytext`, `sidebar`, …). */
export interface PublisherItem {
  readonly contentName: string;
  readonly scope: string;
  readonly text: string;
  readonly contentType?: string;
}

/** An issuer public key to wrap for, as an issuer JWKS lists it (or a PEM-given key with its id). */
export interface PublisherIssuerKey {
  readonly kid: string;
  readonly algorithm: IssuerAlgorithm;
  /** Public key members: `kty`, `crv`, `x`, `y` (EC) or `kty`, `n`, `e` (RSA). */
  readonly publicJwk: JsonWebKey;
}

export interface PublisherIssuer {
  /** The manifest's `issuers[name]`. */
  readonly name: string;
  readonly unlockUrl: string;
  readonly keys: readonly PublisherIssuerKey[];
  /** `scopes`: entries carry the content key and the wrap keys; `contentNames`: the content key only (direct delivery). */
  readonly grant: 'scopes' | 'contentNames';
  /** Written as `issuers[name].keyId` (the reference writes it when the publisher was given one PEM). */
  readonly keyId?: string;
}

export interface PublisherSigningKey {
  readonly kid: string;
  /** ECDSA P-256 private key (usage `sign`). */
  readonly privateKey: CryptoKey;
}

export interface RenderManifestInput {
  readonly domain: string;
  readonly resourceId: string;
  readonly items: readonly PublisherItem[];
  readonly rotationSecret: Uint8Array;
  readonly signingKey: PublisherSigningKey;
  readonly issuers: readonly PublisherIssuer[];
  /** The render time: `iat` and the rotation kids (current and next). */
  readonly at: Date;
  readonly rotationIntervalMinutes?: number;
  readonly jti?: string;
  readonly data?: Record<string, unknown>;
  /** Source of content keys, IVs and the jti, in that order per item: content key, content IV, one IV per wrap kid. */
  readonly random?: (length: number) => Uint8Array;
}

const subtle = () => globalThis.crypto.subtle;
const defaultRandom = (length: number) => globalThis.crypto.getRandomValues(new Uint8Array(length));

async function aesGcmSeal(rawKey: Uint8Array, iv: Uint8Array, plain: Uint8Array, aad?: Uint8Array): Promise<Bytes> {
  const key = await subtle().importKey('raw', bytesOf(rawKey), 'AES-GCM', false, ['encrypt']);
  const params: AesGcmParams = { name: 'AES-GCM', iv: bytesOf(iv), tagLength: 128 };
  if (aad) params.additionalData = bytesOf(aad);
  return new Uint8Array(await subtle().encrypt(params, key, bytesOf(plain)));
}

/** Imports a publisher's ES256 signing key from PKCS#8 PEM or a private JWK. */
export async function importPublisherSigningKey(kid: string, material: { pem: string } | { jwk: JsonWebKey }): Promise<PublisherSigningKey> {
  const params = { name: 'ECDSA', namedCurve: 'P-256' };
  const privateKey =
    'pem' in material
      ? await subtle().importKey('pkcs8', pemToDer(material.pem, 'PRIVATE KEY'), params, false, ['sign'])
      : await subtle().importKey('jwk', { kty: material.jwk.kty, crv: material.jwk.crv, x: material.jwk.x, y: material.jwk.y, d: material.jwk.d }, params, false, ['sign']);
  return { kid, privateKey };
}

/** The resourceJWT: ES256 (raw r||s signature, as JWS has it) over the publisher's claims. */
export async function signResourceJwt(
  signingKey: PublisherSigningKey,
  claims: { iss: string; sub: string; iat: number; jti: string; scopes: readonly string[]; data: Record<string, unknown> },
): Promise<string> {
  const header = toBase64Url(utf8(JSON.stringify({ alg: 'ES256', typ: 'JWT', kid: signingKey.kid })));
  const payload = toBase64Url(
    utf8(JSON.stringify({ iss: claims.iss, sub: claims.sub, iat: claims.iat, jti: claims.jti, scopes: claims.scopes, data: claims.data })),
  );
  const signature = await subtle().sign({ name: 'ECDSA', hash: 'SHA-256' }, signingKey.privateKey, utf8(`${header}.${payload}`));
  return `${header}.${payload}.${toBase64Url(new Uint8Array(signature))}`;
}

/** Wraps a raw key for an issuer public key, the scope authenticated (AAD for ECDH, OAEP label for RSA). */
export async function wrapForIssuer(
  rawKey: Uint8Array,
  scope: string,
  issuerKey: PublisherIssuerKey,
  random: (length: number) => Uint8Array = defaultRandom,
): Promise<string> {
  const jwk = issuerKey.publicJwk;
  if (issuerKey.algorithm === 'RSA-OAEP') {
    const key = await subtle().importKey('jwk', { kty: 'RSA', n: jwk.n, e: jwk.e }, { name: 'RSA-OAEP', hash: 'SHA-256' }, false, ['encrypt']);
    return toBase64Url(new Uint8Array(await subtle().encrypt({ name: 'RSA-OAEP', label: utf8(scope) }, key, bytesOf(rawKey))));
  }
  const issuer = await subtle().importKey('jwk', { kty: 'EC', crv: 'P-256', x: jwk.x, y: jwk.y }, { name: 'ECDH', namedCurve: 'P-256' }, false, []);
  const ephemeral = (await subtle().generateKey({ name: 'ECDH', namedCurve: 'P-256' }, true, ['deriveBits'])) as CryptoKeyPair;
  const point = new Uint8Array(await subtle().exportKey('raw', ephemeral.publicKey));
  const shared = new Uint8Array(await subtle().deriveBits({ name: 'ECDH', public: issuer }, ephemeral.privateKey, 256));
  const aesKey = await hkdfSha256(shared, 'dca-wrap', 'dca-wrap-aes256gcm', 32);
  const iv = random(IV_BYTES);
  const sealed = await aesGcmSeal(aesKey, iv, rawKey, utf8(scope));
  const blob = new Uint8Array(point.length + iv.length + sealed.length);
  blob.set(point, 0);
  blob.set(iv, point.length);
  blob.set(sealed, point.length + iv.length);
  return toBase64Url(blob);
}

/** Encrypts the items and renders the manifest of one article. */
export async function renderManifest(input: RenderManifestInput): Promise<CapsuleManifest> {
  const random = input.random ?? defaultRandom;
  const interval = input.rotationIntervalMinutes ?? DEFAULT_ROTATION_MINUTES;
  const kids = [formatKid(input.at, interval), formatKid(new Date(input.at.getTime() + interval * 60_000), interval)];
  const content: Record<string, ManifestItem> = {};
  const keysOf = new Map<string, { contentKey: Bytes; wrapKeys: { kid: string; key: Bytes }[] }>();
  for (const item of input.items) {
    const contentKey = bytesOf(random(CONTENT_KEY_BYTES));
    const iv = random(IV_BYTES);
    const aad = `${input.domain}|${input.resourceId}|${item.contentName}|${item.scope}`;
    const ciphertext = await aesGcmSeal(contentKey, iv, utf8(item.text), utf8(aad));
    const wrapKeys: { kid: string; key: Bytes }[] = [];
    const wrappedContentKey: { kid: string; iv: string; ciphertext: string }[] = [];
    for (const kid of kids) {
      const wrapKey = await deriveWrapKey(input.rotationSecret, item.scope, kid);
      const wrapIv = random(IV_BYTES);
      wrapKeys.push({ kid, key: wrapKey });
      wrappedContentKey.push({ kid, iv: toBase64Url(wrapIv), ciphertext: toBase64Url(await aesGcmSeal(wrapKey, wrapIv, contentKey)) });
    }
    content[item.contentName] = {
      contentType: item.contentType ?? 'text/html',
      iv: toBase64Url(iv),
      aad,
      ciphertext: toBase64Url(ciphertext),
      wrappedContentKey,
    };
    keysOf.set(item.contentName, { contentKey, wrapKeys });
  }
  const issuers: Record<string, { unlockUrl: string; keyId?: string; keys: ManifestKeyEntry[] }> = {};
  for (const issuer of input.issuers) {
    const keys: ManifestKeyEntry[] = [];
    for (const issuerKey of issuer.keys) {
      for (const item of input.items) {
        const made = keysOf.get(item.contentName)!;
        const entry: ManifestKeyEntry = {
          contentName: item.contentName,
          scope: item.scope,
          kid: issuerKey.kid,
          contentKey: await wrapForIssuer(made.contentKey, item.scope, issuerKey, random),
          ...(issuer.grant === 'scopes'
            ? { wrapKeys: await Promise.all(made.wrapKeys.map(async (w) => ({ kid: w.kid, key: await wrapForIssuer(w.key, item.scope, issuerKey, random) }))) }
            : {}),
        };
        keys.push(entry);
      }
    }
    issuers[issuer.name] = { unlockUrl: issuer.unlockUrl, ...(issuer.keyId ? { keyId: issuer.keyId } : {}), keys };
  }
  const resourceJWT = await signResourceJwt(input.signingKey, {
    iss: input.domain,
    sub: input.resourceId,
    iat: Math.floor(input.at.getTime() / 1000),
    jti: input.jti ?? toBase64Url(random(JTI_BYTES)),
    scopes: [...new Set(input.items.map((i) => i.scope))],
    data: input.data ?? {},
  });
  return { version: MANIFEST_VERSION, resourceJWT, content, issuers };
}

/**
 * The manifest as page markup: `<script type="application/json" class="dca-manifest">`
 * with `<` escaped, so no content can close the script element.
 */
export function manifestScript(manifest: CapsuleManifest): string {
  const json = JSON.stringify(manifest).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
  return `<script type="application/json" class="dca-manifest">${json}</script>`;
}
