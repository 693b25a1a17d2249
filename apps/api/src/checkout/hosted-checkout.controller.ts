import { Clock, DomainError } from '@kiosk/domain';
import { VendorRepository } from '@kiosk/domain/catalog';
import {
  CheckoutAmountDue,
  CheckoutIncomplete,
  CheckoutSnapshot,
  ConfirmCheckoutPayment,
  GetCheckout,
  GetCheckoutSettings,
  PayCheckout,
  ResidenceToConfirm,
  returnAddressOf,
  UpdateCheckout,
} from '@kiosk/domain/checkout';
import { Request, Response } from 'express';
import { RateLimited, RateLimits } from '../platform/rate-limits/rate-limits';
import { RATE_RULES } from '../platform/rate-limits/rate-rules';
import { Controller, route } from '../platform/http/routes';
import {
  CHECKOUT_ID,
  CHECKOUT_PAGE_EXAMPLE,
  CHECKOUT_PATH,
  CONFIRM_PAGE_EXAMPLE,
  GIFT_PAGE_EXAMPLE,
  GIFT_TOKEN,
  PAGE_TOKEN,
  PAY_FORM_EXAMPLE,
  RECEIPT_PAGE_EXAMPLE,
  VENDOR_ID,
} from './checkout.examples';
import { CheckoutLinks } from './checkout.views';
import {
  checkoutPage,
  confirmPage,
  giftPage,
  FormState,
  invalidFields,
  missingInWords,
  PAGE_CSP,
  PageFrame,
  problemPage,
  receiptPage,
  ShownCheckout,
} from './hosted-pages';
import { CheckoutForm, formRequest, PageQuery } from './hosted-checkout-form';
import { checkoutLanguage, CheckoutMessageKey, checkoutPlainText } from './checkout-messages';
import { problemInWords } from './checkout-problem-words';
import {
  DECLINED_PAGE,
  DISCOUNT_REFUSED_PAGE,
  EXPIRED_PAGE,
  GIFT_NOT_FOUND_PAGE,
  NOT_CONFIRMED_PAGE,
  RESIDENCE_PAGE,
  WRONG_LINK_PAGE,
} from './checkout-pages.error-examples';

export { CheckoutForm, PageQuery } from './hosted-checkout-form';

const PAGE_PARAMS = { vendorId: VENDOR_ID, id: CHECKOUT_ID };
const PAGE_LOCATION = `${CHECKOUT_PATH}?t=${PAGE_TOKEN}`;

const HTML = { description: 'HTML page', contentType: 'text/html', schema: { type: 'string' } };
const FORM = { dto: CheckoutForm, contentType: 'application/x-www-form-urlencoded' as const };

/** A checkout the page's link opened (HostedCheckoutController.load). */
type Loaded = NonNullable<Awaited<ReturnType<HostedCheckoutController['load']>>>;

export interface HostedCheckoutUseCases {
  get: GetCheckout;
  update: UpdateCheckout;
  pay: PayCheckout;
  confirm: ConfirmCheckoutPayment;
  settings: GetCheckoutSettings;
}

/**
 * The hosted checkout page behind `checkoutUrl`: the order, the buyer's
 * fields, discount codes, gift and business purchase, the payment; the
 * confirmation step some cards need; the receipt, then on to the vendor's
 * `redirectUrl` with the checkout id. Server-rendered forms: it works
 * without a script, by keyboard and with a screen reader; its link's token
 * is the credential.
 */
export class HostedCheckoutController implements Controller {
  constructor(
    private readonly u: HostedCheckoutUseCases,
    private readonly vendors: Pick<VendorRepository, 'find'>,
    private readonly links: CheckoutLinks,
    private readonly clock: Clock,
    /** What the buyer pays (a price without tax plus its VAT): the amount the pages show and the card is charged. */
    private readonly amountDue: CheckoutAmountDue = async (checkout) => checkout.price,
    private readonly receiptExtra: (s: CheckoutSnapshot, language: string) => Promise<string> = async () => '', // the offer to sign in by a mailed code
    private readonly limits: RateLimits | null = null,
    private readonly testMode = false,
  ) {}

