import { readFileSync } from 'fs';
import { join } from 'path';
import { decodeJwt } from 'jose';
import {
  CapsuleVendorKeys,
  fromBase64,
  importIssuerPrivateKey,
  IssuerPrivateKey,
  publisherJwkFromPem,
  UnlockKeyAnswer,
  utf8,
} from '../../src/capsule';

const FIXTURES = join(__dirname, '..', 'fixtures', 'capsule');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are untyped JSON read by tests
export function fixture<T = any>(name: string): T {
  return JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T;
}

export const hex = (text: string): Uint8Array<ArrayBuffer> => new Uint8Array(Buffer.from(text, 'hex'));
export const toHex = (bytes: Uint8Array): string => Buffer.from(bytes).toString('hex');

export interface KeysFixture {
  domain: string;
  rotationSecretBase64: string;
  signingKid: string;
  publisherSigningPrivateKeyPem: string;
  publisherSigningPublicKeyPem: string;
  ecdhIssuerKid: string;
  ecdhIssuerPrivateKeyPem: string;
  rsaIssuerKid: string;
  rsaIssuerPrivateKeyPem: string;
}

export const keysFixture = () => fixture<KeysFixture>('keys.json');

export interface ManifestContent {
  contentType: string;
  iv: string;
  aad: string;
  ciphertext: string;
  wrappedContentKey: { kid: string; iv: string; ciphertext: string }[];
}

export interface IssuerEntry {
  contentName: string;
  scope: string;
  kid: string;
  contentKey?: string;
  wrapKeys?: { kid: string; key: string }[];
}

export interface Manifest {
  version: string;
  resourceJWT: string;
  content: Record<string, ManifestContent>;
  issuers: Record<string, { unlockUrl: string; keyId: string; keys: IssuerEntry[] }>;
}

/** The fixtures were rendered at the resourceJWT's `iat`; tests run the clock there. */
export const renderedAt = (manifest: Manifest): Date => new Date(decodeJwt(manifest.resourceJWT).iat! * 1000);

/** The vendor whose keys rendered the fixtures. */
export async function interopVendor(overrides: Partial<CapsuleVendorKeys> = {}): Promise<CapsuleVendorKeys> {
  const keys = keysFixture();
  const issuerKeys: IssuerPrivateKey[] = [
    await importIssuerPrivateKey({ kid: keys.ecdhIssuerKid, algorithm: 'ECDH-P256', pem: keys.ecdhIssuerPrivateKeyPem }),
    await importIssuerPrivateKey({ kid: keys.rsaIssuerKid, algorithm: 'RSA-OAEP', pem: keys.rsaIssuerPrivateKeyPem }),
  ];
  return {
    vendorId: 'vendor-interop',
    domains: ['other.example.org', keys.domain],
    publisherKeys: [await publisherJwkFromPem(keys.publisherSigningPublicKeyPem, keys.signingKid)],
    rotationSecret: fromBase64(keys.rotationSecretBase64),
    issuerKeys,
    servicePublicKeys: [],
    ...overrides,
  };
}

/** What the browser library does with an unlock answer: open the contentKey, then the content. */
export async function decryptWithAnswer(
  manifest: Manifest,
  domain: string,
  resourceId: string,
  entry: UnlockKeyAnswer,
): Promise<string> {
  const content = manifest.content[entry.contentName];
  const aad = `${domain}|${resourceId}|${entry.contentName}|${entry.scope}`;
  expect(content.aad).toBe(aad);
  if ('contentKey' in entry) return decryptContent(content, fromBase64(entry.contentKey), aad);
  for (const { kid, key } of entry.wrapKeys) {
    const wrapped = content.wrappedContentKey.find((w) => w.kid === kid);
    if (!wrapped) continue;
    const contentKey = await aesGcmOpen(fromBase64(key), wrapped.iv, fromBase64(wrapped.ciphertext));
    return decryptContent(content, contentKey, aad);
  }
  throw new Error(`no wrapped content key for ${entry.wrapKeys.map((w) => w.kid).join(', ')}`);
}

/** The rotation kids of a wrap-key answer entry (fails on a content-key entry). */
export function wrapKidsOf(entry: UnlockKeyAnswer): string[] {
  if (!('wrapKeys' in entry)) throw new Error(`${entry.contentName} was answered with a content key, not wrap keys`);
  return entry.wrapKeys.map((w) => w.kid);
}

export async function decryptContent(content: ManifestContent, contentKey: Uint8Array<ArrayBuffer>, aad: string): Promise<string> {
  const plain = await aesGcmOpen(contentKey, content.iv, fromBase64(content.ciphertext), utf8(aad));
  return new TextDecoder().decode(plain);
}

async function aesGcmOpen(
  rawKey: Uint8Array<ArrayBuffer>,
  iv: string,
  sealed: Uint8Array<ArrayBuffer>,
  additionalData?: Uint8Array<ArrayBuffer>,
): Promise<Uint8Array<ArrayBuffer>> {
  const key = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']);
  const params: AesGcmParams = { name: 'AES-GCM', iv: fromBase64(iv), tagLength: 128 };
  if (additionalData) params.additionalData = additionalData;
  return new Uint8Array(await crypto.subtle.decrypt(params, key, sealed));
}

export async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof Error && 'code' in error) return String(error.code);
    throw error;
  }
  return 'no error';
}
