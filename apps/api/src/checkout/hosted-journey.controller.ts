import { Clock } from '@kiosk/domain';
import { VendorRepository } from '@kiosk/domain/catalog';
import { CheckoutSnapshot, GetCheckout, GetCheckoutSettings } from '@kiosk/domain/checkout';
import { InvalidSignInCode, RequestSignInCode, TooManySignInCodes, VerifySignInCode } from '@kiosk/domain/identity';
import { IsOptional, IsString, MaxLength } from 'class-validator';
import { Request, Response } from 'express';
import { Controller, route, RouteSpec } from '../platform/http/routes';
import { CHECKOUT_ID, PAGE_TOKEN, VENDOR_ID } from './checkout.examples';
import { CheckoutHandoff } from './checkout-handoff';
import { CheckoutLinks } from './checkout.views';
import { PageQuery } from './hosted-checkout.controller';
import { PAGE_CSP, PageFrame, problemPage } from './hosted-pages';
import { codeEntryPage, linkConfirmPage } from './hosted-journey-pages';
import { checkoutLanguage, CheckoutMessageKey, checkoutPlainText } from './checkout-messages';
import { LINK_EXPIRED_PAGE, TOO_MANY_CODES_PAGE, WRONG_CODE_PAGE, WRONG_LINK_PAGE } from './checkout-pages.error-examples';

/** The mailed link's query: the checkout page's token and the link's own secret. */
export class LinkQuery extends PageQuery {
  @IsOptional() @IsString() @MaxLength(128) s?: string;
}

/** The code form (and the link's confirmation form). */
export class CodeForm {
  @IsOptional() @IsString() @MaxLength(128) challenge?: string;
  @IsOptional() @IsString() @MaxLength(32) code?: string;
  @IsOptional() @IsString() @MaxLength(128) s?: string;
}

const HTML = { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } };
const FORM = { dto: CodeForm, contentType: 'application/x-www-form-urlencoded' as const };

