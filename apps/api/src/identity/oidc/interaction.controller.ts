import { DomainError } from '@kiosk/domain';
import {
  BrowserClientRepository,
  ConfirmSignUp,
  RequestPasswordReset,
  RequestSignUp,
  ResetPassword,
  SignIn,
  User,
} from '@kiosk/domain/identity';
import { Request, Response } from 'express';
import { Controller, route, RouteSpec } from '../../platform/http/routes';
import {
  ACCOUNT_CREATED_PAGE_EXAMPLE,
  BROWSER_CLIENT_ID,
  CHECK_MAIL_PAGE_EXAMPLE,
  CONFIRM_PAGE_EXAMPLE,
  CREDENTIALS_EXAMPLE,
  FORGOT_PAGE_EXAMPLE,
  INTERACTION_RESUME_LOCATION,
  INTERACTION_UID,
  RESET_DONE_PAGE_EXAMPLE,
  RESET_PAGE_EXAMPLE,
  RESET_SENT_PAGE_EXAMPLE,
  SIGN_IN_PAGE_EXAMPLE,
  SIGN_UP_PAGE_EXAMPLE,
} from '../identity.examples';
import { EmbeddedOpenIdProvider } from './embedded-provider';
import { PageContexts } from '../pages/page-context';
import { checkMailPage, confirmSignUpPage, expiredPage, formError, forgotPage, resetPage, signInPage, signUpDonePage, signUpPage } from '../pages/sign-in-pages';
import { RateLimited, RateLimits } from '../../platform/rate-limits/rate-limits';
import { FailedSignInWarnings, mailAllowed, signInChecks } from './guess-limits';
import { CredentialsForm, errorCode, field, HTML, linkQuery, query, TOO_MANY_MAILS, wishOf } from './interaction-forms';
import {
  BAD_SIGN_UP_PAGE,
  RESET_LINK_INVALID_PAGE,
  SIGN_UP_LINK_INVALID_PAGE,
  TOO_MANY_SIGN_INS_PAGE,
  tooManyMailsPage,
  WRONG_CREDENTIALS_PAGE,
} from './interaction.error-examples';

/**
 * The embedded provider's own pages: sign in, sign up, and the password
 * reset through the mail port. They belong to the interaction the provider
 * started (its cookie ties the browser to it), and end it with the account.
 */
export class InteractionController implements Controller {
  constructor(
    private readonly oidc: EmbeddedOpenIdProvider,
    private readonly clients: Pick<BrowserClientRepository, 'findById'>,
    private readonly signIn: SignIn,
    private readonly requestSignUp: RequestSignUp,
    private readonly confirmSignUp: ConfirmSignUp,
    private readonly requestReset: RequestPasswordReset,
    private readonly resetPassword: ResetPassword,
    private readonly authPath: string,
    private readonly authUrl: string,
    private readonly contexts: PageContexts,
    private readonly limits: RateLimits | null = null,
    private readonly warnings: FailedSignInWarnings | null = null,
  ) {}

  private actions(uid: string) {
    const base = `${this.authPath}/interaction/${encodeURIComponent(uid)}`;
    return { signIn: `${base}/login`, signUp: `${base}/signup`, forgot: `${base}/forgot`, code: `${base}/code` };
  }

  /** The interaction and the vendor of its client, or an error page when it is gone. */
  private async interaction(req: Request, res: Response, uid: string) {
    const found = await this.liveInteraction(req, res);
    if (!found) {
      // Gone or another browser's: the page still wears the look of the site the sign-in was for, when the row says.
      const clientId = await this.oidc.clientOfInteraction(uid);
      this.page(res, 400, expiredPage(await this.contexts.forClientId(clientId, wishOf(req))));
    }
    return found;
  }

  /** The interaction this browser holds, or null (gone, expired, or another browser). */
  private async liveInteraction(req: Request, res: Response) {
    try {
      const provider = await this.oidc.provider();
      const details = await provider.interactionDetails(req, res);
      const client = await this.clients.findById(String(details.params.client_id));
      if (!client) throw new Error('unknown client');
      const uiLocales = typeof details.params.ui_locales === 'string' ? details.params.ui_locales : null;
      const context = await this.contexts.forClient(client, { ...wishOf(req), uiLocales: uiLocales ?? wishOf(req).uiLocales });
      return { provider, details, vendorId: client.vendorId, clientId: client.clientId, context };
    } catch {
      return null;
    }
  }

