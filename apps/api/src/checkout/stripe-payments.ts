import { CARD, ChargeOutcome, CheckoutPayment, PaymentProvider, PaymentProviderUnavailable, STRIPE_PROVIDER } from '@kiosk/domain/checkout';
import { RefundRefused } from '@kiosk/domain/billing';
import Stripe from 'stripe';
import { TEST_CARDS } from './payment-providers';
import { RefundNotSupported } from './provider-refunds';

/** The well-known test cards, as stripe's own test payment methods (the page takes card numbers; stripe.js is never loaded). */
const TEST_PAYMENT_METHODS: Record<string, string> = {
  [TEST_CARDS.succeeds]: 'pm_card_visa',
  [TEST_CARDS.declined]: 'pm_card_chargeDeclined',
  [TEST_CARDS.requiresConfirmation]: 'pm_card_authenticationRequired',
  [TEST_CARDS.failsAtRenewal]: 'pm_card_chargeCustomerFail',
};

export function stripeClient(settings: { secretKey: string; apiUrl: string | null }): Stripe {
  const api = settings.apiUrl ? new URL(settings.apiUrl) : null;
  return new Stripe(settings.secretKey, {
    maxNetworkRetries: 1,
    timeout: 20_000,
    telemetry: false,
    ...(api ? { host: api.hostname, port: api.port || (api.protocol === 'https:' ? 443 : 80), protocol: api.protocol.replace(':', '') as 'http' | 'https' } : {}),
  });
}

/**
 * Cards through stripe: PaymentIntents confirmed at once (the checkout id
 * as idempotency key), a customer and `setup_future_usage` when the
 * checkout renews, so renewals charge the saved method off-session. A
 * PaymentIntent that requires an action waits for the confirmation page;
 * a card error is a decline; stripe unreachable is 503.
 */
export class StripeCardProvider implements PaymentProvider {
  readonly name = STRIPE_PROVIDER;

  constructor(private readonly stripe: Stripe) {}

  async charge(request: Parameters<PaymentProvider['charge']>[0]): Promise<ChargeOutcome> {
    if (request.method !== CARD) return { outcome: 'declined', reason: `stripe takes cards here, not ${request.method}` };
    const number = (request.input.number ?? '').replace(/[\s-]/g, '');
    const paymentMethod = request.input.paymentMethod || TEST_PAYMENT_METHODS[number];
    if (!paymentMethod) return { outcome: 'declined', reason: 'Use a test card such as 4242 4242 4242 4242.' };
    return this.call(async () => {
      const customer = request.saveForRenewals
        ? (await this.stripe.customers.create({ metadata: { vendorId: request.vendorId, checkoutId: request.checkoutId } }, { idempotencyKey: `${request.idempotencyKey}:customer` })).id
        : undefined;
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount.minor,
          currency: request.amount.currency.toLowerCase(),
          payment_method: paymentMethod,
          confirm: true,
          ...(customer ? { customer, setup_future_usage: 'off_session' as const } : {}),
          automatic_payment_methods: { enabled: true, allow_redirects: 'never' },
          metadata: { vendorId: request.vendorId, checkoutId: request.checkoutId },
          expand: ['payment_method'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return this.outcomeOf(intent, customer);
    });
  }

  async confirm(request: { reference: string; approved: boolean }): Promise<ChargeOutcome> {
    return this.call(async () => {
      if (!request.approved) {
        await this.stripe.paymentIntents.cancel(request.reference);
        return { outcome: 'declined', reason: 'The payment was not confirmed.' };
      }
      const current = await this.stripe.paymentIntents.retrieve(request.reference);
      const intent = current.status === 'succeeded' ? current : await this.stripe.paymentIntents.confirm(request.reference);
      return this.outcomeOf(intent, typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? undefined));
    });
  }

