import { domainToASCII } from 'node:url';
import { isOnDomain, ManageDomains, ManageSites, normaliseHostname, siteOrigins, siteUrl } from '../src/catalog';
import { FakeClock, InMemorySites } from '../src/testing';

const host = (raw: string) => normaliseHostname(raw, domainToASCII);

describe('a vendor domain', () => {
  it.each([
    ['News.Example.COM', 'news.example.com'],
    ['  example.org ', 'example.org'],
    ['bücher.example', 'xn--bcher-kva.example'],
    ['XN--BCHER-KVA.example', 'xn--bcher-kva.example'],
    ['a-b.c-d.example', 'a-b.c-d.example'],
  ])('normalises %j to %j', (raw, expected) => expect(host(raw)).toBe(expected));

  it.each([
    'https://news.example.com',
    'news.example.com:8443',
    'news.example.com/path',
    'user@news.example.com',
    'localhost',
    'example',
    '192.168.1.1',
    '[::1]',
    '::1',
    '0x7f.1',
    'news..example.com',
    '.example.com',
    'example.com.',
    '-bad.example.com',
    'bad-.example.com',
    'under_score.example.com',
    'news example.com',
    `${'a'.repeat(64)}.example.com`,
    `${'a.'.repeat(127)}com`,
    'x'.repeat(5000),
    '',
    'xn--.example',
    '💥\u0000.example',
  ])('refuses case %# with the field named', (raw) => {
    expect(() => host(raw)).toThrow(expect.objectContaining({ kind: 'invalid', details: { field: 'domain' } }));
  });

  it('matches the domain and its subdomains only', () => {
    expect(isOnDomain('example.com', 'example.com')).toBe(true);
    expect(isOnDomain('www.example.com', 'example.com')).toBe(true);
    expect(isOnDomain('badexample.com', 'example.com')).toBe(false);
    expect(isOnDomain('example.com.evil.org', 'example.com')).toBe(false);
  });
});

describe('a site address', () => {
  it('is https on the domain or a subdomain, or http on localhost', () => {
    expect(siteUrl('https://www.news.example.com/a?b=1', 'news.example.com').href).toBe('https://www.news.example.com/a?b=1');
    expect(siteUrl('https://news.example.com', 'news.example.com').href).toBe('https://news.example.com/');
    expect(siteUrl('https://BÜCHER.example/', 'xn--bcher-kva.example').origin).toBe('https://xn--bcher-kva.example');
    expect(siteUrl('http://localhost:3000/', 'news.example.com').origin).toBe('http://localhost:3000');
    expect(siteOrigins({ url: 'https://www.news.example.com:8443/x' })).toEqual(['https://www.news.example.com:8443']);
  });

  it.each([
    'http://news.example.com/',
    'https://other.example.org/',
    'https://news.example.com.evil.org/',
    'https://evilnews.example.com/',
    'https://user:pw@news.example.com/',
    'javascript:alert(1)',
    'news.example.com',
    `https://news.example.com/${'x'.repeat(3000)}`,
  ])('refuses address %#', (raw) => {
    expect(() => siteUrl(raw, 'news.example.com')).toThrow(expect.objectContaining({ kind: 'invalid', details: { field: 'url' } }));
  });
});

describe('managing domains and sites', () => {
  const setup = () => {
    const store = new InMemorySites();
    const allowed: string[] = [];
    const clock = new FakeClock('2026-11-20T09:00:00Z');
    let n = 0;
    const domains = new ManageDomains(store, store.sites, clock, domainToASCII);
    const sites = new ManageSites(
      store.sites,
      store,
      {
        belongsTo: async (vendorId, clientId) => vendorId === 'v1' && clientId === 'client_a',
        allowOrigin: async (vendorId, clientId, origin) => void allowed.push(`${vendorId} ${clientId} ${origin}`),
      },
      { next: () => `site_${++n}` },
      clock,
      domainToASCII,
    );
    return { domains, sites, clock, allowed };
  };

  it('adds a domain once, lists its sites, and keeps a domain in use', async () => {
    const { domains, sites, allowed } = setup();
    await domains.add('v1', 'News.Example.com');
    await expect(domains.add('v1', 'news.example.com')).rejects.toMatchObject({ kind: 'conflict', code: 'DOMAIN.EXISTS' });
    await domains.add('v2', 'news.example.com');
    const site = await sites.create('v1', { name: ' Main ', domain: 'NEWS.example.com', url: 'https://www.news.example.com', clientId: 'client_a' });
    expect(site).toMatchObject({ id: 'site_1', name: 'Main', domain: 'news.example.com', url: 'https://www.news.example.com/' });
    expect(allowed).toEqual(['v1 client_a https://www.news.example.com']);
    expect((await domains.get('v1', 'news.EXAMPLE.com')).sites).toEqual(['site_1']);
    expect((await domains.get('v2', 'news.example.com')).sites).toEqual([]);
    await expect(domains.remove('v1', 'news.example.com')).rejects.toMatchObject({ kind: 'conflict', code: 'DOMAIN.IN_USE' });
    await sites.remove('v1', 'site_1');
    await domains.remove('v1', 'news.example.com');
    await expect(domains.get('v1', 'news.example.com')).rejects.toMatchObject({ kind: 'not_found' });
    await expect(domains.get('v1', 'not a domain')).rejects.toMatchObject({ kind: 'not_found' });
  });

  it("refuses a site on another vendor's domain, off its domain, or with another vendor's client", async () => {
    const { domains, sites } = setup();
    await domains.add('v1', 'news.example.com');
    await domains.add('v2', 'other.example.com');
    const base = { name: 'x', domain: 'news.example.com', url: 'https://news.example.com/' };
    await expect(sites.create('v1', { ...base, domain: 'other.example.com', url: 'https://other.example.com/' })).rejects.toMatchObject({
      code: 'SITE.UNKNOWN_DOMAIN',
      details: { field: 'domain' },
    });
    await expect(sites.create('v1', { ...base, url: 'https://other.example.com/' })).rejects.toMatchObject({ details: { field: 'url' } });
    await expect(sites.create('v2', { ...base, domain: 'other.example.com', url: 'https://other.example.com/', clientId: 'client_a' })).rejects.toMatchObject(
      { code: 'SITE.UNKNOWN_CLIENT', details: { field: 'clientId' } },
    );
  });

  it('updates the given fields, checks the address against the new domain, and is a 404 for another vendor', async () => {
    const { domains, sites, clock } = setup();
    await domains.add('v1', 'news.example.com');
    await domains.add('v1', 'shop.example.org');
    const site = await sites.create('v1', { name: 'x', domain: 'news.example.com', url: 'https://news.example.com/', clientId: 'client_a' });
    await expect(sites.update('v1', site.id, { domain: 'shop.example.org' })).rejects.toMatchObject({ details: { field: 'url' } });
    clock.advance(60_000);
    const moved = await sites.update('v1', site.id, { domain: 'shop.example.org', url: 'https://shop.example.org/', clientId: null });
    expect(moved).toMatchObject({ domain: 'shop.example.org', clientId: null, name: 'x' });
    expect(moved.updatedAt.getTime()).toBe(site.createdAt.getTime() + 60_000);
    await expect(sites.get('v2', site.id)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(sites.update('v2', site.id, { name: 'y' })).rejects.toMatchObject({ kind: 'not_found' });
    await expect(sites.remove('v2', site.id)).rejects.toMatchObject({ kind: 'not_found' });
    await expect(sites.get('v1', 'nonsense')).rejects.toMatchObject({ kind: 'not_found' });
  });
});
