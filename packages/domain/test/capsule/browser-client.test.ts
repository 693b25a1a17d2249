import { createPrivateKey } from 'crypto';
import {
  CapsuleManifest,
  createClientKeyPair,
  importClientPublicKey,
  keyEntries,
  MemoryWrapKeyCache,
  openFromCache,
  openItem,
  openPage,
  sealForClient,
  unlockRequestFor,
  UnlockResponse,
  wrapKeyCacheKey,
} from '../../src/capsule';
import { fixture } from './support';

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture JSON
const direct = fixture<any>('js-rendered-direct-manifest.json');
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- fixture JSON
const bound = fixture<any>('js-rendered-client-bound-unlock.json');
const manifest = direct.manifest as CapsuleManifest;
const plain = direct.plaintexts as Record<string, string>;
const b64 = (h: string) => Buffer.from(h, 'hex').toString('base64url');
const wrapKeys = Object.entries(direct.expectedWrapKeysHex.premium as Record<string, string>).map(([kid, key]) => ({ kid, key: b64(key) }));
const wrapAnswer: UnlockResponse = {
  keys: [
    { contentName: 'bodytext', scope: 'premium', wrapKeys },
    { contentName: 'sidebar', scope: 'premium', wrapKeys },
  ],
};

describe('the browser module opens a page with any kind of answer', () => {
  it('content keys (direct delivery), not cached', async () => {
    const cache = new MemoryWrapKeyCache();
    const opened = await openPage(manifest, direct.unlocks[0].expectedResponse, { cache });
    expect(opened).toEqual({ bodytext: { text: plain.bodytext }, sidebar: { text: plain.sidebar } });
    expect(cache.entries.size).toBe(0);
  });

  it('wrap keys, cached by scope and kid; a later page of the scope opens from the cache', async () => {
    const cache = new MemoryWrapKeyCache();
    expect(await openItem(manifest, 'bodytext', { keys: [wrapAnswer.keys[0]] }, { cache })).toBe(plain.bodytext);
    expect([...cache.entries.keys()].sort()).toEqual([wrapKeyCacheKey('premium', '260502T12'), 'dca:wk:premium:260502T13']);
    expect(await openItem(manifest, 'sidebar', null, { cache })).toBe(plain.sidebar);
    expect(await openFromCache(manifest, 'sidebar', cache)).toBe(plain.sidebar);
    // Keys of another scope open nothing.
    const other = new MemoryWrapKeyCache();
    for (const { kid, key } of wrapKeys) other.set(wrapKeyCacheKey('basic', kid), Buffer.from(key, 'base64url'));
    expect(await openFromCache(manifest, 'sidebar', other)).toBeNull();
    await expect(openItem(manifest, 'sidebar', null, { cache: other })).rejects.toMatchObject({ code: 'NO_KEY' });
  });

  it('during a rotation overlap two keys share a kid: the one that opens is used and cached', async () => {
    const wrong = { kid: '260502T12', key: Buffer.alloc(32, 7).toString('base64url') };
    const cache = new MemoryWrapKeyCache();
    const answer = { keys: [{ contentName: 'bodytext', scope: 'premium', wrapKeys: [wrong, wrapKeys[0]] }] };
    expect(await openItem(manifest, 'bodytext', answer, { cache })).toBe(plain.bodytext);
    expect(Buffer.from(cache.entries.get('dca:wk:premium:260502T12')!).toString('hex')).toBe(direct.expectedWrapKeysHex.premium['260502T12']);
    const none = { keys: [{ contentName: 'bodytext', scope: 'premium', wrapKeys: [wrong] }] };
    await expect(openItem(manifest, 'bodytext', none)).rejects.toMatchObject({ code: 'NO_MATCHING_WRAP_KEY', contentName: 'bodytext' });
  });

  it('client-bound answers open with the client private key only', async () => {
    const publicKey = await importClientPublicKey(bound.client.clientPublicKey);
    const privateKey = await crypto.subtle.importKey(
      'pkcs8',
      createPrivateKey(bound.client.privateKeyPem).export({ type: 'pkcs8', format: 'der' }),
      { name: 'RSA-OAEP', hash: 'SHA-256' },
      false,
      ['decrypt'],
    );
    const sealed: UnlockResponse = {
      transport: 'client-bound',
      keys: [
        { contentName: 'bodytext', scope: 'premium', contentKey: await sealForClient(Buffer.from(direct.expectedContentKeysHex.bodytext, 'hex'), publicKey) },
        {
          contentName: 'sidebar',
          scope: 'premium',
          wrapKeys: await Promise.all(wrapKeys.map(async (w) => ({ kid: w.kid, key: await sealForClient(Buffer.from(w.key, 'base64url'), publicKey) }))),
        },
      ],
    };
    expect(sealed.keys[0].contentKey).toHaveLength(342);
    expect(await openPage(manifest, sealed, { clientPrivateKey: privateKey })).toEqual({ bodytext: { text: plain.bodytext }, sidebar: { text: plain.sidebar } });
    await expect(openItem(manifest, 'bodytext', sealed)).rejects.toMatchObject({ code: 'BAD_KEY' });
    // The reference answers decrypt too.
    for (const unlock of bound.unlocks) {
      for (const entry of unlock.expectedResponse.keys) {
        expect(await openItem(manifest, entry.contentName, unlock.expectedResponse, { clientPrivateKey: privateKey })).toBe(plain[entry.contentName]);
      }
    }
  });

  it('a partial answer opens item by item; an unknown item is reported', async () => {
    const opened = await openPage(manifest, direct.unlocks[1].expectedResponse);
    expect(opened.bodytext).toEqual({ text: plain.bodytext });
    expect(opened.sidebar).toMatchObject({ error: { code: 'NO_KEY', contentName: 'sidebar' } });
    await expect(openItem(manifest, 'comments', direct.unlocks[1].expectedResponse)).rejects.toMatchObject({ code: 'NO_ITEM' });
  });
});