  /** What a failed card payment counts against: the checkout and the client IP (card testing tries many numbers). */
  private paymentChecks(req: Request, loaded: Loaded) {
    return [
      { rule: RATE_RULES.cardPaymentsPerCheckout, key: `${loaded.vendorId}:${loaded.id}`, vendorId: loaded.vendorId },
      { rule: RATE_RULES.cardPaymentsPerIp, key: `${loaded.vendorId}:${req.ip ?? ''}`, vendorId: loaded.vendorId },
    ];
  }

  /** Refuses (429, the page with the wait) a payment past the limit of failed ones; answers whether it did. */
  private async refusedPayment(req: Request, res: Response, loaded: Loaded): Promise<boolean> {
    try {
      await this.limits?.check(this.paymentChecks(req, loaded));
      return false;
    } catch (error) {
      if (!(error instanceof RateLimited)) throw error;
      res.set(error.headers);
      await this.renderForm(res, loaded, 429, { error: loaded.plain('error.tooManyPayments', { seconds: String(error.headers['Retry-After']) }) });
      return true;
    }
  }

  private send(res: Response, status: number, html: string) {
    res
      .status(status)
      .set({ 'Content-Security-Policy': PAGE_CSP, 'Cache-Control': 'no-store', 'X-Frame-Options': 'DENY', 'Referrer-Policy': 'no-referrer' })
      .type('html')
      .send(html);
  }

  /** The checkout of a page request, or null when the link is wrong (a 404 page was sent). */
  private async load(req: Request, res: Response, params: Record<string, string>, query: PageQuery, purpose: 'checkout' | 'gift' = 'checkout') {
    const token = query.t;
    const { vendorId, id } = params;
    const notFound = () => {
      // No checkout, so no language of its own: the reader's wish alone.
      const language = checkoutLanguage({ uiLocales: query.ui_locales, acceptLanguage: req.headers['accept-language'] });
      const said = checkoutPlainText(language);
      this.send(res, 404, problemPage(null, said('title.notFound'), said('notFound.text'), said('title.checkout'), language));
      return null;
    };
    if (!this.links.verify(vendorId, id, token, purpose)) return notFound();
    let checkout;
    try {
      checkout = await this.u.get.execute({ vendorId, checkoutId: id, owner: null });
    } catch (error) {
      // Not found (or not this link's): the wrong-link page. Anything else (the database away) is the error handler's: 503, not 404.
      if (error instanceof DomainError) return notFound();
      throw error;
    }
    const vendor = await this.vendors.find(vendorId);
    const settings = await this.u.settings.execute(vendorId);
    const stored = checkout.toSnapshot();
    const due = await this.amountDue(checkout);
    const snapshot: ShownCheckout = { ...stored, price: due, vatAddedMinor: due.minor - stored.price.minor };
    const language = checkoutLanguage({
      uiLocales: query.ui_locales,
      checkoutLanguage: snapshot.details.language,
      acceptLanguage: req.headers['accept-language'],
      vendorDefault: settings.defaultLanguage,
    });
    const plain = checkoutPlainText(language);
    const pageFrame = (title: CheckoutMessageKey): PageFrame => ({
      title: plain(title),
      vendorName: vendor?.name ?? vendorId,
      logo: vendor?.logo ?? null,
      settings,
      language,
      testMode: this.testMode,
    });
    return { checkout, snapshot, vendorId, id, status: checkout.statusAt(this.clock.now()), pageFrame, plain, language };
  }

  private continueUrl(s: CheckoutSnapshot): string | null {
    if (!s.details.redirectUrl) return null;
    if (s.owner.kind === 'visitor') return this.links.path(s.vendorId, s.id, '/continue'); // may sign in (hosted-journey.controller.ts)
    return returnAddressOf(s);
  }

