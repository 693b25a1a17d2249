import { importPKCS8, SignJWT } from 'jose';
import { generateKeyPairSync } from 'crypto';
import { decideUnlock, publisherJwkFromPem, UnlockContent, UnlockKeyRequest, verifyResourceJwt } from '../../src/capsule';
import { FakeClock } from '../../src/testing';
import { InMemoryCapsuleKeyStore, InMemoryShareTokenUseCounter } from '../../src/testing/in-memory-capsule';
import { errorCode, fixture, interopVendor, IssuerEntry, keysFixture, Manifest, renderedAt, wrapKidsOf } from './support';

const ecdh = fixture<{ manifest: Manifest }>('js-rendered-manifest-ecdh.json').manifest;
const now = renderedAt(ecdh);
const entry: IssuerEntry = ecdh.issuers.interop.keys[0];
const body: UnlockKeyRequest = { contentName: entry.contentName, scope: entry.scope, kid: entry.kid, wrapKeys: entry.wrapKeys! };

async function world(vendorOverrides = {}) {
  const store = new InMemoryCapsuleKeyStore();
  store.put(await interopVendor(vendorOverrides));
  const clock = new FakeClock(now);
  const unlock = new UnlockContent(store, new InMemoryShareTokenUseCounter(), clock);
  const run = (command: { keys?: UnlockKeyRequest[]; resourceJWT?: string; grantedScopes?: string[]; mode?: 'hosted' | 'issuer-wrapped' } = {}) =>
    unlock.execute({ vendorId: 'vendor-interop', resourceJWT: ecdh.resourceJWT, keys: [body], grantedScopes: ['premium'], ...command });
  return { clock, run, unlock };
}

async function resourceJwt(claims: Record<string, unknown>, kid = keysFixture().signingKid, alg = 'ES256'): Promise<string> {
  const keys = keysFixture();
  return new SignJWT({ iss: keys.domain, sub: 'article-interop-1', scopes: ['premium'], data: {}, ...claims })
    .setProtectedHeader({ alg, typ: 'JWT', kid })
    .sign(await importPKCS8(keys.publisherSigningPrivateKeyPem, alg));
}

const seconds = (at: Date) => Math.floor(at.getTime() / 1000);

describe('resourceJWT refusals', () => {
  it('refuses a resource signed by a domain that is not the vendor', async () => {
    const { run } = await world({ domains: ['someone-else.example'] });
    expect(await errorCode(run())).toBe('CAPSULE.RESOURCE_JWT.FOREIGN_ISSUER');
  });

  it('refuses an expired resourceJWT', async () => {
    const { run } = await world();
    const expired = await resourceJwt({ iat: seconds(now) - 7200, exp: seconds(now) - 1 });
    expect(await errorCode(run({ resourceJWT: expired }))).toBe('CAPSULE.RESOURCE_JWT.EXPIRED');
  });

  it('checks the times of a resourceJWT it verified before on every later use: expired from exp on, refused before nbf', async () => {
    const keys = keysFixture();
    const trust = { domains: [keys.domain], publisherKeys: [await publisherJwkFromPem(keys.publisherSigningPublicKeyPem, keys.signingKid)] };
    const token = await resourceJwt({ iat: seconds(now), nbf: seconds(now), exp: seconds(now) + 60 });
    const verifiedAt = (at: Date) => verifyResourceJwt(token, trust, at).then((r) => r.resourceId, (e: { code?: string }) => e.code);
    expect(await verifiedAt(now)).toBe('article-interop-1');
    expect(await verifiedAt(new Date(now.getTime() + 59_000))).toBe('article-interop-1');
    expect(await verifiedAt(new Date(now.getTime() + 60_000))).toBe('CAPSULE.RESOURCE_JWT.EXPIRED');
    expect(await verifiedAt(new Date(now.getTime() - 1_000))).toBe('CAPSULE.RESOURCE_JWT.NOT_YET_VALID');
    // The same text under another key registered for the kid (a rotation) is verified afresh, and refused.
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const rotated = { ...trust, publisherKeys: [await publisherJwkFromPem(other, keys.signingKid)] };
    expect(await verifyResourceJwt(token, rotated, now).catch((e: { code?: string }) => e.code)).toBe('CAPSULE.RESOURCE_JWT.BAD_SIGNATURE');
  });

  it('refuses a resourceJWT whose kid is not registered', async () => {
    const { run } = await world();
    expect(await errorCode(run({ resourceJWT: await resourceJwt({}, 'sign-2099') }))).toBe('CAPSULE.RESOURCE_JWT.UNKNOWN_KEY');
  });

  it('refuses when the vendor registered another key under that kid', async () => {
    const other = generateKeyPairSync('ec', { namedCurve: 'P-256' }).publicKey.export({ type: 'spki', format: 'pem' }).toString();
    const { run } = await world({ publisherKeys: [await publisherJwkFromPem(other, 'sign-2025-10')] });
    expect(await errorCode(run())).toBe('CAPSULE.RESOURCE_JWT.BAD_SIGNATURE');
  });

  it('refuses a resourceJWT with tampered claims', async () => {
    const { run } = await world();
    const [header, , signature] = ecdh.resourceJWT.split('.');
    const claims = Buffer.from(JSON.stringify({ iss: 'interop.example.com', sub: 'article-interop-1', scopes: ['free'] })).toString('base64url');
    expect(await errorCode(run({ resourceJWT: `${header}.${claims}.${signature}` }))).toBe('CAPSULE.RESOURCE_JWT.BAD_SIGNATURE');
  });

  it.each([
    ['unsigned', async () => `${Buffer.from('{"alg":"none","kid":"sign-2025-10"}').toString('base64url')}.${Buffer.from('{}').toString('base64url')}.`, 'ALGORITHM'],
    ['RS256-labelled', async () => `${Buffer.from('{"alg":"RS256","kid":"sign-2025-10"}').toString('base64url')}.e30.c2ln`, 'ALGORITHM'],
    ['garbage', async () => 'not-a-jwt', 'MALFORMED'],
    ['without scopes', async () => resourceJwt({ scopes: undefined }), 'MALFORMED'],
    ['without sub', async () => resourceJwt({ sub: undefined }), 'MALFORMED'],
  ])('refuses a %s resourceJWT', async (_name, make, reason) => {
    const { run } = await world();
    expect(await errorCode(run({ resourceJWT: await make() }))).toBe(`CAPSULE.RESOURCE_JWT.${reason}`);
  });

  it('is a 404 for a vendor without capsule keys', async () => {
    const { unlock } = await world();
    expect(await errorCode(unlock.execute({ vendorId: 'nobody', resourceJWT: ecdh.resourceJWT, keys: [body] }))).toBe('CAPSULE.VENDOR_NOT_FOUND');
  });
});

