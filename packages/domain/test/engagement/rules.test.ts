import {
  claimEnd,
  DEFAULT_TALLY_POLICIES,
  isLive,
  licenseStatus,
  looksLikeCredential,
  pushToTally,
  redactEntry,
  setTally,
  Tally,
  TallyKey,
  writeKey,
} from '../../src/engagement';

const key: TallyKey = { owner: { vendorId: 'v', kind: 'user', id: 'u' }, id: 't' };
const at = (s: number) => new Date(Date.UTC(2026, 0, 1) + s * 1000);

describe('tally rules', () => {
  it('push numbers items by a per-tally sequence and fifo keeps the newest maxItems', () => {
    let tally: Tally | null = null;
    for (let i = 1; i <= 5; i += 1) tally = pushToTally(key, tally, `v${i}`, i === 1 ? { maxItems: 3 } : undefined, at(i));
    expect(tally!.items).toEqual([
      { value: 'v3', seq: 3 },
      { value: 'v4', seq: 4 },
      { value: 'v5', seq: 5 },
    ]);
    expect(tally!.lastSeq).toBe(5);
    expect(tally!.createdAt).toEqual(at(1));
    expect(tally!.updatedAt).toEqual(at(5));
  });

  it('block refuses on a full list; unique leaves the list as it is', () => {
    const full = pushToTally(key, pushToTally(key, null, 'a', { maxItems: 2, overflow: 'block', unique: true }, at(0)), 'b', undefined, at(1));
    expect(() => pushToTally(key, full, 'c', undefined, at(2))).toThrow(expect.objectContaining({ code: 'TALLY.FULL' }));
    const same = pushToTally(key, full, 'a', undefined, at(3));
    expect(same.items.map((i) => i.value)).toEqual(['a', 'b']);
    expect(same.updatedAt).toEqual(at(3));
  });

  it('ttl counts from the last change; an expired tally restarts with defaults but keeps its sequence', () => {
    const t = pushToTally(key, null, 'a', { ttl: 10 }, at(0));
    expect(isLive(t, at(9))).toBe(true);
    expect(isLive(t, at(10))).toBe(false);
    const again = setTally(key, t, 'b', undefined, at(11));
    expect(again).toMatchObject({ items: [{ value: 'b', seq: 2 }], policies: DEFAULT_TALLY_POLICIES, createdAt: at(11) });
  });

  it('refuses bad policies', () => {
    for (const policies of [{ maxItems: 0 }, { maxItems: 1001 }, { ttl: 0 }, { ttl: 1.5 }, { overflow: 'lifo' }]) {
      expect(() => pushToTally(key, null, 'a', policies, at(0))).toThrow(expect.objectContaining({ code: 'TALLY.BAD_POLICIES' }));
    }
  });

  it('a visitor writes the shared tally when asked or when a live shared one exists; a user never', () => {
    const visitor = { kind: 'visitor' as const, vendorId: 'v', visitorId: 'vis', ipKey: 'ip' };
    const shared = pushToTally({ owner: { vendorId: 'v', kind: 'shared', id: 'ip' }, id: 't' }, null, 'a', { ipSessionSharing: true }, at(0));
    expect(writeKey(visitor, 't', { ipSessionSharing: true }, null, at(1)).owner.kind).toBe('shared');
    expect(writeKey(visitor, 't', undefined, shared, at(1)).owner.kind).toBe('shared');
    expect(writeKey(visitor, 't', { maxItems: 5 }, shared, at(1)).owner.kind).toBe('visitor');
    expect(writeKey(visitor, 't', undefined, null, at(1)).owner.kind).toBe('visitor');
    expect(writeKey({ kind: 'user', vendorId: 'v', userId: 'u' }, 't', { ipSessionSharing: true }, shared, at(1)).owner.kind).toBe('user');
  });
});

describe('license rules', () => {
  it('a claim ends at the earlier of the key end and the pool validity', () => {
    expect(claimEnd({ validitySeconds: 60 }, null, at(0))).toEqual(at(60));
    expect(claimEnd({ validitySeconds: 60 }, at(30), at(0))).toEqual(at(30));
    expect(claimEnd({ validitySeconds: null }, at(30), at(0))).toEqual(at(30));
    expect(claimEnd({ validitySeconds: null }, null, at(0))).toBeNull();
    expect(licenseStatus({ expiresAt: at(10) }, at(9))).toBe('active');
    expect(licenseStatus({ expiresAt: at(10) }, at(10))).toBe('expired');
    expect(licenseStatus({ expiresAt: null }, at(1e9))).toBe('active');
  });
});

describe('diagnostics redaction', () => {
  it('redacts flagged values and what looks like a credential, and nothing else', () => {
    expect(redactEntry({ key: 'theme', value: 'dark', redacted: false })).toEqual({ key: 'theme', value: 'dark', redacted: false });
    expect(redactEntry({ key: 'x', value: 'anything', redacted: true })).toEqual({ key: 'x', value: '[REDACTED]', redacted: true });
    for (const [k, value] of [
      ['refresh_token', 'x'],
      ['Password', 'x'],
      ['authState', 'x'],
      ['apiKey', 'x'],
      ['data', 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl'],
      ['data', 'Bearer abc.def-ghi_jkl'],
      ['data', '0123456789abcdef0123456789abcdef'],
      ['data', 'q8W2e9R4t7Y1u6I3o5P0a8S2d4F6g1H3'],
    ]) {
      expect([k, value, looksLikeCredential(k, value)]).toEqual([k, value, true]);
    }
    for (const [k, value] of [
      ['lang', 'sv-SE'],
      ['scroll', '1024'],
      ['lastArticle', 'how-to-grow-tomatoes-in-a-small-garden'],
    ]) {
      expect([k, value, looksLikeCredential(k, value)]).toEqual([k, value, false]);
    }
  });
});
