import { SERVICE_TOKEN_PARAM, withServiceToken } from '../../src/paywalls';
import { HOUR, meteredContent, VENDOR, world } from './fixtures';

const article = (n: number) => ({ publisherContentId: `article-${n}`, url: `https://news.test/a/${n}?ref=home#top` });

async function metered(leaky?: Parameters<typeof meteredContent>[0]) {
  const w = world();
  const paywall = await w.createPaywall.execute({ vendorId: VENDOR, name: 'Metered', content: meteredContent(leaky) });
  const as = (reader: { userId?: string; visitorId?: string }) => (n: number) =>
    ({ vendorId: VENDOR, paywallId: paywall.id, ...reader, ...article(n) });
  return { ...w, paywall, visitor: as({ visitorId: 'v-1' }), user: as({ userId: 'u-1', visitorId: 'v-1' }) };
}

describe('RecordPaywallAccess (rule 1)', () => {
  it('allows `count` reads with a signed link, then blocks with the paywall', async () => {
    const w = await metered();
    const answers = [];
    for (const n of [1, 2, 3, 4]) answers.push(await w.access.execute(w.visitor(n)));
    expect(answers.map((a) => [a.status, a.remaining])).toEqual([
      ['allowed', 2],
      ['allowed', 1],
      ['allowed', 0],
      ['blocked', 0],
    ]);
    const first = answers[0];
    if (first.status !== 'allowed') throw new Error('expected allowed');
    const link = new URL(first.signedLink);
    expect(link.searchParams.get(SERVICE_TOKEN_PARAM)).toBe('test-token-1');
    expect(link.searchParams.get('ref')).toBe('home');
    expect(link.hash).toBe('#top');
    expect(answers[3]).toMatchObject({ status: 'blocked', reason: 'limit_reached', paywall: { id: w.paywall.id, version: 1 } });
    expect(answers[3]).not.toHaveProperty('signedLink');
    expect(w.links.issued[0]).toMatchObject({
      vendorId: VENDOR,
      contentId: 'article-1',
      url: 'https://news.test/a/1?ref=home#top',
      userId: null,
      visitorId: 'v-1',
      grant: 'metered',
      maxUses: 10,
    });
    expect(w.links.issued[0].expiresAt.getTime() - w.links.issued[0].issuedAt.getTime()).toBe(HOUR);
  });

  it('re-reading inside the window is free; after the window it costs a read again', async () => {
    const w = await metered({ count: 2 });
    await w.access.execute(w.visitor(1));
    await w.access.execute(w.visitor(2));
    expect(await w.access.execute(w.visitor(1))).toMatchObject({ status: 'allowed', reason: 'already_read', remaining: 0 });
    expect(await w.access.execute(w.visitor(3))).toMatchObject({ status: 'blocked' });
    w.clock.advance(24 * HOUR);
    expect(await w.access.execute(w.visitor(3))).toMatchObject({ status: 'allowed', reason: 'free_read', remaining: 1 });
  });

  it('entitled readers are allowed and never counted', async () => {
    const w = await metered({ count: 1 });
    w.entitlements.grant(VENDOR, 'u-1', 'article-1');
    w.entitlements.grant(VENDOR, 'u-1', 'article-2');
    expect(await w.access.execute(w.user(1))).toMatchObject({ status: 'allowed', reason: 'entitled', remaining: 1 });
    expect(await w.access.execute(w.user(2))).toMatchObject({ status: 'allowed', reason: 'entitled', remaining: 1 });
    expect(await w.access.execute(w.user(3))).toMatchObject({ status: 'allowed', reason: 'free_read', remaining: 0 });
    expect(w.links.issued.map((l) => [l.grant, l.userId, l.visitorId])).toEqual([
      ['entitled', 'u-1', null],
      ['entitled', 'u-1', null],
      ['metered', 'u-1', null],
    ]);
    // Visitors hold no entitlements, so nobody is asked about them.
    await w.access.execute(w.visitor(9));
    expect(w.entitlements.asked.map((q) => q.publisherContentId)).toEqual(['article-1', 'article-2', 'article-3']);
  });

  it('a subscriber to a product the paywall sells passes it on every article, spending nothing', async () => {
    const w = await metered({ count: 1 });
    w.entitlements.grantSku(VENDOR, 'u-1', 'news');
    for (const n of [1, 2, 3]) expect(await w.access.execute(w.user(n))).toMatchObject({ status: 'allowed', reason: 'entitled' });
    expect(w.entitlements.asked[0]).toEqual({ vendorId: VENDOR, userId: 'u-1', publisherContentId: 'article-1', skus: ['news'] });
    // A product this paywall does not sell opens nothing here.
    w.entitlements.grantSku(VENDOR, 'u-2', 'sport');
    const other = (n: number) => ({ ...w.user(n), userId: 'u-2', visitorId: 'v-2' });
    expect(await w.access.execute(other(1))).toMatchObject({ status: 'allowed', reason: 'free_read' });
    expect(await w.access.execute(other(2))).toMatchObject({ status: 'blocked' });
  });

  it('counts per reader and per paywall', async () => {
    const w = await metered({ count: 1 });
    const other = await w.createPaywall.execute({ vendorId: VENDOR, name: 'Other', content: meteredContent({ count: 1 }) });
    expect(await w.access.execute(w.visitor(1))).toMatchObject({ status: 'allowed' });
    expect(await w.access.execute({ ...w.visitor(2), visitorId: 'v-2' })).toMatchObject({ status: 'allowed' });
    expect(await w.access.execute({ ...w.visitor(2), paywallId: other.id })).toMatchObject({ status: 'allowed' });
    expect(await w.access.execute(w.visitor(2))).toMatchObject({ status: 'blocked' });
  });

  it('50 parallel reads of different articles against a count of 3 give exactly 3 allowed', async () => {
    const w = await metered();
    const answers = await Promise.all(Array.from({ length: 50 }, (_, n) => w.access.execute(w.visitor(n))));
    expect(answers.filter((a) => a.status === 'allowed')).toHaveLength(3);
    expect(w.links.issued).toHaveLength(3);
  });

  it('with the allowance off or at count 0 everyone without an entitlement is blocked', async () => {
    const off = await metered({ enabled: false });
    expect(await off.access.execute(off.visitor(1))).toMatchObject({ status: 'blocked', reason: 'leaky_disabled', remaining: 0 });
    const zero = await metered({ count: 0 });
    expect(await zero.access.execute(zero.visitor(1))).toMatchObject({ status: 'blocked', reason: 'limit_reached', remaining: 0 });
    expect(zero.ledger.rows.size).toBeLessThanOrEqual(1);
  });

  it('refuses a request without a reader, a bad content id or url, and an archived or foreign paywall', async () => {
    const w = await metered();
    const cases = [
      [{ ...w.visitor(1), visitorId: undefined }, 'PAYWALL.READER_UNKNOWN'],
      [{ ...w.visitor(1), publisherContentId: ' ' }, 'PAYWALL.BAD_ACCESS_REQUEST'],
      [{ ...w.visitor(1), url: 'javascript:alert(1)' }, 'PAYWALL.BAD_ACCESS_REQUEST'],
      [{ ...w.visitor(1), url: '/relative' }, 'PAYWALL.BAD_ACCESS_REQUEST'],
      [{ ...w.visitor(1), vendorId: 'other' }, 'PAYWALL.NOT_FOUND'],
    ] as const;
    for (const [command, code] of cases) await expect(w.access.execute(command)).rejects.toMatchObject({ code });
    await w.retirePaywall.execute({ vendorId: VENDOR, paywallId: w.paywall.id });
    await expect(w.access.execute(w.visitor(1))).rejects.toMatchObject({ kind: 'not_found', code: 'PAYWALL.NOT_FOUND' });
    expect(w.links.issued).toHaveLength(0);
  });

  it('follows a change of the allowance at once', async () => {
    const w = await metered({ count: 1 });
    await w.access.execute(w.visitor(1));
    expect(await w.access.execute(w.visitor(2))).toMatchObject({ status: 'blocked' });
    await w.changePaywall.execute({ vendorId: VENDOR, paywallId: w.paywall.id, change: { content: { settings: { leaky: { count: 2 } } } } });
    expect(await w.access.execute(w.visitor(2))).toMatchObject({ status: 'allowed', remaining: 0 });
  });
});

