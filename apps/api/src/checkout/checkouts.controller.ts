import { Clock } from '@kiosk/domain';
import {
  ChangeCheckoutSettings,
  CheckoutOwner,
  CheckoutRequest,
  CreateCheckout,
  GetCheckout,
  GetCheckoutSettings,
  UpdateCheckout,
} from '@kiosk/domain/checkout';
import { Principal } from '@kiosk/domain/identity';
import { HttpProblem } from '../platform/http/problem';
import { CheckoutTaxView } from '../billing/billing.module';
import { Controller, route } from '../platform/http/routes';
import { CheckoutBody, CheckoutSettingsBody, CheckoutSettingsView, CheckoutView } from './checkout.dto';
import {
  CHANGE_CHECKOUT_SETTINGS_EXAMPLE,
  CHECKOUT_EXAMPLE,
  CHECKOUT_ID,
  CHECKOUT_SETTINGS_EXAMPLE,
  CREATE_CHECKOUT_EXAMPLE,
  UPDATE_CHECKOUT_EXAMPLE,
  UPDATED_CHECKOUT_EXAMPLE,
} from './checkout.examples';
import { CheckoutLinks, checkoutSettingsView, checkoutView } from './checkout.views';
import { NO_CREDENTIALS } from '../platform/http/problem-examples';
import { BAD_CHECKOUT_SETTINGS, CHECKOUT_CLOSED, CHECKOUT_NOT_FOUND, PRICE_MISMATCH } from './checkout.error-examples';

const READER_AUTH =
  'A signed-in reader (OpenID bearer token or cookie session) or an anonymous visitor (HTTP Basic ' +
  '`<browser clientId>:<visitorId>`). A checkout is its maker\'s: another reader\'s, visitor\'s or vendor\'s is 404.';

export function ownerOf(principal: Principal): CheckoutOwner {
  if (principal.kind === 'user') return { kind: 'user', userId: principal.userId };
  if (principal.kind === 'visitor') return { kind: 'visitor', visitorId: principal.visitorId, clientId: principal.clientId };
  throw new HttpProblem(403, 'AUTH.READER_ONLY', 'checkouts are for readers and visitors');
}

/** The DTO as the domain's request: the same fields, nothing added. */
export const checkoutRequest = (body: CheckoutBody): CheckoutRequest => ({ ...body }) as CheckoutRequest;

export interface CheckoutUseCases {
  create: CreateCheckout;
  get: GetCheckout;
  update: UpdateCheckout;
  getSettings: GetCheckoutSettings;
  changeSettings: ChangeCheckoutSettings;
}

/** Interface 4.3 checkouts, and the vendor's checkout settings under /management. */
export class CheckoutsController implements Controller {
  constructor(
    private readonly u: CheckoutUseCases,
    private readonly links: CheckoutLinks,
    private readonly clock: Clock,
    private readonly taxOf: CheckoutTaxView | null = null,
  ) {}

