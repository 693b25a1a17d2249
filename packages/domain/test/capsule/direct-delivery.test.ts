import { createPrivateKey } from 'crypto';
import { CapsuleVendorKeys, UnlockCommand, UnlockContent } from '../../src/capsule';
import { FakeClock } from '../../src/testing';
import { InMemoryCapsuleKeyStore, InMemoryShareTokenUseCounter } from '../../src/testing/in-memory-capsule';
import { errorCode, fixture, interopVendor } from './support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture JSON
type Json = any;
const direct = fixture<Json>('js-rendered-direct-manifest.json');
const share = fixture<Json>('js-rendered-direct-share-unlock.json');
const bound = fixture<Json>('js-rendered-client-bound-unlock.json');
const jwks = fixture<Json>('js-rendered-direct-issuer-jwks.json');
const now = new Date(direct.clock);
const entries = (issuer: string) => direct.manifest.issuers[issuer].keys;
const hex = (b64url: string) => Buffer.from(b64url, 'base64url').toString('hex');

async function world(overrides: Partial<CapsuleVendorKeys> = {}) {
  const store = new InMemoryCapsuleKeyStore();
  store.put(await interopVendor(overrides));
  const uses = new InMemoryShareTokenUseCounter();
  const unlock = new UnlockContent(store, uses, new FakeClock(now));
  const run = (command: Partial<UnlockCommand>) =>
    unlock.execute({ vendorId: 'vendor-interop', resourceJWT: direct.manifest.resourceJWT, keys: entries('scoped'), ...command });
  return { run, uses };
}

describe('direct delivery in the domain', () => {
  it('a scope entitlement: wrap keys where entries carry them, content keys where they do not', async () => {
    const { run } = await world();
    const wrapped = await run({ grantedScopes: ['premium'] });
    expect(wrapped.keys.every((k) => 'wrapKeys' in k)).toBe(true);
    expect(await run({ grantedScopes: ['premium'], keys: entries('ecdh') })).toEqual(direct.unlocks[0].expectedResponse);
    expect(await run({ grantedScopes: ['premium'], directOnly: true })).toEqual(direct.unlocks[0].expectedResponse);
  });

  it('a single-article purchase: content keys of that resource only', async () => {
    const { run } = await world();
    expect(await run({ grantedResources: ['article-direct-1'] })).toEqual(direct.unlocks[0].expectedResponse);
    expect(await errorCode(run({ grantedResources: ['article-other'] }))).toBe('CAPSULE.NOTHING_GRANTED');
  });

  it('content keys need no rotation secret; wrap keys do', async () => {
    const { run } = await world({ rotationSecret: null });
    expect(await run({ shareToken: share.tokens.scopes })).toEqual(share.unlocks[1].expectedResponse);
    expect(await errorCode(run({ grantedScopes: ['premium'] }))).toBe('CAPSULE.MODE_NOT_CONFIGURED');
  });

  it('a share token spends a use only when it grants an answered item', async () => {
    const { run, uses } = await world();
    const jti = share.tokenPayloads.contentNames.jti;
    // The reader's entitlement grants the item with wrap keys: the token granted nothing answered.
    await run({ grantedScopes: ['premium'], shareToken: share.tokens.contentNames });
    expect(uses.used.get(jti)).toBeUndefined();
    expect(await run({ shareToken: share.tokens.contentNames })).toEqual(share.unlocks[0].expectedResponse);
    expect(uses.used.get(jti)).toBe(1);
  });

  it('client-bound: every key sealed to the client key', async () => {
    const { run } = await world();
    const answer = await run({ shareToken: share.tokens.scopes, clientPublicKey: bound.client.clientPublicKey });
    expect(answer.transport).toBe('client-bound');
    const key = await crypto.subtle.importKey(
      'pkcs8',
      createPrivateKey(bound.client.privateKeyPem).export({ type: 'pkcs8', format: 'der' }),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['decrypt'],
    );
    for (const entry of answer.keys) {
      if (!('contentKey' in entry)) throw new Error('expected content keys');
      const raw = Buffer.from(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, key, Buffer.from(entry.contentKey, 'base64url')));
      expect(raw.toString('hex')).toBe(direct.expectedContentKeysHex[entry.contentName]);
    }
  });

  it('of two entries for one item, the active issuer key is preferred over a retired one', async () => {
    const vendor = await interopVendor();
    const retiredEcdh = vendor.issuerKeys.map((k) => (k.kid === 'iss-ecdh-1' ? { ...k, retired: true } : k));
    const { run } = await world({ issuerKeys: retiredEcdh });
    const [ecdhEntry, rsaEntry] = jwks.unlocks[0].request.keys;
    const broken = Buffer.from(ecdhEntry.contentKey, 'base64url');
    broken[broken.length - 1] ^= 1;
    // Were the retired key's entry chosen, its broken blob would fail the request.
    const answer = await run({ resourceJWT: jwks.manifest.resourceJWT, keys: [{ ...ecdhEntry, contentKey: broken.toString('base64url') }, rsaEntry], grantedScopes: ['premium'] });
    expect(answer).toEqual(jwks.unlocks[0].expectedResponse);
    expect(hex((answer.keys[0] as { contentKey: string }).contentKey)).toBe(jwks.expectedContentKeyHex);
    // The retired key alone still opens its pages.
    expect(await run({ resourceJWT: jwks.manifest.resourceJWT, keys: [ecdhEntry], grantedScopes: ['premium'] })).toEqual(jwks.unlocks[0].expectedResponse);
  });

  it('an entry without kid is opened with a vendor key of its blob kind', async () => {
    const { run } = await world();
    const [rsaBody] = entries('rsa');
    const { kid: _kid, ...bare } = rsaBody;
    expect(await run({ keys: [bare], grantedScopes: ['premium'] })).toEqual(direct.unlocks[1].expectedResponse);
  });
});
