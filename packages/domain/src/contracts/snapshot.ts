import { Money } from '../shared';
import { ItemChange } from './amendment';
import { Bill } from './bill';
import { UnapplicableReason } from './discount-code';
import { ContractItem } from './item';
import { Recurrence } from './period';
import { ContractDiscount } from './pricing';
import { SeatHolder } from './seats';
import { ContractStatus } from './status';

export type ContractType = 'PERSONAL' | 'BUSINESS';

/** Someone billed or given access: a user of the vendor. */
export interface ContractParty {
  readonly id: string;
  readonly email: string;
}

/** Where the contract came from; `MANUAL` for the management interface and the vendor portal. */
export interface ContractOrigin {
  readonly type: string;
  readonly id: string;
}

export interface PaymentData {
  readonly provider: string;
  readonly method: string;
  /** Two-letter country; decides market and VAT with the billing address (billing/tax/place-of-supply.ts). */
  readonly country: string;
  /** How `country` came about: stated (absent on older contracts), a checkout's, confirmed by the buyer at a checkout, or the default market. */
  readonly countrySource?: 'GIVEN' | 'CHECKOUT' | 'CONFIRMED' | 'DEFAULT';
  /**
   * Set when a payment provider already took the payment (a checkout):
   * the provider's reference of the charge and what it says of the method.
   * Absent for invoiced contracts.
   */
  readonly reference?: string;
  readonly brand?: string | null;
  readonly description?: string | null;
  /** The card's last four digits, for receipts; never more of the card. */
  readonly last4?: string | null;
  /** The paying card's issuing country, as the provider reported it: evidence of the place of supply (billing/tax/place-of-supply.ts). */
  readonly cardCountry?: string | null;
  /** The provider's saved payment method that renewals charge. */
  readonly savedMethod?: string | null;
}

export interface InvoiceDetails {
  readonly email: string | null;
  readonly customerReference: string | null;
  readonly vendorReference: string | null;
  readonly ediNumber: string | null;
}

/**
 * The billed party's company and billing address as the contract was made
 * with them (interface 4.1: `businessDetails` and `address` of the payer, or
 * of the user when no payer is named). Invoices prefer them to the profile.
 */
export interface BillingDetails {
  readonly companyName: string | null;
  readonly vatNumber: string | null;
  readonly address: { readonly street: string; readonly zip: string; readonly city: string; readonly country: string } | null;
}

export type AppliedDiscountStatus = 'APPLIED' | 'UNAPPLICABLE';

/** A code asked for on the contract, applied or not (interface 2.4). */
export interface AppliedDiscount {
  readonly id: string | null;
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly status: AppliedDiscountStatus;
  readonly reason: UnapplicableReason | null;
  readonly startsAt: Date | null;
  readonly endsAt: Date | null;
}

/**
 * Everything a contract is, as plain data: what the repository stores and
 * `Contract.fromSnapshot` rebuilds from. Derived fields (price, nextBillAt,
 * nextPrice, isActive, discount) are computed by the aggregate, not stored.
 */
export interface ContractSnapshot {
  readonly id: string;
  readonly vendorId: string;
  readonly name: string;
  readonly userId: string;
  readonly payer: ContractParty | null;
  readonly contractType: ContractType;
  readonly origin: ContractOrigin;
  readonly status: ContractStatus;
  readonly currency: string;
  readonly taxIncluded: boolean;
  readonly items: readonly ContractItem[];
  /** null for a one-time purchase. */
  readonly recurrence: Recurrence | null;
  readonly startsAt: Date | null;
  readonly anchorDate: Date | null;
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly confirmedAt: Date | null;
  /** The period the latest bill pays for; set on confirm. */
  readonly periodStart: Date | null;
  readonly periodEnd: Date | null;
  /** Period ends are `cycleAnchor` + `cycle` cycles, so month ends do not drift. */
  readonly cycleAnchor: Date | null;
  readonly cycle: number;
  readonly discount: ContractDiscount | null;
  readonly appliedDiscounts: readonly AppliedDiscount[];
  /** Bills issued and not yet settled (OPEN). Paid ones leave the aggregate. */
  readonly openBills: readonly Bill[];
  readonly billsIssued: number;
  readonly seatHolders: readonly SeatHolder[];
  readonly willCancelAt: Date | null;
  readonly cancelRequestedAt: Date | null;
  readonly cancelReason: string | null;
  readonly canceledAt: Date | null;
  readonly overdueSince: Date | null;
  readonly payment: PaymentData;
  readonly invoice: InvoiceDetails;
  /** What the contract was made with of the billed party's company and address; absent on older snapshots. */
  readonly billingDetails?: BillingDetails | null;
  /** A purchase option change waiting for the next renewal (a downgrade); absent on older snapshots. */
  readonly pendingChange?: ItemChange | null;
}

/** Price figures of a contract at a glance. */
export interface ContractPricing {
  readonly price: Money;
  readonly nextBillAt: Date | null;
  readonly nextPrice: Money | null;
}
