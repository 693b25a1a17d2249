import { startTestApp, TestApp } from '../support/harness';
import { cacheSettled } from '../support/statements';
import { givenPaywallVendor } from './support';

let app: TestApp;
beforeAll(async () => {
  // Behind one trusted proxy on loopback, as a deployment behind a load balancer: X-Forwarded-For is believed.
  app = await startTestApp({ TRUST_PROXY: 'loopback' });
});
afterAll(() => app.close());

const UA = {
  desktop: 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/120.0 Safari/537.36',
  iphone: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
  bot: 'Googlebot/2.1 (+http://www.google.com/bot.html)',
};
const IP = { se: '2.16.68.10', us: '8.12.0.1', se6: '2a02:30::1', private: '10.0.0.1' };

const cond = (id: string, condition: object) => ({ id, type: 'condition', label: `Is ${id}?`, condition });
const leaf = (id: string, paywallId: string) => ({ id, type: 'paywall', label: `Leaf ${id}`, paywallId });
const edge = (from: string, to: string, branch: 'true' | 'false') => ({ id: `${from}-${branch}`, from, to, branch });

const LEAVES = ['crawler', 'member', 'campaign', 'mobile', 'nordic', 'hard', 'premium', 'default'] as const;
type Leaf = (typeof LEAVES)[number];

function flowOf(paywalls: Record<Leaf, string>) {
  return {
    formatVersion: 1,
    start: 'bot',
    fallback: 'default',
    nodes: [
      cond('bot', { field: 'device.type', operator: 'equals', value: 'bot' }),
      cond('signed', { field: 'user.signedIn', operator: 'equals', value: true }),
      cond('ent', { field: 'user.entitlements', operator: 'contains', value: 'news' }),
      cond('country', { field: 'geo.country', operator: 'in', value: ['SE', 'NO'] }),
      cond('spring', { field: 'referral.campaign', operator: 'matches', value: '^spring' }),
      cond('handheld', { field: 'device.type', operator: 'in', value: ['mobile', 'tablet'] }),
      cond('heavy', { field: 'reads.daily', operator: 'gte', value: 2 }),
      cond('paid', { all: [{ field: 'content.price', operator: 'gt', value: 0 }, { field: 'content.type', operator: 'equals', value: 'article' }] }),
      ...LEAVES.map((l) => leaf(l, paywalls[l])),
    ],
    edges: [
      edge('bot', 'crawler', 'true'),
      edge('bot', 'signed', 'false'),
      edge('signed', 'ent', 'true'),
      edge('signed', 'country', 'false'),
      edge('ent', 'member', 'true'),
      edge('country', 'spring', 'true'),
      edge('country', 'heavy', 'false'),
      edge('spring', 'campaign', 'true'),
      edge('spring', 'handheld', 'false'),
      edge('handheld', 'mobile', 'true'),
      edge('handheld', 'nordic', 'false'),
      edge('heavy', 'hard', 'true'),
      edge('heavy', 'paid', 'false'),
      edge('paid', 'premium', 'true'),
      edge('paid', 'default', 'false'),
    ],
  };
}

async function givenStrategy() {
  const v = await givenPaywallVendor(app);
  const paywalls = {} as Record<Leaf, string>;
  for (const l of LEAVES) paywalls[l] = (await v.createPaywall({ name: `pw ${l}`, headline: l })).id;
  const res = await app.http.post('/management/paywall-strategies').set(v.write).send({ name: 'Front page', target: 'news.example.com', flow: flowOf(paywalls) });
  expect(res.status).toBe(201);
  const execute = (opts: { auth?: Record<string, string>; ip?: string; ua?: string; body?: object; debug?: string } = {}) => {
    let req = app.http.post(`/paywalls/strategies/${res.body.id}/execute${opts.debug === undefined ? '?debug=true' : `?debug=${opts.debug}`}`);
    req = req.set(opts.auth ?? v.visitor());
    if (opts.ip) req = req.set('X-Forwarded-For', opts.ip);
    if (opts.ua) req = req.set('User-Agent', opts.ua);
    return req.send(opts.body ?? {});
  };
  return { v, paywalls, strategy: res.body, execute };
}

