import { BrowserClient } from '../../src/identity';
import { BrowserClientsOfSites, InMemoryBrowserClientRepository, ScheduledDueWork, UsersAsAccountsByEmail } from '../../src/testing';

// The catalog's lookups over other modules' in-memory stores: accounts by e-mail, a vendor's browser clients, due work.
const T0 = new Date('2026-03-01T12:00:00Z');
const user = (vendorId: string, id: string, email: string) => ({ id, vendorId, email, firstName: null, lastName: null, createdAt: T0 });

describe('UsersAsAccountsByEmail', () => {
  const accounts = new UsersAsAccountsByEmail({
    rows: [user('acme', 'u1', 'ada@example.com'), user('globex', 'u9', 'ada@example.com'), user('acme', 'u2', 'bo@example.com'), user('initech', 'u5', 'ada@example.com')],
  });

  it("answers a user's e-mail under the user's vendor only", async () => {
    expect(await accounts.emailOf('acme', 'u1')).toBe('ada@example.com');
    expect(await accounts.emailOf('globex', 'u1')).toBeNull();
    expect(await accounts.emailOf('acme', 'nobody')).toBeNull();
  });

  it('answers the vendors with an account of the e-mail, normalised, each once and sorted', async () => {
    expect(await accounts.vendorIdsWithEmail('  ADA@Example.com ')).toEqual(['acme', 'globex', 'initech']);
    expect(await accounts.vendorIdsWithEmail('nobody@example.com')).toEqual([]);
  });
});

describe('BrowserClientsOfSites', () => {
  const client: BrowserClient = {
    clientId: 'acme-web',
    vendorId: 'acme',
    name: 'acme.example',
    redirectUris: ['https://acme.example/after'],
    allowedOrigins: ['https://acme.example'],
    accessSyncUrl: null,
    createdAt: T0,
  };

  it("says a client belongs to its own vendor only, and adds an allowed origin to the vendor's own client once", async () => {
    const clients = new InMemoryBrowserClientRepository();
    await clients.add(client);
    const sites = new BrowserClientsOfSites(clients);
    expect([await sites.belongsTo('acme', 'acme-web'), await sites.belongsTo('globex', 'acme-web'), await sites.belongsTo('acme', 'nope')]).toEqual([
      true,
      false,
      false,
    ]);
    await sites.allowOrigin('acme', 'acme-web', 'https://news.acme.example');
    await sites.allowOrigin('acme', 'acme-web', 'https://news.acme.example');
    await sites.allowOrigin('globex', 'acme-web', 'https://globex.example');
    expect((await clients.findById('acme-web'))?.allowedOrigins).toEqual(['https://acme.example', 'https://news.acme.example']);
  });
});

describe('ScheduledDueWork', () => {
  const at = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

  it('answers the earliest due instant after `after` and up to `until`, per vendor', async () => {
    const work = new ScheduledDueWork().schedule('acme', at(30)).schedule('acme', at(10)).schedule('globex', at(5));
    expect(await work.nextDueAt('acme', null, at(60))).toEqual(at(10));
    expect(await work.nextDueAt('acme', at(10), at(60))).toEqual(at(30));
    expect(await work.nextDueAt('acme', null, at(9))).toBeNull();
    expect(await work.nextDueAt('initech', null, at(60))).toBeNull();
  });

  it('records what ran and clears only what was due then, for that vendor', async () => {
    const work = new ScheduledDueWork().schedule('acme', at(10)).schedule('acme', at(30)).schedule('globex', at(10));
    await work.runDueAt('acme', at(10));
    expect(work.ran).toEqual([{ vendorId: 'acme', at: at(10) }]);
    expect(await work.nextDueAt('acme', null, at(60))).toEqual(at(30));
    expect(await work.nextDueAt('globex', null, at(60))).toEqual(at(10));
  });
});