describe('requests and client keys', () => {
  it("copies the issuer's entries unchanged, with the optional share token and client key", () => {
    const request = unlockRequestFor(manifest, 'scoped', { shareToken: 'tok', clientPublicKey: 'pk', contentNames: ['sidebar'] });
    expect(request).toEqual({ resourceJWT: manifest.resourceJWT, keys: [manifest.issuers.scoped.keys[1]], shareToken: 'tok', clientPublicKey: 'pk' });
    expect(unlockRequestFor(manifest, 'ecdh').keys).toEqual(manifest.issuers.ecdh.keys);
    expect(unlockRequestFor(manifest, 'nobody').keys).toEqual([]);
  });

  it('makes a 2048-bit RSA-OAEP key pair whose public half the service accepts', async () => {
    const { publicKey, privateKey } = await createClientKeyPair();
    const imported = await importClientPublicKey(publicKey);
    expect((imported.algorithm as RsaHashedKeyAlgorithm).modulusLength).toBe(2048);
    expect(privateKey.extractable).toBe(false);
    const sealed = await sealForClient(new Uint8Array(32).fill(9), imported);
    expect(new Uint8Array(await crypto.subtle.decrypt({ name: 'RSA-OAEP' }, privateKey, Buffer.from(sealed, 'base64url')))).toEqual(new Uint8Array(32).fill(9));
  });

  it('key entries: "default" content name, duplicates refused', () => {
    expect(keyEntries([{ scope: 'premium' }])).toEqual([{ contentName: 'default', scope: 'premium' }]);
    expect(() => keyEntries([{ scope: 'premium' }, { contentName: 'default', scope: 'premium' }])).toThrow(/two key entries/);
    expect(keyEntries([{ scope: 'p', kid: 'a' }, { scope: 'p', kid: 'b' }])).toHaveLength(2);
    expect(() => keyEntries([])).toThrow(/at least one/);
  });
});
