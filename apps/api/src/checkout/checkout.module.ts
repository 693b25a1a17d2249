import { BillNotPayable, RecordPayment } from '@kiosk/domain/billing';
import { CheckAccess } from '@kiosk/domain/access';
import {
  ChangeCheckoutSettings,
  ChargeRenewal,
  CheckoutPricing,
  CheckoutRepository,
  CheckoutSettingsRepository,
  ClaimVisitorCheckouts,
  CompleteCheckout,
  ConfirmCheckoutPayment,
  ContractCheckoutSale,
  CreateCheckout,
  GetCheckout,
  GetCheckoutSettings,
  PayCheckout,
  PaymentProviders,
  SendGiftNotice,
  UpdateCheckout,
  withSettingDefaults,
} from '@kiosk/domain/checkout';
import { CreateContract, GetContract } from '@kiosk/domain/contracts';
import { RequestSignInCode, VerifySignInCode } from '@kiosk/domain/identity';
import { ServiceIdentifier } from 'inversify';
import { BILLING, EmbeddedMailer } from '../billing/billing.module';
import { ProviderRefunds } from './provider-refunds';
import { MAIL } from '../mail/mail.module';
import { CATALOG } from '../catalog/catalog.module';
import { CONTRACTS } from '../contracts/contracts.module';
import { IDENTITY, SqlHandoffCodes } from '../identity/identity.module';
import { EventObjectView } from '../platform/http/event-object-view';
import { ConfigCache } from '../platform/cache/config-cache';
import { CachedVendorSettings } from '../platform/cache/cached-vendor-settings';
import { defineModule } from '../platform/modules';
import { TOKENS } from '../platform/tokens';

import { ChargeRenewalOnRenewed, SendGiftNoticeOnCompleted } from './checkout.handlers';
import { CheckoutEraser } from './checkout.eraser';
import { checkoutEventView } from './checkout.event-views';
import { CheckoutLinks } from './checkout.views';
import { CheckoutsController } from './checkouts.controller';
import { HostedCheckoutController } from './hosted-checkout.controller';
import { CheckoutHandoff } from './checkout-handoff';
import { HostedJourneyController } from './hosted-journey.controller';
import { proofOffer } from './hosted-journey-pages';
import { cardInTestMode, ConfiguredPaymentProviders, EmbeddedCardProcessor, InvoicePayment } from './payment-providers';
import { TypeOrmCheckoutRepository, TypeOrmCheckoutSettingsRepository } from './typeorm-checkout.repositories';
import type { StripeCardProvider } from './stripe-payments';
import { VendorReturnAddresses } from './vendor-return-addresses';
import { RateLimits } from '../platform/rate-limits/rate-limits';

/**
 * The stripe SDK takes a tenth of a second to load and only deployments
 * that set STRIPE_SECRET_KEY use it: its adapters load when first bound
 * (issue 17: start-up time).
 */
/* eslint-disable @typescript-eslint/no-require-imports */
const stripePayments = () => require('./stripe-payments') as typeof import('./stripe-payments');
const stripeWebhooks = () => require('./stripe-webhooks') as typeof import('./stripe-webhooks');
/* eslint-enable @typescript-eslint/no-require-imports */

export const CHECKOUT = {
  Checkouts: Symbol.for('CheckoutRepository') as ServiceIdentifier<CheckoutRepository>,
  Settings: Symbol.for('CheckoutSettingsRepository') as ServiceIdentifier<CheckoutSettingsRepository>,
  /** The payment providers behind the port: the embedded test processor (default) and the invoice. */
  Providers: Symbol.for('PaymentProviders') as ServiceIdentifier<PaymentProviders>,
  Links: Symbol.for('CheckoutLinks') as ServiceIdentifier<CheckoutLinks>,
  /** The receipt's way back to the site, signing a new reader's browser in (DESIGN.md 6). */
  Handoff: Symbol.for('CheckoutHandoff') as ServiceIdentifier<CheckoutHandoff>,
  /** The stripe provider when STRIPE_SECRET_KEY is set. */
  Stripe: Symbol.for('StripeCardProvider') as ServiceIdentifier<{ provider: StripeCardProvider | null }>,
  /** The checkout of a `checkout.*` event, as `GET /checkouts/{id}` shows it (webhook payloads). */
  CheckoutEventView: Symbol.for('CheckoutEventView') as ServiceIdentifier<EventObjectView>,
};

export { ClaimVisitorCheckouts };