  private async renderForm(res: Response, loaded: Loaded, status: number, state: FormState) {
    const { vendorId, id } = loaded;
    if (loaded.status === 'COMPLETED') return res.redirect(303, this.links.path(vendorId, id, '/receipt'));
    if (loaded.status === 'WAITING_PAYMENT_CONFIRMATION') return res.redirect(303, this.links.path(vendorId, id, '/confirm'));
    if (loaded.status === 'EXPIRED') {
      return this.send(res, 410, problemPage(loaded.pageFrame('title.expired'), loaded.plain('title.expired'), loaded.plain('expired.text')));
    }
    this.send(
      res,
      status,
      checkoutPage({
        frame: loaded.pageFrame('title.checkout'),
        checkout: loaded.snapshot,
        signedIn: loaded.snapshot.owner.kind === 'user',
        actions: { pay: this.links.path(vendorId, id, '/pay'), discount: this.links.path(vendorId, id, '/discount') },
        state,
      }),
    );
  }

  routes() {
    const tags = ['hosted checkout'];
    const base = '/checkout/{vendorId}/{id}';
    const common = { query: PageQuery, tags, auth: { kind: 'none' as const } };
    return [
      route<unknown, PageQuery>({
        ...common,
        method: 'get',
        path: base,
        operationId: 'checkoutPage',
        summary: 'The hosted checkout page (`checkoutUrl`); `t` is the link\'s token',
        description:
          'A page in the vendor\'s colours where the buyer fills in what the checkout still needs and pays. Whoever holds ' +
          'the link (with its token) may pay that one checkout; a wrong token is a 404 page, an expired checkout a 410 page. ' +
          'A checkout already paid shows its receipt.',
        examples: { params: PAGE_PARAMS, query: { t: PAGE_TOKEN }, responses: { 200: CHECKOUT_PAGE_EXAMPLE } },
        responses: { 200: HTML, 404: WRONG_LINK_PAGE(), 410: EXPIRED_PAGE },
        handler: async ({ req, res, params, query }) => {
          const loaded = await this.load(req, res, params, query);
          if (loaded) await this.renderForm(res, loaded, 200, {});
        },
      }),
      route<CheckoutForm, PageQuery>({
        ...common,
        method: 'post',
        path: `${base}/discount`,
        operationId: 'checkoutPageDiscount',
        summary: 'Apply a discount code from the hosted page, then back to it',
        description:
          'The form of the page\'s discount field (`code`). A code that cannot be applied shows the page again with the ' +
          'reason (400); otherwise the browser goes back to the page with the new price.',
        body: FORM,
        examples: { params: PAGE_PARAMS, query: { t: PAGE_TOKEN }, request: { code: 'FIRSTMONTH' }, headers: { 303: { Location: PAGE_LOCATION } } },
        responses: { 303: { description: 'Back to the page' }, 400: DISCOUNT_REFUSED_PAGE, 404: WRONG_LINK_PAGE() },
        handler: async ({ req, res, params, query, body }) => {
          const loaded = await this.load(req, res, params, query);
          if (!loaded) return;
          const code = (body.code ?? '').trim();
          if (code !== '' && loaded.status === 'PENDING') {
            try {
              const codes = [...loaded.snapshot.requestedDiscountCodes.filter((c) => c.toUpperCase() !== code.toUpperCase()), code];
              await this.u.update.execute({ vendorId: loaded.vendorId, checkoutId: loaded.id, owner: null, request: { requestedDiscountCodes: codes } });
            } catch (error) {
              if (!(error instanceof DomainError)) throw error;
              return this.renderForm(res, loaded, 400, { error: problemInWords(error, loaded.language) });
            }
          }
          res.redirect(303, this.links.path(loaded.vendorId, loaded.id));
        },
      }),
      route<CheckoutForm, PageQuery>({
        ...common,
        method: 'post',
        path: `${base}/pay`,
        operationId: 'checkoutPagePay',
        summary: 'Pay from the hosted page: the fields are saved, every requirement checked, the provider charges',
        description:
          'The page\'s form: buyer, address and business fields, `payment` as `<provider>:<method>` and the card. ' +
          'Completing is once-only: a double submit makes one contract, one paid bill and one transaction.',
        body: FORM,
        examples: { params: PAGE_PARAMS, query: { t: PAGE_TOKEN }, request: PAY_FORM_EXAMPLE, headers: { 303: { Location: `${CHECKOUT_PATH}/receipt?t=${PAGE_TOKEN}` } } },
        responses: {
          303: { description: 'To the receipt, or to the confirmation step the card needs' },
          400: DECLINED_PAGE,
          409: RESIDENCE_PAGE,
          404: WRONG_LINK_PAGE(),
        },
        handler: async ({ req, res, params, query, body }) => {
          const loaded = await this.load(req, res, params, query);
          if (!loaded) return;
          if (loaded.status !== 'PENDING') return this.renderForm(res, loaded, 200, {});
          if (await this.refusedPayment(req, res, loaded)) return;
          const signedIn = loaded.snapshot.owner.kind === 'user';
          const values = { ...body, cardNumber: '', expiry: '', cvc: '' } as Record<string, string>;
          let giftMode = body.gift === 'on';
          try {
            const updated = await this.u.update.execute({
              vendorId: loaded.vendorId,
              checkoutId: loaded.id,
              owner: null,
              // The language the reader paid in is the checkout's from now on: the receipt, its e-mail and the sign-in pages speak it.
              request: { ...formRequest(body, signedIn, loaded.snapshot), ...(loaded.snapshot.details.language ? {} : { language: loaded.language }) },
            });
            giftMode = updated.details.giftMode;
            const result = await this.u.pay.execute({
              vendorId: loaded.vendorId,
              checkoutId: loaded.id,
              owner: null,
              input: { number: body.cardNumber ?? '', expiry: body.expiry ?? '', cvc: body.cvc ?? '' },
            });
            const page = result.status === 'COMPLETED' ? '/receipt' : '/confirm';
            res.redirect(303, this.links.path(loaded.vendorId, loaded.id, page));
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            // A declined card (not a missing field, nor the country of residence to confirm) counts towards the limit.
            if (!(error instanceof CheckoutIncomplete) && !(error instanceof ResidenceToConfirm)) await this.limits?.count(this.paymentChecks(req, loaded)).catch(() => undefined);
            const again = await this.load(req, res, params, query);
            if (!again) return;
            if (error instanceof CheckoutIncomplete) {
              return this.renderForm(res, again, 400, {
                error: missingInWords(error.missing, giftMode, again.language),
                invalid: invalidFields(error.missing, giftMode),
                values,
              });
            }
            if (error instanceof ResidenceToConfirm) {
              // Nothing was charged: the page asks where the buyer lives, then they pay again.
              return this.renderForm(res, again, 409, { error: again.plain('residence.error'), residence: error.countries, values });
            }
            const field = typeof error.details.field === 'string' ? [error.details.field] : [];
            return this.renderForm(res, again, error.kind === 'unavailable' ? 503 : 400, { error: problemInWords(error, again.language), invalid: field, values });
          }
        },
      }),
      route<unknown, PageQuery>({
        ...common,
        method: 'get',
        path: `${base}/confirm`,
        operationId: 'checkoutPageConfirmation',
        summary: 'The extra confirmation step a card asked for (its own page)',
        description: 'Shown while the checkout is WAITING_PAYMENT_CONFIRMATION; at any other time the checkout page (or its receipt) shows instead.',
        examples: { params: PAGE_PARAMS, query: { t: PAGE_TOKEN }, responses: { 200: CONFIRM_PAGE_EXAMPLE } },
        responses: { 200: HTML, 303: { description: 'Nothing to confirm: back to the checkout or the receipt' } },
        handler: async ({ req, res, params, query }) => {
          const loaded = await this.load(req, res, params, query);
          if (!loaded) return;
          if (loaded.status !== 'WAITING_PAYMENT_CONFIRMATION') return this.renderForm(res, loaded, 200, {});
          this.send(res, 200, confirmPage(loaded.pageFrame('title.confirm'), loaded.snapshot, this.links.path(loaded.vendorId, loaded.id, '/confirm')));
        },
      }),
      route<CheckoutForm, PageQuery>({
        ...common,
        method: 'post',
        path: `${base}/confirm`,
        operationId: 'checkoutPageConfirm',
        summary: 'Confirm (`decision=approve`) or cancel the payment waiting for its step',
        description:
          'Approving completes the checkout (contract, paid bill, transaction) and goes on to the receipt; cancelling ' +
          'goes back to the checkout page, where another payment can be tried.',
        body: FORM,
        examples: { params: PAGE_PARAMS, query: { t: PAGE_TOKEN }, request: { decision: 'approve' }, headers: { 303: { Location: `${CHECKOUT_PATH}/receipt?t=${PAGE_TOKEN}` } } },
        responses: { 303: { description: 'To the receipt, or back to the checkout' }, 400: NOT_CONFIRMED_PAGE },
        handler: async ({ req, res, params, query, body }) => {
          const loaded = await this.load(req, res, params, query);
          if (!loaded) return;
          if (loaded.status !== 'WAITING_PAYMENT_CONFIRMATION') return this.renderForm(res, loaded, 200, {});
          try {
            const done = await this.u.confirm.execute({ vendorId: loaded.vendorId, checkoutId: loaded.id, approved: body.decision === 'approve' });
            const completed = done.statusAt(this.clock.now()) === 'COMPLETED';
            res.redirect(303, this.links.path(loaded.vendorId, loaded.id, completed ? '/receipt' : ''));
          } catch (error) {
            if (!(error instanceof DomainError)) throw error;
            const again = await this.load(req, res, params, query);
            if (again) await this.renderForm(res, again, 400, { error: problemInWords(error, again.language) });
          }
        },
      }),
      route<unknown, PageQuery>({
        ...common,
        method: 'get',
        path: `${base}/gift`,
        operationId: 'checkoutGiftPage',
        summary: "The gift's page, the recipient's redeem link (its own token, mailed to them)",
        description:
          'Only a completed gift checkout has this page; its token opens nothing else (not the checkout, not the receipt).',
        examples: { params: PAGE_PARAMS, query: { t: GIFT_TOKEN }, responses: { 200: GIFT_PAGE_EXAMPLE } },
        responses: { 200: HTML, 404: GIFT_NOT_FOUND_PAGE },
        handler: async ({ req, res, params, query }) => {
          const loaded = await this.load(req, res, params, query, 'gift');
          if (!loaded) return;
          if (loaded.status !== 'COMPLETED' || !loaded.snapshot.details.giftMode) {
            return this.send(res, 404, problemPage(loaded.pageFrame('title.giftNotFound'), loaded.plain('title.giftNotFound'), loaded.plain('giftNotFound.text')));
          }
          const site = loaded.snapshot.details.redirectUrl ? new URL(loaded.snapshot.details.redirectUrl).origin : null;
          this.send(res, 200, giftPage(loaded.pageFrame('title.gift'), loaded.snapshot, site));
        },
      }),
      route<unknown, PageQuery>({
        ...common,
        method: 'get',
        path: `${base}/receipt`,
        operationId: 'checkoutPageReceipt',
        summary: "The receipt of a completed checkout, with the way on to the vendor's `redirectUrl` (carrying `checkoutId`)",
        description: 'Before the checkout is completed the checkout page shows instead.',
        examples: { params: PAGE_PARAMS, query: { t: PAGE_TOKEN }, responses: { 200: RECEIPT_PAGE_EXAMPLE } },
        responses: { 200: HTML },
        handler: async ({ req, res, params, query }) => {
          const loaded = await this.load(req, res, params, query);
          if (!loaded) return;
          if (loaded.status !== 'COMPLETED') return this.renderForm(res, loaded, 200, {});
          this.send(res, 200, receiptPage(loaded.pageFrame('title.receipt'), loaded.snapshot, this.continueUrl(loaded.snapshot), await this.receiptExtra(loaded.snapshot, loaded.language)));
        },
      }),
    ];
  }
}
