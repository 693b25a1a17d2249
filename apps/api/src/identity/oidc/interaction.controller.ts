import { IsOptional, IsString, MaxLength } from 'class-validator';
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
import { EmbeddedOpenIdProvider } from './embedded-provider';
import { checkMailPage, confirmSignUpPage, errorPage, forgotPage, resetPage, signInPage, signUpDonePage, signUpPage } from './pages';

export class CredentialsForm {
  @IsOptional() @IsString() @MaxLength(320) email?: string;
  @IsOptional() @IsString() @MaxLength(400) password?: string;
}

const HTML = { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } };
const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length <= 400 ? value : '';
};

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
  ) {}

  private actions(uid: string) {
    const base = `${this.authPath}/interaction/${encodeURIComponent(uid)}`;
    return { signIn: `${base}/login`, signUp: `${base}/signup`, forgot: `${base}/forgot` };
  }

  /** The interaction and the vendor of its client, or an error page when it is gone. */
  private async interaction(req: Request, res: Response) {
    const found = await this.liveInteraction(req, res);
    if (!found) res.status(400).type('html').send(errorPage('Sign-in expired', 'Go back to the site and start signing in again.'));
    return found;
  }

  /** The interaction this browser holds, or null (gone, expired, or another browser). */
  private async liveInteraction(req: Request, res: Response) {
    try {
      const provider = await this.oidc.provider();
      const details = await provider.interactionDetails(req, res);
      const client = await this.clients.findById(String(details.params.client_id));
      if (!client) throw new Error('unknown client');
      return { provider, details, vendorId: client.vendorId };
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
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        responses: { 200: HTML },
        handler: async ({ req, res, params }) => {
          const found = await this.interaction(req, res);
          if (!found) return;
          if (found.details.prompt.name !== 'login') {
            await found.provider.interactionFinished(req, res, {}, { mergeWithLastSubmission: true });
            return;
          }
          const hint = typeof found.details.params.login_hint === 'string' ? found.details.params.login_hint : '';
          this.page(res, 200, signInPage(this.actions(params.uid), hint));
        },
      }),
      route<CredentialsForm>({
        method: 'post',
        path: `${base}/login`,
        operationId: 'signIn',
        summary: 'Sign in with e-mail and password',
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        body: form,
        rawErrors: true,
        responses: { 303: { description: 'Back to the authorization request' }, 401: HTML },
        handler: async ({ req, res, params, body }) => {
          const found = await this.interaction(req, res);
          if (!found) return;
          const email = field(body, 'email');
          try {
            const user = await this.signIn.execute({ vendorId: found.vendorId, email, password: field(body, 'password') });
            await this.finish(req, res, user);
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            this.page(res, 401, signInPage(this.actions(params.uid), email, error.message));
          }
        },
      }),
      route({
        method: 'get',
        path: `${base}/signup`,
        operationId: 'signUpPage',
        summary: 'Sign-up page',
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        responses: { 200: HTML },
        handler: async ({ req, res, params }) => {
          if (!(await this.interaction(req, res))) return;
          this.page(res, 200, signUpPage(this.actions(params.uid)));
        },
      }),
      route<CredentialsForm>({
        method: 'post',
        path: `${base}/signup`,
        operationId: 'signUp',
        summary: 'Ask for an account with e-mail and password (the answer is the same whether the address has one or not)',
        description:
          'A new address gets a link that creates the account and signs in; the holder of an existing account gets a ' +
          'message with a password-reset link instead. Both see the same "check your e-mail" page.',
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        body: form,
        rawErrors: true,
        responses: { 200: HTML, 400: HTML },
        handler: async ({ req, res, params, body }) => {
          const found = await this.interaction(req, res);
          if (!found) return;
          const email = field(body, 'email');
          const clientId = String(found.details.params.client_id);
          try {
            await this.requestSignUp.execute({
              vendorId: found.vendorId,
              email,
              password: field(body, 'password'),
              confirmUrl: (token) => `${this.authUrl}/interaction/${encodeURIComponent(params.uid)}/confirm?token=${encodeURIComponent(token)}`,
              resetUrl: (token) => `${this.authUrl}/reset/${encodeURIComponent(clientId)}?token=${encodeURIComponent(token)}`,
            });
            this.page(res, 200, checkMailPage(email));
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            this.page(res, 400, signUpPage(this.actions(params.uid), email, error.message));
          }
        },
      }),
      route({
        method: 'get',
        path: `${base}/confirm`,
        operationId: 'confirmSignUpPage',
        summary: 'The e-mailed sign-up link: a page with one button that creates the account',
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        responses: { 200: HTML },
        handler: async ({ req, res, params }) => {
          const token = typeof req.query.token === 'string' ? req.query.token : '';
          this.page(res, 200, confirmSignUpPage(this.confirmAction(params.uid, token)));
        },
      }),
      route<CredentialsForm>({
        method: 'post',
        path: `${base}/confirm`,
        operationId: 'confirmSignUp',
        summary: 'Create the account of a sign-up link; signs in when this browser still holds the sign-in',
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        body: form,
        rawErrors: true,
        responses: { 200: HTML, 303: { description: 'Signed in: back to the authorization request' }, 400: HTML },
        handler: async ({ req, res, params }) => {
          const token = typeof req.query.token === 'string' ? req.query.token : '';
          let user: User;
          try {
            user = await this.confirmSignUp.execute({ token });
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            this.page(res, 400, confirmSignUpPage(this.confirmAction(params.uid, token), error.message));
            return;
          }
          const found = await this.liveInteraction(req, res);
          if (found && found.vendorId === user.vendorId && found.details.prompt.name === 'login') await this.finish(req, res, user);
          else this.page(res, 200, signUpDonePage());
        },
      }),
      route({
        method: 'get',
        path: `${base}/forgot`,
        operationId: 'forgotPasswordPage',
        summary: 'Ask for a password reset link',
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        responses: { 200: HTML },
        handler: async ({ req, res, params }) => {
          if (!(await this.interaction(req, res))) return;
          this.page(res, 200, forgotPage(this.actions(params.uid).forgot, false));
        },
      }),
      route<CredentialsForm>({
        method: 'post',
        path: `${base}/forgot`,
        operationId: 'requestPasswordReset',
        summary: 'Send a password reset link (the answer is the same whether the account exists or not)',
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        body: form,
        rawErrors: true,
        responses: { 200: HTML },
        handler: async ({ req, res, params, body }) => {
          const found = await this.interaction(req, res);
          if (!found) return;
          const clientId = String(found.details.params.client_id);
          await this.requestReset.execute({
            vendorId: found.vendorId,
            email: field(body, 'email'),
            resetUrl: (token) => `${this.authUrl}/reset/${encodeURIComponent(clientId)}?token=${encodeURIComponent(token)}`,
          });
          this.page(res, 200, forgotPage(this.actions(params.uid).forgot, true));
        },
      }),
      route({
        method: 'get',
        path: `${this.authPath}/reset/{clientId}`,
        operationId: 'resetPasswordPage',
        summary: 'Choose a new password (from the e-mailed link)',
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        responses: { 200: HTML },
        handler: async ({ req, res, params }) => {
          const token = typeof req.query.token === 'string' ? req.query.token : '';
          this.page(res, 200, resetPage(this.resetAction(params.clientId, token)));
        },
      }),
      route<CredentialsForm>({
        method: 'post',
        path: `${this.authPath}/reset/{clientId}`,
        operationId: 'resetPassword',
        summary: 'Set the new password',
        tags,
        auth: { kind: 'none' },
        browserPage: true,
        body: form,
        rawErrors: true,
        responses: { 200: HTML, 400: HTML },
        handler: async ({ req, res, params, body }) => {
          const token = typeof req.query.token === 'string' ? req.query.token : '';
          const client = await this.clients.findById(params.clientId);
          try {
            if (!client) throw new Error('unknown client');
            await this.resetPassword.execute({ vendorId: client.vendorId, token, password: field(body, 'password') });
            this.page(res, 200, resetPage('', undefined, true));
          } catch (error) {
            const message = error instanceof DomainError ? error.message : 'the reset link is not valid';
            this.page(res, 400, resetPage(this.resetAction(params.clientId, token), message));
          }
        },
      }),
    ];
  }

  private confirmAction(uid: string, token: string) {
    return `${this.authPath}/interaction/${encodeURIComponent(uid)}/confirm?token=${encodeURIComponent(token)}`;
  }

  private resetAction(clientId: string, token: string) {
    return `${this.authPath}/reset/${encodeURIComponent(clientId)}?token=${encodeURIComponent(token)}`;
  }
}
