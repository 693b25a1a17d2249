/**
 * The browser side of the capsule protocol (DCA client): build the unlock
 * request from a page manifest, and open the page's items with any kind of
 * unlock answer (wrap keys, content keys, client-bound). WebCrypto and
 * plain JavaScript only: it runs unchanged in browsers and in Node.
 */
import { Bytes, bytesOf, fromBase64, toBase64Url, utf8 } from './bytes';
import { DEFAULT_CONTENT_NAME } from './unlock-request';

/** One encrypted item of the page: AES-256-GCM under its content key, AAD `domain|resourceId|contentName|scope`. */
export interface ManifestItem {
  readonly contentType?: string;
  readonly iv: string;
  readonly aad: string;
  readonly ciphertext: string;
  /** The content key sealed (AES-256-GCM, no AAD) under each rotation wrap key, by rotation kid. */
  readonly wrappedContentKey: readonly { readonly kid: string; readonly iv: string; readonly ciphertext: string }[];
}

export interface ManifestKeyEntry {
  readonly contentName?: string;
  readonly scope: string;
  readonly kid?: string;
  readonly contentKey?: string;
  readonly wrapKeys?: readonly { readonly kid: string; readonly key: string }[];
}

/** The JSON of `<script type="application/json" class="dca-manifest">`. */
export interface CapsuleManifest {
  readonly version?: string;
  readonly resourceJWT: string;
  readonly content: Readonly<Record<string, ManifestItem>>;
  readonly issuers: Readonly<Record<string, { readonly unlockUrl?: string; readonly keyId?: string; readonly keys: readonly ManifestKeyEntry[] }>>;
}

/** An unlock answer as the issuer sends it, of any delivery and transport. */
export interface UnlockResponse {
  readonly keys: readonly {
    readonly contentName?: string;
    readonly scope: string;
    readonly contentKey?: string;
    readonly wrapKeys?: readonly { readonly kid: string; readonly key: string }[];
  }[];
  /** `"client-bound"`: every key is RSA-OAEP-sealed to the browser's key pair; absent or `"direct"`: keys in clear. */
  readonly transport?: string;
}

/**
 * Raw wrap keys kept between pages, under `dca:wk:{scope}:{kid}` (the
 * reference keeps them in IndexedDB `dca-wrap-keys`, store `wrap-keys`):
 * a later page of the same scope opens without an unlock while its kids match.
 */
export interface WrapKeyCache {
  get(key: string): Promise<Uint8Array | null | undefined> | Uint8Array | null | undefined;
  set(key: string, rawKey: Uint8Array): Promise<void> | void;
}

export const wrapKeyCacheKey = (scope: string, kid: string) => `dca:wk:${scope}:${kid}`;

/** A WrapKeyCache in memory (tests, or pages that want no persistence). */
export class MemoryWrapKeyCache implements WrapKeyCache {
  readonly entries = new Map<string, Uint8Array>();
  get(key: string) {
    return this.entries.get(key) ?? null;
  }
  set(key: string, rawKey: Uint8Array) {
    this.entries.set(key, new Uint8Array(rawKey));
  }
}

export type CapsuleOpenFailure = 'NO_ITEM' | 'NO_KEY' | 'NO_MATCHING_WRAP_KEY' | 'BAD_KEY' | 'DECRYPT_FAILED';

/** An item that could not be opened; `contentName` says which. */
export class CapsuleOpenError extends Error {
  constructor(
    readonly code: CapsuleOpenFailure,
    readonly contentName: string,
    message: string,
  ) {
    super(`${contentName}: ${message}`);
    this.name = 'CapsuleOpenError';
  }
}

export interface OpenOptions {
  /** The private half of the client-bound key pair (RSA-OAEP, SHA-256); needed for client-bound answers. */
  readonly clientPrivateKey?: CryptoKey;
  readonly cache?: WrapKeyCache;
}

