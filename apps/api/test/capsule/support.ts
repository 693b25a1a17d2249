import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { decodeJwt, importPKCS8, SignJWT } from 'jose';
import { randomUUID } from 'node:crypto';
import { fromMajor } from '@kiosk/domain';
import { CapsuleManifest, openItem, OpenOptions, UnlockResponse } from '@kiosk/domain/capsule';
import { CreateProduct, CreatePurchaseOption } from '@kiosk/domain/catalog';
import { IssueUserToken } from '@kiosk/domain/identity';
import { contractUseCases, settleEvents } from '../billing/support';
import { bearer, givenVendor, TestApp, VendorOptions } from '../support/harness';

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

/** What a browser sends: the entries of the manifest's first issuer, unchanged. */
export const requestFrom = (manifest: Manifest, issuer = Object.keys(manifest.issuers)[0]) => manifest.issuers[issuer].keys.map((e) => ({ ...e }));

/** A publisher-signed token with the fixture key (share tokens and resourceJWTs the fixtures lack). */
export async function publisherSigned(claims: Record<string, unknown>, kid = KEYS.signingKid, pem = KEYS.publisherSigningPrivateKeyPem) {
  return new SignJWT(claims).setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid }).sign(await importPKCS8(pem, 'ES256'));
}

/**
 * The browser's part, by the domain's browser module: open the item of an
 * answer entry (wrap keys, tried in turn for each kid, or a content key).
 */
export async function decrypt(manifest: Manifest, entry: { contentName: string }, answer: UnlockResponse = { keys: [entry as UnlockResponse['keys'][number]] }, options: OpenOptions = {}): Promise<string> {
  return openItem(manifest as unknown as CapsuleManifest, entry.contentName, answer, options);
}

/** A vendor configured through the management routes with the fixture key set. */
export async function interopVendor(
  app: TestApp,
  mode: 'hosted' | 'issuer-wrapped' = 'hosted',
  issuerKeys: readonly ('ecdh' | 'rsa')[] = ['ecdh', 'rsa'],
  vendorOptions: VendorOptions = {},
) {
  const vendor = await givenVendor(app, vendorOptions);
  const token = await vendor.apiToken('full');
  const ok = async (res: { status: number; body: unknown }, status: number) => {
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  };
  const post = (path: string, body: object) => app.http.post(`/management/capsule${path}`).set(bearer(token)).send(body);
  await ok(await post('/publisher-keys', { kid: KEYS.signingKid, publicKeyPem: KEYS.publisherSigningPublicKeyPem }), 201);
  await ok(await post('/domains', { domain: KEYS.domain }), 201);
  await ok(await post('/rotation-secret/import', { rotationSecret: KEYS.rotationSecretBase64 }), 200);
  if (issuerKeys.includes('ecdh')) {
    await ok(await post('/issuer-keys', { kid: KEYS.ecdhIssuerKid, algorithm: 'ECDH-P256', privateKeyPem: KEYS.ecdhIssuerPrivateKeyPem }), 201);
  }
  if (issuerKeys.includes('rsa')) {
    await ok(await post('/issuer-keys', { kid: KEYS.rsaIssuerKid, algorithm: 'RSA-OAEP', privateKeyPem: KEYS.rsaIssuerPrivateKeyPem }), 201);
  }
  await ok(await app.http.put('/management/capsule/settings').set(bearer(token)).send({ mode }), 200);
  const unlock = (body: object, headers: Record<string, string> = {}) =>
    app.http.post(`/capsule/vendors/${vendor.vendorId}/unlock`).set(headers).send(body);
  return { ...vendor, token, post, unlock };
}

/**
 * A capsule vendor (fixture keys) whose product `news` grants the scope
 * `premium`, and helpers to make readers: one who bought `news` (wrap keys
 * for premium entries), one who bought a single article (`publisherContentId`
 * = the resource id: content keys of that resource only).
 */
export async function capsuleShop(app: TestApp, mode: 'hosted' | 'issuer-wrapped' = 'hosted', issuerKeys?: readonly ('ecdh' | 'rsa')[]) {
  const vendor = await interopVendor(app, mode, issuerKeys);
  const c = app.runtime.container;
  await vendor.product('news');
  const put = await app.http.put('/management/capsule/product-scopes/news').set(bearer(vendor.token)).send({ scopes: ['premium'] });
  if (put.status !== 200) throw new Error(`product scopes: ${put.status} ${JSON.stringify(put.body)}`);
  const contracts = contractUseCases(c);
  const buy = async (sku: string, email: string) => {
    const contract = await contracts.create.execute({
      vendorId: vendor.vendorId,
      sku,
      purchaseOptionId: `${sku}-yearly`,
      user: { email, firstName: 'Rita', lastName: 'Reader' },
      payment: { provider: 'INVOICE_PROVIDER', method: 'INVOICE' },
      confirm: true,
    });
    await settleEvents(app, vendor.vendorId);
    const token = (await c.get(IssueUserToken).execute({ vendorId: vendor.vendorId, userId: contract.userId })).accessToken;
    return { userId: contract.userId, token };
  };
  /** A reader of the tier: bought `news`. */
  const subscriber = (email = `subscriber-${randomUUID()}@example.com`) => buy('news', email);
  /** A reader who bought the one article `resourceId`. */
  const articleBuyer = async (resourceId: string, email = `article-${randomUUID()}@example.com`) => {
    const sku = `art-${randomUUID().slice(0, 8)}`;
    await c.get(CreateProduct).execute({ vendorId: vendor.vendorId, sku, title: `Article ${resourceId}`, productType: 'article', publisherContentId: resourceId });
    await c.get(CreatePurchaseOption).execute({
      id: `${sku}-yearly`,
      vendorId: vendor.vendorId,
      sku,
      name: 'Once',
      price: fromMajor(3, 'SEK'),
      taxIncluded: true,
      recurring: { interval: 'YEAR', time: 1 },
      seatsPerUnit: 1,
      minQuantity: 1,
      maxQuantity: 1,
    });
    return buy(sku, email);
  };
  return { ...vendor, subscriber, articleBuyer };
}
