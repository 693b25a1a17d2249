import { BrowserClientRepository, InvalidSignInCode, RequestSignInCode, TooManySignInCodes, VerifySignInCode } from '@kiosk/domain/identity';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Request, Response } from 'express';
import { Controller, route, RouteSpec } from '../../platform/http/routes';
import { INTERACTION_RESUME_LOCATION, INTERACTION_UID } from '../identity.examples';
import { PageContexts } from '../pages/page-context';
import { LanguageWish } from '../pages/page-language';
import { expiredPage, formError, signInCodePage, signInLinkPage, signInPage } from '../pages/sign-in-pages';
import { EmbeddedOpenIdProvider } from './embedded-provider';
import { RateLimited, RateLimits } from '../../platform/rate-limits/rate-limits';
import { mailChecks } from './guess-limits';
import { BAD_CODE_EMAIL_PAGE, CODE_INVALID_PAGE, LINK_INVALID_PAGE, TOO_MANY_CODES_PAGE } from './interaction.error-examples';

export class CodeSignInForm {
  @IsOptional() @IsString() @MaxLength(320) email?: string;
  @IsOptional() @IsString() @MaxLength(400) password?: string;
  @IsOptional() @IsString() @MaxLength(128) challenge?: string;
  @IsOptional() @IsString() @MaxLength(32) code?: string;
}

