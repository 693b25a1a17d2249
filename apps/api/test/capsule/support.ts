import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt, importPKCS8, SignJWT } from 'jose';
import { bearer, givenVendor, TestApp } from '../support/harness';

const FIXTURES = join(__dirname, '..', '..', '..', '..', 'packages', 'domain', 'test', 'fixtures', 'capsule');

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixtures are untyped JSON read by tests
export const fixture = <T = any>(name: string): T => JSON.parse(readFileSync(join(FIXTURES, name), 'utf8')) as T;

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
export const KEYS = fixture<KeysFixture>('keys.json');

export interface ManifestContent {
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
  resourceJWT: string;
  content: Record<string, ManifestContent>;
  issuers: Record<string, { keyId: string; keys: IssuerEntry[] }>;
}
export interface ManifestFixture {
  resourceId: string;
  plaintext: string;
  sidebarPlaintext?: string;
  manifest: Manifest;
}
export interface UnlockEntry {
  contentName: string;
  scope: string;
  wrapKeys: { kid: string; key: string }[];
}

export const MANIFESTS = readdirSync(FIXTURES)
  .filter((f) => /^js-rendered-manifest-.*\.json$/.test(f))
  .sort();

export const renderedAt = (manifest: Manifest) => new Date(decodeJwt(manifest.resourceJWT).iat! * 1000);

/** What a browser sends: the entries of the manifest's first issuer that carry wrapKeys, as listed. */
export const requestFrom = (manifest: Manifest) =>
  Object.values(manifest.issuers)[0]
    .keys.filter((e) => e.wrapKeys)
    .map(({ contentName, scope, kid, wrapKeys }) => ({ contentName, scope, kid, wrapKeys: wrapKeys! }));

/** A publisher-signed token with the fixture key (share tokens and resourceJWTs the fixtures lack). */
export async function publisherSigned(claims: Record<string, unknown>, kid = KEYS.signingKid, pem = KEYS.publisherSigningPrivateKeyPem) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid }).sign(await importPKCS8(pem, 'ES256'));
}

const b64 = (s: string) => new Uint8Array(Buffer.from(s, 'base64url'));

async function open(rawKey: Uint8Array<ArrayBuffer>, iv: string, sealed: Uint8Array<ArrayBuffer>, aad?: string) {
  const key = await crypto.subtle.importKey('raw', rawKey, 'AES-GCM', false, ['decrypt']);
  const additional = aad === undefined ? {} : { additionalData: new TextEncoder().encode(aad) };
  return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: b64(iv), tagLength: 128, ...additional }, key, sealed));
}

/** The browser's part: open a contentKey copy with a returned wrapKey (trying each listed for its kid), then the content. */
export async function decrypt(manifest: Manifest, entry: UnlockEntry): Promise<string> {
  const content = manifest.content[entry.contentName];
  for (const { kid, key } of entry.wrapKeys) {
    const wrapped = content.wrappedContentKey.find((w) => w.kid === kid);
    if (!wrapped) continue;
    let contentKey;
    try {
      contentKey = await open(b64(key), wrapped.iv, b64(wrapped.ciphertext));
    } catch {
      continue; // a key of the other secret during a rotation overlap
    }
    return new TextDecoder().decode(await open(contentKey, content.iv, b64(content.ciphertext), content.aad));
  }
  throw new Error(`no returned key opens ${entry.contentName}`);
}

/** A vendor configured through the management routes with the fixture key set. */
export async function interopVendor(app: TestApp, mode: 'hosted' | 'issuer-wrapped' = 'hosted') {
  const vendor = await givenVendor(app);
  const token = await vendor.apiToken('full');
  const ok = async (res: { status: number; body: unknown }, status: number) => {
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  const post = (path: string, body: object) => app.http.post(`/management/capsule${path}`).set(bearer(token)).send(body);
  await ok(await post('/publisher-keys', { kid: KEYS.signingKid, publicKeyPem: KEYS.publisherSigningPublicKeyPem }), 201);
  await ok(await post('/domains', { domain: KEYS.domain }), 201);
  await ok(await post('/rotation-secret/import', { rotationSecret: KEYS.rotationSecretBase64 }), 200);
  await ok(await post('/issuer-keys', { kid: KEYS.ecdhIssuerKid, algorithm: 'ECDH-P256', privateKeyPem: KEYS.ecdhIssuerPrivateKeyPem }), 201);
  await ok(await post('/issuer-keys', { kid: KEYS.rsaIssuerKid, algorithm: 'RSA-OAEP', privateKeyPem: KEYS.rsaIssuerPrivateKeyPem }), 201);
  await ok(await app.http.put('/management/capsule/settings').set(bearer(token)).send({ mode }), 200);
  const unlock = (body: object, headers: Record<string, string> = {}) =>
    app.http.post(`/capsule/vendors/${vendor.vendorId}/unlock`).set(headers).send(body);
  return { ...vendor, token, post, unlock };
}
