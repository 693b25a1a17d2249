import {
  AccountMail,
  Invitation,
  InvitationMail,
  InvitationRepository,
  InvitationTokens,
  PasswordCredentials,
  PasswordHasher,
  PasswordResetTokens,
  SignUpClaim,
  SignUpLinks,
  StaffRole,
} from '../identity';

// Identity's sign-up, password and team-invitation ports. Tokens are
// sequential and readable so a test can follow a link it was "mailed".

const key = (vendorId: string, id: string) => `${vendorId}\u0000${id}`;

/** `hashed:<password>`: no memory-hard work in a unit test, and a test can read what was stored. */
export class PlainPasswordHasher implements PasswordHasher {
  async hash(password: string): Promise<string> {
    return `hashed:${password}`;
  }
  async verify(password: string, hash: string): Promise<boolean> {
    return hash === `hashed:${password}`;
  }
}

export class InMemoryPasswordCredentials implements PasswordCredentials {
  readonly rows = new Map<string, { passwordHash: string; at: Date }>();
  async find(vendorId: string, userId: string): Promise<{ passwordHash: string } | null> {
    const row = this.rows.get(key(vendorId, userId));
    return row ? { passwordHash: row.passwordHash } : null;
  }
  async save(vendorId: string, userId: string, passwordHash: string, at: Date): Promise<void> {
    this.rows.set(key(vendorId, userId), { passwordHash, at });
  }
}

/** Reset tokens `reset-1`, `reset-2`, ...; each is for its vendor only, works once and not at or after its end. */
export class InMemoryPasswordResetTokens implements PasswordResetTokens {
  readonly rows = new Map<string, { vendorId: string; userId: string; expiresAt: Date; used: boolean }>();
  private issued = 0;
  async issue(vendorId: string, userId: string, expiresAt: Date): Promise<string> {
    this.issued += 1;
    const token = `reset-${this.issued}`;
    this.rows.set(token, { vendorId, userId, expiresAt, used: false });
    return token;
  }
  async consume(vendorId: string, token: string, now: Date): Promise<string | null> {
    const row = this.rows.get(token);
    if (!row || row.vendorId !== vendorId || row.used || now >= row.expiresAt) return null;
    row.used = true;
    return row.userId;
  }
}

/**
 * Sign-up links kept in a map instead of sealed: `signup-1`, ... Like the
 * sealed ones, nothing is stored as an account until the link is opened,
 * and a link opens (any number of times) until its end.
 */
export class InMemorySignUpLinks implements SignUpLinks {
  readonly sealed = new Map<string, { claim: SignUpClaim; expiresAt: Date }>();
  async seal(claim: SignUpClaim, expiresAt: Date): Promise<string> {
    const token = `signup-${this.sealed.size + 1}`;
    this.sealed.set(token, { claim: { ...claim }, expiresAt });
    return token;
  }
  async open(token: string, now: Date): Promise<SignUpClaim | null> {
    const link = this.sealed.get(token);
    return link && now < link.expiresAt ? { ...link.claim } : null;
  }
}

export type SentAccountMail = { kind: 'password_reset' | 'sign_up_confirmation' | 'account_exists'; vendorId: string; email: string; url: string };

/** Keeps every account e-mail with the link in it, for the test to follow. */
export class RecordingAccountMail implements AccountMail {
  readonly sent: SentAccountMail[] = [];
  async sendPasswordReset(to: { vendorId: string; email: string }, resetUrl: string): Promise<void> {
    this.sent.push({ kind: 'password_reset', ...to, url: resetUrl });
  }
  async sendSignUpConfirmation(to: { vendorId: string; email: string }, confirmUrl: string): Promise<void> {
    this.sent.push({ kind: 'sign_up_confirmation', ...to, url: confirmUrl });
  }
  async sendAccountExists(to: { vendorId: string; email: string }, resetUrl: string): Promise<void> {
    this.sent.push({ kind: 'account_exists', ...to, url: resetUrl });
  }
  /** The last e-mail sent to `email`. */
  lastTo(email: string): SentAccountMail | undefined {
    return [...this.sent].reverse().find((m) => m.email === email);
  }
}

/** Staff invitations by vendor; accepting or revoking succeeds once, for an open invitation only. */
export class InMemoryInvitationRepository implements InvitationRepository {
  readonly rows = new Map<string, { invitation: Invitation; tokenHash: string }>();
  async add(invitation: Invitation, tokenHash: string): Promise<void> {
    this.rows.set(key(invitation.vendorId, invitation.id), { invitation, tokenHash });
  }
  async listOpen(vendorId: string): Promise<Invitation[]> {
    return [...this.rows.values()]
      .map((r) => r.invitation)
      .filter((i) => i.vendorId === vendorId && !i.acceptedAt && !i.revokedAt)
      .sort((a, b) => b.createdAt.getTime() - a.createdAt.getTime());
  }
  async find(vendorId: string, id: string): Promise<Invitation | null> {
    return this.rows.get(key(vendorId, id))?.invitation ?? null;
  }
  async findByTokenHash(tokenHash: string): Promise<Invitation | null> {
    return [...this.rows.values()].find((r) => r.tokenHash === tokenHash)?.invitation ?? null;
  }
  async revoke(vendorId: string, id: string, at: Date): Promise<boolean> {
    const row = this.rows.get(key(vendorId, id));
    if (!row || row.invitation.acceptedAt || row.invitation.revokedAt) return false;
    row.invitation = { ...row.invitation, revokedAt: at };
    return true;
  }
  async accept(id: string, userId: string, at: Date): Promise<boolean> {
    const row = [...this.rows.values()].find((r) => r.invitation.id === id);
    if (!row || row.invitation.acceptedAt || row.invitation.revokedAt) return false;
    row.invitation = { ...row.invitation, acceptedAt: at, acceptedBy: userId };
    return true;
  }
}

/** Tokens `invite-1`, ...; the "hash" is the token reversed, so it differs from the token yet a test can compute it. */
export class SequentialInvitationTokens implements InvitationTokens {
  private n = 0;
  generate(): string {
    this.n += 1;
    return `invite-${this.n}`;
  }
  hash(token: string): string {
    return [...token].reverse().join('');
  }
}

export class RecordingInvitationMail implements InvitationMail {
  readonly sent: { vendorId: string; email: string; role: StaffRole; acceptUrl: string; expiresAt: Date }[] = [];
  async sendInvitation(to: { vendorId: string; email: string }, invitation: { role: StaffRole; acceptUrl: string; expiresAt: Date }): Promise<void> {
    this.sent.push({ ...to, ...invitation });
  }
}
