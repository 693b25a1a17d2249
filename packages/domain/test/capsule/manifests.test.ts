import {
  decideUnlock,
  importIssuerPrivateKey,
  IssuerKeyMaterial,
  UnlockContent,
  UnlockKeyRequest,
  unwrapIssuerBlob,
  verifyResourceJwt,
} from '../../src/capsule';
import { FakeClock } from '../../src/testing';
import { InMemoryCapsuleKeyStore, InMemoryShareTokenUseCounter } from '../../src/testing/in-memory-capsule';
import { decryptContent, decryptWithAnswer, fixture, interopVendor, IssuerEntry, keysFixture, Manifest, renderedAt, wrapKidsOf } from './support';

interface ManifestFixture {
  resourceId: string;
  plaintext: string;
  sidebarPlaintext?: string;
  expectedResourceData?: Record<string, unknown>;
  primary?: { keyId: string; privateKeyPem: string };
  secondary?: { keyId: string; privateKeyPem: string };
  manifest: Manifest;
}

const MANIFESTS = ['js-rendered-manifest-ecdh.json', 'js-rendered-manifest-rsa.json', 'js-rendered-manifest-rich.json'];

/** The key entries a browser would send: one issuer's entries, as the manifest lists them. */
function requestFrom(entries: IssuerEntry[]): UnlockKeyRequest[] {
  return entries.filter((e) => e.wrapKeys).map(({ contentName, scope, kid, wrapKeys }) => ({ contentName, scope, kid, wrapKeys: wrapKeys! }));
}

/** Issuer private keys by issuer kid: the shared key set, or the rich manifest's own issuers. */
function issuerKeyMaterial(f: ManifestFixture, kid: string): IssuerKeyMaterial {
  const keys = keysFixture();
  if (kid === keys.ecdhIssuerKid) return { kid, algorithm: 'ECDH-P256', pem: keys.ecdhIssuerPrivateKeyPem };
  if (kid === keys.rsaIssuerKid) return { kid, algorithm: 'RSA-OAEP', pem: keys.rsaIssuerPrivateKeyPem };
  const side = [f.primary, f.secondary].find((s) => s?.keyId === kid);
  if (!side) throw new Error(`no fixture key for issuer ${kid}`);
  return { kid, algorithm: 'ECDH-P256', pem: side.privateKeyPem };
}

function expectedPlaintext(f: ManifestFixture, contentName: string): string {
  return contentName === 'sidebar' ? f.sidebarPlaintext! : f.plaintext;
}

describe.each(MANIFESTS)('%s', (file) => {
  const f = fixture<ManifestFixture>(file);
  const { manifest } = f;
  const now = renderedAt(manifest);
  const issuer = Object.values(manifest.issuers)[0];

  it('has a resourceJWT that verifies at the time it was rendered', async () => {
    const resource = await verifyResourceJwt(manifest.resourceJWT, await interopVendor(), now);
    expect(resource).toMatchObject({ domain: 'interop.example.com', resourceId: f.resourceId, scopes: ['premium'], kid: 'sign-2025-10' });
    if (f.expectedResourceData) expect(resource.data).toEqual(f.expectedResourceData);
  });

  it.each(['hosted', 'issuer-wrapped'] as const)('unlocks with the premium scope (%s) and decrypts to the plaintext', async (mode) => {
    const store = new InMemoryCapsuleKeyStore();
    store.put(await interopVendor());
    const unlock = new UnlockContent(store, new InMemoryShareTokenUseCounter(), new FakeClock(now));
    const requested = requestFrom(issuer.keys);
    const answer = await unlock.execute({
      vendorId: 'vendor-interop',
      resourceJWT: manifest.resourceJWT,
      keys: requested,
      grantedScopes: ['premium'],
      mode,
    });
    expect(answer.keys.map((k) => k.contentName)).toEqual(requested.map((r) => r.contentName));
    for (const entry of answer.keys) {
      expect(wrapKidsOf(entry)).toEqual(['260502T12', '260502T13']);
      expect(await decryptWithAnswer(manifest, 'interop.example.com', f.resourceId, entry)).toBe(expectedPlaintext(f, entry.contentName));
    }
  });

  it('hosted and issuer-wrapped modes hand out the same wrapKeys', async () => {
    const vendor = await interopVendor();
    const resource = await verifyResourceJwt(manifest.resourceJWT, vendor, now);
    const input = { resource, requested: requestFrom(issuer.keys), grants: [{ kind: 'scopes', scopes: ['premium'] }] as const, now };
    const hosted = await decideUnlock({ ...input, source: { kind: 'hosted', rotationSecret: vendor.rotationSecret! }, issuerKeys: [] });
    const wrapped = await decideUnlock({ ...input, source: { kind: 'issuer-wrapped' }, issuerKeys: vendor.issuerKeys });
    expect(wrapped).toEqual(hosted);
  });

  it('opens every contentKey wrapped for each issuer', async () => {
    for (const { keys: entries } of Object.values(manifest.issuers)) {
      for (const entry of entries.filter((e) => e.contentKey)) {
        const key = await importIssuerPrivateKey(issuerKeyMaterial(f, entry.kid));
        const contentKey = await unwrapIssuerBlob(entry.contentKey!, entry.scope, key);
        const aad = `interop.example.com|${f.resourceId}|${entry.contentName}|${entry.scope}`;
        expect(await decryptContent(manifest.content[entry.contentName], contentKey, aad)).toBe(expectedPlaintext(f, entry.contentName));
      }
    }
  });
});
