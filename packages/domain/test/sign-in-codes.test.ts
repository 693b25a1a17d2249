import { createUser, InvalidSignInCode, RequestSignInCode, SecretHasher, SignInCodeStore, StoredSignInCode, TooManySignInCodes, VerifySignInCode } from '../src/identity';
import { FakeClock, InMemoryUserRepository, SequentialIds } from '../src/testing';

/** The store's rules as the SQL adapter keeps them (conditional spend). */
class MemoryCodes implements SignInCodeStore {
  readonly rows = new Map<string, StoredSignInCode>();
  async add(c: StoredSignInCode) {
    this.rows.set(c.id, c);
  }
  async countSince(vendorId: string, userId: string, since: Date) {
    return [...this.rows.values()].filter((c) => c.vendorId === vendorId && c.userId === userId && c.createdAt > since).length;
  }
  async find(vendorId: string, id: string) {
    const c = this.rows.get(id);
    return c && c.vendorId === vendorId ? c : null;
  }
  async findByLink(vendorId: string, linkHash: string) {
    return [...this.rows.values()].find((c) => c.vendorId === vendorId && c.linkHash === linkHash) ?? null;
  }
  async spend(vendorId: string, id: string, now: Date) {
    const c = await this.find(vendorId, id);
    if (!c || c.usedAt || c.expiresAt <= now || c.failedAttempts >= 5) return false;
    this.rows.set(id, { ...c, usedAt: now });
    return true;
  }
  async fail(vendorId: string, id: string) {
    const c = await this.find(vendorId, id);
    if (c) this.rows.set(id, { ...c, failedAttempts: c.failedAttempts + 1 });
  }
}

const hasher: SecretHasher = { hash: (s) => `h:${s}`, matches: (s, h) => `h:${s}` === h };

async function setup() {
  const clock = new FakeClock(new Date('2026-01-01T00:00:00Z'));
  const users = new InMemoryUserRepository();
  const user = await users.addOrGet(createUser({ id: 'u1', vendorId: 'v', email: 'reader@example.com' }, clock.now()));
  const store = new MemoryCodes();
  const mails: { code: string; link: string; email: string }[] = [];
  let n = 0;
  const secrets = { code: () => String(123450 + (n += 1)), linkSecret: () => `secret-${n}` };
  const request = new RequestSignInCode(users, store, secrets, hasher, { send: async (m) => void mails.push(m) }, new SequentialIds('c'), clock);
  const verify = new VerifySignInCode(store, hasher, clock);
  const ask = () => request.execute({ vendorId: 'v', email: 'Reader@Example.com', purpose: 'sign-in', link: (id, s) => `https://x/${id}?s=${s}` });
  return { clock, user, store, mails, request, verify, ask };
}

describe('sign-in codes', () => {
  it('mails a code and link to a known account, keeps only hashes, and the right code proves the account once', async () => {
    const t = await setup();
    const { challengeId, userId } = await t.ask();
    expect(userId).toBe('u1');
    expect(t.mails).toEqual([{ vendorId: 'v', email: 'reader@example.com', code: '123451', link: `https://x/${challengeId}?s=secret-1`, purpose: 'sign-in', language: null }]);
    expect(JSON.stringify([...t.store.rows.values()])).not.toContain('"123451"');
    expect(await t.verify.withCode({ vendorId: 'v', challengeId, code: '123 451', purpose: 'sign-in' })).toBe('u1');
    await expect(t.verify.withCode({ vendorId: 'v', challengeId, code: '123451', purpose: 'sign-in' })).rejects.toBeInstanceOf(InvalidSignInCode);
  });

  it('an unknown address gets a challenge like any other, and no mail', async () => {
    const t = await setup();
    const answer = await t.request.execute({ vendorId: 'v', email: 'nobody@example.com', purpose: 'sign-in', link: () => 'x' });
    expect(answer.challengeId).toEqual(expect.any(String));
    expect(answer.userId).toBeNull();
    expect(t.mails).toEqual([]);
  });

  it('five wrong tries spend the code; it expires after 15 minutes; another purpose or vendor never matches', async () => {
    const t = await setup();
    const { challengeId } = await t.ask();
    for (let i = 0; i < 5; i += 1) {
      await expect(t.verify.withCode({ vendorId: 'v', challengeId, code: '000000', purpose: 'sign-in' })).rejects.toBeInstanceOf(InvalidSignInCode);
    }
    await expect(t.verify.withCode({ vendorId: 'v', challengeId, code: '123451', purpose: 'sign-in' })).rejects.toBeInstanceOf(InvalidSignInCode);

    const second = await t.ask();
    await expect(t.verify.withCode({ vendorId: 'v', challengeId: second.challengeId, code: '123452', purpose: 'checkout' })).rejects.toBeInstanceOf(InvalidSignInCode);
    await expect(t.verify.withCode({ vendorId: 'w', challengeId: second.challengeId, code: '123452', purpose: 'sign-in' })).rejects.toBeInstanceOf(InvalidSignInCode);
    t.clock.advance(15 * 60_000);
    await expect(t.verify.withCode({ vendorId: 'v', challengeId: second.challengeId, code: '123452', purpose: 'sign-in' })).rejects.toBeInstanceOf(InvalidSignInCode);
  });

  it('the link proves the account once; at most 5 codes per account in 15 minutes', async () => {
    const t = await setup();
    await t.ask();
    expect(await t.verify.withLink({ vendorId: 'v', secret: 'secret-1', purpose: 'sign-in' })).toBe('u1');
    await expect(t.verify.withLink({ vendorId: 'v', secret: 'secret-1', purpose: 'sign-in' })).rejects.toBeInstanceOf(InvalidSignInCode);
    for (let i = 0; i < 4; i += 1) await t.ask();
    await expect(t.ask()).rejects.toBeInstanceOf(TooManySignInCodes);
    t.clock.advance(15 * 60_000);
    await expect(t.ask()).resolves.toMatchObject({ userId: 'u1' });
  });
});