const subtle = () => globalThis.crypto.subtle;
const nameOf = (entry: { readonly contentName?: string }) => entry.contentName ?? DEFAULT_CONTENT_NAME;

/**
 * The browser's key pair for client-bound transport: RSA-OAEP, SHA-256,
 * exponent 65537; the private key is not extractable. `publicKey` is what
 * the unlock request's `clientPublicKey` carries (base64url SPKI).
 */
export async function createClientKeyPair(modulusLength: 2048 | 3072 | 4096 = 2048): Promise<{ publicKey: string; privateKey: CryptoKey }> {
  const pair = await subtle().generateKey(
    { name: 'RSA-OAEP', modulusLength, publicExponent: new Uint8Array([1, 0, 1]), hash: 'SHA-256' },
    false,
    ['encrypt', 'decrypt'],
  );
  return { publicKey: toBase64Url(new Uint8Array(await subtle().exportKey('spki', pair.publicKey))), privateKey: pair.privateKey };
}

/**
 * The unlock request for one issuer of the manifest: its key entries copied
 * unchanged (the issuer picks what it needs), plus the optional share token
 * and client key. Pass only the items still to open in `contentNames`.
 */
export function unlockRequestFor(
  manifest: CapsuleManifest,
  issuer: string,
  extras: { readonly shareToken?: string; readonly clientPublicKey?: string; readonly contentNames?: readonly string[] } = {},
): { resourceJWT: string; keys: ManifestKeyEntry[]; shareToken?: string; clientPublicKey?: string } {
  const entries = manifest.issuers[issuer]?.keys ?? [];
  const keys = extras.contentNames ? entries.filter((e) => extras.contentNames!.includes(nameOf(e))) : [...entries];
  return {
    resourceJWT: manifest.resourceJWT,
    keys,
    ...(extras.shareToken ? { shareToken: extras.shareToken } : {}),
    ...(extras.clientPublicKey ? { clientPublicKey: extras.clientPublicKey } : {}),
  };
}

/** The scope of an item: from the manifest's key entries, else the last part of its AAD. */
function scopeOf(manifest: CapsuleManifest, contentName: string): string {
  for (const issuer of Object.values(manifest.issuers)) {
    const entry = issuer.keys.find((e) => nameOf(e) === contentName);
    if (entry) return entry.scope;
  }
  const aad = manifest.content[contentName]?.aad ?? '';
  return aad.slice(aad.lastIndexOf('|') + 1);
}

async function aesGcmOpen(rawKey: Uint8Array, iv: string, sealed: string, aad?: string): Promise<Bytes> {
  const key = await subtle().importKey('raw', bytesOf(rawKey), 'AES-GCM', false, ['decrypt']);
  const params: AesGcmParams = { name: 'AES-GCM', iv: fromBase64(iv, 'iv'), tagLength: 128 };
  if (aad !== undefined) params.additionalData = utf8(aad);
  return new Uint8Array(await subtle().decrypt(params, key, fromBase64(sealed, 'ciphertext')));
}

