import type Stripe from 'stripe';
import { StripeCardProvider } from '../../src/checkout/stripe-payments';

/** The Stripe adapter reports the card's issuing country from the expanded PaymentMethod (issue 26: tax evidence). */
describe("stripe: the card's issuing country", () => {
  const provider = new StripeCardProvider({} as Stripe);
  const intent = (paymentMethod: unknown) =>
    ({ id: 'pi_1', object: 'payment_intent', status: 'succeeded', payment_method: paymentMethod, last_payment_error: null }) as unknown as Stripe.PaymentIntent;

  it("takes card.country of the expanded PaymentMethod, with brand and last four", () => {
    const outcome = provider.outcomeOf(intent({ id: 'pm_1', object: 'payment_method', card: { brand: 'visa', last4: '0008', country: 'SE' } }), 'cus_1');
    expect(outcome).toEqual({
      outcome: 'succeeded',
      payment: { provider: 'stripe', method: 'card', reference: 'pi_1', brand: 'visa', last4: '0008', cardCountry: 'SE', description: 'pm_1', savedMethod: 'cus_1/pm_1' },
    });
  });

  it('no expanded PaymentMethod: no country (nothing is guessed)', () => {
    const outcome = provider.outcomeOf(intent('pm_2'), undefined);
    expect(outcome).toMatchObject({ outcome: 'succeeded', payment: { cardCountry: null, last4: null } });
  });
});
