import { Clock, DomainError } from '@kiosk/domain';
import {
  AcceptInvitation,
  BrowserClientRepository,
  Invitation,
  invitationStatus,
  InviteStaff,
  InvitationRepository,
  InvitationNotFound,
  scopesOfRole,
  StaffMembershipRepository,
  TEAM_MANAGE,
  TeamMember,
  TeamMembers,
  UserRepository,
} from '@kiosk/domain/identity';
import { Response } from 'express';
import { HttpProblem } from '../../platform/http/problem';
import { escapeAttr, escapeText } from '../../platform/http/page-shell';
import { Controller, route } from '../../platform/http/routes';
import { BrowserCookies } from '../browser/browser-session';
import { AccessTokenVerifier, InvalidAccessToken } from '../jwt-access-tokens';
import { ChangeRoleBody, InvitationView, InviteBody, StaffSelfView, TeamMemberView } from './team.dto';
import { INVITATION_OTHER_EMAIL_PAGE, INVITATION_SPENT_PAGE, INVITATION_UNKNOWN_PAGE } from './team.error-examples';

const OWNER_ONLY = { kind: 'bearer', scope: TEAM_MANAGE } as const;
const TAGS = ['management: team'];
const OWNERS =
  'Owners only: needs a signed-in owner of the vendor (bearer token of the OpenID provider, or the portal\'s cookie session with `X-CSRF-Token`). ' +
  'No API key and no other role may manage the team (interface 5.1 rule 3).';

const MEMBER_EXAMPLE = {
  userId: '0192f3c4-5b6a-7c8d-9e0f-123456789abc',
  email: 'editor@daily.example',
  firstName: 'Eva',
  lastName: 'Editor',
  role: 'editor',
  createdAt: '2026-11-20T09:00:00.000Z',
};
const INVITATION_EXAMPLE = {
  id: '0192f3c4-aaaa-7c8d-9e0f-123456789abc',
  email: 'new.hire@daily.example',
  role: 'viewer',
  status: 'PENDING',
  invitedBy: '0192f3c4-0000-7c8d-9e0f-123456789abc',
  createdAt: '2026-11-25T09:00:00.000Z',
  expiresAt: '2026-12-02T09:00:00.000Z',
};

const memberView = (m: TeamMember): TeamMemberView => ({
  userId: m.userId,
  email: m.email,
  firstName: m.firstName,
  lastName: m.lastName,
  role: m.role,
  createdAt: m.createdAt.toISOString(),
});

const invitationView = (i: Invitation, now: Date): InvitationView => ({
  id: i.id,
  email: i.email,
  role: i.role,
  status: invitationStatus(i, now) === 'EXPIRED' ? 'EXPIRED' : 'PENDING',
  invitedBy: i.invitedBy,
  createdAt: i.createdAt.toISOString(),
  expiresAt: i.expiresAt.toISOString(),
});

/** A plain page of this service (no script, nothing from outside): what a person opening an invitation link meets. */
function invitationPage(res: Response, status: number, title: string, text: string, link?: { href: string; label: string }) {
  const body =
    `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<title>${escapeText(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;margin:0;padding:1rem;color:#1f2328}` +
    `main{max-width:32rem;margin:2rem auto}a{color:#0b57d0}</style></head><body><main><h1>${escapeText(title)}</h1>` +
    `<p id="invitation-message">${escapeText(text)}</p>` +
    (link ? `<p><a id="invitation-link" href="${escapeAttr(link.href)}">${escapeText(link.label)}</a></p>` : '') +
    `</main></body></html>`;
  res.status(status).type('html').set('Cache-Control', 'no-store').send(body);
}

/**
 * The team of a vendor (docs/team-and-staff.md): its members and their
 * roles, invitations by e-mail, the link that accepts one, and who the
 * signed-in person is (`/management/me`, with the portal's CSRF token).
 */
export class TeamController implements Controller {
  constructor(
    private readonly team: TeamMembers,
    private readonly invite: InviteStaff,
    private readonly accept: AcceptInvitation,
    private readonly invitations: InvitationRepository,
    private readonly memberships: StaffMembershipRepository,
    private readonly users: Pick<UserRepository, 'find'>,
    private readonly clients: Pick<BrowserClientRepository, 'list'>,
    private readonly cookies: BrowserCookies,
    private readonly verifier: AccessTokenVerifier,
    private readonly clock: Clock,
    private readonly baseUrl: string,
  ) {}