export const checkoutModule = defineModule({
  name: 'checkout',
  requires: ['catalog', 'identity', 'identity:codes', 'contracts', 'billing', 'access', 'mail'],
  register: ({ bind }) => {
    const db = TOKENS.DataSource;
    const clock = TOKENS.Clock;
    bind(TOKENS.PersonalDataEraser).toDynamicValue((c) => new CheckoutEraser(c.get(db)));
    bind(CHECKOUT.Checkouts).toDynamicValue((c) => new TypeOrmCheckoutRepository(c.get(db)));
    bind(CHECKOUT.Settings).toDynamicValue((c) => {
      const time = c.get(clock);
      // Cached per process: every checkout, mail and confirmed contract reads them (platform/cache/cached-vendor-settings.ts).
      return new CachedVendorSettings(new TypeOrmCheckoutSettingsRepository(c.get(db), () => time.now()), c.get(ConfigCache), 'checkout-settings');
    });
    // Mail's port: the brand colour and default reader language of the vendor's mails are checkout settings.
    bind(MAIL.VendorLook).toDynamicValue((c) => ({
      of: async (vendorId: string) => withSettingDefaults((await c.get(CHECKOUT.Settings).find(vendorId)) ?? { vendorId }),
    }));
    // One variable turns stripe on (STRIPE_SECRET_KEY); the embedded test processor otherwise.
    bind(CHECKOUT.Stripe).toDynamicValue((c) => {
      const stripe = c.get(TOKENS.Config).checkout.stripe;
      if (!stripe) return { provider: null };
      const { StripeCardProvider, stripeClient } = stripePayments();
      return { provider: new StripeCardProvider(stripeClient(stripe)) };
    });
    bind(CHECKOUT.Providers).toDynamicValue(
      (c) =>
        new ConfiguredPaymentProviders(
          c.get(CHECKOUT.Stripe).provider ?? new EmbeddedCardProcessor(),
          [new InvoicePayment()],
        ),
    );
    bind(CHECKOUT.Links).toDynamicValue((c) => new CheckoutLinks(c.get(TOKENS.Config).secretsKey, c.get(TOKENS.Config).baseUrl));

    bind(CheckoutPricing).toDynamicValue((c) => {
      const access = c.get(CheckAccess);
      const providers = c.get(CHECKOUT.Providers);
      return new CheckoutPricing(
        c.get(CATALOG.Products),
        c.get(CATALOG.PurchaseOptions),
        c.get(CONTRACTS.DiscountCodes),
        { owns: (vendorId, userId, sku) => access.execute({ vendorId, userId, sku }) },
        c.get(CHECKOUT.Settings),
        () => providers.card.name,
      );
    });
    // A checkout's redirectUrl leads only to the vendor's own sites (issue 29).
    const homes = (c: { get: <T>(id: ServiceIdentifier<T>) => T }) =>
      new VendorReturnAddresses(c.get(CATALOG.Vendors), c.get(IDENTITY.BrowserClients), new URL(c.get(TOKENS.Config).baseUrl).origin);
    bind(CreateCheckout).toDynamicValue(
      (c) => new CreateCheckout(c.get(CHECKOUT.Checkouts), c.get(CheckoutPricing), c.get(TOKENS.Ids), c.get(clock), homes(c)),
    );
    bind(GetCheckout).toDynamicValue((c) => new GetCheckout(c.get(CHECKOUT.Checkouts)));
    bind(CHECKOUT.CheckoutEventView).toDynamicValue((c) =>
      checkoutEventView(c.get(CHECKOUT.Checkouts), c.get(TOKENS.Clock), c.get(CHECKOUT.Links), c.get(BILLING.CheckoutTax)),
    );
    bind(UpdateCheckout).toDynamicValue((c) => new UpdateCheckout(c.get(CHECKOUT.Checkouts), c.get(CheckoutPricing), c.get(clock), homes(c)));
    bind(CompleteCheckout).toDynamicValue(
      (c) =>
        new CompleteCheckout(
          c.get(CHECKOUT.Checkouts),
          new ContractCheckoutSale(c.get(CreateContract), c.get(RecordPayment), c.get(IDENTITY.Users)),
          c.get(clock),
        ),
    );
    bind(PayCheckout).toDynamicValue(
      (c) => new PayCheckout(c.get(CHECKOUT.Checkouts), c.get(CHECKOUT.Providers), c.get(CompleteCheckout), c.get(clock), c.get(BILLING.CheckoutAmountDue)),
    );
    bind(ConfirmCheckoutPayment).toDynamicValue(
      (c) => new ConfirmCheckoutPayment(c.get(CHECKOUT.Checkouts), c.get(CHECKOUT.Providers), c.get(CompleteCheckout), c.get(clock)),
    );
    bind(ClaimVisitorCheckouts).toDynamicValue((c) => new ClaimVisitorCheckouts(c.get(CHECKOUT.Checkouts), c.get(clock)));
    bind(ChargeRenewal).toDynamicValue((c) => {
      const contracts = c.get(GetContract);
      const payments = c.get(RecordPayment);
      return new ChargeRenewal(
        { find: (vendorId, contractId) => contracts.execute({ vendorId, contractId }).catch(() => null) },
        c.get(CHECKOUT.Providers),
        {
          // A bill paid meanwhile (a repeated event) is left as it is.
          payBill: async (vendorId, billId, paymentReference) => {
            await payments.execute({ vendorId, billId, paymentReference }).catch((error: unknown) => {
              if (!(error instanceof BillNotPayable)) throw error;
            });
          },
        },
      );
    });
    bind(TOKENS.EventHandler).toDynamicValue((c) => new ChargeRenewalOnRenewed(c.get(ChargeRenewal), c.get(TOKENS.Logger)));
    bind(SendGiftNotice).toDynamicValue((c) => new SendGiftNotice(c.get(CHECKOUT.Checkouts), c.get(EmbeddedMailer), c.get(CHECKOUT.Links), c.get(MAIL.Audience)));
    bind(TOKENS.EventHandler).toDynamicValue((c) => new SendGiftNoticeOnCompleted(c.get(SendGiftNotice)));
    bind(GetCheckoutSettings).toDynamicValue((c) => new GetCheckoutSettings(c.get(CheckoutPricing)));
    bind(ChangeCheckoutSettings).toDynamicValue((c) => new ChangeCheckoutSettings(c.get(CHECKOUT.Settings), c.get(CheckoutPricing)));

    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new CheckoutsController(
          {
            create: c.get(CreateCheckout),
            get: c.get(GetCheckout),
            update: c.get(UpdateCheckout),
            getSettings: c.get(GetCheckoutSettings),
            changeSettings: c.get(ChangeCheckoutSettings),
          },
          c.get(CHECKOUT.Links),
          c.get(clock),
          c.get(BILLING.CheckoutTax),
        ),
    );
    bind(TOKENS.Controller).toDynamicValue((c) => {
      const stripe = c.get(TOKENS.Config).checkout.stripe;
      const provider = c.get(CHECKOUT.Stripe).provider;
      if (!stripe?.webhookSecret || !provider) return { routes: () => [] };
      const { StripeWebhookController, StripeWebhooks } = stripeWebhooks();
      const { stripeClient } = stripePayments();
      return new StripeWebhookController(
        new StripeWebhooks(stripeClient(stripe), stripe.webhookSecret, provider, c.get(CompleteCheckout), c.get(db), c.get(clock)),
      );
    });
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new HostedCheckoutController(
          {
            get: c.get(GetCheckout),
            update: c.get(UpdateCheckout),
            pay: c.get(PayCheckout),
            confirm: c.get(ConfirmCheckoutPayment),
            settings: c.get(GetCheckoutSettings),
          },
          c.get(CATALOG.Vendors),
          c.get(CHECKOUT.Links),
          c.get(clock),
          c.get(BILLING.CheckoutAmountDue),
          async (s, language) => {
            const handoff = c.get(CHECKOUT.Handoff);
            return (await handoff.needsProof(s)) ? proofOffer(s, c.get(CHECKOUT.Links).path(s.vendorId, s.id, '/sign-in-code'), language) : '';
          },
          c.get(RateLimits),
          cardInTestMode(c.get(CHECKOUT.Providers).card, c.get(TOKENS.Config).checkout.stripe?.secretKey ?? null),
        ),
    );
    bind(CHECKOUT.Handoff).toDynamicValue(
      (c) => new CheckoutHandoff(new SqlHandoffCodes(c.get(db)), c.get(IDENTITY.BrowserClients), c.get(clock), !c.get(TOKENS.Config).oidcIssuer),
    );
    bind(TOKENS.Controller).toDynamicValue(
      (c) =>
        new HostedJourneyController({
          get: c.get(GetCheckout),
          settings: c.get(GetCheckoutSettings),
          vendors: c.get(CATALOG.Vendors),
          links: c.get(CHECKOUT.Links),
          handoff: c.get(CHECKOUT.Handoff),
          clock: c.get(clock),
          requestCode: c.get(RequestSignInCode),
          verifyCode: c.get(VerifySignInCode),
          baseUrl: c.get(TOKENS.Config).baseUrl,
          testMode: cardInTestMode(c.get(CHECKOUT.Providers).card, c.get(TOKENS.Config).checkout.stripe?.secretKey ?? null),
        }),
    );
    // Refunds (issue 27) pay money back through this module's payment providers.
    bind(BILLING.PaymentRefunds).toDynamicValue((c) => new ProviderRefunds(c.get(CHECKOUT.Providers)));
  },
});