/** A returned key: RSA-OAEP-decrypted when client-bound, else base64url-decoded. */
async function rawKeyOf(value: string, clientBound: boolean, contentName: string, options: OpenOptions): Promise<Bytes> {
  try {
    if (!clientBound) return fromBase64(value, 'key');
    if (!options.clientPrivateKey) throw new Error('the answer is client-bound but no client private key was given');
    return new Uint8Array(await subtle().decrypt({ name: 'RSA-OAEP' }, options.clientPrivateKey, fromBase64(value, 'key')));
  } catch (error) {
    throw new CapsuleOpenError('BAD_KEY', contentName, `a returned key does not open: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/** Opens the content key copies of the item with wrap keys, first success wins. */
async function contentKeyFromWrapKeys(item: ManifestItem, wrapKeys: readonly { kid: string; raw: Uint8Array }[]): Promise<{ key: Bytes; used: { kid: string; raw: Uint8Array } } | null> {
  for (const candidate of wrapKeys) {
    for (const copy of item.wrappedContentKey.filter((w) => w.kid === candidate.kid)) {
      try {
        return { key: await aesGcmOpen(candidate.raw, copy.iv, copy.ciphertext), used: candidate };
      } catch {
        // another key for the same kid (a rotation overlap), or not this copy
      }
    }
  }
  return null;
}

/**
 * Opens one item of the page (protocol: "What the browser does with an
 * answer"): the answer's content key, or its wrap keys (cached by scope and
 * kid), or, without an answer entry, cached wrap keys of the item's scope;
 * then AES-256-GCM with the item's AAD. Resolves to the UTF-8 text.
 */
export async function openItem(
  manifest: CapsuleManifest,
  contentName: string,
  answer: UnlockResponse | null,
  options: OpenOptions = {},
): Promise<string> {
  const item = manifest.content[contentName];
  if (!item) throw new CapsuleOpenError('NO_ITEM', contentName, 'the manifest has no such item');
  const clientBound = answer?.transport === 'client-bound';
  const entry = answer?.keys.find((k) => nameOf(k) === contentName);
  let contentKey: Bytes | null = null;
  if (entry?.contentKey !== undefined) {
    contentKey = await rawKeyOf(entry.contentKey, clientBound, contentName, options);
  } else if (entry?.wrapKeys !== undefined) {
    const wrapKeys = [];
    for (const w of entry.wrapKeys) wrapKeys.push({ kid: w.kid, raw: await rawKeyOf(w.key, clientBound, contentName, options) });
    const opened = await contentKeyFromWrapKeys(item, wrapKeys);
    if (!opened) throw new CapsuleOpenError('NO_MATCHING_WRAP_KEY', contentName, 'could not unwrap contentKey — no matching wrapKey');
    if (options.cache) {
      for (const w of wrapKeys) {
        const ambiguous = wrapKeys.filter((o) => o.kid === w.kid).length > 1;
        if (!ambiguous || w === opened.used) await options.cache.set(wrapKeyCacheKey(entry.scope, w.kid), w.raw);
      }
    }
    contentKey = opened.key;
  } else if (options.cache) {
    const scope = scopeOf(manifest, contentName);
    const cached = [];
    for (const copy of item.wrappedContentKey) {
      const raw = await options.cache.get(wrapKeyCacheKey(scope, copy.kid));
      if (raw) cached.push({ kid: copy.kid, raw });
    }
    contentKey = (await contentKeyFromWrapKeys(item, cached))?.key ?? null;
  }
  if (!contentKey) throw new CapsuleOpenError('NO_KEY', contentName, 'no key provided');
  try {
    return new TextDecoder().decode(await aesGcmOpen(contentKey, item.iv, item.ciphertext, item.aad));
  } catch {
    throw new CapsuleOpenError('DECRYPT_FAILED', contentName, 'the content does not decrypt with its key');
  }
}

/** Whether an item opens from cached wrap keys alone (no unlock needed). */
export async function openFromCache(manifest: CapsuleManifest, contentName: string, cache: WrapKeyCache): Promise<string | null> {
  try {
    return await openItem(manifest, contentName, null, { cache });
  } catch {
    return null;
  }
}

/**
 * Opens every item of the page item by item: a partial grant (a share token
 * naming some items) opens those and reports the others, instead of failing
 * as a whole.
 */
export async function openPage(
  manifest: CapsuleManifest,
  answer: UnlockResponse | null,
  options: OpenOptions = {},
): Promise<Record<string, { text: string } | { error: CapsuleOpenError }>> {
  const result: Record<string, { text: string } | { error: CapsuleOpenError }> = {};
  for (const contentName of Object.keys(manifest.content)) {
    try {
      result[contentName] = { text: await openItem(manifest, contentName, answer, options) };
    } catch (error) {
      if (!(error instanceof CapsuleOpenError)) throw error;
      result[contentName] = { error };
    }
  }
  return result;
}