  private async finish(req: Request, res: Response, user: User) {
    const provider = await this.oidc.provider();
    await provider.interactionFinished(req, res, { login: { accountId: user.id } }, { mergeWithLastSubmission: false });
  }

  private page(res: Response, status: number, html: string) {
    res.status(status).set('Cache-Control', 'no-store').type('html').send(html);
  }

  routes(): RouteSpec[] {
    const tags = ['sign-in pages'];
    const base = `${this.authPath}/interaction/{uid}`;
    const form = { dto: CredentialsForm, contentType: 'application/x-www-form-urlencoded' as const };
    return [
      route({
        method: 'get',
        path: base,
        operationId: 'signInPage',
        summary: 'Sign-in page of an authorization request',
        description:
          'Where the OpenID provider sends the browser to sign in (`uid` names the authorization request in progress). The ' +
          'page wears the vendor\'s name, logo and colours and speaks the reader\'s language (`ui_locales`, then ' +
          'Accept-Language); an interaction that is gone or another browser\'s answers an error page (400).',
        examples: { params: { uid: INTERACTION_UID }, responses: { 200: SIGN_IN_PAGE_EXAMPLE } },
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        responses: { 200: HTML },
        handler: async ({ req, res, params }) => {
          const found = await this.interaction(req, res, params.uid);
          if (!found) return;
          if (found.details.prompt.name !== 'login') {
            await found.provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
            return;
          }
          const hint = typeof found.details.params.login_hint === 'string' ? found.details.params.login_hint : '';
          this.page(res, 200, signInPage(found.context, this.actions(params.uid), hint));
        },
      }),
      route<CredentialsForm>({
        method: 'post',
        path: `${base}/login`,
        operationId: 'signIn',
        summary: 'Sign in with e-mail and password',
        description:
          'The sign-in form. Right credentials end the interaction and send the browser back to the authorization request ' +
          '(which then redirects to the client with its code); wrong ones show the page again with a plain sentence (401).',
        examples: { params: { uid: INTERACTION_UID }, request: CREDENTIALS_EXAMPLE, headers: { 303: { Location: INTERACTION_RESUME_LOCATION } } },
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        body: form,
        rawErrors: true,
        responses: {
          303: { description: 'Back to the authorization request' },
          401: WRONG_CREDENTIALS_PAGE,
          429: TOO_MANY_SIGN_INS_PAGE,
        },
        handler: async ({ req, res, params, body }) => {
          const found = await this.interaction(req, res, params.uid);
          if (!found) return;
          const email = field(body, 'email');
          const checks = signInChecks(found.vendorId, email, req.ip);
          try {
            // Refused before the password is hashed: a guess past the limit costs the server nothing.
            await this.limits?.check(checks);
          } catch (error) {
            if (!(error instanceof RateLimited)) throw error;
            res.set(error.headers);
            return this.page(res, 429, signInPage(found.context, this.actions(params.uid), email, formError(error.code)));
          }
          try {
            const user = await this.signIn.execute({ vendorId: found.vendorId, email, password: field(body, 'password') });
            await this.limits?.forget(checks[0]);
            await this.finish(req, res, user);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            if (errorCode(error) === 'ACCOUNT.WRONG_CREDENTIALS') {
              const reached = await this.limits?.count(checks).catch((refused: unknown) => (refused instanceof RateLimited ? [refused.rule] : []));
              // A failure that reached a limit of the account's: its owner hears of it (at most once an hour).
              await this.warnings?.afterFailure(reached ?? [], { vendorId: found.vendorId, email, language: found.context.tr.lang });
            }
            this.page(res, 401, signInPage(found.context, this.actions(params.uid), email, formError(errorCode(error))));
          }
        },
      }),
      route({
        method: 'get',
        path: `${base}/signup`,
        operationId: 'signUpPage',
        summary: 'Sign-up page',
        description:
          'The form to ask for an account, in the vendor\'s look and the reader\'s language, for the same authorization request.',
        examples: { params: { uid: INTERACTION_UID }, responses: { 200: SIGN_UP_PAGE_EXAMPLE } },
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        responses: { 200: HTML },
        handler: async ({ req, res, params }) => {
          const found = await this.interaction(req, res, params.uid);
          if (!found) return;
          this.page(res, 200, signUpPage(found.context, this.actions(params.uid)));
        },
      }),
      route<CredentialsForm>({
        method: 'post',
        path: `${base}/signup`,
        operationId: 'signUp',
        summary: 'Ask for an account with e-mail and password (the answer is the same whether the address has one or not)',
        examples: { params: { uid: INTERACTION_UID }, request: CREDENTIALS_EXAMPLE, responses: { 200: CHECK_MAIL_PAGE_EXAMPLE } },
        description:
          'A new address gets a link that creates the account and signs in; the holder of an existing account gets a ' +
          'message with a password-reset link instead. Both see the same "check your e-mail" page.',
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        body: form,
        rawErrors: true,
        responses: { 200: HTML, 400: BAD_SIGN_UP_PAGE, 429: tooManyMailsPage('Create an account') },
        handler: async ({ req, res, params, body }) => {
          const found = await this.interaction(req, res, params.uid);
          if (!found) return;
          const email = field(body, 'email');
          const { clientId, context } = found;
          const lang = encodeURIComponent(context.tr.lang);
          if (!(await mailAllowed(this.limits, req, res, found.vendorId, email))) {
            return this.page(res, 429, signUpPage(context, this.actions(params.uid), email, TOO_MANY_MAILS));
          }
          try {
            await this.requestSignUp.execute({
              vendorId: found.vendorId,
              email,
              password: field(body, 'password'),
              // The links carry the client and the language, so their pages look and speak like this one.
              confirmUrl: (token) =>
                `${this.authUrl}/interaction/${encodeURIComponent(params.uid)}/confirm?token=${encodeURIComponent(token)}` +
                `&client_id=${encodeURIComponent(clientId)}&ui_locales=${lang}`,
              resetUrl: (token) => `${this.authUrl}/reset/${encodeURIComponent(clientId)}?token=${encodeURIComponent(token)}&ui_locales=${lang}`,
              language: context.tr.lang,
            });
            this.page(res, 200, checkMailPage(context, email));
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            this.page(res, 400, signUpPage(context, this.actions(params.uid), email, formError(errorCode(error))));
          }
        },
      }),
      route({
        method: 'get',
        path: `${base}/confirm`,
        operationId: 'confirmSignUpPage',
        summary: 'The e-mailed sign-up link: a page with one button that creates the account',
        description:
          'Opening the link creates nothing (mail scanners open links too): the page\'s one button posts it. Query: `token` ' +
          '(the sealed sign-up), `client_id`, `ui_locales`.',
        examples: { params: { uid: INTERACTION_UID }, responses: { 200: CONFIRM_PAGE_EXAMPLE } },
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        responses: { 200: HTML },
        handler: async ({ req, res, params }) => {
          const context = await this.contexts.forClientId(query(req, 'client_id'), wishOf(req));
          this.page(res, 200, confirmSignUpPage(context, this.confirmAction(req, params.uid)));
        },
      }),
      route<CredentialsForm>({
        method: 'post',
        path: `${base}/confirm`,
        operationId: 'confirmSignUp',
        summary: 'Create the account of a sign-up link; signs in when this browser still holds the sign-in',
        description:
          'Creates the account of the link (query `token`); a link that does not work (expired, for example) shows the page ' +
          'again with the reason (400). When this browser still holds the authorization request it goes on signed in ' +
          '(303); otherwise a page says the account is ready.',
        examples: { params: { uid: INTERACTION_UID }, request: {}, responses: { 200: ACCOUNT_CREATED_PAGE_EXAMPLE } },
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        body: form,
        rawErrors: true,
        responses: { 200: HTML, 303: { description: 'Signed in: back to the authorization request' }, 400: SIGN_UP_LINK_INVALID_PAGE },
        handler: async ({ req, res, params }) => {
          const token = typeof req.query.token === 'string' ? req.query.token : '';
          const context = () => this.contexts.forClientId(query(req, 'client_id'), wishOf(req));
          let user: User;
          try {
            user = await this.confirmSignUp.execute({ token });
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            this.page(res, 400, confirmSignUpPage(await context(), this.confirmAction(req, params.uid), formError(errorCode(error))));
            return;
          }
          const found = await this.liveInteraction(req, res);
          if (found && found.vendorId === user.vendorId && found.details.prompt.name === 'login') await this.finish(req, res, user);
          else this.page(res, 200, signUpDonePage(await context()));
        },
      }),
      route({
        method: 'get',
        path: `${base}/forgot`,
        operationId: 'forgotPasswordPage',
        summary: 'Ask for a password reset link',
        description:
          'The form that asks for the e-mail address to send a reset link to, in the vendor\'s look.',
        examples: { params: { uid: INTERACTION_UID }, responses: { 200: FORGOT_PAGE_EXAMPLE } },
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        responses: { 200: HTML },
        handler: async ({ req, res, params }) => {
          const found = await this.interaction(req, res, params.uid);
          if (!found) return;
          this.page(res, 200, forgotPage(found.context, this.actions(params.uid), false));
        },
      }),
      route<CredentialsForm>({
        method: 'post',
        path: `${base}/forgot`,
        operationId: 'requestPasswordReset',
        summary: 'Send a password reset link (the answer is the same whether the account exists or not)',
        description:
          'The same page answers whether or not the address has an account, so the form cannot be used to find out who reads here.',
        examples: { params: { uid: INTERACTION_UID }, request: { email: CREDENTIALS_EXAMPLE.email }, responses: { 200: RESET_SENT_PAGE_EXAMPLE } },
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        body: form,
        rawErrors: true,
        responses: { 200: HTML, 429: tooManyMailsPage('Reset your password') },
        handler: async ({ req, res, params, body }) => {
          const found = await this.interaction(req, res, params.uid);
          if (!found) return;
          const { clientId, context } = found;
          const email = field(body, 'email');
          if (!(await mailAllowed(this.limits, req, res, found.vendorId, email))) {
            return this.page(res, 429, forgotPage(context, this.actions(params.uid), false, TOO_MANY_MAILS));
          }
          await this.requestReset.execute({
            vendorId: found.vendorId,
            email,
            resetUrl: (token) =>
              `${this.authUrl}/reset/${encodeURIComponent(clientId)}?token=${encodeURIComponent(token)}&ui_locales=${encodeURIComponent(context.tr.lang)}`,
            language: context.tr.lang,
          });
          this.page(res, 200, forgotPage(context, this.actions(params.uid), true));
        },
      }),
      route({
        method: 'get',
        path: `${this.authPath}/reset/{clientId}`,
        operationId: 'resetPasswordPage',
        summary: 'Choose a new password (from the e-mailed link)',
        description:
          'The page of the mailed reset link (query `token`, `ui_locales`), in the look of the site `clientId` names; the ' +
          'token is checked when the form is posted.',
        examples: { params: { clientId: BROWSER_CLIENT_ID }, responses: { 200: RESET_PAGE_EXAMPLE } },
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        responses: { 200: HTML },
        handler: async ({ req, res, params }) => {
          const context = await this.contexts.forClientId(params.clientId, wishOf(req));
          this.page(res, 200, resetPage(context, this.resetAction(req, params.clientId)));
        },
      }),
      route<CredentialsForm>({
        method: 'post',
        path: `${this.authPath}/reset/{clientId}`,
        operationId: 'resetPassword',
        summary: 'Set the new password',
        description:
          'Sets the password of the link\'s account; a link that does not work, or a password the service refuses, shows ' +
          'the page again with the reason (400).',
        examples: { params: { clientId: BROWSER_CLIENT_ID }, request: { password: CREDENTIALS_EXAMPLE.password }, responses: { 200: RESET_DONE_PAGE_EXAMPLE } },
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        body: form,
        rawErrors: true,
        responses: { 200: HTML, 400: RESET_LINK_INVALID_PAGE },
        handler: async ({ req, res, params, body }) => {
          const token = typeof req.query.token === 'string' ? req.query.token : '';
          const client = await this.clients.findById(params.clientId);
          const context = client ? await this.contexts.forClient(client, wishOf(req)) : this.contexts.neutral(wishOf(req));
          try {
            if (!client) throw new Error('unknown client');
            await this.resetPassword.execute({ vendorId: client.vendorId, token, password: field(body, 'password') });
            this.page(res, 200, resetPage(context, '', undefined, true));
          } catch (error) {
            const failure = formError(error instanceof DomainError ? errorCode(error) : 'ACCOUNT.RESET_TOKEN_INVALID');
            this.page(res, 400, resetPage(context, this.resetAction(req, params.clientId), failure));
          }
        },
      }),
    ];
  }

  /** The form's own address, keeping the token, client and language of the mailed link. */
  private confirmAction(req: Request, uid: string) {
    return `${this.authPath}/interaction/${encodeURIComponent(uid)}/confirm?${linkQuery(req, ['token', 'client_id', 'ui_locales'])}`;
  }

  private resetAction(req: Request, clientId: string) {
    return `${this.authPath}/reset/${encodeURIComponent(clientId)}?${linkQuery(req, ['token', 'ui_locales'])}`;
  }
}
