import { createPublicKey } from 'crypto';
import { decodeJwt } from 'jose';
import {
  CapsuleManifest,
  fromBase64,
  importIssuerPrivateKey,
  importPublisherSigningKey,
  manifestScript,
  openPage,
  PublisherIssuer,
  renderManifest,
  UnlockContent,
  UnlockResponse,
  unwrapIssuerBlob,
  verifyResourceJwt,
} from '../../src/capsule';
import { FakeClock } from '../../src/testing';
import { InMemoryCapsuleKeyStore, InMemoryShareTokenUseCounter } from '../../src/testing/in-memory-capsule';
import { fixture, hex, interopVendor, keysFixture } from './support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture JSON
const direct = fixture<any>('js-rendered-direct-manifest.json');
const keys = keysFixture();
const at = new Date(direct.clock as string);
const publicJwkOf = (privatePem: string) => createPublicKey(privatePem).export({ format: 'jwk' }) as JsonWebKey;

/** Randomness that hands out the given byte strings in order (and fails loudly when the renderer asks for more). */
function pinned(values: Uint8Array[]) {
  const queue = [...values];
  return (length: number) => {
    const next = queue.shift();
    if (!next) throw new Error(`asked for ${length} more random bytes than pinned`);
    expect(next.length).toBe(length);
    return next;
  };
}

const issuers = (unlockUrl: string, grant: PublisherIssuer['grant']): PublisherIssuer[] => [
  { name: 'ecdh', unlockUrl, grant, keyId: keys.ecdhIssuerKid, keys: [{ kid: keys.ecdhIssuerKid, algorithm: 'ECDH-P256', publicJwk: publicJwkOf(keys.ecdhIssuerPrivateKeyPem) }] },
  { name: 'rsa', unlockUrl, grant, keys: [{ kid: keys.rsaIssuerKid, algorithm: 'RSA-OAEP', publicJwk: publicJwkOf(keys.rsaIssuerPrivateKeyPem) }] },
];

async function render(options: { grant?: PublisherIssuer['grant']; random?: (n: number) => Uint8Array } = {}) {
  return renderManifest({
    domain: keys.domain,
    resourceId: 'article-render-1',
    items: [
      { contentName: 'bodytext', scope: 'premium', text: '<p>Premium body — rendered here</p>' },
      { contentName: 'sidebar', scope: 'premium', text: 'Plain sidebar', contentType: 'text/plain' },
    ],
    rotationSecret: fromBase64(keys.rotationSecretBase64),
    signingKey: await importPublisherSigningKey(keys.signingKid, { pem: keys.publisherSigningPrivateKeyPem }),
    issuers: issuers('https://kiosk.example.com/capsule/vendors/vendor-interop/unlock', options.grant ?? 'scopes'),
    at,
    random: options.random,
  });
}

