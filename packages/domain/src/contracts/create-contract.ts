import { ProductNotFound } from '../catalog';
import { createUser, User } from '../identity/user';
import { Clock, DomainError, IdGenerator, Money } from '../shared';
import { Contract } from './contract';
import { checkContractTerms, DEFAULT_PAYMENT_COUNTRY } from './contract-terms';
import { discountApplicability, normalizeDiscountCode, UnapplicableReason } from './discount-code';
import { ContractLeftPending, DiscountCodeUnapplicable, PurchaseOptionNotFound } from './errors';
import { createItem } from './item';
import { invoiceIssuedBills } from './lifecycle-use-cases';
import {
  BillInvoicing,
  ContractRepository,
  ContractUsers,
  DiscountCodeRepository,
  ProductLookup,
  PurchaseOptionLookup,
} from './ports';
import { ContractDiscount, discountFromCode, resolveQuantity, resolveSeats, resolveUnitPrice } from './pricing';
import { AppliedDiscount, BillingDetails, ContractOrigin, ContractType, PaymentData } from './snapshot';

export interface PersonDetails {
  email: string;
  firstName?: string | null;
  lastName?: string | null;
  /** The billed party's company (interface 4.1 `businessDetails`). */
  businessDetails?: { companyName?: string | null; vatNr?: string | null } | null;
  /** The billing address. */
  address?: { street: string; zip: string; city: string; country: string } | null;
}

/** What the billed party (the payer, else the user) gave of company and address; null when nothing. */
function billingDetailsOf(person: PersonDetails): BillingDetails | null {
  const company = person.businessDetails ?? null;
  const a = person.address ?? null;
  if (!company && !a) return null;
  return {
    companyName: company?.companyName ?? null,
    vatNumber: company?.vatNr ?? null,
    address: a ? { street: a.street, zip: a.zip, city: a.city, country: a.country } : null,
  };
}

/** The create-contract body of interface 4.1, with money already in minor units. */
export interface CreateContractCommand {
  vendorId: string;
  sku: string;
  purchaseOptionId: string;
  contractType?: ContractType;
  user: PersonDetails;
  /** Who is billed when not the user. */
  payer?: PersonDetails;
  invoice?: { email?: string; customerReference?: string; vendorReference?: string; ediNumber?: string };
  quantity?: number;
  seats?: number;
  /** Overrides the list price per unit, in the purchase option's currency. */
  unitPrice?: { amountMinor?: number; taxIncluded?: boolean };
  discountCodes?: string[];
  payment: { provider: string; method: string; country?: string } & Partial<
    Pick<PaymentData, 'reference' | 'brand' | 'description' | 'savedMethod' | 'last4' | 'countrySource' | 'cardCountry'>
  >;
  startsAt?: Date;
  anchorDate?: Date;
  confirm?: boolean;
  /** Default `{type: 'MANUAL', id: vendorId}`. */
  origin?: ContractOrigin;
}

/**
 * POST /management/contracts. Creation is not idempotent (rule 1). With
 * `confirm`, the contract is confirmed in the same step unless a discount
 * code could not be applied: then it is kept PENDING and unbilled and the
 * request fails (interface section 3).
 */
export class CreateContract {
  constructor(
    private readonly contracts: Pick<ContractRepository, 'add' | 'update'>,
    private readonly products: ProductLookup,
    private readonly options: PurchaseOptionLookup,
    private readonly users: ContractUsers,
    private readonly discountCodes: DiscountCodeRepository,
    private readonly invoicing: BillInvoicing,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
  ) {}