const HTML = { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } };
const query = (req: Request, name: string) => {
  const value = req.query[name];
  return typeof value === 'string' && value.length <= 256 ? value : '';
};
const wishOf = (req: Request): LanguageWish => ({ uiLocales: query(req, 'ui_locales') || null, acceptLanguage: req.headers['accept-language'] ?? null });
const field = (body: unknown, name: string) => {
  const value = (body as Record<string, unknown> | undefined)?.[name];
  return typeof value === 'string' && value.length <= 400 ? value : '';
};
const page = (title: string, main: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · The Daily</title></head><body><main>${main}</main></body></html>`;
const CODE_PAGE_EXAMPLE = page(
  'Enter your sign-in code',
  `<h1>Enter your sign-in code</h1><form method="post" action="/oidc/interaction/${INTERACTION_UID}/code/verify"><input name="code" inputmode="numeric"><button>Sign in</button></form>`,
);
const LINK_PAGE_EXAMPLE = page('Sign in to The Daily', `<h1>Sign in to The Daily</h1><form method="post"><button id="confirm-link">Sign in</button></form>`);

/**
 * Passwordless sign-in on the embedded provider's pages (DESIGN.md 6): beside
 * the password, "E-mail me a sign-in code" mails a 6-digit code and a
 * one-click link (15 minutes, single use, 5 tries, 5 codes per account in
 * 15 minutes: the domain's sign-in codes, the receipt's primitive too);
 * the right code or link finishes the interaction as a password does.
 * Readers and staff alike; an unknown address gets the same page.
 */
export class CodeSignInController implements Controller {
  constructor(
    private readonly oidc: EmbeddedOpenIdProvider,
    private readonly clients: Pick<BrowserClientRepository, 'findById'>,
    private readonly requestCode: Pick<RequestSignInCode, 'execute'>,
    private readonly verifyCode: Pick<VerifySignInCode, 'withCode' | 'withLink'>,
    private readonly authPath: string,
    private readonly authUrl: string,
    private readonly contexts: PageContexts,
    private readonly limits: RateLimits | null = null,
  ) {}

  private actions(uid: string) {
    const base = `${this.authPath}/interaction/${encodeURIComponent(uid)}`;
    return { signIn: `${base}/login`, signUp: `${base}/signup`, forgot: `${base}/forgot`, code: `${base}/code`, verify: `${base}/code/verify`, page: base };
  }

  /** The interaction this browser holds, or null (gone, expired, or another browser). */
  private async liveInteraction(req: Request, res: Response) {
    try {
      const provider = await this.oidc.provider();
      const details = await provider.interactionDetails(req, res);
      const client = await this.clients.findById(String(details.params.client_id));
      if (!client || details.prompt.name !== 'login') return null;
      const uiLocales = typeof details.params.ui_locales === 'string' ? details.params.ui_locales : null;
      const context = await this.contexts.forClient(client, { ...wishOf(req), uiLocales: uiLocales ?? wishOf(req).uiLocales });
      return { provider, uid: details.uid, vendorId: client.vendorId, clientId: client.clientId, context };
    } catch {
      return null;
    }
  }

  private async interaction(req: Request, res: Response, uid: string) {
    const found = await this.liveInteraction(req, res);
    if (!found) this.page(res, 400, expiredPage(await this.contexts.forClientId(await this.oidc.clientOfInteraction(uid), wishOf(req))));
    return found;
  }

  private page(res: Response, status: number, html: string) {
    res.status(status).set('Cache-Control', 'no-store').type('html').send(html);
  }

  private async finish(req: Request, res: Response, userId: string) {
    const provider = await this.oidc.provider();
    await provider.interactionFinished(req, res, { login: { accountId: userId } }, { mergeWithLastSubmission: false });
  }

  routes(): RouteSpec[] {
    const tags = ['sign-in pages'];
    const base = `${this.authPath}/interaction/{uid}`;
    const form = { dto: CodeSignInForm, contentType: 'application/x-www-form-urlencoded' as const };
    const common = { tags, auth: { kind: 'none' as const }, browserPage: true };
    return [
      route<CodeSignInForm>({
        ...common,
        method: 'post',
        path: `${base}/code`,
        operationId: 'sendSignInCode',
        summary: 'E-mail a sign-in code and link (the answer is the same whether the address has an account or not)',
        description:
          'The sign-in page\'s "E-mail me a sign-in code" (form field `email`). A known address gets a 6-digit code and a ' +
          'one-click link (15 minutes, single use); every address sees the page to type the code on. 429 after 5 codes in ' +
          '15 minutes for the account.',
        examples: { params: { uid: INTERACTION_UID }, request: { email: 'reader@example.com' }, responses: { 200: CODE_PAGE_EXAMPLE } },
        body: form,
        rawErrors: true,
        responses: { 200: HTML, 400: BAD_CODE_EMAIL_PAGE, 429: TOO_MANY_CODES_PAGE },
        handler: async ({ req, res, params, body }) => {
          const found = await this.interaction(req, res, params.uid);
          if (!found) return;
          const email = field(body, 'email').trim();
          const actions = this.actions(params.uid);
          if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)) return this.page(res, 400, signInPage(found.context, actions, email, formError('USER.BAD_EMAIL')));
          const lang = encodeURIComponent(found.context.tr.lang);
          try {
            // Counted for every address asked, known or not (the same answer for both), and per client IP.
            await this.limits?.count(mailChecks(found.vendorId, email, req.ip));
            const { challengeId } = await this.requestCode.execute({
              vendorId: found.vendorId,
              email,
              purpose: 'sign-in',
              language: found.context.tr.lang,
              link: (_challenge, secret) =>
                `${this.authUrl}/interaction/${encodeURIComponent(params.uid)}/code-link?s=${encodeURIComponent(secret)}` +
                `&client_id=${encodeURIComponent(found.clientId)}&ui_locales=${lang}`,
            });
            this.page(res, 200, signInCodePage(found.context, { verify: actions.verify, resend: actions.code, signIn: actions.page }, { challenge: challengeId, email }));
          } catch (error) {
            if (!(error instanceof TooManySignInCodes) && !(error instanceof RateLimited)) throw error;
            res.set('Retry-After', error instanceof RateLimited ? error.headers['Retry-After'] : String(error.retryAfterSeconds));
            this.page(res, 429, signInCodePage(found.context, { verify: actions.verify, resend: actions.code, signIn: actions.page }, { challenge: '', email, error: 'error.tooManyCodes' }));
          }
        },
      }),
      route<CodeSignInForm>({
        ...common,
        method: 'post',
        path: `${base}/code/verify`,
        operationId: 'signInWithCode',
        summary: 'Sign in with the mailed code',
        description:
          'Form fields `challenge` (from the code page) and `code`. The right code ends the interaction as a password ' +
          'sign-in does (303); a wrong, used or expired one shows the page again (401); the fifth wrong try spends the code.',
        examples: { params: { uid: INTERACTION_UID }, request: { challenge: '0190a4cc-0000-7000-8000-000000000001', code: '123456' }, headers: { 303: { Location: INTERACTION_RESUME_LOCATION } } },
        body: form,
        rawErrors: true,
        responses: { 303: { description: 'Back to the authorization request' }, 401: CODE_INVALID_PAGE },
        handler: async ({ req, res, params, body }) => {
          const found = await this.interaction(req, res, params.uid);
          if (!found) return;
          const challenge = field(body, 'challenge');
          try {
            const userId = await this.verifyCode.withCode({ vendorId: found.vendorId, challengeId: challenge, code: field(body, 'code'), purpose: 'sign-in' });
            await this.finish(req, res, userId);
          } catch (error) {
            if (!(error instanceof InvalidSignInCode)) throw error;
            const actions = this.actions(params.uid);
            this.page(
              res,
              401,
              signInCodePage(found.context, { verify: actions.verify, resend: actions.code, signIn: actions.page }, { challenge, email: field(body, 'email'), error: 'error.codeInvalid' }),
            );
          }
        },
      }),
      route({
        ...common,
        method: 'get',
        path: `${base}/code-link`,
        operationId: 'signInLinkPage',
        summary: 'The mailed sign-in link: a page with one button (opening the link spends nothing)',
        description: 'Query: `s` (the link\'s one-time secret), `client_id`, `ui_locales`. The button posts to the same address.',
        examples: { params: { uid: INTERACTION_UID }, responses: { 200: LINK_PAGE_EXAMPLE } },
        responses: { 200: HTML },
        handler: async ({ req, res, params }) => {
          const context = await this.contexts.forClientId(query(req, 'client_id'), wishOf(req));
          this.page(res, 200, signInLinkPage(context, this.linkAction(req, params.uid)));
        },
      }),
      route<CodeSignInForm>({
        ...common,
        method: 'post',
        path: `${base}/code-link`,
        operationId: 'signInWithLink',
        summary: "Sign in with the mailed link's secret, in the browser that asked for it",
        description:
          'Ends the interaction as a password sign-in does (303) when this browser still holds it; otherwise (another ' +
          'browser, expired) a page says to type the code instead (400) and the link is not spent.',
        examples: { params: { uid: INTERACTION_UID }, request: {}, headers: { 303: { Location: INTERACTION_RESUME_LOCATION } } },
        body: form,
        rawErrors: true,
        responses: { 303: { description: 'Back to the authorization request' }, 400: LINK_INVALID_PAGE },
        handler: async ({ req, res, params }) => {
          const found = await this.liveInteraction(req, res);
          const failed = async () =>
            this.page(res, 400, signInLinkPage(found?.context ?? (await this.contexts.forClientId(query(req, 'client_id'), wishOf(req))), '', 'error.linkInvalid'));
          if (!found || found.uid !== params.uid) return failed();
          try {
            await this.finish(req, res, await this.verifyCode.withLink({ vendorId: found.vendorId, secret: query(req, 's'), purpose: 'sign-in' }));
          } catch (error) {
            if (!(error instanceof InvalidSignInCode)) throw error;
            await failed();
          }
        },
      }),
    ];
  }

  private linkAction(req: Request, uid: string) {
    const q = new URLSearchParams(['s', 'client_id', 'ui_locales'].flatMap((n): [string, string][] => (query(req, n) ? [[n, query(req, n)]] : [])));
    return `${this.authPath}/interaction/${encodeURIComponent(uid)}/code-link?${q}`;
  }
}
