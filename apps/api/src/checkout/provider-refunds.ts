import { PaymentRefunds } from '@kiosk/domain/billing';
import { PaymentProviders, STRIPE_PROVIDER } from '@kiosk/domain/checkout';
import { InvalidError } from '@kiosk/domain';

export class RefundNotSupported extends InvalidError {
  constructor(provider: string) {
    super('TRANSACTION.REFUND_NOT_SUPPORTED', `payments taken by ${provider} cannot be refunded here yet; refund them at ${provider}`, { provider });
  }
}

/**
 * Refunds through the payment provider port: the provider that took the
 * payment pays it back when it can (the embedded test processor). A payment
 * no provider here took (recorded by hand, paid by invoice) has nothing to
 * reverse: the vendor pays it back and the refund records it. Stripe
 * payments are refused until the bill keeps the PaymentIntent to refund.
 */
export class ProviderRefunds implements PaymentRefunds {
  constructor(private readonly providers: PaymentProviders) {}

  async refund(request: Parameters<PaymentRefunds['refund']>[0]): Promise<void> {
    const provider = this.providers.find(request.provider);
    if (provider?.refund) {
      await provider.refund({ vendorId: request.vendorId, billId: request.billId, amount: request.amount, idempotencyKey: request.idempotencyKey });
      return;
    }
    if (request.provider === STRIPE_PROVIDER) throw new RefundNotSupported(request.provider);
  }
}
