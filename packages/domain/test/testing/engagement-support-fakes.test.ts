import { IssueSupportSession, RecordDiagnostics, REDACTED, SupportReaderNotFound, SupportSessionClaims } from '../../src/engagement';
import {
  FakeClock,
  InMemoryDiagnosticsRepository,
  InMemoryUserRepository,
  RecordingSupportSessionSigner,
  SequentialIds,
  UsersAsSupportSessionReaders,
} from '../../src/testing';

// The diagnostics store and the support-session fakes: what they keep, what they answer, by vendor.
const T0 = '2026-03-01T12:00:00Z';

describe('InMemoryDiagnosticsRepository', () => {
  it('keeps every record as the use case stores it, in order, redacted, with its sender and time', async () => {
    const store = new InMemoryDiagnosticsRepository();
    const clock = new FakeClock(T0);
    const record = new RecordDiagnostics(store, new SequentialIds(), clock);
    const sender = { kind: 'user', vendorId: 'acme', userId: 'u1' } as const;
    const first = await record.execute({ sender, record: { localStorage: [{ key: 'theme', value: 'dark', redacted: false }, { key: 'k', value: 'v', redacted: true }] } });
    clock.advance(1_000);
    const visitor = { kind: 'visitor', vendorId: 'globex', visitorId: 'vis-1', clientId: 'web' } as const;
    await record.execute({ sender: visitor, record: { page: '/article/1' } });
    expect(store.rows.map((r) => [r.id, r.vendorId, r.sender, r.receivedAt.toISOString()])).toEqual([
      [first.id, 'acme', sender, '2026-03-01T12:00:00.000Z'],
      [store.rows[1].id, 'globex', visitor, '2026-03-01T12:00:01.000Z'],
    ]);
    expect(store.rows[0].record.localStorage).toEqual([
      { key: 'theme', value: 'dark', redacted: false },
      { key: 'k', value: REDACTED, redacted: true },
    ]);
    expect(store.rows[0].id).not.toBe(store.rows[1].id);
  });
});

describe('RecordingSupportSessionSigner and UsersAsSupportSessionReaders', () => {
  async function issuer() {
    const users = new InMemoryUserRepository();
    await users.addOrGet({ id: 'u1', vendorId: 'acme', email: 'ada@example.com', firstName: null, lastName: null, createdAt: new Date(T0) });
    const signer = new RecordingSupportSessionSigner();
    const issue = new IssueSupportSession(new UsersAsSupportSessionReaders(users), signer, new SequentialIds(), new FakeClock(T0));
    return { signer, issue };
  }

  it("signs the reader's claims as readable JSON and keeps them", async () => {
    const { signer, issue } = await issuer();
    const { token } = await issue.execute({ vendorId: 'acme', userId: 'u1' });
    expect(signer.signed).toHaveLength(1);
    const claims: SupportSessionClaims = signer.signed[0];
    expect(claims).toMatchObject({ sub: 'u1', vendorId: 'acme', email: 'ada@example.com', iat: Date.parse(T0) / 1000 });
    expect(token).toBe(`unsigned.${JSON.stringify(claims)}`);
    expect(JSON.parse(token.slice('unsigned.'.length))).toEqual(claims);
  });

  it("knows a reader's e-mail only under the reader's vendor; another vendor's session is refused and nothing is signed", async () => {
    const { signer, issue } = await issuer();
    await expect(issue.execute({ vendorId: 'globex', userId: 'u1' })).rejects.toBeInstanceOf(SupportReaderNotFound);
    await expect(issue.execute({ vendorId: 'acme', userId: 'nobody' })).rejects.toBeInstanceOf(SupportReaderNotFound);
    expect(signer.signed).toEqual([]);
  });
});