describe('the publisher render (capsule-protocol.md: what the publisher puts in the page)', () => {
  it("reproduces the reference publisher's encrypted items byte for byte from the fixture's keys and randomness", async () => {
    const manifest = direct.manifest as CapsuleManifest;
    const reference = decodeJwt(manifest.resourceJWT);
    // Per item: content key, content IV, then one IV per rotation kid.
    const random = pinned(
      (['bodytext', 'sidebar'] as const).flatMap((name) => [
        hex(direct.expectedContentKeysHex[name]),
        fromBase64(manifest.content[name].iv),
        ...manifest.content[name].wrappedContentKey.map((w) => fromBase64(w.iv)),
      ]),
    );
    const rendered = await renderManifest({
      domain: direct.domain,
      resourceId: direct.resourceId,
      items: (['bodytext', 'sidebar'] as const).map((name) => ({ contentName: name, scope: 'premium', text: direct.plaintexts[name] })),
      rotationSecret: fromBase64(keys.rotationSecretBase64),
      signingKey: await importPublisherSigningKey(keys.signingKid, { pem: keys.publisherSigningPrivateKeyPem }),
      issuers: [],
      at,
      jti: reference.jti as string,
      random,
    });
    expect(JSON.stringify(rendered.content)).toBe(JSON.stringify(manifest.content));
    expect(rendered.version).toBe(manifest.version);
    // The signed part of the JWT is the same bytes; ECDSA signatures are randomised, so the signature is verified instead.
    const [header, payload] = rendered.resourceJWT.split('.');
    expect(`${header}.${payload}`).toBe(manifest.resourceJWT.split('.').slice(0, 2).join('.'));
    const resource = await verifyResourceJwt(rendered.resourceJWT, await interopVendor(), at);
    expect(resource).toMatchObject({ domain: direct.domain, resourceId: direct.resourceId, scopes: ['premium'], kid: keys.signingKid });
  });

  it('renders what the service unlocks (hosted and issuer-wrapped) and the browser module opens, for ECDH and RSA issuers', async () => {
    const manifest = await render();
    const store = new InMemoryCapsuleKeyStore();
    store.put(await interopVendor());
    const unlock = new UnlockContent(store, new InMemoryShareTokenUseCounter(), new FakeClock(at));
    for (const issuer of ['ecdh', 'rsa']) {
      for (const mode of ['hosted', 'issuer-wrapped'] as const) {
        const answer = await unlock.execute({
          vendorId: 'vendor-interop',
          resourceJWT: manifest.resourceJWT,
          keys: manifest.issuers[issuer].keys,
          grantedScopes: ['premium'],
          mode,
        });
        const opened = await openPage(manifest, answer as UnlockResponse);
        expect(opened).toEqual({ bodytext: { text: '<p>Premium body — rendered here</p>' }, sidebar: { text: 'Plain sidebar' } });
      }
    }
    expect(manifest.issuers.ecdh.keyId).toBe(keys.ecdhIssuerKid);
    expect(manifest.issuers.rsa.keyId).toBeUndefined();
    expect(manifest.content.sidebar.contentType).toBe('text/plain');
    expect(manifest.content.bodytext.wrappedContentKey.map((w) => w.kid)).toEqual(['260502T12', '260502T13']);
  });

  it('wraps content keys for each issuer key with the scope authenticated; by content name the entries carry no wrap keys', async () => {
    const manifest = await render({ grant: 'contentNames' });
    const ecdh = await importIssuerPrivateKey({ kid: keys.ecdhIssuerKid, algorithm: 'ECDH-P256', pem: keys.ecdhIssuerPrivateKeyPem });
    const direct: UnlockResponse = { keys: [] };
    for (const entry of manifest.issuers.ecdh.keys) {
      expect(entry.wrapKeys).toBeUndefined();
      const contentKey = await unwrapIssuerBlob(entry.contentKey!, entry.scope, ecdh);
      await expect(unwrapIssuerBlob(entry.contentKey!, 'free', ecdh)).rejects.toThrow(/does not open/);
      (direct.keys as object[]).push({ contentName: entry.contentName, scope: entry.scope, contentKey: Buffer.from(contentKey).toString('base64url') });
    }
    expect(await openPage(manifest, direct)).toEqual({ bodytext: { text: '<p>Premium body — rendered here</p>' }, sidebar: { text: 'Plain sidebar' } });
  });

  it('puts the manifest in a script element no content can close', async () => {
    const manifest = await render();
    const evil = { ...manifest, content: { ...manifest.content, x: { ...manifest.content.bodytext, aad: '</script><script>alert(1)</script>' } } };
    const script = manifestScript(evil);
    expect(script.startsWith('<script type="application/json" class="dca-manifest">')).toBe(true);
    expect(script.slice(0, -'</script>'.length)).not.toContain('</script');
    expect(JSON.parse(script.replace(/^<script[^>]*>/, '').replace(/<\/script>$/, ''))).toEqual(evil);
  });
});
