import fc from 'fast-check';
import { CreateVendor } from '../src/catalog';
import {
  AuthorizeKeyManagement,
  CreateApiKey,
  CreateStaffUser,
  ExchangeClientCredentials,
  ListApiKeys,
  OAuthError,
  RevokeApiKey,
  SCOPE_PRESETS,
  narrowScopes,
  Principal,
} from '../src/identity';
import {
  FakeClock,
  InMemoryApiKeyRepository,
  InMemoryStaffMemberships,
  InMemoryUserRepository,
  InMemoryVendorRepository,
  PlainTextHasher,
  RecordingTokenIssuer,
  SequentialCredentials,
  SequentialIds,
} from '../src/testing';

function world() {
  const clock = new FakeClock('2026-05-01T10:00:00Z');
  const vendors = new InMemoryVendorRepository();
  const users = new InMemoryUserRepository();
  const keys = new InMemoryApiKeyRepository();
  const tokens = new RecordingTokenIssuer();
  const hasher = new PlainTextHasher();
  const memberships = new InMemoryStaffMemberships(users);
  const authorize = new AuthorizeKeyManagement(memberships);
  return {
    clock,
    keys,
    tokens,
    createVendor: new CreateVendor(vendors, clock),
    createStaff: new CreateStaffUser(users, memberships, vendors, new SequentialIds('user-'), clock),
    createKey: new CreateApiKey(keys, vendors, authorize, new SequentialCredentials(), hasher, clock),
    listKeys: new ListApiKeys(keys, authorize),
    revokeKey: new RevokeApiKey(keys, authorize, clock),
    exchange: new ExchangeClientCredentials(keys, hasher, tokens, clock),
  };
}

const staffOf = (vendorId: string, userId: string): Principal => ({ kind: 'user', vendorId, userId, scopes: [] });

async function oauthCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof OAuthError) return error.oauthCode;
    throw error;
  }
  return 'no error';
}

describe('API keys', () => {
  it('lets a staff user create a read key by default and lists it newest first without revoked keys', async () => {
    const w = world();
    await w.createVendor.execute({ id: 'acme', name: 'Acme' });
    const staff = await w.createStaff.execute({ vendorId: 'acme', email: 'Boss@Acme.test' });
    const actor = { kind: 'principal' as const, principal: staffOf('acme', staff.id) };
    const first = await w.createKey.execute({ actor, vendorId: 'acme', name: 'first' });
    w.clock.advance(1000);
    const second = await w.createKey.execute({ actor, vendorId: 'acme', name: 'second', role: 'full' });
    expect(first.key.role).toBe('read');
    expect((await w.listKeys.execute({ actor, vendorId: 'acme' })).map((k) => k.name)).toEqual(['second', 'first']);
    await w.revokeKey.execute({ actor, vendorId: 'acme', clientId: second.key.clientId });
    expect((await w.listKeys.execute({ actor, vendorId: 'acme' })).map((k) => k.name)).toEqual(['first']);
  });

  it('refuses API key tokens, readers and staff of another vendor', async () => {
    const w = world();
    await w.createVendor.execute({ id: 'acme', name: 'Acme' });
    await w.createVendor.execute({ id: 'other', name: 'Other' });
    const otherStaff = await w.createStaff.execute({ vendorId: 'other', email: 'boss@other.test' });
    const apiKeyActor = {
      kind: 'principal' as const,
      principal: { kind: 'api_key' as const, vendorId: 'acme', clientId: 'apikey_x', scopes: SCOPE_PRESETS.full },
    };
    await expect(w.createKey.execute({ actor: apiKeyActor, vendorId: 'acme', name: 'k' })).rejects.toMatchObject({
      code: 'IDENTITY.STAFF_ONLY',
    });
    const foreign = { kind: 'principal' as const, principal: staffOf('other', otherStaff.id) };
    await expect(w.createKey.execute({ actor: foreign, vendorId: 'acme', name: 'k' })).rejects.toMatchObject({
      kind: 'forbidden',
    });
  });

  it('exchanges a key only at its own tenant with its exact secret', async () => {
    const w = world();
    await w.createVendor.execute({ id: 'acme', name: 'Acme' });
    await w.createVendor.execute({ id: 'other', name: 'Other' });
    const { key, clientSecret } = await w.createKey.execute({ actor: { kind: 'operator' }, vendorId: 'acme', name: 'k' });
    const ok = { tenantVendorId: 'acme', clientId: key.clientId, clientSecret, audience: 'urn:service' };

    expect(await oauthCode(w.exchange.execute({ ...ok, tenantVendorId: null }))).toBe('invalid_client');
    expect(await oauthCode(w.exchange.execute({ ...ok, tenantVendorId: 'other' }))).toBe('invalid_client');
    expect(await oauthCode(w.exchange.execute({ ...ok, clientSecret: ` ${clientSecret}` }))).toBe('invalid_client');
    expect(await oauthCode(w.exchange.execute({ ...ok, clientSecret: 'wrong' }))).toBe('invalid_client');
    expect(await oauthCode(w.exchange.execute({ ...ok, clientId: 'apikey_unknown' }))).toBe('invalid_client');
    expect(await oauthCode(w.exchange.execute({ ...ok, scope: 'products:write' }))).toBe('access_denied');
    expect(await oauthCode(w.exchange.execute({ ...ok, scope: 'contracts:write' }))).toBe('access_denied');

    const issued = await w.exchange.execute({ ...ok, scope: 'products:read  bills:read' });
    expect(issued).toMatchObject({ expiresIn: 86400, scopes: ['products:read', 'bills:read'] });
    const all = await w.exchange.execute(ok);
    expect(all.scopes).toEqual(SCOPE_PRESETS.read);

    await w.revokeKey.execute({ actor: { kind: 'operator' }, vendorId: 'acme', clientId: key.clientId });
    expect(await oauthCode(w.exchange.execute(ok))).toBe('invalid_client');
  });

  it('adds contracts:write to the whole preset only for keys granted it', async () => {
    const w = world();
    await w.createVendor.execute({ id: 'acme', name: 'Acme' });
    const { key, clientSecret } = await w.createKey.execute({
      actor: { kind: 'operator' },
      vendorId: 'acme',
      name: 'contracts',
      role: 'full',
      grants: ['contracts:write'],
    });
    const issued = await w.exchange.execute({ tenantVendorId: 'acme', clientId: key.clientId, clientSecret });
    expect(issued.scopes).toEqual([...SCOPE_PRESETS.full, 'contracts:write']);
    expect(w.tokens.issued[0].principal).toEqual({
      kind: 'api_key',
      vendorId: 'acme',
      clientId: key.clientId,
      scopes: issued.scopes,
    });
  });

  it('narrows scopes: a subset is granted as asked, anything outside denies the whole request', () => {
    const allowed = SCOPE_PRESETS.full;
    fc.assert(
      fc.property(fc.subarray([...allowed]), fc.array(fc.string({ minLength: 1 })), (subset, extra) => {
        const requested = [...subset, ...extra];
        const result = narrowScopes(requested, allowed);
        if (requested.length === 0) return expect(result).toEqual(allowed);
        if (extra.some((e) => !allowed.includes(e))) return expect(result).toBeNull();
        expect(new Set(result)).toEqual(new Set(requested));
      }),
    );
  });
});
