import { Clock } from '@kiosk/domain';
import { BrowserClientRepository, IssueUserToken, StaffMembershipRepository, UserRepository } from '@kiosk/domain/identity';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { decodeJwt } from 'jose';
import { Request, Response } from 'express';
import { HttpProblem } from '../../platform/http/problem';
import { htmlPage, refusal } from '../../platform/http/problem-examples';
import { Controller, route, RouteSpec } from '../../platform/http/routes';
import { processNow } from '../../platform/vendor-time';
import { HandoffBinding } from '../handoff-codes';
import { BROWSER_CLIENT_ID } from '../identity.examples';
import { query, wishOf } from '../oidc/interaction-forms';
import { PageContexts } from '../pages/page-context';
import { staffLinkPage } from '../pages/sign-in-pages';
import { BrowserCookies } from './browser-session';

/** How long a staff sign-in link waits for its person: a day (it is printed at a terminal or mailed). */
export const STAFF_LINK_TTL_SECONDS = 24 * 3600;
/** The portal session's token lifetime, as a portal sign-in through the provider gives it. */
const STAFF_TOKEN_SECONDS = 3600;

interface HandoffCodes {
  mint(binding: HandoffBinding, now: Date, ttlSeconds?: number): Promise<string>;
  redeem(code: string, vendorId: string, clientId: string, now: Date): Promise<HandoffBinding | null>;
}

export class StaffLinkForm {
  @IsOptional() @IsString() @MaxLength(128) code?: string;
}

/** Why no link could be made, in words for the operator. */
export class StaffLinkRefused extends Error {}

/**
 * One-time portal sign-in links for staff (issue 27, "one command, then
 * click"): on first start in development the demo owner's link is printed,
 * and `kiosk staff:sign-in-link` prints one for any staff member. A link is
 * a handoff code (random, stored as its hash, single use) bound to the
 * vendor's first browser client, the one the portal signs in through.
 */
export class StaffSignInLinks {
  constructor(
    private readonly users: Pick<UserRepository, 'findByEmail'>,
    private readonly memberships: Pick<StaffMembershipRepository, 'find'>,
    private readonly clients: Pick<BrowserClientRepository, 'list'>,
    private readonly codes: Pick<HandoffCodes, 'mint'>,
    private readonly clock: Clock,
    private readonly baseUrl: string,
  ) {}

  async mint(vendorId: string, email: string): Promise<{ url: string; expiresAt: Date; userId: string }> {
    const user = await this.users.findByEmail(vendorId, email);
    const membership = user ? await this.memberships.find(vendorId, user.id) : null;
    if (!user || !membership) throw new StaffLinkRefused(`${email} is not a staff member of ${vendorId}`);
    const [client] = await this.clients.list(vendorId);
    if (!client) throw new StaffLinkRefused(`${vendorId} has no browser client for the portal to sign in through`);
    const now = processNow(this.clock);
    const code = await this.codes.mint({ vendorId, clientId: client.clientId, userId: user.id, checkoutId: null, visitorId: null }, now, STAFF_LINK_TTL_SECONDS);
    const url = `${this.baseUrl.replace(/\/+$/, '')}/auth/${encodeURIComponent(client.clientId)}/staff-link?code=${code}`;
    return { url, expiresAt: new Date(now.getTime() + STAFF_LINK_TTL_SECONDS * 1000), userId: user.id };
  }
}

/**
 * The link's page and its button. Opening the link (GET) spends nothing, so
 * a mail scanner or a link preview cannot use it up; the button (a POST from
 * this service's own page) spends the code, sets the same cookie session a
 * portal sign-in sets and goes to the portal.
 */
export class StaffSignInLinkController implements Controller {
  constructor(
    private readonly clients: Pick<BrowserClientRepository, 'findById'>,
    private readonly codes: Pick<HandoffCodes, 'redeem'>,
    private readonly memberships: Pick<StaffMembershipRepository, 'find'>,
    private readonly issueToken: Pick<IssueUserToken, 'execute'>,
    private readonly cookies: BrowserCookies,
    private readonly contexts: PageContexts,
    private readonly clock: Clock,
    private readonly baseUrl: string,
  ) {}

