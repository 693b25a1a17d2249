import {
  CARD,
  ChargeOutcome,
  CheckoutPayment,
  EMBEDDED_PROVIDER,
  INVOICE,
  INVOICE_PROVIDER,
  PaymentProvider,
  PaymentProviders,
} from '@kiosk/domain/checkout';
import { isCountryTestCard, issuingCountryOfTestCard } from './test-card-countries';
import { luhnValid } from '@kiosk/domain/billing';

/** The well-known test cards of the embedded processor. */
export const TEST_CARDS = {
  succeeds: '4242424242424242',
  declined: '4000000000000002',
  requiresConfirmation: '4000002500003155',
  failsAtRenewal: '4000000000000341',
} as const;

const special: ReadonlySet<string> = new Set(Object.values(TEST_CARDS));

const digits = (value: string | undefined) => (value ?? '').replace(/[\s-]/g, '');

const declined = (reason: string): ChargeOutcome => ({ outcome: 'declined', reason });

/**
 * The default provider: a test-mode card processor inside the service. It
 * moves no money. Its cards behave like the well-known test cards: one
 * succeeds, one is declined, one needs an extra confirmation step, one
 * succeeds now and fails when a renewal charges it. Stateless: what a
 * card does is written into the references it hands out.
 */
export class EmbeddedCardProcessor implements PaymentProvider {
  readonly name = EMBEDDED_PROVIDER;

  async charge(request: Parameters<PaymentProvider['charge']>[0]): Promise<ChargeOutcome> {
    if (request.method !== CARD) return declined(`the embedded processor takes cards, not ${request.method}`);
    const number = digits(request.input.number);
    if (!/^\d{12,19}$/.test(number) || !luhnValid(number)) return declined('The card number is not valid.');
    const expiry = /^(0[1-9]|1[0-2])\s*\/\s*(\d{2})$/.exec((request.input.expiry ?? '').trim());
    if (!expiry) return declined('The expiry date must be MM/YY.');
    if (!/^\d{3,4}$/.test((request.input.cvc ?? '').trim())) return declined('The security code must be 3 or 4 digits.');
    const last4 = number.slice(-4);
    const payment = (reference: string, saved: string | null): CheckoutPayment => ({
      provider: this.name,
      method: CARD,
      reference,
      brand: number.startsWith('4') ? 'visa' : 'card',
      description: `•••• ${last4}`,
      last4,
      // The issuing country is evidence of where the buyer lives (billing/tax/place-of-supply.ts).
      cardCountry: special.has(number) ? 'US' : issuingCountryOfTestCard(number),
      savedMethod: request.saveForRenewals ? saved : null,
    });
    const key = request.checkoutId;
    // A country test card behaves as 4242 4242 4242 4242 with its own issuing country.
    switch (isCountryTestCard(number) && !special.has(number) ? TEST_CARDS.succeeds : number) {
      case TEST_CARDS.succeeds:
        return { outcome: 'succeeded', payment: payment(`ch_${key}`, `pm_ok_${last4}`) };
      case TEST_CARDS.failsAtRenewal:
        return { outcome: 'succeeded', payment: payment(`ch_${key}`, `pm_fail_${last4}`) };
      case TEST_CARDS.requiresConfirmation:
        return { outcome: 'requires_action', payment: payment(`pi_${key}`, `pm_ok_${last4}`) };
      case TEST_CARDS.declined:
        return declined('Your card was declined. Try another card.');
      default:
        return declined('This is a test-mode checkout: use a test card such as 4242 4242 4242 4242.');
    }
  }

  async confirm(request: { reference: string; approved: boolean }): Promise<ChargeOutcome> {
    if (!request.approved) return declined('The payment was not confirmed.');
    return {
      outcome: 'succeeded',
      payment: {
        provider: this.name,
        method: CARD,
        reference: request.reference.replace(/^pi_/, 'ch_'),
        brand: 'visa',
        description: '•••• 3155',
        last4: '3155',
        cardCountry: 'US',
        savedMethod: 'pm_ok_3155',
      },
    };
  }

  async chargeSaved(request: { savedMethod: string; idempotencyKey: string }): Promise<ChargeOutcome> {
    if (request.savedMethod.startsWith('pm_fail_')) return declined('Your card was declined.');
    if (!request.savedMethod.startsWith('pm_ok_')) return declined('Unknown payment method.');
    return {
      outcome: 'succeeded',
      payment: {
        provider: this.name,
        method: CARD,
        reference: `ch_${request.idempotencyKey}`,
        brand: 'visa',
        description: null,
        last4: /^pm_ok_(\d{4})$/.exec(request.savedMethod)?.[1] ?? null,
        savedMethod: request.savedMethod,
      },
    };
  }

  /** The test processor holds no money: every refund of a payment it took succeeds. */
  async refund(): Promise<void> {}
}

/** Business buyers pay by the existing invoice where the vendor allows it: the sale is made with an OPEN bill. */
export class InvoicePayment implements PaymentProvider {
  readonly name = INVOICE_PROVIDER;

  async charge(request: Parameters<PaymentProvider['charge']>[0]): Promise<ChargeOutcome> {
    if (request.method !== INVOICE) return declined(`the invoice provider takes ${INVOICE}, not ${request.method}`);
    return {
      outcome: 'succeeded',
      payment: { provider: this.name, method: INVOICE, reference: `invoice_${request.checkoutId}`, brand: null, description: 'Invoice', savedMethod: null },
    };
  }
  async confirm(): Promise<ChargeOutcome> {
    return declined('an invoice needs no confirmation');
  }
  async chargeSaved(): Promise<ChargeOutcome> {
    return declined('an invoice is not charged');
  }
}

export class ConfiguredPaymentProviders implements PaymentProviders {
  private readonly all: Map<string, PaymentProvider>;
  constructor(
    readonly card: PaymentProvider,
    others: PaymentProvider[],
  ) {
    this.all = new Map([card, ...others].map((p) => [p.name, p]));
  }
  find(name: string): PaymentProvider | null {
    return this.all.get(name) ?? null;
  }
}

/**
 * Whether the card provider moves no real money: the embedded processor
 * always, stripe with a test key (`sk_test_` or a restricted `rk_test_`).
 * The hosted pages show a "Test mode" banner then.
 */
export function cardInTestMode(card: PaymentProvider, stripeSecretKey: string | null): boolean {
  if (card.name === EMBEDDED_PROVIDER) return true;
  return stripeSecretKey !== null && /^(sk|rk)_test_/.test(stripeSecretKey);
}