  routes() {
    return [
      route({
        method: 'get',
        path: '/management/me',
        operationId: 'getStaffSelf',
        summary: 'Who the signed-in person is: the vendors they are staff of, their roles, and the CSRF token of a cookie session',
        description:
          'For the portal: a signed-in user (bearer token or the cookie session). A person who is staff of several vendors names the one a management call is for in `X-Kiosk-Vendor`. ' +
          '`csrfToken` is what every state-changing management call on the cookie session sends in `X-CSRF-Token`.',
        tags: TAGS,
        auth: { kind: 'user' },
        examples: {
          responses: {
            200: {
              userId: MEMBER_EXAMPLE.userId,
              email: MEMBER_EXAMPLE.email,
              vendors: [{ vendorId: 'daily', role: 'editor', scopes: ['products:read', 'products:write'] }],
              csrfToken: 'Xq3v0yUu4mW2c9pO0nKJm4b8m2cKq7GgqkC1dQ2c8aE',
            },
          },
        },
        responses: { 200: { description: 'The person and their teams', schema: StaffSelfView } },
        handler: async ({ req, res, principal }) => {
          if (principal.kind !== 'user') throw new HttpProblem(403, 'AUTH.READER_ONLY', 'sign in as a person');
          const [user, memberships] = await Promise.all([
            this.users.find(principal.vendorId, principal.userId),
            this.memberships.forUser(principal.vendorId, principal.userId),
          ]);
          // The token only for the portal itself: never to a page of another origin calling with the cookie.
          const origin = req.headers.origin;
          const ownOrigin = origin === undefined || origin === new URL(this.baseUrl).origin;
          const session = req.headers.authorization || !ownOrigin ? null : this.cookies.session(req, this.clock.now());
          const view: StaffSelfView = {
            userId: principal.userId,
            email: user?.email ?? '',
            vendors: memberships.map((m) => ({ vendorId: m.vendorId, role: m.role, scopes: [...scopesOfRole(m.role)] })),
            csrfToken: session ? this.cookies.csrfToken(session) : null,
          };
          res.set('Cache-Control', 'no-store').json(view);
        },
      }),
      route({
        method: 'get',
        path: '/management/team/members',
        operationId: 'listTeamMembers',
        summary: "The vendor's staff and their roles, oldest member first",
        description: OWNERS,
        tags: TAGS,
        auth: OWNER_ONLY,
        examples: { responses: { 200: [MEMBER_EXAMPLE] } },
        responses: { 200: { description: 'The members', schema: [TeamMemberView] } },
        handler: async ({ res, principal }) => {
          res.json((await this.team.list(principal.vendorId)).map(memberView));
        },
      }),
      route<ChangeRoleBody>({
        method: 'patch',
        path: '/management/team/members/{userId}',
        operationId: 'changeTeamMemberRole',
        summary: "Change a member's role",
        description: `${OWNERS} The last owner cannot be demoted (409 \`TEAM.LAST_OWNER\`); another vendor's member is a 404.`,
        tags: TAGS,
        auth: OWNER_ONLY,
        body: { dto: ChangeRoleBody },
        examples: {
          params: { userId: MEMBER_EXAMPLE.userId },
          request: { role: 'admin' },
          responses: { 200: { ...MEMBER_EXAMPLE, role: 'admin' } },
        },
        responses: { 200: { description: 'The member with the new role', schema: TeamMemberView } },
        handler: async ({ res, params, body, principal }) => {
          res.json(memberView(await this.team.changeRole(principal.vendorId, params.userId, body.role)));
        },
      }),
      route({
        method: 'delete',
        path: '/management/team/members/{userId}',
        operationId: 'removeTeamMember',
        summary: 'Remove a member from the team (their account stays; they lose access to the vendor)',
        description: `${OWNERS} The last owner cannot be removed (409 \`TEAM.LAST_OWNER\`). A repeated delete answers 404 \`TEAM.MEMBER_NOT_FOUND\`: they are no longer a member.`,
        tags: TAGS,
        auth: OWNER_ONLY,
        examples: { params: { userId: MEMBER_EXAMPLE.userId } },
        responses: { 204: { description: 'Removed' } },
        handler: async ({ res, params, principal }) => {
          await this.team.remove(principal.vendorId, params.userId);
          res.status(204).end();
        },
      }),
      route<InviteBody>({
        method: 'post',
        path: '/management/team/invitations',
        operationId: 'inviteTeamMember',
        summary: 'Invite someone by e-mail with a role; the link in the mail works once, for 7 days',
        description: `${OWNERS} The person follows the link, signs in or signs up with that e-mail address, and lands in the portal as a member.`,
        tags: TAGS,
        auth: OWNER_ONLY,
        body: { dto: InviteBody },
        examples: { request: { email: INVITATION_EXAMPLE.email, role: 'viewer' }, responses: { 201: INVITATION_EXAMPLE } },
        responses: { 201: { description: 'The invitation (its link is only in the mail)', schema: InvitationView } },
        handler: async ({ res, body, principal }) => {
          if (principal.kind !== 'user') throw new HttpProblem(403, 'AUTH.NOT_STAFF', 'only a person invites');
          const invitation = await this.invite.execute({
            vendorId: principal.vendorId,
            email: body.email,
            role: body.role,
            invitedBy: principal.userId,
            acceptUrl: (token) => `${this.baseUrl.replace(/\/$/, '')}/auth/invitations/${token}`,
          });
          res.status(201).json(invitationView(invitation, this.clock.now()));
        },
      }),
      route({
        method: 'get',
        path: '/management/team/invitations',
        operationId: 'listTeamInvitations',
        summary: 'Invitations not yet accepted or withdrawn, newest first (expired ones say so)',
        description: OWNERS,
        tags: TAGS,
        auth: OWNER_ONLY,
        examples: { responses: { 200: [INVITATION_EXAMPLE] } },
        responses: { 200: { description: 'The open invitations', schema: [InvitationView] } },
        handler: async ({ res, principal }) => {
          const now = this.clock.now();
          res.json((await this.invitations.listOpen(principal.vendorId)).map((i) => invitationView(i, now)));
        },
      }),
      route({
        method: 'delete',
        path: '/management/team/invitations/{id}',
        operationId: 'revokeTeamInvitation',
        summary: 'Withdraw an invitation: its link stops working',
        description: `${OWNERS} An accepted, withdrawn or another vendor's invitation is a 404, so a repeated delete answers 404 \`TEAM.INVITATION_NOT_FOUND\`.`,
        tags: TAGS,
        auth: OWNER_ONLY,
        examples: { params: { id: INVITATION_EXAMPLE.id } },
        responses: { 204: { description: 'Withdrawn' } },
        handler: async ({ res, params, principal }) => {
          if (!(await this.invitations.revoke(principal.vendorId, params.id, this.clock.now()))) throw new InvitationNotFound(params.id);
          res.status(204).end();
        },
      }),
      route({
        method: 'get',
        path: '/auth/invitations/{token}',
        operationId: 'acceptTeamInvitation',
        summary: 'The link of an invitation e-mail: sign in (or up) with the invited address and join the team',
        description:
          'Without a session it sends the browser to sign in at one of the vendor\'s browser clients and back here; with a session of the invited e-mail ' +
          'address the person becomes a member and goes on to `/portal`. An unknown, used, withdrawn or expired (7 days) link, or a session of another ' +
          'address, answers a page that says so.',
        tags: ['browser: team'],
        auth: { kind: 'none' },
        browserPage: true,
        examples: {
          params: { token: 'q7m0S3bqgk2n9Yw2x3s4v5c6b7n8m9l0k1j2h3g4f5d' },
          headers: { 303: { Location: '/portal/?vendor=daily' } },
        },
        responses: {
          303: { description: 'Joined: on to the portal; or not signed in: on to sign in and back' },
          200: { description: 'Not signed in and the vendor has no browser client: a page that says how to sign in', contentType: 'text/html' },
          403: INVITATION_OTHER_EMAIL_PAGE,
          404: INVITATION_UNKNOWN_PAGE,
          410: INVITATION_SPENT_PAGE,
        },
        handler: async ({ req, res, params }) => {
          const token = params.token;
          const here = `${this.baseUrl.replace(/\/$/, '')}/auth/invitations/${encodeURIComponent(token)}`;
          try {
            const invitation = await this.accept.open(token);
            const session = this.cookies.session(req, this.clock.now());
            const principal = session ? await this.verifier.verify(session.at).catch((e) => (e instanceof InvalidAccessToken ? null : Promise.reject(e))) : null;
            if (!principal || principal.kind !== 'user') {
              const [client] = await this.clients.list(invitation.vendorId);
              if (!client) {
                return invitationPage(res, 200, 'Sign in to accept', `Sign in to the portal as ${invitation.email}, then open this link again.`);
              }
              return res.redirect(303, `/auth/${encodeURIComponent(client.clientId)}/login?return_to=${encodeURIComponent(here)}`);
            }
            await this.accept.execute({ token, userVendorId: principal.vendorId, userId: principal.userId });
            res.set('Cache-Control', 'no-store').redirect(303, `/portal/?vendor=${encodeURIComponent(invitation.vendorId)}`);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            const code = error.code;
            if (code === 'TEAM.INVITATION_UNKNOWN') return invitationPage(res, 404, 'Invitation not found', error.message);
            if (code === 'TEAM.INVITATION_OTHER_EMAIL') {
              return invitationPage(res, 403, 'Another account is signed in', error.message, { href: '/auth/logout?local_only=true', label: 'Sign out' });
            }
            if (code.startsWith('TEAM.INVITATION_')) return invitationPage(res, 410, 'Invitation no longer valid', error.message);
            throw error;
          }
        },
      }),
    ];
  }
}
