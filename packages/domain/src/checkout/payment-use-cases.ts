import { Contract } from '../contracts/contract';
import { Clock, Money } from '../shared';
import { Checkout, CheckoutOwner, CheckoutPayment } from './checkout';
import { CheckoutNotFound, NoPaymentToConfirm, PaymentDeclined, PaymentMethodNotAvailable } from './errors';
import { assertResidenceSettled } from './residence';
import { CARD } from './payment-methods';
import { CheckoutRepository, CheckoutSale, PaymentInput, PaymentProviders } from './ports';
import { assertOwner } from './checkout-owner';

/** Paying a checkout: the payment, its confirmation step, completion, and a renewal's charge. */

export type PaymentResult =
  | { readonly status: 'COMPLETED'; readonly checkout: Checkout }
  | { readonly status: 'WAITING_PAYMENT_CONFIRMATION'; readonly checkout: Checkout };

/**
 * The buyer pays: every requirement is checked, the provider charges,
 * and a successful charge completes the checkout once (CompleteCheckout).
 * A declined charge leaves the checkout PENDING and nothing made.
 */
/**
 * What the buyer pays for a checkout: its price, with the VAT added for
 * lines whose price is without it (billing's quote for the buyer's country);
 * the same amount the first bill records as paid.
 */
export type CheckoutAmountDue = (checkout: Checkout) => Promise<Money>;

export class PayCheckout {
  constructor(
    private readonly checkouts: Pick<CheckoutRepository, 'find' | 'update'>,
    private readonly providers: PaymentProviders,
    private readonly complete: CompleteCheckout,
    private readonly clock: Clock,
    private readonly amountDue: CheckoutAmountDue = async (checkout) => checkout.price,
  ) {}

  async execute(command: {
    vendorId: string;
    checkoutId: string;
    owner: CheckoutOwner | null;
    provider?: string;
    method?: string;
    input: PaymentInput;
  }): Promise<PaymentResult> {
    const now = this.clock.now();
    const checkout = assertOwner(await this.checkouts.find(command.vendorId, command.checkoutId), command.owner, command.checkoutId);
    if (checkout.statusAt(now) === 'COMPLETED') return { status: 'COMPLETED', checkout };
    const providerName = command.provider ?? checkout.details.paymentData?.provider ?? this.providers.card.name;
    const method = command.method ?? checkout.details.paymentData?.method ?? CARD;
    checkout.assertPayable(providerName, method, checkout.owner.kind === 'user', now);
    const provider = this.providers.find(providerName);
    if (!provider) throw new PaymentMethodNotAvailable(providerName, method);
    assertResidenceSettled(checkout.id, checkout.details);
    const outcome = await provider.charge({
      vendorId: command.vendorId,
      checkoutId: checkout.id,
      amount: await this.amountDue(checkout),
      method,
      input: command.input,
      saveForRenewals: checkout.toSnapshot().type === 'RECURRING',
      idempotencyKey: `checkout:${checkout.id}`,
    });
    if (outcome.outcome === 'declined') throw new PaymentDeclined(outcome.reason);
    if (outcome.outcome === 'requires_action') {
      const waiting = await this.checkouts.update(command.vendorId, checkout.id, (stored) => {
        stored.awaitConfirmation(outcome.payment, now);
        return stored;
      });
      return { status: 'WAITING_PAYMENT_CONFIRMATION', checkout: waiting };
    }
    return { status: 'COMPLETED', checkout: await this.complete.execute({ vendorId: command.vendorId, checkoutId: checkout.id, payment: outcome.payment }) };
  }
}