  routes() {
    const tags = ['checkouts'];
    const errors = {
      400: PRICE_MISMATCH,
      401: NO_CREDENTIALS,
    };
    const view = async (c: Parameters<typeof checkoutView>[0]) => checkoutView(c, this.clock.now(), this.links, this.taxOf ? await this.taxOf(c) : null);
    return [
      route<CheckoutBody>({
        method: 'post',
        path: '/checkouts',
        operationId: 'createCheckout',
        summary: 'Start a checkout: items priced from the vendor\'s price list, discount codes applied, payment methods offered',
        description: `${READER_AUTH} The answer's \`checkoutUrl\` is the hosted page that takes the payment.`,
        tags,
        auth: { kind: 'reader' },
        body: { dto: CheckoutBody },
        examples: { request: CREATE_CHECKOUT_EXAMPLE, responses: { 201: CHECKOUT_EXAMPLE } },
        responses: { 201: { description: 'The checkout (PENDING)', schema: CheckoutView }, ...errors },
        handler: async ({ res, body, principal }) => {
          const checkout = await this.u.create.execute({ vendorId: principal.vendorId, owner: ownerOf(principal), request: checkoutRequest(body) });
          res.status(201).json(await view(checkout));
        },
      }),
      route({
        method: 'get',
        path: '/checkouts/{id}',
        operationId: 'getCheckout',
        summary: 'One checkout of the caller',
        description: `${READER_AUTH} Poll it after the hosted page: \`status\` COMPLETED and \`contractIds\` say the sale is done.`,
        tags,
        auth: { kind: 'reader' },
        examples: { params: { id: CHECKOUT_ID }, responses: { 200: CHECKOUT_EXAMPLE } },
        responses: { 200: { description: 'The checkout', schema: CheckoutView }, 401: errors[401], 404: CHECKOUT_NOT_FOUND },
        handler: async ({ res, params, principal }) => {
          res.json(await view(await this.u.get.execute({ vendorId: principal.vendorId, checkoutId: params.id, owner: ownerOf(principal) })));
        },
      }),
      route<CheckoutBody>({
        method: 'patch',
        path: '/checkouts/{id}',
        operationId: 'updateCheckout',
        summary: 'Change a checkout: fields sent replace, fields left out stay; prices are computed again',
        description: READER_AUTH,
        tags,
        auth: { kind: 'reader' },
        body: { dto: CheckoutBody },
        examples: { params: { id: CHECKOUT_ID }, request: UPDATE_CHECKOUT_EXAMPLE, responses: { 200: UPDATED_CHECKOUT_EXAMPLE } },
        responses: {
          200: { description: 'The changed checkout', schema: CheckoutView },
          ...errors,
          404: CHECKOUT_NOT_FOUND,
          409: CHECKOUT_CLOSED,
        },
        handler: async ({ res, params, body, principal }) => {
          const checkout = await this.u.update.execute({
            vendorId: principal.vendorId,
            checkoutId: params.id,
            owner: ownerOf(principal),
            request: checkoutRequest(body),
          });
          res.json(await view(checkout));
        },
      }),
      route({
        method: 'get',
        path: '/management/checkout-settings',
        operationId: 'getCheckoutSettings',
        summary: "The vendor's checkout settings: allowed methods, lifetime, business and gift switches, terms and privacy addresses, readers' default language, colour",
        description:
          '`allowedMethods` `null` offers every configured provider and method; `lifetimeHours` is how long a checkout ' +
          'stays payable before it is EXPIRED; `invoiceForBusiness` lets business buyers pay by invoice; `color` is the ' +
          "hosted page's colour; `termsUrl` and `privacyUrl` (https, any host) are linked from the checkout and its receipt; " +
          '`defaultLanguage` (`en`, `sv` or null) is the language of pages, e-mails and components when the reader\'s ' +
          '`ui_locales`, page language and Accept-Language name none the service speaks.',
        tags,
        auth: { kind: 'bearer', scope: 'checkouts:read' },
        examples: { responses: { 200: CHECKOUT_SETTINGS_EXAMPLE } },
        responses: { 200: { description: 'The settings (defaults until changed)', schema: CheckoutSettingsView } },
        handler: async ({ res, principal }) => {
          res.json(checkoutSettingsView(await this.u.getSettings.execute(principal.vendorId)));
        },
      }),
      route<CheckoutSettingsBody>({
        method: 'patch',
        path: '/management/checkout-settings',
        operationId: 'changeCheckoutSettings',
        summary: "Change the vendor's checkout settings; fields left out stay",
        description: 'Needs `sites:write` (the checkout is part of the vendor\'s site settings). New checkouts follow the change.',
        tags,
        auth: { kind: 'bearer', scope: 'sites:write' },
        body: { dto: CheckoutSettingsBody },
        examples: { request: CHANGE_CHECKOUT_SETTINGS_EXAMPLE, responses: { 200: CHECKOUT_SETTINGS_EXAMPLE } },
        responses: { 200: { description: 'The settings', schema: CheckoutSettingsView }, 400: BAD_CHECKOUT_SETTINGS },
        handler: async ({ res, body, principal }) => {
          const settings = await this.u.changeSettings.execute({ vendorId: principal.vendorId, change: body });
          res.json(checkoutSettingsView(settings));
        },
      }),
    ];
  }
}