describe('strategy management', () => {
  it('stores a normalised flow with a fingerprint; the version rises with a change; retired strategies are not executed', async () => {
    const { v, strategy, paywalls, execute } = await givenStrategy();
    expect(strategy).toEqual({
      id: expect.any(String),
      vendorId: v.vendorId,
      name: 'Front page',
      target: 'news.example.com',
      status: 'ACTIVE',
      version: 1,
      fingerprint: expect.stringMatching(/^sha256:[0-9a-f]{64}$/),
      flow: flowOf(paywalls),
      createdAt: app.clock.now().toISOString(),
      modifiedAt: app.clock.now().toISOString(),
    });
    expect((await app.http.get(`/management/paywall-strategies/${strategy.id}`).set(v.read)).body).toEqual(strategy);
    expect((await app.http.get('/management/paywall-strategies').set(v.read)).body).toEqual([strategy]);
    const renamed = await app.http.patch(`/management/paywall-strategies/${strategy.id}`).set(v.write).send({ name: 'Home' });
    expect(renamed.body).toMatchObject({ version: 2, name: 'Home', fingerprint: strategy.fingerprint });
    const sameFlow = await app.http.patch(`/management/paywall-strategies/${strategy.id}`).set(v.write).send({ flow: flowOf(paywalls) });
    expect(sameFlow.body.version).toBe(2);
    const retired = await app.http.post(`/management/paywall-strategies/${strategy.id}/retire`).set(v.write);
    expect(retired.body).toMatchObject({ status: 'ARCHIVED', version: 3 });
    expect((await execute()).body).toMatchObject({ status: 404, code: 'STRATEGY.NOT_FOUND' });
    expect((await app.http.patch(`/management/paywall-strategies/${strategy.id}`).set(v.write).send({ name: 'x' })).body.code).toBe('STRATEGY.ARCHIVED');
    const other = await givenPaywallVendor(app);
    expect((await app.http.get(`/management/paywall-strategies/${strategy.id}`).set(other.read)).status).toBe(404);
    expect((await app.http.post(`/paywalls/strategies/${strategy.id}/execute`).set(other.visitor()).send({})).body.code).toBe('STRATEGY.NOT_FOUND');
    expect((await app.http.post('/management/paywall-strategies').set(v.read).send({ name: 'x', flow: {} })).status).toBe(403);
  });

  it('refuses an invalid flow on save with the domain codes, listing every problem', async () => {
    const v = await givenPaywallVendor(app);
    const post = (flow: unknown) => app.http.post('/management/paywall-strategies').set(v.write).send({ name: 'S', flow });
    const res = await post({
      formatVersion: 1,
      start: 'a',
      fallback: 'p',
      nodes: [
        cond('a', { field: 'device.colour', operator: 'equals', value: 'red' }),
        cond('b', { field: 'geo.country', operator: 'gt', value: 3 }),
        cond('c', { field: 'reads.daily', operator: 'in', value: [] }),
        { id: 'bad id!', type: 'paywall', paywallId: 'p' },
        leaf('p', 'pw'),
      ],
    });
    expect(res.status).toBe(400);
    expect(res.body).toMatchObject({ status: 400, code: 'STRATEGY.BAD_FIELD' });
    expect(res.body.errors).toEqual([
      { code: 'STRATEGY.BAD_FIELD', path: 'nodes[0].condition.field', message: expect.stringContaining('unknown field "device.colour"') },
      { code: 'STRATEGY.BAD_OPERATOR', path: 'nodes[1].condition.operator', message: expect.any(String) },
      { code: 'STRATEGY.BAD_VALUE', path: 'nodes[2].condition.value', message: 'must be a list of 1 to 500 numbers' },
      { code: 'STRATEGY.BAD_ID', path: 'nodes[3].id', message: expect.any(String) },
      // A refused node is left out of the graph, so `start` names nothing.
      { code: 'STRATEGY.UNKNOWN_NODE', path: 'start', message: 'names no node: "a"' },
    ]);
    const looped = await post({
      formatVersion: 1,
      start: 'a',
      fallback: 'b',
      nodes: [cond('a', { field: 'user.signedIn', operator: 'equals', value: true }), cond('b', { field: 'reads.daily', operator: 'gt', value: 1 })],
      edges: [edge('a', 'b', 'true'), edge('b', 'a', 'true'), edge('a', 'nowhere', 'false')],
    });
    expect(looped.status).toBe(400);
    expect(looped.body.errors.map((e: { code: string; path: string }) => [e.code, e.path])).toEqual(
      looped.body.errors.map((e: { code: string; path: string }) => [expect.stringMatching(/^STRATEGY\.(MISSING_LEAF|UNKNOWN_NODE|CYCLE)$/), e.path]),
    );
    expect(looped.body.errors).toContainEqual(expect.objectContaining({ code: 'STRATEGY.UNKNOWN_NODE', path: 'edges[2].to' }));
    expect(looped.body.errors).toContainEqual(expect.objectContaining({ code: 'STRATEGY.MISSING_LEAF' }));
    expect((await post({ formatVersion: 2 })).body.code).toBe('STRATEGY.BAD_FORMAT_VERSION');
    expect((await post('flow')).body.code).toBe('STRATEGY.BAD_SHAPE');
    expect((await post(null)).body.code).toBe('REQUEST.INVALID');
    expect((await app.http.post('/management/paywall-strategies').set(v.write).send({ flow: {} })).body.code).toBe('REQUEST.INVALID');
    expect((await app.http.post('/management/paywall-strategies').set(v.write).send({ name: ' ', flow: { formatVersion: 1, start: 'x', fallback: 'x', nodes: [leaf('x', 'p')] } })).body.code).toBe('STRATEGY.BAD_NAME');
    expect((await app.http.get('/management/paywall-strategies').set(v.read)).body).toEqual([]);
  });
});

