import { Recurrence } from '../contracts/period';
import { AppliedDiscountStatus } from '../contracts/snapshot';
import { Money } from '../shared';
import { PaymentMethods } from './payment-methods';

export const CHECKOUT_STATUSES = ['PENDING', 'WAITING_PAYMENT_CONFIRMATION', 'COMPLETED', 'EXPIRED'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];
export type CheckoutType = 'SINGLE' | 'RECURRING';

/** What a checkout holds: its owner, items, the buyer's details, its payment, as stored and as the use cases resolve it. */

/** Whose checkout it is: a signed-in reader, or an anonymous visitor of Basic credentials. */
export type CheckoutOwner =
  | { readonly kind: 'user'; readonly userId: string }
  /** `clientId`: the vendor's browser client the visitor came through (the handoff after payment is bound to it). */
  | { readonly kind: 'visitor'; readonly visitorId: string; readonly clientId?: string };

export interface CheckoutAddress {
  readonly country: string | null;
  readonly zip: string | null;
  readonly city: string | null;
  readonly street: string | null;
  readonly co: string | null;
  readonly lastName: string | null;
  readonly firstName: string | null;
}

export interface GeoRestrictions {
  readonly type: 'ALLOW' | 'BLOCK';
  readonly countries: readonly string[];
}

/** An item as the domain resolved it from the vendor's catalogue. */
export interface CheckoutItem {
  readonly sku: string;
  /** The url the item was asked for by, when it was. */
  readonly url: string | null;
  readonly purchaseOptionId: string;
  readonly purchaseOptionName: string;
  readonly title: string;
  readonly productType: string;
  readonly unitPrice: Money;
  readonly taxIncluded: boolean;
  readonly recurring: Recurrence | null;
  readonly geoRestrictions: GeoRestrictions | null;
}

export interface FieldSetting {
  readonly enabled: boolean;
  readonly required: boolean;
}
export interface FieldSettings {
  readonly name: FieldSetting;
  readonly phone: FieldSetting;
  readonly birthdate: FieldSetting;
  readonly referral: { readonly enabled: boolean };
}

export const DEFAULT_FIELD_SETTINGS: FieldSettings = {
  name: { enabled: true, required: false },
  phone: { enabled: false, required: false },
  birthdate: { enabled: false, required: false },
  referral: { enabled: false },
};

/** What the buyer (or the vendor's page) fills in; every field is kept and shown back. */
export interface CheckoutDetails {
  readonly email: string | null;
  readonly givenName: string | null;
  readonly familyName: string | null;
  readonly birthDate: string | null;
  readonly phoneNumber: string | null;
  readonly country: string | null;
  readonly referralEmail: string | null;
  readonly language: string | null;
  readonly redirectUrl: string | null;
  readonly anonymousUserId: string | null;
  readonly payerEmail: string | null;
  readonly address: CheckoutAddress | null;
  readonly businessAddress: CheckoutAddress | null;
  readonly companyName: string | null;
  readonly vatNumber: string | null;
  readonly isBusiness: boolean;
  /** The country of residence the buyer confirmed when the checkout's countries disagreed (residence.ts); it decides the buyer's country. */
  readonly residenceCountry?: string | null;
  readonly giftMode: boolean;
  readonly requireAddress: boolean;
  readonly attribution: Readonly<Record<string, string>>;
  readonly metadata: Readonly<Record<string, string>>;
  readonly fieldSettings: FieldSettings;
  readonly paymentData: { readonly provider: string; readonly method: string } | null;
  readonly paymentMethodsFilter: PaymentMethods | null;
}

export interface AppliedDiscountCode {
  readonly id: string | null;
  readonly code: string;
  readonly name: string;
  readonly description: string;
  readonly status: AppliedDiscountStatus;
}

export interface OwnedItem {
  readonly sku: string;
  readonly purchaseOptionId: string;
  readonly title: string;
}

/** The payment the provider made or is making. */
export interface CheckoutPayment {
  readonly provider: string;
  readonly method: string;
  /** The provider's reference of the charge (or the intent awaiting confirmation). */
  readonly reference: string;
  readonly brand: string | null;
  readonly description: string | null;
  /** The card's last four digits when the provider says them (receipts show them); never more of the card. */
  readonly last4?: string | null;
  /** The card's issuing country (two letters) when the provider says it: evidence of where the buyer lives. */
  readonly cardCountry?: string | null;
  /** The saved payment method renewals charge, when the provider keeps one. */
  readonly savedMethod: string | null;
}

export interface CheckoutSnapshot {
  readonly id: string;
  readonly vendorId: string;
  readonly owner: CheckoutOwner;
  readonly status: CheckoutStatus;
  readonly type: CheckoutType;
  readonly currency: string;
  readonly items: readonly CheckoutItem[];
  readonly details: CheckoutDetails;
  readonly requestedDiscountCodes: readonly string[];
  readonly appliedDiscountCodes: readonly AppliedDiscountCode[];
  /** What the buyer pays now: the items less the applied discount. */
  readonly price: Money;
  /** The discount taken off `price`, in minor units of `currency`. */
  readonly discountMinor: number;
  readonly itemsOwned: readonly OwnedItem[];
  readonly availablePaymentMethods: PaymentMethods;
  readonly payer: { readonly id: string; readonly email: string } | null;
  /** Whether the payer's account was made by this checkout's sale (absent on checkouts completed before it was kept). */
  readonly payerCreated?: boolean;
  readonly payment: CheckoutPayment | null;
  readonly contractIds: readonly string[];
  readonly createdAt: Date;
  readonly updatedAt: Date;
  readonly expiresAt: Date;
  readonly completedAt: Date | null;
}

/** What the use case resolved for a new checkout or a change of one. */
export interface CheckoutTerms {
  readonly items: readonly CheckoutItem[];
  readonly details: CheckoutDetails;
  readonly requestedDiscountCodes: readonly string[];
  readonly appliedDiscountCodes: readonly AppliedDiscountCode[];
  readonly discountMinor: number;
  readonly itemsOwned: readonly OwnedItem[];
  readonly availablePaymentMethods: PaymentMethods;
}