  routes(): RouteSpec[] {
    const common = { tags: ['browser sign-in'], auth: { kind: 'none' as const }, browserPage: true };
    const html = { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } };
    return [
      route({
        ...common,
        method: 'get',
        path: '/auth/{clientId}/staff-link',
        operationId: 'staffSignInLinkPage',
        summary: "A staff member's one-time portal sign-in link: a page with one button (opening it spends nothing)",
        description:
          'Query: `code`, the link\'s one-time secret (made by `kiosk staff:sign-in-link`, and printed for the demo owner when ' +
          '`npm start` makes the demo). The button posts to the same address.',
        examples: { params: { clientId: BROWSER_CLIENT_ID }, responses: { 200: '<!doctype html>…<button id="open-portal">Open the portal</button>…' } },
        responses: { 200: html },
        handler: async ({ req, res, params }) => {
          const context = await this.contexts.forClientId(params.clientId, wishOf(req));
          this.page(res, 200, staffLinkPage(context, this.action(params.clientId, query(req, 'code'))));
        },
      }),
      route<StaffLinkForm>({
        ...common,
        method: 'post',
        path: '/auth/{clientId}/staff-link',
        operationId: 'staffSignInWithLink',
        summary: "Spend a staff sign-in link: the portal's cookie session, then the portal",
        description:
          "Posted by the link page's button from this service's own origin. A valid code (unused, unexpired, this client's, " +
          "of a person still in the team) sets the cookie session and answers 303 to `/portal/?vendor=<id>`; anything else " +
          'answers the page again saying the link is spent, with the way to sign in instead (400), and sets nothing.',
        examples: { params: { clientId: BROWSER_CLIENT_ID }, request: {}, headers: { 303: { Location: '/portal/?vendor=demo' } } },
        body: { dto: StaffLinkForm, contentType: 'application/x-www-form-urlencoded' as const },
        rawErrors: true,
        responses: {
          303: { description: 'Signed in: to the portal' },
          400: htmlPage(
            'The link is spent, expired, not a staff link of this client, or its person left the team: the page says so',
            'Sign in to the Demo Daily portal',
            'This sign-in link has been used or has expired. Sign in to the portal with your e-mail address instead.',
          ),
          403: refusal('Not posted from this service\'s own page', 403, 'AUTH.ORIGIN_NOT_ALLOWED', 'a staff sign-in link is spent only from its own page', {
            origin: 'https://elsewhere.example',
          }),
        },
        handler: async ({ req, res, params }) => this.spend(req, res, params.clientId),
      }),
    ];
  }

  private async spend(req: Request, res: Response, clientId: string): Promise<void> {
    // Only this service's own page may spend a link (no login CSRF). The page is served with no referrer, so a
    // browser sends `Origin: null` from it: the browser's Sec-Fetch-Site says where the form really was.
    const origin = req.headers.origin;
    const site = req.headers['sec-fetch-site'];
    const foreignOrigin = origin !== undefined && origin !== 'null' && origin !== new URL(this.baseUrl).origin;
    if (foreignOrigin || (site !== undefined && site !== 'same-origin')) {
      throw new HttpProblem(403, 'AUTH.ORIGIN_NOT_ALLOWED', 'a staff sign-in link is spent only from its own page', { origin: (origin ?? '').slice(0, 200) });
    }
    const client = /^[A-Za-z0-9_-]{3,64}$/.test(clientId) ? await this.clients.findById(clientId) : null;
    const now = processNow(this.clock);
    const binding = client ? await this.codes.redeem(query(req, 'code'), client.vendorId, client.clientId, now) : null;
    // A code minted for a buyer's handoff is no staff link: it must name a person who is still in the team.
    const staff = binding && !binding.checkoutId ? await this.memberships.find(binding.vendorId, binding.userId) : null;
    if (!binding || !staff) {
      const context = await this.contexts.forClientId(clientId, wishOf(req));
      const vendor = client?.vendorId;
      return this.page(res, 400, staffLinkPage(context, '', { signInHref: `/portal/${vendor ? `?vendor=${encodeURIComponent(vendor)}` : ''}` }));
    }
    const token = (await this.issueToken.execute({ vendorId: binding.vendorId, userId: binding.userId, lifetimeSeconds: STAFF_TOKEN_SECONDS })).accessToken;
    const claims = decodeJwt(token);
    this.cookies.setSession(
      res,
      { at: token, exp: claims.exp!, sub: binding.userId, vendorId: binding.vendorId, clientId: binding.clientId, scope: String(claims.scope ?? '') },
      now,
    );
    res.status(303).set('Cache-Control', 'no-store').location(`/portal/?vendor=${encodeURIComponent(binding.vendorId)}`).end();
  }

  private action(clientId: string, code: string): string {
    return `/auth/${encodeURIComponent(clientId)}/staff-link?${new URLSearchParams({ code })}`;
  }

  private page(res: Response, status: number, html: string): void {
    res.status(status).set('Cache-Control', 'no-store').type('html').send(html);
  }
}
