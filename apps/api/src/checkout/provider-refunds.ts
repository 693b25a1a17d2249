import { PaymentRefunds } from '@kiosk/domain/billing';
import { PaymentProviders, STRIPE_PROVIDER } from '@kiosk/domain/checkout';
import { InvalidError } from '@kiosk/domain';

export class RefundNotSupported extends InvalidError {
  constructor(provider: string, why: string) {
    super('TRANSACTION.REFUND_NOT_SUPPORTED', `this payment cannot be refunded here: ${why}; refund it at ${provider}`, { provider });
  }
}

/**
 * Refunds through the payment provider port: the provider that took the
 * payment pays it back (the embedded test processor; stripe, which needs
 * the PaymentIntent the bill kept). A payment no provider here took
 * (recorded by hand, paid by invoice) has nothing to reverse: the vendor
 * pays it back and the refund records it. A stripe payment is never
 * recorded as refunded without stripe refunding it.
 */
export class ProviderRefunds implements PaymentRefunds {
  constructor(private readonly providers: PaymentProviders) {}

  async refund(request: Parameters<PaymentRefunds['refund']>[0]): Promise<void> {
    const provider = this.providers.find(request.provider);
    if (provider?.refund) {
      await provider.refund({
        vendorId: request.vendorId,
        billId: request.billId,
        reference: request.paymentReference,
        amount: request.amount,
        idempotencyKey: request.idempotencyKey,
      });
      return;
    }
    // Stripe took it but is not configured now (or not this way): nothing here can pay it back.
    if (request.provider === STRIPE_PROVIDER) throw new RefundNotSupported(request.provider, 'stripe is not configured on this service');
  }
}