describe('CheckPaywallAccess (rule 2)', () => {
  it('answers what access would, with the paywall, and records nothing', async () => {
    const w = await metered({ count: 1 });
    const check = await w.check.execute(w.visitor(1));
    expect(check).toMatchObject({ status: 'allowed', remaining: 0, reason: 'free_read', paywall: { id: w.paywall.id } });
    expect(Object.keys(check.paywall)).toContain('settings');
    expect(await w.check.execute(w.visitor(1))).toMatchObject({ status: 'allowed', remaining: 0 });
    await w.access.execute(w.visitor(1));
    expect(await w.check.execute(w.visitor(1))).toMatchObject({ status: 'allowed', reason: 'already_read' });
    expect(await w.check.execute(w.visitor(2))).toMatchObject({ status: 'blocked', remaining: 0, reason: 'limit_reached' });
    expect(w.links.issued).toHaveLength(1);
    expect([...w.ledger.rows.values()].flatMap((r) => r.reads)).toHaveLength(1);
  });

  it('entitled readers check as allowed', async () => {
    const w = await metered({ enabled: false });
    w.entitlements.grant(VENDOR, 'u-1', 'article-1');
    expect(await w.check.execute(w.user(1))).toMatchObject({ status: 'allowed', reason: 'entitled' });
    expect(await w.check.execute(w.user(2))).toMatchObject({ status: 'blocked', reason: 'leaky_disabled' });
  });
});

describe('MergeVisitorReads (sign-in)', () => {
  it("the visitor's reads count for the user, and the visitor keeps them", async () => {
    const w = await metered({ count: 2 });
    await w.access.execute(w.visitor(1));
    await w.access.execute({ ...w.visitor(2), userId: 'u-1' });
    await w.merge.execute({ vendorId: VENDOR, visitorId: 'v-1', userId: 'u-1' });
    await w.merge.execute({ vendorId: VENDOR, visitorId: 'v-1', userId: 'u-1' });
    expect(await w.access.execute(w.user(1))).toMatchObject({ status: 'allowed', reason: 'already_read', remaining: 0 });
    expect(await w.access.execute(w.user(3))).toMatchObject({ status: 'blocked' });
    // Signing out hands out no fresh allowance: the visitor still has its read.
    expect(await w.check.execute(w.visitor(1))).toMatchObject({ reason: 'already_read', remaining: 1 });
  });
});

describe('withServiceToken (rule 4)', () => {
  it('sets service_token, replacing an old one and keeping the rest', () => {
    expect(withServiceToken('https://n.test/a?x=1&service_token=old#f', 'new')).toBe('https://n.test/a?x=1&service_token=new#f');
    expect(withServiceToken('https://n.test/a', 'a b+c')).toBe('https://n.test/a?service_token=a+b%2Bc');
  });
});
