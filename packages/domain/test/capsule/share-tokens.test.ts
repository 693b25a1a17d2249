import { importPKCS8, SignJWT } from 'jose';
import { UnlockContent, UnlockKeyRequest, verifyResourceJwt, verifyShareToken } from '../../src/capsule';
import { FakeClock } from '../../src/testing';
import { InMemoryCapsuleKeyStore, InMemoryShareTokenUseCounter } from '../../src/testing/in-memory-capsule';
import { decryptWithAnswer, errorCode, fixture, interopVendor, keysFixture, Manifest, renderedAt } from './support';

const tokens = fixture<{ tokens: { contentNames: string; scopes: string } }>('js-rendered-share-tokens.json').tokens;
const ecdh = fixture<{ manifest: Manifest; plaintext: string }>('js-rendered-manifest-ecdh.json');
const rich = fixture<{ manifest: Manifest }>('js-rendered-manifest-rich.json');
const now = renderedAt(ecdh.manifest);

// As the browser sends it: the manifest's entry (issuer kid, contentKey wrapped for it, wrap keys).
const body: UnlockKeyRequest = ecdh.manifest.issuers.interop.keys[0];
const sidebar: UnlockKeyRequest = { ...body, contentName: 'sidebar' };

async function world() {
  const store = new InMemoryCapsuleKeyStore();
  store.put(await interopVendor());
  const clock = new FakeClock(now);
  const uses = new InMemoryShareTokenUseCounter();
  const unlock = new UnlockContent(store, uses, clock);
  const run = (shareToken: string, keys: UnlockKeyRequest[], resourceJWT = ecdh.manifest.resourceJWT) =>
    unlock.execute({ vendorId: 'vendor-interop', resourceJWT, keys, shareToken });
  return { clock, uses, run };
}

/** A share token signed with the fixture publisher key, for the cases the fixtures do not cover. */
async function shareToken(claims: Record<string, unknown>): Promise<string> {
  const keys = keysFixture();
  return new SignJWT({ type: 'dca-share', domain: keys.domain, resourceId: 'article-interop-1', scopes: ['premium'], jti: 'j-1', ...claims })
    .setProtectedHeader({ alg: 'ES256', typ: 'JWT', kid: keys.signingKid })
    .sign(await importPKCS8(keys.publisherSigningPrivateKeyPem, 'ES256'));
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

describe('fixture share tokens', () => {
  it('reads the contentNames token, and the scopes token whose empty contentNames counts as absent', async () => {
    const vendor = await interopVendor();
    const resource = await verifyResourceJwt(ecdh.manifest.resourceJWT, vendor, now);
    const named = await verifyShareToken(tokens.contentNames, vendor, resource, now);
    expect(named).toMatchObject({ grant: { contentNames: ['bodytext'] }, maxUses: 5, data: { campaign: 'spring' } });
    const scoped = await verifyShareToken(tokens.scopes, vendor, resource, now);
    expect(scoped).toMatchObject({ grant: { scopes: ['premium'] }, maxUses: null });
  });

  it('the contentNames token unlocks bodytext and nothing else, for an anonymous reader', async () => {
    const { run } = await world();
    const answer = await run(tokens.contentNames, [body, sidebar]);
    expect(answer.keys.map((k) => k.contentName)).toEqual(['bodytext']);
    expect(answer.keys[0]).not.toHaveProperty('wrapKeys'); // content keys only: a token for one item opens that item
    expect(await decryptWithAnswer(ecdh.manifest, 'interop.example.com', 'article-interop-1', answer.keys[0])).toBe(ecdh.plaintext);
    expect(await errorCode(run(tokens.contentNames, [sidebar]))).toBe('CAPSULE.NOTHING_GRANTED');
  });

  it('the scopes token unlocks every premium item of its resource', async () => {
    const { run } = await world();
    const answer = await run(tokens.scopes, [body, sidebar]);
    expect(answer.keys.map((k) => k.contentName)).toEqual(['bodytext', 'sidebar']);
    expect(await decryptWithAnswer(ecdh.manifest, 'interop.example.com', 'article-interop-1', answer.keys[0])).toBe(ecdh.plaintext);
  });

  it('neither token opens another resource', async () => {
    const { run } = await world();
    expect(await errorCode(run(tokens.scopes, [body], rich.manifest.resourceJWT))).toBe('CAPSULE.SHARE_TOKEN.WRONG_RESOURCE');
    expect(await errorCode(run(tokens.contentNames, [body], rich.manifest.resourceJWT))).toBe('CAPSULE.SHARE_TOKEN.WRONG_RESOURCE');
  });

  it('spends one of maxUses per unlock, none for a refused one', async () => {
    const { run, uses } = await world();
    await run(tokens.contentNames, [sidebar]).catch(() => undefined);
    for (let i = 0; i < 5; i += 1) await run(tokens.contentNames, [body]);
    expect(await errorCode(run(tokens.contentNames, [body]))).toBe('CAPSULE.SHARE_TOKEN.USED_UP');
    expect(uses.used.get('c5e3c977ed4c48403e8b907aaf15e157')).toBe(5);
  });

  it('expire at their exp', async () => {
    const { run, clock } = await world();
    clock.set(new Date(1777727916 * 1000));
    expect(await errorCode(run(tokens.contentNames, [body]))).toBe('CAPSULE.SHARE_TOKEN.EXPIRED');
  });
});

describe('share token rules', () => {
  it('accepts an iat up to 60 s ahead and refuses one further ahead', async () => {
    const { run } = await world();
    const exp = seconds(now) + 600;
    await expect(run(await shareToken({ iat: seconds(now) + 60, exp }), [body])).resolves.toBeDefined();
    expect(await errorCode(run(await shareToken({ iat: seconds(now) + 61, exp }), [body]))).toBe('CAPSULE.SHARE_TOKEN.FROM_FUTURE');
  });

  it.each([
    ['another type', { type: 'dca-other' }, 'MALFORMED'],
    ['both contentNames and scopes', { contentNames: ['bodytext'] }, 'MALFORMED'],
    ['neither contentNames nor scopes', { scopes: [] }, 'MALFORMED'],
    ['no exp', { exp: undefined }, 'MALFORMED'],
    ['no jti', { jti: undefined }, 'MALFORMED'],
    ['maxUses 0', { maxUses: 0 }, 'MALFORMED'],
    ['a foreign domain', { domain: 'evil.example' }, 'FOREIGN_ISSUER'],
    ['another resource', { resourceId: 'article-rich-1' }, 'WRONG_RESOURCE'],
  ])('refuses %s', async (_name, claims, reason) => {
    const { run } = await world();
    const token = await shareToken({ iat: seconds(now), exp: seconds(now) + 600, ...claims });
    expect(await errorCode(run(token, [body]))).toBe(`CAPSULE.SHARE_TOKEN.${reason}`);
  });
});
