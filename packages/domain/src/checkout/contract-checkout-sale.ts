import { RecordPayment } from '../billing';
import { UserRepository } from '../identity/ports';
import { ContractUsers, CreateContract, DEFAULT_PAYMENT_COUNTRY, INVOICE_PAYMENT } from '../contracts';
import { Checkout, CheckoutPayment } from './checkout';
import { INVOICE_PROVIDER } from './payment-methods';
import { CheckoutSale } from './ports';

/**
 * The sale behind a paid checkout, made through the contracts and billing
 * use cases (never their storage), in the caller's transaction: one
 * confirmed contract per item with `origin {type: CHECKOUT, id}` and the
 * provider's payment data, its first bill paid (a transaction recorded).
 * Entitlements follow from the contract's events. An invoice payment leaves
 * the bill OPEN for the invoice to settle. The service and the in-memory
 * kit both sell through this one class.
 */
export class ContractCheckoutSale implements CheckoutSale {
  constructor(
    private readonly createContract: CreateContract,
    private readonly recordPayment: RecordPayment,
    private readonly users: ContractUsers & Pick<UserRepository, 'findByEmail'>,
  ) {}

  async sell(command: { checkout: Checkout; payment: CheckoutPayment; userId: string | null }) {
    const { checkout, payment } = command;
    const d = checkout.details;
    const signedIn = command.userId ? await this.users.find(checkout.vendorId, command.userId) : null;
    // Gift: the recipient (`email`) gets the access; the buyer (signed in, or payerEmail) pays.
    const recipientEmail = d.giftMode ? d.email! : (signedIn?.email ?? d.email!);
    const payerEmail = d.giftMode ? (signedIn?.email ?? d.payerEmail!) : recipientEmail;
    const invoiced = payment.provider === INVOICE_PROVIDER;
    const country = checkout.buyerCountry ?? DEFAULT_PAYMENT_COUNTRY;
    // The checkout's country is one piece of evidence of where the buyer is (billing/tax/place-of-supply.ts);
    // a country of residence the buyer confirmed (checkout/residence.ts) decides.
    const countrySource = d.residenceCountry ? ('CONFIRMED' as const) : checkout.buyerCountry ? ('CHECKOUT' as const) : ('DEFAULT' as const);
    const applied = checkout.appliedDiscountCodes.filter((a) => a.status === 'APPLIED').map((a) => a.code);
    // Whether the payer's account exists before this sale: a new one may be signed in by the checkout's handoff,
    // an existing one only after proving control of the address (DESIGN.md 6, "From payment to reading").
    const payerExisted = (await this.users.findByEmail(checkout.vendorId, payerEmail)) !== null;
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
        discountCodes: applied,
        payment: invoiced
          ? { ...INVOICE_PAYMENT, country, countrySource }
          : {
              provider: payment.provider,
              method: payment.method,
              country,
              countrySource,
              reference: payment.reference,
              brand: payment.brand,
              description: payment.description,
              last4: payment.last4 ?? null,
              cardCountry: payment.cardCountry ?? null,
              savedMethod: payment.savedMethod,
            },
        origin: { type: 'CHECKOUT', id: checkout.id },
        confirm: true,
      });
      contractIds.push(contract.id);
      const s = contract.toSnapshot();
      payer ??= s.payer ?? { id: s.userId, email: recipientEmail };
      if (invoiced) continue;
      for (const bill of contract.openBills) {
        // The receipt speaks the checkout's language.
        await this.recordPayment.execute({ vendorId: checkout.vendorId, billId: bill.id, language: d.language, paymentReference: payment.reference });
      }
    }
    return { payer: payer!, contractIds, payerCreated: !payerExisted };
  }
}