  async chargeSaved(request: { vendorId: string; savedMethod: string; amount: { minor: number; currency: string }; idempotencyKey: string }): Promise<ChargeOutcome> {
    const [customer, paymentMethod] = request.savedMethod.split('/');
    if (!customer || !paymentMethod) return { outcome: 'declined', reason: 'no saved payment method' };
    return this.call(async () => {
      const intent = await this.stripe.paymentIntents.create(
        {
          amount: request.amount.minor,
          currency: request.amount.currency.toLowerCase(),
          customer,
          payment_method: paymentMethod,
          off_session: true,
          confirm: true,
          metadata: { vendorId: request.vendorId },
          expand: ['payment_method'],
        },
        { idempotencyKey: request.idempotencyKey },
      );
      return this.outcomeOf(intent, customer);
    });
  }

  /**
   * Pays back (part of) the PaymentIntent that paid the bill with stripe's
   * Refunds API: the amount in minor units, keyed by the port's idempotency
   * key (a retry is the same refund at stripe). A refund stripe will not make
   * (already refunded there, disputed, more than is left at stripe) or one it
   * reports failed is RefundRefused; stripe unreachable or failing is
   * unavailable (503), so the refund can be tried again. A bill that kept no
   * PaymentIntent (paid before bills kept them) cannot be refunded here.
   */
  async refund(request: { vendorId: string; billId: string; reference: string | null; amount: { minor: number; currency: string }; idempotencyKey: string }): Promise<void> {
    if (!request.reference?.startsWith('pi_')) throw new RefundNotSupported(this.name, 'the bill does not name the PaymentIntent that paid it');
    let refund: Stripe.Refund;
    try {
      refund = await this.stripe.refunds.create(
        { payment_intent: request.reference, amount: request.amount.minor, metadata: { vendorId: request.vendorId, billId: request.billId } },
        { idempotencyKey: request.idempotencyKey },
      );
    } catch (error) {
      if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError || error instanceof Stripe.errors.StripeRateLimitError) {
        throw new PaymentProviderUnavailable(this.name);
      }
      if (error instanceof Stripe.errors.StripeError) throw new RefundRefused(this.name, error.message);
      throw error;
    }
    if (refund.status === 'failed' || refund.status === 'canceled') {
      throw new RefundRefused(this.name, refund.failure_reason ? `the refund ${refund.status} (${refund.failure_reason})` : `the refund ${refund.status}`);
    }
  }

  /** What a PaymentIntent says, as the port's outcome. */
  outcomeOf(intent: Stripe.PaymentIntent, customer: string | undefined): ChargeOutcome {
    const paymentMethod = typeof intent.payment_method === 'string' ? intent.payment_method : (intent.payment_method?.id ?? null);
    // Expanded, the payment method names the card's brand, last four digits (receipts show them) and issuing country (tax evidence); nothing more is kept.
    const card = typeof intent.payment_method === 'object' ? (intent.payment_method?.card ?? null) : null;
    const payment: CheckoutPayment = {
      provider: this.name,
      method: CARD,
      reference: intent.id,
      brand: card?.brand ?? 'card',
      last4: card?.last4 ?? null,
      // The card's issuing country: evidence of where the buyer lives (billing/tax/place-of-supply.ts).
      cardCountry: card?.country ?? null,
      description: paymentMethod,
      savedMethod: customer && paymentMethod ? `${customer}/${paymentMethod}` : null,
    };
    if (intent.status === 'succeeded') return { outcome: 'succeeded', payment };
    if (intent.status === 'requires_action' || intent.status === 'requires_confirmation') return { outcome: 'requires_action', payment };
    return { outcome: 'declined', reason: intent.last_payment_error?.message ?? 'Your card was declined.' };
  }

  private async call(work: () => Promise<ChargeOutcome>): Promise<ChargeOutcome> {
    try {
      return await work();
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) return { outcome: 'declined', reason: error.message };
      if (error instanceof Stripe.errors.StripeConnectionError || error instanceof Stripe.errors.StripeAPIError) {
        throw new PaymentProviderUnavailable(this.name);
      }
      throw error;
    }
  }
}
