import { Clock, ConflictError, ForbiddenError, IdGenerator, InvalidError, NotFoundError } from '../shared';
import { UserRepository } from './ports';
import { StaffMembershipRepository, StaffRole, TeamMember } from './staff';
import { normalizeEmail } from './user';

/** Invitations are valid for a week (docs/team-and-staff.md). */
export const INVITATION_LIFETIME_MS = 7 * 24 * 3_600_000;

export interface Invitation {
  readonly id: string;
  readonly vendorId: string;
  readonly email: string;
  readonly role: StaffRole;
  readonly invitedBy: string;
  readonly createdAt: Date;
  readonly expiresAt: Date;
  readonly acceptedAt: Date | null;
  readonly acceptedBy: string | null;
  readonly revokedAt: Date | null;
}

export type InvitationStatus = 'PENDING' | 'EXPIRED' | 'ACCEPTED' | 'REVOKED';

export function invitationStatus(invitation: Invitation, now: Date): InvitationStatus {
  if (invitation.revokedAt) return 'REVOKED';
  if (invitation.acceptedAt) return 'ACCEPTED';
  return invitation.expiresAt.getTime() <= now.getTime() ? 'EXPIRED' : 'PENDING';
}

export interface InvitationRepository {
  /** Adds the invitation with the hash of its token. */
  add(invitation: Invitation, tokenHash: string): Promise<void>;
  /** The vendor's invitations that are neither accepted nor revoked, newest first. */
  listOpen(vendorId: string): Promise<Invitation[]>;
  find(vendorId: string, id: string): Promise<Invitation | null>;
  findByTokenHash(tokenHash: string): Promise<Invitation | null>;
  /** Marks it revoked; false when it was not open. */
  revoke(vendorId: string, id: string, at: Date): Promise<boolean>;
  /** Marks it accepted by `userId`; false when someone else got there first (used, revoked). */
  accept(id: string, userId: string, at: Date): Promise<boolean>;
}

/** Random invitation tokens and their one-way hashes (only the hash is stored). */
export interface InvitationTokens {
  generate(): string;
  hash(token: string): string;
}

export interface InvitationMail {
  sendInvitation(to: { vendorId: string; email: string }, invitation: { role: StaffRole; acceptUrl: string; expiresAt: Date }): Promise<void>;
}

export class MemberNotFound extends NotFoundError {
  constructor(userId: string) {
    super('TEAM.MEMBER_NOT_FOUND', `no team member ${userId}`, { userId });
  }
}

export class InvitationNotFound extends NotFoundError {
  constructor(id: string) {
    super('TEAM.INVITATION_NOT_FOUND', `no open invitation ${id}`, { id });
  }
}

export class LastOwner extends ConflictError {
  constructor(userId: string) {
    super('TEAM.LAST_OWNER', 'the vendor must keep at least one owner: make someone else owner first', { userId });
  }
}

export class TeamMembers {
  constructor(private readonly memberships: StaffMembershipRepository) {}

  list(vendorId: string): Promise<TeamMember[]> {
    return this.memberships.list(vendorId);
  }

  async changeRole(vendorId: string, userId: string, role: StaffRole): Promise<TeamMember> {
    const outcome = await this.memberships.change(vendorId, userId, role);
    if (outcome === 'not_found') throw new MemberNotFound(userId);
    if (outcome === 'last_owner') throw new LastOwner(userId);
    const member = (await this.memberships.list(vendorId)).find((m) => m.userId === userId);
    if (!member) throw new MemberNotFound(userId);
    return member;
  }

  async remove(vendorId: string, userId: string): Promise<void> {
    const outcome = await this.memberships.change(vendorId, userId, null);
    if (outcome === 'not_found') throw new MemberNotFound(userId);
    if (outcome === 'last_owner') throw new LastOwner(userId);
  }
}

export class InviteStaff {
  constructor(
    private readonly invitations: InvitationRepository,
    private readonly tokens: InvitationTokens,
    private readonly mail: InvitationMail,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  /** `acceptUrl` makes the link from the token (the HTTP layer knows the service's address). */
  async execute(command: {
    vendorId: string;
    email: string;
    role: StaffRole;
    invitedBy: string;
    acceptUrl: (token: string) => string;
  }): Promise<Invitation> {
    const now = this.clock.now();
    const invitation: Invitation = {
      id: this.ids.next(),
      vendorId: command.vendorId,
      email: normalizeEmail(command.email),
      role: command.role,
      invitedBy: command.invitedBy,
      createdAt: now,
      expiresAt: new Date(now.getTime() + INVITATION_LIFETIME_MS),
      acceptedAt: null,
      acceptedBy: null,
      revokedAt: null,
    };
    const token = this.tokens.generate();
    await this.invitations.add(invitation, this.tokens.hash(token));
    await this.mail.sendInvitation(
      { vendorId: invitation.vendorId, email: invitation.email },
      { role: invitation.role, acceptUrl: command.acceptUrl(token), expiresAt: invitation.expiresAt },
    );
    return invitation;
  }
}

export class InvitationUnusable extends ConflictError {
  constructor(status: InvitationStatus | 'UNKNOWN') {
    const why = {
      UNKNOWN: 'this invitation link is not known (mistyped, or from another service)',
      EXPIRED: 'this invitation has expired (they last 7 days); ask the owner for a new one',
      ACCEPTED: 'this invitation has been used already',
      REVOKED: 'this invitation was withdrawn by the vendor',
      PENDING: 'this invitation cannot be used',
    }[status];
    super(`TEAM.INVITATION_${status === 'PENDING' ? 'UNUSABLE' : status}`, why, { status });
  }
}

export class InvitationForAnotherEmail extends ForbiddenError {
  constructor(email: string) {
    super('TEAM.INVITATION_OTHER_EMAIL', `this invitation is for another e-mail address; sign in as ${email}`, {});
  }
}

export class AcceptInvitation {
  constructor(
    private readonly invitations: InvitationRepository,
    private readonly memberships: StaffMembershipRepository,
    private readonly users: Pick<UserRepository, 'find'>,
    private readonly tokens: InvitationTokens,
    private readonly clock: Clock,
  ) {}

  /** The invitation a link names, if it can still be used (for the page before sign-in). */
  async open(token: string): Promise<Invitation> {
    const invitation = token.length > 0 && token.length <= 256 ? await this.invitations.findByTokenHash(this.tokens.hash(token)) : null;
    if (!invitation) throw new InvitationUnusable('UNKNOWN');
    const status = invitationStatus(invitation, this.clock.now());
    if (status !== 'PENDING') throw new InvitationUnusable(status);
    return invitation;
  }

  /** The signed-in person (account `userVendorId`/`userId`) becomes a member with the invitation's role. */
  async execute(command: { token: string; userVendorId: string; userId: string }): Promise<Invitation> {
    const invitation = await this.open(command.token);
    const user = await this.users.find(command.userVendorId, command.userId);
    if (!user) throw new InvalidError('TEAM.NOT_SIGNED_IN', 'sign in to accept the invitation');
    if (user.email !== invitation.email) throw new InvitationForAnotherEmail(invitation.email);
    if (!(await this.invitations.accept(invitation.id, user.id, this.clock.now()))) throw new InvitationUnusable('ACCEPTED');
    await this.memberships.put({
      vendorId: invitation.vendorId,
      userVendorId: user.vendorId,
      userId: user.id,
      role: invitation.role,
      createdAt: this.clock.now(),
    });
    return invitation;
  }
}