describe('unlock refusals', () => {
  it('refuses an entry relabelled to a scope the resource does not name', async () => {
    const { run } = await world();
    expect(await errorCode(run({ keys: [{ ...body, scope: 'free' }], grantedScopes: ['free'] }))).toBe('CAPSULE.SCOPE_NOT_IN_RESOURCE');
  });

  it('refuses a relabelled blob in issuer-wrapped mode even for a scope the resource names', async () => {
    const vendor = await interopVendor();
    const resource = { ...(await verifyResourceJwt(ecdh.resourceJWT, vendor, now)), scopes: ['premium', 'free'] };
    const code = await errorCode(
      decideUnlock({
        resource,
        requested: [{ ...body, scope: 'free' }],
        grants: [{ kind: 'scopes', scopes: ['free'] }],
        now,
        source: { kind: 'issuer-wrapped' },
        issuerKeys: vendor.issuerKeys,
      }),
    );
    expect(code).toBe('CAPSULE.UNWRAP_FAILED');
  });

  it('refuses a reader without the scope, saying what is required', async () => {
    const { run } = await world();
    await expect(run({ grantedScopes: ['basic'] })).rejects.toMatchObject({
      code: 'CAPSULE.NOTHING_GRANTED',
      kind: 'forbidden',
      details: { requiredScopes: ['premium'] },
    });
  });

  it('derives only kids inside the window and leaves out the rest', async () => {
    const { run } = await world();
    const wrapKeys = ['260502T10', '260502T11', '260502T12', '260502T13', '260502T14', '260502T1200', 'junk'].map((kid) => ({ kid }));
    const answer = await run({ keys: [{ ...body, wrapKeys }] });
    expect(wrapKidsOf(answer.keys[0])).toEqual(['260502T12', '260502T13']);
  });

  it('refuses when every requested kid is outside the window', async () => {
    const { run, clock } = await world();
    clock.set('2026-05-02T14:18:36Z');
    await expect(run()).rejects.toMatchObject({
      code: 'CAPSULE.KID_OUTSIDE_WINDOW',
      details: { requested: ['260502T12', '260502T13'], allowed: ['260502T14', '260502T15'] },
    });
  });

  it('still honours the previous kid just after rotation', async () => {
    const { run, clock } = await world();
    clock.set('2026-05-02T14:02:00Z');
    const answer = await run();
    expect(wrapKidsOf(answer.keys[0])).toEqual(['260502T13']);
  });

  it('issuer-wrapped mode refuses an issuer key it does not hold', async () => {
    const { run } = await world();
    expect(await errorCode(run({ mode: 'issuer-wrapped', keys: [{ ...body, kid: 'iss-unknown' }] }))).toBe('CAPSULE.ISSUER_KEY_UNKNOWN');
  });

  it('issuer-wrapped mode without a named issuer key tries the keys it holds', async () => {
    const { run } = await world();
    const { kid: _kid, ...unnamed } = body;
    const answer = await run({ mode: 'issuer-wrapped', keys: [unnamed] });
    expect(wrapKidsOf(answer.keys[0])).toHaveLength(2);
  });

  it('hosted mode needs a rotation secret', async () => {
    const { run } = await world({ rotationSecret: null });
    expect(await errorCode(run())).toBe('CAPSULE.MODE_NOT_CONFIGURED');
  });
});