describe('POST /paywalls/strategies/{strategyId}/execute', () => {
  const cases: [string, { ip?: string; ua?: string; body?: object }, Leaf, string[]][] = [
    ['a crawler', { ua: UA.bot, ip: IP.se }, 'crawler', ['bot', 'crawler']],
    ['a Nordic campaign visitor (text ignores case)', { ip: IP.se, ua: UA.desktop, body: { attribution: { campaign: 'Spring-2026' } } }, 'campaign', ['bot', 'signed', 'country', 'spring', 'campaign']],
    ['a Nordic phone (debugUserAgent wins over the header)', { ip: IP.se, ua: UA.desktop, body: { debugUserAgent: UA.iphone } }, 'mobile', ['bot', 'signed', 'country', 'spring', 'handheld', 'mobile']],
    ['a Nordic desktop', { ip: IP.se, ua: UA.desktop }, 'nordic', ['bot', 'signed', 'country', 'spring', 'handheld', 'nordic']],
    ['a Nordic desktop over IPv6', { ip: IP.se6, ua: UA.desktop }, 'nordic', ['bot', 'signed', 'country', 'spring', 'handheld', 'nordic']],
    ['a US reader of paid content', { ip: IP.us, body: { content: { price: 10, type: 'Article', contentId: 'c1' } } }, 'premium', ['bot', 'signed', 'country', 'heavy', 'paid', 'premium']],
    ['a US reader of free content (the fallback leaf reached by its edge)', { ip: IP.us, body: { content: { price: 0, type: 'article' } } }, 'default', ['bot', 'signed', 'country', 'heavy', 'paid', 'default']],
    ['an unknown country (private address)', { ip: IP.private }, 'default', ['bot', 'signed', 'country', 'heavy', 'paid', 'default']],
  ];

  it.each(cases)('routes %s', async (_name, opts, expected, path) => {
    const { paywalls, execute } = await givenStrategy();
    const res = await execute(opts);
    expect(res.status).toBe(200);
    expect(res.body.paywallId).toBe(paywalls[expected]);
    expect(res.body.matchedNode).toEqual({ id: expected, type: 'paywall', label: `Leaf ${expected}` });
    expect(res.body.paywall).toMatchObject({ id: paywalls[expected], headline: expected, version: 1 });
    // Each step of the path follows the edge between its two nodes.
    const edges = flowOf(paywalls).edges;
    const edgesTaken = path.slice(1).map((to, i) => edges.find((e) => e.from === path[i] && e.to === to)!.id);
    expect(res.body.debug.trace).toEqual({ path, edgesTaken, usedFallback: false, fallbackReason: '' });
  });

  it('answers the exact debug object, with the cache hit on the second call and missed after a change', async () => {
    const { v, strategy, paywalls, execute } = await givenStrategy();
    const body = {
      attribution: { source: 'newsletter', medium: 'email', campaign: 'autumn', term: 't', content: 'c', referrer: 'https://mail.example.com/' },
      content: { contentId: 'story-9', title: 'A story', type: 'article', price: 0, currency: 'SEK', publisherId: 'daily' },
    };
    // On PostgreSQL the creations' own announcements echo back through LISTEN; one arriving after the
    // first execute would drop what it cached. Wait for them, so "hit on the second call" is deterministic.
    await cacheSettled(app);
    const first = await execute({ ip: IP.us, ua: UA.desktop, body });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      paywallId: paywalls.default,
      matchedNode: { id: 'default', type: 'paywall', label: 'Leaf default' },
      paywall: (await app.http.get(`/paywalls/${paywalls.default}`).set(v.visitor())).body,
      debug: {
        requesterObject: {
          'device.type': 'desktop',
          'geo.country': 'US',
          'referral.source': 'newsletter',
          'referral.medium': 'email',
          'referral.campaign': 'autumn',
          'referral.term': 't',
          'referral.content': 'c',
          'referral.referrer': 'https://mail.example.com/',
          'user.signedIn': false,
          'user.entitlements': [],
          'reads.daily': 0,
          'reads.weekly': 0,
          'content.id': 'story-9',
          'content.title': 'A story',
          'content.type': 'article',
          'content.price': 0,
          'content.currency': 'SEK',
          'content.publisherId': 'daily',
        },
        flow: { id: strategy.id, name: 'Front page', target: 'news.example.com', fingerprint: strategy.fingerprint },
        cache: { flowHit: false, paywallHit: false },
        timing: { totalMs: expect.any(Number), flowFetchAndEvaluationMs: expect.any(Number), paywallFetchMs: expect.any(Number) },
        trace: {
          path: ['bot', 'signed', 'country', 'heavy', 'paid', 'default'],
          edgesTaken: ['bot-false', 'signed-false', 'country-false', 'heavy-false', 'paid-false'],
          usedFallback: false,
          fallbackReason: '',
        },
      },
    });
    const second = await execute({ ip: IP.us, ua: UA.desktop, body });
    expect(second.body.debug.cache).toEqual({ flowHit: true, paywallHit: true });
    await app.http.patch(`/management/paywall-strategies/${strategy.id}`).set(v.write).send({ target: 'elsewhere' });
    await app.http.patch(`/management/paywalls/${paywalls.default}`).set(v.write).send({ headline: 'changed' });
    const third = await execute({ ip: IP.us, ua: UA.desktop, body });
    expect(third.body.debug.cache).toEqual({ flowHit: false, paywallHit: false });
    expect(third.body.debug.flow.target).toBe('elsewhere');
    expect(third.body.paywall).toMatchObject({ headline: 'changed', version: 2 });
    const plain = await execute({ ip: IP.us, ua: UA.desktop, body, debug: 'false' });
    expect(Object.keys(plain.body)).toEqual(['paywallId', 'matchedNode', 'paywall']);
    expect((await execute({ debug: 'yes' })).body.code).toBe('REQUEST.INVALID');
  });

  it('uses the fallback when a node has no edge for its outcome, or the leaf paywall is archived', async () => {
    const { v, paywalls, execute } = await givenStrategy();
    const reader = await v.reader();
    const signedIn = await execute({ auth: reader.auth, ip: IP.se });
    expect(signedIn.body.paywallId).toBe(paywalls.default);
    expect(signedIn.body.debug.trace).toEqual({
      path: ['bot', 'signed', 'ent', 'default'],
      edgesTaken: ['bot-false', 'signed-true'],
      usedFallback: true,
      fallbackReason: 'node "ent" has no false edge',
    });
    expect(signedIn.body.debug.requesterObject['user.signedIn']).toBe(true);

    await app.http.post(`/management/paywalls/${paywalls.nordic}/retire`).set(v.write);
    const archived = await execute({ ip: IP.se, ua: UA.desktop });
    expect(archived.body.paywallId).toBe(paywalls.default);
    expect(archived.body.matchedNode).toEqual({ id: 'default', type: 'paywall', label: 'Leaf default' });
    expect(archived.body.debug.trace).toEqual({
      path: ['bot', 'signed', 'country', 'spring', 'handheld', 'nordic', 'default'],
      edgesTaken: ['bot-false', 'signed-false', 'country-true', 'spring-false', 'handheld-false'],
      usedFallback: true,
      fallbackReason: `paywall "${paywalls.nordic}" of node "nordic" is not available`,
    });
    await app.http.post(`/management/paywalls/${paywalls.default}/retire`).set(v.write);
    const none = await execute({ ip: IP.se, ua: UA.desktop });
    expect(none.status).toBe(404);
    expect(none.body).toMatchObject({ code: 'STRATEGY.NO_PAYWALL' });
  });

  it('sees entitlements of a signed-in reader', async () => {
    const { v, paywalls, execute } = await givenStrategy();
    const reader = await v.entitledReader('news-article', 'news');
    const res = await execute({ auth: reader.auth });
    expect(res.body.paywallId).toBe(paywalls.member);
    expect(res.body.debug.requesterObject['user.entitlements']).toEqual(['news']);
  });

  it("counts the visitor's daily reads and never consumes one", async () => {
    const { v, paywalls, execute } = await givenStrategy();
    const leaky = await v.leakyPaywall(5);
    const visitor = v.visitor('visitor-heavy-1');
    for (const id of ['r1', 'r2', 'r2']) {
      await app.http.post(`/paywalls/${leaky.id}/access`).set(visitor).send({ publisherContentId: id, url: `https://n.example.com/${id}` });
    }
    const count = async () => (await app.runtime.database.db.query(`SELECT count(*)::int AS n FROM paywall_reads WHERE vendor_id = $1`, [v.vendorId]))[0].n;
    expect(await count()).toBe(2);
    for (let i = 0; i < 3; i += 1) {
      const res = await execute({ auth: visitor, ip: IP.us, body: { content: { contentId: `new-${i}` } } });
      expect(res.body.paywallId).toBe(paywalls.hard);
      expect(res.body.debug.requesterObject).toMatchObject({ 'reads.daily': 2, 'reads.weekly': 2 });
    }
    expect(await count()).toBe(2);
    app.clock.advance(25 * 60 * 60 * 1000);
    const later = await execute({ auth: visitor, ip: IP.us });
    expect(later.body.debug.requesterObject).toMatchObject({ 'reads.daily': 0, 'reads.weekly': 2 });
    expect(later.body.paywallId).toBe(paywalls.default);
  });

  it('refuses malformed bodies and credentials', async () => {
    const { v, execute } = await givenStrategy();
    for (const body of [
      { attribution: 'x' },
      { attribution: { source: 5 } },
      { content: { price: 'ten' } },
      { content: { contentId: 'x'.repeat(257) } },
      { debugUserAgent: 'x'.repeat(1025) },
      { other: 1 },
    ]) {
      const res = await execute({ body });
      expect([res.status, res.body.code]).toEqual([400, 'REQUEST.INVALID']);
    }
    expect((await execute({ auth: { Authorization: 'Basic Zm9vOmJhcg==' } })).body.code).toBe('AUTH.BAD_VISITOR');
    expect((await app.http.post('/paywalls/strategies/nope/execute').set(v.visitor()).send({})).body.code).toBe('STRATEGY.NOT_FOUND');
  });
});