/** The buyer finished (or abandoned) the provider's extra confirmation step. */
export class ConfirmCheckoutPayment {
  constructor(
    private readonly checkouts: Pick<CheckoutRepository, 'find' | 'update'>,
    private readonly providers: PaymentProviders,
    private readonly complete: CompleteCheckout,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; checkoutId: string; approved: boolean }): Promise<Checkout> {
    const now = this.clock.now();
    const checkout = await this.checkouts.find(command.vendorId, command.checkoutId);
    if (!checkout) throw new CheckoutNotFound(command.checkoutId);
    if (checkout.statusAt(now) === 'COMPLETED') return checkout;
    const payment = checkout.payment;
    if (checkout.statusAt(now) !== 'WAITING_PAYMENT_CONFIRMATION' || !payment) throw new NoPaymentToConfirm(checkout.id);
    const provider = this.providers.find(payment.provider);
    if (!provider) throw new PaymentMethodNotAvailable(payment.provider, payment.method);
    const outcome = await provider.confirm({ vendorId: command.vendorId, reference: payment.reference, approved: command.approved });
    if (outcome.outcome !== 'succeeded') {
      await this.checkouts.update(command.vendorId, checkout.id, (stored) => stored.abandonConfirmation(now));
      if (!command.approved) return (await this.checkouts.find(command.vendorId, checkout.id))!;
      throw new PaymentDeclined(outcome.outcome === 'declined' ? outcome.reason : 'the payment was not confirmed');
    }
    return this.complete.execute({ vendorId: command.vendorId, checkoutId: checkout.id, payment: outcome.payment });
  }
}

/**
 * Completing is once-only: the repository's conditional claim lets one
 * caller through; the sale (contracts, paid bills, transactions) is made in
 * the same transaction, so a double submit, a retried callback or a racing
 * webhook makes exactly one. Later callers get the completed checkout.
 */
export class CompleteCheckout {
  constructor(
    private readonly checkouts: Pick<CheckoutRepository, 'find' | 'completeOnce'>,
    private readonly sale: CheckoutSale,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; checkoutId: string; payment: CheckoutPayment }): Promise<Checkout> {
    const now = this.clock.now();
    const done = await this.checkouts.completeOnce(command.vendorId, command.checkoutId, async (checkout) => {
      const userId = checkout.owner.kind === 'user' ? checkout.owner.userId : null;
      const { payer, contractIds, payerCreated } = await this.sale.sell({ checkout, payment: command.payment, userId });
      checkout.complete(command.payment, payer, contractIds, now, payerCreated === true);
    });
    if (done) return done;
    const stored = await this.checkouts.find(command.vendorId, command.checkoutId);
    if (!stored) throw new CheckoutNotFound(command.checkoutId);
    return stored;
  }
}

/** What a renewal charge did: paid the open bills, was declined (the bills stay OPEN), or had nothing to charge. */
export type RenewalChargeOutcome = 'PAID' | 'DECLINED' | 'NOTHING_TO_CHARGE';

/**
 * A renewal of a checkout-made subscription charges the payment method the
 * provider saved, through the same port. Paid: each open bill is recorded
 * paid (a transaction each). Declined: the bills stay OPEN, and the
 * existing path makes the contract OVERDUE when they fall due (and shows a
 * payment issue). Safe to repeat: only OPEN bills are charged, each charge
 * keyed by the bill id.
 */
export class ChargeRenewal {
  constructor(
    private readonly contracts: { find(vendorId: string, contractId: string): Promise<Contract | null> },
    private readonly providers: PaymentProviders,
    private readonly payments: { payBill(vendorId: string, billId: string, paymentReference?: string | null): Promise<void> },
  ) {}

  async execute(command: { vendorId: string; contractId: string }): Promise<RenewalChargeOutcome> {
    const contract = await this.contracts.find(command.vendorId, command.contractId);
    if (!contract) return 'NOTHING_TO_CHARGE';
    const s = contract.toSnapshot();
    const saved = s.payment.savedMethod;
    if (s.origin.type !== 'CHECKOUT' || !saved) return 'NOTHING_TO_CHARGE';
    const provider = this.providers.find(s.payment.provider);
    const bills = contract.openBills;
    if (!provider || bills.length === 0) return 'NOTHING_TO_CHARGE';
    for (const bill of bills) {
      const outcome = await provider.chargeSaved({
        vendorId: command.vendorId,
        savedMethod: saved,
        amount: bill.price,
        idempotencyKey: `bill:${bill.id}`,
      });
      if (outcome.outcome !== 'succeeded') return 'DECLINED';
      await this.payments.payBill(command.vendorId, bill.id, outcome.payment.reference);
    }
    return 'PAID';
  }
}
