import {
  ConfirmSignUp,
  PasswordCredentials,
  PasswordHasher,
  PasswordResetTokens,
  RequestPasswordReset,
  RequestSignUp,
  ResetPassword,
  SignIn,
  SignUp,
  AcceptInvitation,
  InviteStaff,
  TeamMembers,
} from '@kiosk/domain/identity';
import { SetStreamingLink } from '@kiosk/domain/engagement';
import { IssueUserToken, RequestSignInCode, VerifySignInCode } from '@kiosk/domain/identity';
import { MergeVisitorReads } from '@kiosk/domain/paywalls';
import { ClaimVisitorCheckouts, GetCheckoutSettings } from '@kiosk/domain/checkout';
import { ResolutionContext, ServiceIdentifier } from 'inversify';
import { CATALOG } from '../catalog/catalog.module';
import { boundAbove, defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';
import { MailerAccountMail } from './account-mail';
import { BrowserAuthController, BrowserSignInHooks } from './browser/browser-auth.controller';
import { BrowserHandoffController } from './browser/browser-handoff.controller';
import { SqlHandoffCodes } from './handoff-codes';
import { StaffSignInLinkController, StaffSignInLinks } from './browser/staff-sign-in-link';
import { BrowserCookies } from './browser/browser-session';
import { IDENTITY } from './identity.module';
import { AccessTokenVerifier } from './jwt-access-tokens';
import { EmbeddedOpenIdProvider } from './oidc/embedded-provider';
import { InteractionController } from './oidc/interaction.controller';
import { FailedSignInWarnings } from './oidc/guess-limits';
import { CodeSignInController } from './oidc/code-sign-in.controller';
import { PageContexts } from './pages/page-context';
import { PageMessageStore, SqlPageMessages } from './pages/page-messages';
import { SignInPagesController } from './sign-in-pages.controller';
import { SealedSignUpLinks } from './sign-up-links';
import { ScryptPasswordHasher, SqlPasswordCredentials, SqlPasswordResetTokens } from './passwords';
import { SigningKeyStore } from './signing-keys';
import { RandomInvitationTokens, SqlInvitations } from './staff-memberships';
import { MailerInvitationMail } from './team/invitation-mail';
import { TeamController } from './team/team.controller';
import { RateLimits } from '../platform/rate-limits/rate-limits';

export const SIGN_IN = {
  Passwords: Symbol.for('PasswordHasher') as ServiceIdentifier<PasswordHasher>,
  Credentials: Symbol.for('PasswordCredentials') as ServiceIdentifier<PasswordCredentials>,
  ResetTokens: Symbol.for('PasswordResetTokens') as ServiceIdentifier<PasswordResetTokens>,
  PageMessages: Symbol.for('SignInPageMessages') as ServiceIdentifier<PageMessageStore>,
};

/** What a browser sign-in does in other modules: the visitor's free reads and open checkouts become the reader's. */
const signInHooks = (c: ResolutionContext): BrowserSignInHooks => ({
  signedIn: async (vendorId, userId, visitorId) => {
    if (!visitorId) return;
    await c.get(MergeVisitorReads).execute({ vendorId, visitorId, userId });
    // The visitor's open checkouts become the reader's.
    await c.get(ClaimVisitorCheckouts).execute({ vendorId, visitorId, userId });
  },
  streamingLinked: async (vendorId, userId) => {
    await c.get(SetStreamingLink).execute({ vendorId, userId, linked: true });
  },
});

/** Readers and staff signing in: the embedded OpenID provider, its pages, and the browser routes. */
export const signInModule = defineModule({
  name: 'identity:sign-in',
  requires: ['identity', 'identity:codes', 'engagement', 'paywalls', 'checkout', 'catalog'],
  register: ({ bind }) => {
    bind(SIGN_IN.Passwords).toConstantValue(new ScryptPasswordHasher());
    bind(SIGN_IN.Credentials).toDynamicValue((c) => new SqlPasswordCredentials(c.get(TOKENS.DataSource)));
    bind(SIGN_IN.ResetTokens).toDynamicValue((c) => new SqlPasswordResetTokens(c.get(TOKENS.DataSource)));
    bind(SignUp).toDynamicValue(
      (c) =>
        new SignUp(c.get(IDENTITY.Users), c.get(SIGN_IN.Credentials), c.get(SIGN_IN.Passwords), c.get(TOKENS.Ids), c.get(TOKENS.Clock)),
    );
    bind(RequestSignUp).toDynamicValue(
      (c) =>
        new RequestSignUp(
          c.get(IDENTITY.Users),
          c.get(SIGN_IN.Credentials),
          c.get(SIGN_IN.Passwords),
          new SealedSignUpLinks(c.get(TOKENS.Config).secretsKey),
          c.get(SIGN_IN.ResetTokens),
          new MailerAccountMail(boundAbove(c, IDENTITY.Mailer), boundAbove(c, IDENTITY.MailAudience)),
          c.get(TOKENS.Clock),
        ),
    );
    bind(ConfirmSignUp).toDynamicValue(
      (c) =>
        new ConfirmSignUp(
          c.get(IDENTITY.Users),
          c.get(SIGN_IN.Credentials),
          new SealedSignUpLinks(c.get(TOKENS.Config).secretsKey),
          c.get(TOKENS.Ids),
          c.get(TOKENS.Clock),
        ),
    );
    bind(SignIn).toDynamicValue((c) => new SignIn(c.get(IDENTITY.Users), c.get(SIGN_IN.Credentials), c.get(SIGN_IN.Passwords)));
    bind(RequestPasswordReset).toDynamicValue(
      (c) =>
        new RequestPasswordReset(
          c.get(IDENTITY.Users),
          c.get(SIGN_IN.ResetTokens),
          new MailerAccountMail(boundAbove(c, IDENTITY.Mailer), boundAbove(c, IDENTITY.MailAudience)),
          c.get(TOKENS.Clock),
        ),
    );
    bind(ResetPassword).toDynamicValue(
      (c) => new ResetPassword(c.get(SIGN_IN.ResetTokens), c.get(SIGN_IN.Credentials), c.get(SIGN_IN.Passwords), c.get(TOKENS.Clock)),
    );
    bind(SIGN_IN.PageMessages).toDynamicValue((c) => new SqlPageMessages(c.get(TOKENS.DataSource)));
    // The pages wear the vendor's look: name and logo (catalog), colour (checkout settings), its own sentences.
    bind(PageContexts).toDynamicValue(
      (c) =>
        new PageContexts(
          c.get(IDENTITY.BrowserClients),
          c.get(CATALOG.Vendors),
          async (vendorId) => {
            const { color, defaultLanguage } = await c.get(GetCheckoutSettings).execute(vendorId);
            return { color, defaultLanguage };
          },
          c.get(SIGN_IN.PageMessages),
          c.get(TOKENS.Config).baseUrl,
        ),
    );
    bind(TOKENS.Controller).toDynamicValue((c) => new SignInPagesController(c.get(SIGN_IN.PageMessages), c.get(TOKENS.Clock)));
    bind(BrowserCookies).toDynamicValue((c) => new BrowserCookies(c.get(TOKENS.Config).secretsKey, c.get(TOKENS.Config).cookieSecure));
    bind(EmbeddedOpenIdProvider).toDynamicValue((c) => {
      const config = c.get(TOKENS.Config);
      return new EmbeddedOpenIdProvider(
        { issuer: config.authUrl, baseUrl: config.baseUrl, secretsKey: config.secretsKey, production: config.env === 'production', trustProxy: config.trustProxy !== false },
        c.get(TOKENS.DataSource),
        c.get(SigningKeyStore),
        c.get(IDENTITY.BrowserClients),
        c.get(IDENTITY.Users),
        c.get(TOKENS.Logger),
        c.get(PageContexts),
      );
    });
    bind(TOKENS.Controller).toDynamicValue((c) => {
      const config = c.get(TOKENS.Config);
      return new BrowserAuthController(
        c.get(IDENTITY.BrowserClients),
        c.get(BrowserCookies),
        c.get(AccessTokenVerifier),
        c.get(TOKENS.Clock),
        config.oidcIssuer ?? config.authUrl,
        config.baseUrl,
        c.get(PageContexts),
        signInHooks(c),
      );
    });
    // The buying journey's handoff: a paid checkout's one-time code becomes the cookie session.
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new BrowserHandoffController(
          c.get(IDENTITY.BrowserClients),
          new SqlHandoffCodes(c.get(TOKENS.DataSource)),
          c.get(IssueUserToken),
          c.get(AccessTokenVerifier),
          c.get(BrowserCookies),
          c.get(TOKENS.Clock),
          signInHooks(c),
        ),
    );
    // Staff's one-time portal sign-in links (printed at first start, `kiosk staff:sign-in-link`).
    bind(StaffSignInLinks).toDynamicValue((c) => {
      const config = c.get(TOKENS.Config);
      const codes = new SqlHandoffCodes(c.get(TOKENS.DataSource));
      return new StaffSignInLinks(c.get(IDENTITY.Users), c.get(IDENTITY.StaffMemberships), c.get(IDENTITY.BrowserClients), codes, c.get(TOKENS.Clock), config.baseUrl);
    });
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new StaffSignInLinkController(
          c.get(IDENTITY.BrowserClients),
          new SqlHandoffCodes(c.get(TOKENS.DataSource)),
          c.get(IDENTITY.StaffMemberships),
          c.get(IssueUserToken),
          c.get(BrowserCookies),
          c.get(PageContexts),
          c.get(TOKENS.Clock),
          c.get(TOKENS.Config).baseUrl,
        ),
    );
    bind(TOKENS.Controller).toDynamicValue((c) => {
      const config = c.get(TOKENS.Config);
      if (config.oidcIssuer) return { routes: () => [] };
      return new InteractionController(
        c.get(EmbeddedOpenIdProvider),
        c.get(IDENTITY.BrowserClients),
        c.get(SignIn),
        c.get(RequestSignUp),
        c.get(ConfirmSignUp),
        c.get(RequestPasswordReset),
        c.get(ResetPassword),
        new URL(config.authUrl).pathname.replace(/\/$/, ''),
        config.authUrl,
        c.get(PageContexts),
        c.get(RateLimits),
        new FailedSignInWarnings(
          c.get(RateLimits),
          c.get(IDENTITY.Users),
          new MailerAccountMail(boundAbove(c, IDENTITY.Mailer), boundAbove(c, IDENTITY.MailAudience)),
          c.get(TOKENS.Logger),
        ),
      );
    });
    // Passwordless: a mailed code or link beside the password (DESIGN.md 6).
    bind(TOKENS.Controller).toDynamicValue((c) => {
      const config = c.get(TOKENS.Config);
      if (config.oidcIssuer) return { routes: () => [] };
      return new CodeSignInController(
        c.get(EmbeddedOpenIdProvider),
        c.get(IDENTITY.BrowserClients),
        c.get(RequestSignInCode),
        c.get(VerifySignInCode),
        new URL(config.authUrl).pathname.replace(/\/$/, ''),
        config.authUrl,
        c.get(PageContexts),
        c.get(RateLimits),
      );
    });
    // The team: members, roles and invitations (docs/team-and-staff.md).
    bind(SqlInvitations).toDynamicValue((c) => new SqlInvitations(c.get(TOKENS.DataSource)));
    bind(TeamMembers).toDynamicValue((c) => new TeamMembers(c.get(IDENTITY.StaffMemberships)));
    bind(InviteStaff).toDynamicValue(
      (c) =>
        new InviteStaff(
          c.get(SqlInvitations),
          new RandomInvitationTokens(),
          new MailerInvitationMail(boundAbove(c, IDENTITY.Mailer), async (vendorId) => (await c.get(CATALOG.Vendors).find(vendorId))?.name ?? vendorId),
          c.get(TOKENS.Ids),
          c.get(TOKENS.Clock),
        ),
    );
    bind(AcceptInvitation).toDynamicValue(
      (c) =>
        new AcceptInvitation(c.get(SqlInvitations), c.get(IDENTITY.StaffMemberships), c.get(IDENTITY.Users), new RandomInvitationTokens(), c.get(TOKENS.Clock)),
    );
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new TeamController(
          c.get(TeamMembers),
          c.get(InviteStaff),
          c.get(AcceptInvitation),
          c.get(SqlInvitations),
          c.get(IDENTITY.StaffMemberships),
          c.get(IDENTITY.Users),
          c.get(IDENTITY.BrowserClients),
          c.get(BrowserCookies),
          c.get(AccessTokenVerifier),
          c.get(TOKENS.Clock),
          c.get(TOKENS.Config).baseUrl,
        ),
    );
  },
});
