import { Clock } from '@kiosk/domain';
import { CompleteCheckout } from '@kiosk/domain/checkout';
import { IncomingMessage } from 'node:http';
import Stripe from 'stripe';
import { DataSource } from 'typeorm';
import { sqlRows } from '../platform/database/sql';
import { inTransaction } from '../platform/database/transaction';
import { HttpProblem } from '../platform/http/problem';
import { Controller, route } from '../platform/http/routes';
import { StripeCardProvider } from './stripe-payments';

export class StripeEventBody {}

/**
 * Stripe's signed webhook events: the signature is verified over the bytes
 * as sent, each event id is recorded once (`checkout_provider_events`), and
 * `payment_intent.succeeded` of a checkout completes it in the same
 * transaction (once-only, like any completion: a racing hosted-page submit
 * or a replayed event makes nothing more).
 */
export class StripeWebhooks {
  constructor(
    private readonly stripe: Stripe,
    private readonly secret: string,
    private readonly provider: StripeCardProvider,
    private readonly complete: CompleteCheckout,
    private readonly db: DataSource,
    private readonly clock: Clock,
  ) {}

  verify(raw: Buffer | undefined, signature: string | undefined): Stripe.Event {
    if (!raw || !signature) throw new HttpProblem(400, 'STRIPE.BAD_SIGNATURE', 'the event must be signed (Stripe-Signature)');
    try {
      return this.stripe.webhooks.constructEvent(raw, signature, this.secret);
    } catch {
      throw new HttpProblem(400, 'STRIPE.BAD_SIGNATURE', 'the event signature does not verify');
    }
  }

  /** Answers whether the event was new (applied) or a replay (nothing done). */
  async apply(event: Stripe.Event): Promise<'applied' | 'duplicate'> {
    return inTransaction(this.db, async () => {
      const fresh = await sqlRows(
        this.db,
        `INSERT INTO checkout_provider_events (provider, event_id, type, received_at) VALUES ('stripe', $1, $2, $3)
         ON CONFLICT DO NOTHING RETURNING event_id`,
        [event.id, event.type, this.clock.now()],
      );
      if (fresh.length === 0) return 'duplicate';
      if (event.type === 'payment_intent.succeeded') {
        const intent = event.data.object as Stripe.PaymentIntent;
        const { vendorId, checkoutId } = intent.metadata ?? {};
        const customer = typeof intent.customer === 'string' ? intent.customer : (intent.customer?.id ?? undefined);
        const outcome = this.provider.outcomeOf(intent, customer);
        if (vendorId && checkoutId && outcome.outcome === 'succeeded') {
          await this.complete.execute({ vendorId, checkoutId, payment: outcome.payment });
        }
      }
      return 'applied';
    });
  }
}

export class StripeWebhookController implements Controller {
  constructor(private readonly webhooks: StripeWebhooks) {}

  routes() {
    return [
      route<StripeEventBody>({
        method: 'post',
        path: '/webhooks/stripe',
        operationId: 'stripeWebhook',
        summary: "Stripe's signed webhook events (on when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are set)",
        description: 'Verified with the Stripe-Signature header; each event id is applied once (a replay answers `duplicate: true`).',
        tags: ['checkouts'],
        auth: { kind: 'none' },
        body: { dto: StripeEventBody },
        rawErrors: true,
        responses: {
          200: { description: '`{received: true, duplicate: boolean}`', schema: { type: 'object' } },
          400: { description: 'Missing or wrong signature' },
        },
        handler: async ({ req, res }) => {
          const raw = (req as IncomingMessage & { rawBody?: Buffer }).rawBody;
          const event = this.webhooks.verify(raw, req.header('stripe-signature'));
          const result = await this.webhooks.apply(event);
          res.json({ received: true, duplicate: result === 'duplicate' });
        },
      }),
    ];
  }
}
