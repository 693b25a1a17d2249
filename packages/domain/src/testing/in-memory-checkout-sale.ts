import { RecordPayment } from '../billing';
import { Checkout, CheckoutPayment, CheckoutSale, INVOICE_PROVIDER, OwnedProducts, PaymentProvider, PaymentProviders } from '../checkout';
import { ContractUsers, CreateContract, DEFAULT_PAYMENT_COUNTRY, INVOICE_PAYMENT } from '../contracts';

/** A reader owns a product when the access module says they have access to it. */
export class AccessAsOwnedProducts implements OwnedProducts {
  constructor(private readonly access: { execute(query: { vendorId: string; userId: string; sku: string }): Promise<boolean> }) {}
  owns(vendorId: string, userId: string, sku: string): Promise<boolean> {
    return this.access.execute({ vendorId, userId, sku });
  }
}

/** The providers a checkout may use: the card one, and any others by name. */
export class ProvidersByName implements PaymentProviders {
  constructor(
    readonly card: PaymentProvider,
    private readonly others: readonly PaymentProvider[] = [],
  ) {}
  find(name: string): PaymentProvider | null {
    return [this.card, ...this.others].find((p) => p.name === name) ?? null;
  }
}

/**
 * The sale behind a paid checkout, made through the contracts and billing
 * use cases as the service makes it (apps/api ContractCheckoutSale): one
 * confirmed contract per item with `origin {type: CHECKOUT, id}`, its open
 * bills paid (transactions recorded) unless the buyer chose an invoice.
 * The recipient of a gift gets the access; the buyer pays.
 */
export class ContractsCheckoutSale implements CheckoutSale {
  constructor(
    private readonly createContract: CreateContract,
    private readonly recordPayment: RecordPayment,
    private readonly users: ContractUsers,
  ) {}

  async sell(command: { checkout: Checkout; payment: CheckoutPayment; userId: string | null }) {
    const { checkout, payment } = command;
    const d = checkout.details;
    const signedIn = command.userId ? await this.users.find(checkout.vendorId, command.userId) : null;
    const recipientEmail = d.giftMode ? d.email! : (signedIn?.email ?? d.email!);
    const payerEmail = d.giftMode ? (signedIn?.email ?? d.payerEmail!) : recipientEmail;
    const invoiced = payment.provider === INVOICE_PROVIDER;
    const country = checkout.buyerCountry ?? DEFAULT_PAYMENT_COUNTRY;
    const contractIds: string[] = [];
    let payer: { id: string; email: string } | null = null;
    for (const item of checkout.items) {
      const contract = await this.createContract.execute({
        vendorId: checkout.vendorId,
        sku: item.sku,
        purchaseOptionId: item.purchaseOptionId,
        contractType: d.isBusiness ? 'BUSINESS' : 'PERSONAL',
        user: { email: recipientEmail, firstName: d.giftMode ? null : d.givenName, lastName: d.giftMode ? null : d.familyName },
        payer: payerEmail !== recipientEmail ? { email: payerEmail } : undefined,
        discountCodes: checkout.appliedDiscountCodes.filter((a) => a.status === 'APPLIED').map((a) => a.code),
        payment: invoiced ? { ...INVOICE_PAYMENT, country } : { ...payment, country },
        origin: { type: 'CHECKOUT', id: checkout.id },
        confirm: true,
      });
      contractIds.push(contract.id);
      const s = contract.toSnapshot();
      payer ??= s.payer ?? { id: s.userId, email: recipientEmail };
      if (invoiced) continue;
      for (const bill of contract.openBills) await this.recordPayment.execute({ vendorId: checkout.vendorId, billId: bill.id });
    }
    return { payer: payer!, contractIds };
  }
}