  async execute(command: CreateContractCommand): Promise<Contract> {
    const now = this.clock.now();
    const { vendorId } = command;
    const product = await this.products.find(vendorId, command.sku);
    if (!product) throw new ProductNotFound(command.sku);
    const option = await this.options.find(vendorId, command.purchaseOptionId);
    if (!option || option.sku !== product.sku) throw new PurchaseOptionNotFound(command.purchaseOptionId);

    const quantity = resolveQuantity(option, command.quantity);
    const { unitPrice, taxIncluded } = resolveUnitPrice(option, command.unitPrice);
    const seats = resolveSeats(product, option, quantity, command.seats);
    const terms = {
      payment: {
        provider: command.payment.provider,
        method: command.payment.method,
        country: command.payment.country ?? DEFAULT_PAYMENT_COUNTRY,
        // Whether the country is evidence of where the buyer is, or only the default (billing weighs it with the address).
        countrySource: command.payment.country ? (command.payment.countrySource ?? 'GIVEN') : ('DEFAULT' as const),
        // What a provider said of a payment it already took (a checkout); absent for invoices.
        ...(command.payment.reference
          ? {
              reference: command.payment.reference,
              brand: command.payment.brand ?? null,
              description: command.payment.description ?? null,
              ...(command.payment.last4 ? { last4: command.payment.last4 } : {}),
              ...(command.payment.cardCountry ? { cardCountry: command.payment.cardCountry } : {}),
              savedMethod: command.payment.savedMethod ?? null,
            }
          : {}),
      },
      invoice: {
        email: command.invoice?.email ?? null,
        customerReference: command.invoice?.customerReference ?? null,
        vendorReference: command.invoice?.vendorReference ?? null,
        ediNumber: command.invoice?.ediNumber ?? null,
      },
      recurrence: option.recurring,
      startsAt: command.startsAt ?? null,
      anchorDate: command.anchorDate ?? null,
    };
    checkContractTerms(terms, now);

    const user = await this.userFor(vendorId, command.user, now);
    const payer = command.payer ? await this.userFor(vendorId, command.payer, now) : null;
    const { discount, applied } = await this.applyDiscountCodes(command, unitPrice, now);

    const contract = Contract.create(
      {
        ...terms,
        id: this.ids.next(),
        vendorId,
        name: product.title,
        userId: user.id,
        payer: payer && payer.id !== user.id ? { id: payer.id, email: payer.email } : null,
        billingDetails: billingDetailsOf(command.payer ?? command.user),
        contractType: command.contractType ?? 'PERSONAL',
        origin: command.origin ?? { type: 'MANUAL', id: vendorId },
        currency: unitPrice.currency,
        taxIncluded,
        items: [createItem(product, option, { quantity, seats, unitPrice })],
        discount,
        appliedDiscounts: applied,
      },
      now,
    );
    const unapplicable = applied.filter((a) => a.status === 'UNAPPLICABLE').map((a) => a.code);
    // Stored PENDING first: a confirm that fails afterwards (unapplicable code,
    // provider unreachable) leaves a PENDING, unbilled contract to look up.
    await this.contracts.add(contract);
    if (!command.confirm) return contract;
    if (unapplicable.length > 0) throw new DiscountCodeUnapplicable(contract.id, unapplicable);
    try {
      return await this.contracts.update(vendorId, contract.id, async (stored) => {
        stored.confirm(now);
        await invoiceIssuedBills(stored, this.invoicing);
        return stored;
      });
    } catch (error) {
      // A refusal (payment refused, not confirmable) is answered as it is; a
      // provider or database that went away leaves a contract to look up.
      if (error instanceof DomainError && error.kind !== 'unavailable') throw error;
      throw new ContractLeftPending(contract.id, error);
    }
  }

  private userFor(vendorId: string, person: PersonDetails, now: Date): Promise<User> {
    const candidate = createUser(
      { id: this.ids.next(), vendorId, email: person.email, firstName: person.firstName, lastName: person.lastName },
      now,
    );
    return this.users.addOrGet(candidate);
  }

  /**
   * Decides every requested code in order. One discount per contract: the
   * first applicable code is redeemed and applied, the rest are listed as
   * UNAPPLICABLE, as are codes that do not apply.
   */
  private async applyDiscountCodes(
    command: CreateContractCommand,
    unitPrice: Money,
    now: Date,
  ): Promise<{ discount: ContractDiscount | null; applied: AppliedDiscount[] }> {
    let discount: ContractDiscount | null = null;
    const applied: AppliedDiscount[] = [];
    const requested = [...new Set((command.discountCodes ?? []).map(normalizeDiscountCode))].filter((c) => c !== '');
    for (const requestedCode of requested) {
      const code = await this.discountCodes.find(command.vendorId, requestedCode);
      const unapplicable = (reason: UnapplicableReason): AppliedDiscount => ({
        id: code?.id ?? null,
        code: code?.code ?? requestedCode,
        name: code?.name ?? requestedCode,
        description: code?.description ?? '',
        status: 'UNAPPLICABLE',
        reason,
        startsAt: null,
        endsAt: null,
      });
      const verdict = discountApplicability(
        code,
        { purchaseOptionId: command.purchaseOptionId, currency: unitPrice.currency },
        now,
      );
      if (!verdict.applicable) {
        applied.push(unapplicable(verdict.reason));
      } else if (discount) {
        applied.push(unapplicable('ANOTHER_DISCOUNT_APPLIED'));
      } else if (!code || !(await this.discountCodes.redeem(command.vendorId, code.id))) {
        applied.push(unapplicable('REDEMPTION_LIMIT_REACHED'));
      } else {
        discount = discountFromCode(code);
        applied.push({
          id: code.id,
          code: code.code,
          name: code.name,
          description: code.description,
          status: 'APPLIED',
          reason: null,
          startsAt: now,
          endsAt: discount.until,
        });
      }
    }
    return { discount, applied };
  }
}