const PAGE_PARAMS = { vendorId: VENDOR_ID, id: CHECKOUT_ID };
const HANDOFF_LOCATION = `https://daily.example.com/thanks?checkoutId=${CHECKOUT_ID}&kiosk_handoff=pXb1Yq9wq0c0m3R8bQj1cE3oZk2nqk7x6fS4dA1hJtU`;
/** Shortened: the hosted pages are whole HTML documents in the vendor's colours. */
const page = (title: string, main: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>${title} · The Daily</title></head><body><main>${main}</main></body></html>`;
const CODE_PAGE_EXAMPLE = page(
  'Enter your sign-in code',
  '<h1>Enter your sign-in code</h1><p>We sent a 6-digit code to <strong>reader@example.com</strong>.</p><form method="post" action="…/sign-in?t=…">…</form>',
);
const LINK_PAGE_EXAMPLE = page('Sign in to read', '<h1>Sign in to read</h1><form method="post" action="…/sign-in-link?t=…"><button>Sign in and continue</button></form>');

/** A completed checkout of a page request, with its page frame; null when the link is wrong (a 404 page was sent). */
export interface LoadedCheckout {
  snapshot: CheckoutSnapshot;
  vendorId: string;
  id: string;
  completed: boolean;
  /** The reader's language (checkoutLanguage) and its sentences, plain. */
  language: string;
  plain: ReturnType<typeof checkoutPlainText>;
  frame: (title: CheckoutMessageKey) => PageFrame;
}

export interface HostedJourneyDeps {
  get: GetCheckout;
  settings: GetCheckoutSettings;
  vendors: Pick<VendorRepository, 'find'>;
  links: CheckoutLinks;
  handoff: CheckoutHandoff;
  clock: Clock;
  requestCode: Pick<RequestSignInCode, 'execute'>;
  verifyCode: Pick<VerifySignInCode, 'withCode' | 'withLink'>;
  baseUrl: string;
  /** The card provider moves no real money: the pages say so. */
  testMode?: boolean;
}

/** Sends a hosted page with the checkout pages' headers. */
export function sendPage(res: Response, status: number, html: string) {
  res
    .status(status)
    .set({ 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'no-referrer' })
    .type('html')
    .send(html);
}

/** The checkout behind a hosted page's link (its token verified), or null after a 404 page. */
export async function loadCheckout(d: HostedJourneyDeps, req: Request, res: Response, params: Record<string, string>, query: PageQuery): Promise<LoadedCheckout | null> {
  const { vendorId, id } = params;
  const notFound = () => {
    const language = checkoutLanguage({ uiLocales: query.ui_locales, acceptLanguage: req.headers['accept-language'] });
    const said = checkoutPlainText(language);
    sendPage(res, 404, problemPage(null, said('title.notFound'), said('notFound.text'), said('title.checkout'), language));
    return null;
  };
  if (!d.links.verify(vendorId, id, query.t)) return notFound();
  const checkout = await d.get.execute({ vendorId, checkoutId: id, owner: null }).catch(() => null);
  if (!checkout) return notFound();
  const vendor = await d.vendors.find(vendorId);
  const settings = await d.settings.execute(vendorId);
  const snapshot = checkout.toSnapshot();
  const language = checkoutLanguage({
    uiLocales: query.ui_locales,
    checkoutLanguage: snapshot.details.language,
    acceptLanguage: req.headers['accept-language'],
    vendorDefault: settings.defaultLanguage,
  });
  const plain = checkoutPlainText(language);
  return {
    snapshot,
    vendorId,
    id,
    completed: checkout.statusAt(d.clock.now()) === 'COMPLETED',
    language,
    plain,
    frame: (title) => ({
      title: plain(title),
      vendorName: vendor?.name ?? vendorId,
      logo: vendor?.logo ?? null,
      settings,
      language,
      testMode: d.testMode ?? false,
    }),
  };
}

/**
 * The receipt's way back to the vendor's site (DESIGN.md 6, "From payment
 * to reading"): `GET .../continue` leads to `redirectUrl` with `checkoutId`,
 * and with a one-time handoff code when the visitor's payment made the
 * reader's account, so the browser library signs the browser in.
 */
export class HostedJourneyController implements Controller {
  constructor(private readonly d: HostedJourneyDeps) {}

  routes(): RouteSpec[] {
    const tags = ['hosted checkout'];
    const base = '/checkout/{vendorId}/{id}';
    const common = { query: PageQuery, tags, auth: { kind: 'none' as const } };
    return [
      route<unknown, PageQuery>({
        ...common,
        method: 'get',
        path: `${base}/continue`,
        operationId: 'checkoutPageContinue',
        summary: "The receipt's \"Continue\": on to `redirectUrl` with `checkoutId`, signing a new reader's browser in",
        description:
          'When a visitor paid and the payment made the account of the payer\'s e-mail, the redirect also carries ' +
          '`kiosk_handoff`, a one-time code (single use, about 60 seconds, bound to the checkout, the reader, the visitor ' +
          'and the browser client) that the browser library exchanges at `POST /auth/{clientId}/handoff` for the cookie ' +
          'session. Never a token. A payer whose account existed before gets no code here: the receipt offers a code by ' +
          'e-mail first. A checkout not yet completed goes back to its page.',
        examples: {
          params: PAGE_PARAMS,
          query: { t: PAGE_TOKEN },
          headers: { 303: { Location: HANDOFF_LOCATION } },
        },
        responses: { 303: { description: 'To `redirectUrl` (or back to the checkout)' }, 404: WRONG_LINK_PAGE() },
        handler: async ({ req, res, params, query }) => {
          const loaded = await loadCheckout(this.d, req, res, params, query);
          if (!loaded) return;
          res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer');
          if (!loaded.completed) return res.redirect(303, this.d.links.path(loaded.vendorId, loaded.id));
          const target = await this.d.handoff.continueAddress(loaded.snapshot);
          res.redirect(303, target ?? this.d.links.path(loaded.vendorId, loaded.id, '/receipt'));
        },
      }),
      route<CodeForm, PageQuery>({
        ...common,
        method: 'post',
        path: `${base}/sign-in-code`,
        operationId: 'checkoutPageSendSignInCode',
        summary: "Mail the payer a sign-in code, to read on this device a purchase made with an existing account's e-mail",
        description:
          'Offered on the receipt when the payer\'s e-mail already had an account: the purchase is on that account, and ' +
          'the browser is signed in only after the code (6 digits, 15 minutes, single use, 5 tries) or the mail\'s link ' +
          'proves control of the address. Answers the page to type the code on; 429 (with `Retry-After`) after 5 codes ' +
          'in 15 minutes for the account.',
        body: FORM,
        examples: { params: PAGE_PARAMS, query: { t: PAGE_TOKEN }, request: {}, responses: { 200: CODE_PAGE_EXAMPLE } },
        responses: { 200: HTML, 404: WRONG_LINK_PAGE('Wrong link, or nothing to prove (HTML page)'), 429: TOO_MANY_CODES_PAGE },
        handler: async ({ req, res, params, query }) => {
          const loaded = await this.provable(req, res, params, query);
          if (!loaded) return;
          await this.sendCode(res, loaded);
        },
      }),
      route<CodeForm, PageQuery>({
        ...common,
        method: 'post',
        path: `${base}/sign-in`,
        operationId: 'checkoutPageSignIn',
        summary: 'Check the mailed code; right, the browser goes on to `redirectUrl` with a handoff code, signed in',
        description: 'Form fields `challenge` (from the code page) and `code`. A wrong, used or expired code shows the page again (400).',
        body: FORM,
        examples: {
          params: PAGE_PARAMS,
          query: { t: PAGE_TOKEN },
          request: { challenge: '0190a4cc-0000-7000-8000-000000000001', code: '123456' },
          headers: { 303: { Location: HANDOFF_LOCATION } },
        },
        responses: { 303: { description: 'To `redirectUrl` with `checkoutId` and `kiosk_handoff`' }, 400: WRONG_CODE_PAGE, 404: WRONG_LINK_PAGE() },
        handler: async ({ req, res, params, query, body }) => {
          const loaded = await this.provable(req, res, params, query);
          if (!loaded) return;
          const challenge = body.challenge ?? '';
          try {
            const userId = await this.d.verifyCode.withCode({ vendorId: loaded.vendorId, challengeId: challenge, code: body.code ?? '', purpose: 'checkout' });
            await this.proven(res, loaded, userId);
          } catch (error) {
            if (!(error instanceof InvalidSignInCode)) throw error;
            sendPage(res, 400, codeEntryPage(loaded.frame('title.signInCode'), loaded.snapshot, this.actions(loaded), { challenge, error: loaded.plain('signInCode.invalid') }));
          }
        },
      }),
      route<unknown, LinkQuery>({
        ...common,
        query: LinkQuery,
        method: 'get',
        path: `${base}/sign-in-link`,
        operationId: 'checkoutPageSignInLink',
        summary: "The mailed sign-in link's page: one button that signs in and continues (opening the link spends nothing)",
        description:
          'The link in the sign-in code\'s e-mail (`s` is its own one-time secret). Opening it shows one button, so a mail ' +
          "scanner that opens links spends nothing; the button posts the secret to the same address.",
        examples: { params: PAGE_PARAMS, query: { t: PAGE_TOKEN, s: 'link-secret' }, responses: { 200: LINK_PAGE_EXAMPLE } },
        responses: { 200: HTML, 404: WRONG_LINK_PAGE() },
        handler: async ({ req, res, params, query }) => {
          const loaded = await this.provable(req, res, params, query);
          if (!loaded) return;
          sendPage(res, 200, linkConfirmPage(loaded.frame('title.signInLink'), this.d.links.path(loaded.vendorId, loaded.id, '/sign-in-link'), query.s ?? ''));
        },
      }),
      route<CodeForm, PageQuery>({
        ...common,
        method: 'post',
        path: `${base}/sign-in-link`,
        operationId: 'checkoutPageSignInWithLink',
        summary: "Spend the mailed link's secret (`s`); valid, the browser goes on to `redirectUrl` with a handoff code",
        description: 'The same rules as the code: single use, 15 minutes. A used or expired link is a 400 page.',
        body: FORM,
        examples: { params: PAGE_PARAMS, query: { t: PAGE_TOKEN }, request: { s: 'link-secret' }, headers: { 303: { Location: HANDOFF_LOCATION } } },
        responses: { 303: { description: 'To `redirectUrl` with `checkoutId` and `kiosk_handoff`' }, 400: LINK_EXPIRED_PAGE, 404: WRONG_LINK_PAGE() },
        handler: async ({ req, res, params, query, body }) => {
          const loaded = await this.provable(req, res, params, query);
          if (!loaded) return;
          try {
            await this.proven(res, loaded, await this.d.verifyCode.withLink({ vendorId: loaded.vendorId, secret: body.s ?? '', purpose: 'checkout' }));
          } catch (error) {
            if (!(error instanceof InvalidSignInCode)) throw error;
            sendPage(res, 400, problemPage(loaded.frame('title.linkExpired'), loaded.plain('title.linkExpired'), loaded.plain('linkExpired.text')));
          }
        },
      }),
    ];
  }

  private actions(loaded: LoadedCheckout) {
    return {
      verify: this.d.links.path(loaded.vendorId, loaded.id, '/sign-in'),
      resend: this.d.links.path(loaded.vendorId, loaded.id, '/sign-in-code'),
    };
  }

  /** The checkout when its payer may prove control of the address here; a 404 page otherwise. */
  private async provable(req: Request, res: Response, params: Record<string, string>, query: PageQuery): Promise<LoadedCheckout | null> {
    const loaded = await loadCheckout(this.d, req, res, params, query);
    if (!loaded) return null;
    if (!loaded.completed || !(await this.d.handoff.needsProof(loaded.snapshot))) {
      sendPage(res, 404, problemPage(loaded.frame('title.nothingToSignIn'), loaded.plain('title.nothingToSignIn'), loaded.plain('nothingToSignIn.text')));
      return null;
    }
    return loaded;
  }

  private async sendCode(res: Response, loaded: LoadedCheckout) {
    const { vendorId, id, snapshot } = loaded;
    try {
      const { challengeId } = await this.d.requestCode.execute({
        vendorId,
        email: snapshot.payer!.email,
        purpose: 'checkout',
        // The mail speaks the page's language: the reader chose it on this page.
        language: loaded.language,
        link: (_challenge, secret) => `${this.d.baseUrl}${this.d.links.path(vendorId, id, '/sign-in-link')}&s=${encodeURIComponent(secret)}`,
      });
      sendPage(res, 200, codeEntryPage(loaded.frame('title.signInCode'), snapshot, this.actions(loaded), { challenge: challengeId }));
    } catch (error) {
      if (!(error instanceof TooManySignInCodes)) throw error;
      res.set('Retry-After', String(error.retryAfterSeconds));
      sendPage(res, 429, problemPage(loaded.frame('title.tooManyCodes'), loaded.plain('title.tooManyCodes'), loaded.plain('tooManyCodes.text')));
    }
  }

  /** Control of the address is proven for `userId`: on to the site with a handoff code, when it is the payer's. */
  private async proven(res: Response, loaded: LoadedCheckout, userId: string) {
    if (userId !== loaded.snapshot.payer?.id) throw new InvalidSignInCode();
    const target = await this.d.handoff.continueAddress(loaded.snapshot, true);
    res.set('Cache-Control', 'no-store').set('Referrer-Policy', 'no-referrer');
    res.redirect(303, target ?? this.d.links.path(loaded.vendorId, loaded.id, '/receipt'));
  }
}
