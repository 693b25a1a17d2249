import { DomainError } from '@kiosk/domain';
import { BrowserClientRepository, ResetPassword } from '@kiosk/domain/identity';
import { Request } from 'express';
import { Controller, route, RouteSpec } from '../../platform/http/routes';
import { BROWSER_CLIENT_ID, CREDENTIALS_EXAMPLE, RESET_DONE_PAGE_EXAMPLE, RESET_PAGE_EXAMPLE } from '../identity.examples';
import { PageContexts } from '../pages/page-context';
import { formError, resetPage } from '../pages/sign-in-pages';
import { CredentialsForm, errorCode, field, HTML, linkQuery, sendPage, wishOf } from './interaction-forms';

/**
 * The page of the mailed password-reset link: it belongs to no sign-in in
 * progress (the link may be opened in another browser, days later), only
 * to the site its client names, whose look it wears.
 */
export class PasswordResetController implements Controller {
  constructor(
    private readonly clients: Pick<BrowserClientRepository, 'findById'>,
    private readonly resetPassword: ResetPassword,
    private readonly authPath: string,
    private readonly contexts: PageContexts,
  ) {}

  routes(): RouteSpec[] {
    const tags = ['sign-in pages'];
    const form = { dto: CredentialsForm, contentType: 'application/x-www-form-urlencoded' as const };
    return [
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
          sendPage(res, 200, resetPage(context, this.resetAction(req, params.clientId)));
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
        responses: { 200: HTML, 400: HTML },
        handler: async ({ req, res, params, body }) => {
          const token = typeof req.query.token === 'string' ? req.query.token : '';
          const client = await this.clients.findById(params.clientId);
          const context = client ? await this.contexts.forClient(client, wishOf(req)) : this.contexts.neutral(wishOf(req));
          try {
            if (!client) throw new Error('unknown client');
            await this.resetPassword.execute({ vendorId: client.vendorId, token, password: field(body, 'password') });
            sendPage(res, 200, resetPage(context, '', undefined, true));
          } catch (error) {
            const failure = formError(error instanceof DomainError ? errorCode(error) : 'ACCOUNT.RESET_TOKEN_INVALID');
            sendPage(res, 400, resetPage(context, this.resetAction(req, params.clientId), failure));
          }
        },
      }),
    ];
  }

  /** The form's own address, keeping the token and language of the mailed link. */
  private resetAction(req: Request, clientId: string) {
    return `${this.authPath}/reset/${encodeURIComponent(clientId)}?${linkQuery(req, ['token', 'ui_locales'])}`;
  }}
