import { ProductRepository, PurchaseOptionRepository } from '../catalog';
import { DiscountCodeRepository } from '../contracts/ports';
import { Checkout, CheckoutPayment } from './checkout';
import { CheckoutSettings } from './settings';

/** Checkouts per vendor; adapters write the recorded events to the outbox with the row. */
export interface CheckoutRepository {
  add(checkout: Checkout): Promise<void>;
  /** null when the vendor has no such checkout. */
  find(vendorId: string, checkoutId: string): Promise<Checkout | null>;
  /** Loads under a row lock, runs `fn`, stores the checkout when `fn` returns. Throws CheckoutNotFound. */
  update<T>(vendorId: string, checkoutId: string, fn: (checkout: Checkout) => T | Promise<T>): Promise<T>;
  /**
   * The once-only step of a payment: in one transaction, claims the
   * checkout with a conditional update (only one caller moves it out of
   * PENDING / WAITING_PAYMENT_CONFIRMATION), runs `fn` and stores the
   * checkout and everything `fn` wrote. Answers null, without running `fn`,
   * when the checkout was completed (or is gone) already; `fn` throwing
   * undoes the claim.
   */
  completeOnce(vendorId: string, checkoutId: string, fn: (checkout: Checkout) => Promise<void>): Promise<Checkout | null>;
  /** Visitor checkouts of `visitorId` still open, for the sign-in merge. */
  listOpenOfVisitor(vendorId: string, visitorId: string): Promise<string[]>;
}

export interface CheckoutSettingsRepository {
  find(vendorId: string): Promise<CheckoutSettings | null>;
  save(settings: CheckoutSettings): Promise<void>;
}

export type CheckoutProducts = Pick<ProductRepository, 'find' | 'list'>;
export type CheckoutPurchaseOptions = Pick<PurchaseOptionRepository, 'find' | 'listForProduct'>;
export type CheckoutDiscountCodes = Pick<DiscountCodeRepository, 'find'>;

/** Whether the reader already holds access to a product (the access module answers). */
export interface OwnedProducts {
  owns(vendorId: string, userId: string, sku: string): Promise<boolean>;
}

/** What the buyer gave the hosted page for the provider: a card for the embedded one, a provider token for others. */
export type PaymentInput = Readonly<Record<string, string>>;

export type ChargeOutcome =
  | { readonly outcome: 'succeeded'; readonly payment: CheckoutPayment }
  | { readonly outcome: 'requires_action'; readonly payment: CheckoutPayment }
  | { readonly outcome: 'declined'; readonly reason: string };

/**
 * A payment provider (embedded test processor, stripe). Charges are keyed
 * by `idempotencyKey` (the checkout id), so a retried charge is the same
 * charge at the provider.
 */
export interface PaymentProvider {
  readonly name: string;
  charge(request: {
    vendorId: string;
    checkoutId: string;
    amount: { minor: number; currency: string };
    method: string;
    input: PaymentInput;
    saveForRenewals: boolean;
    idempotencyKey: string;
  }): Promise<ChargeOutcome>;
  /** Finishes a payment that needed an extra step; `approved` false abandons it. */
  confirm(request: { vendorId: string; reference: string; approved: boolean }): Promise<ChargeOutcome>;
  /** Charges a saved payment method (a renewal). */
  chargeSaved(request: { vendorId: string; savedMethod: string; amount: { minor: number; currency: string }; idempotencyKey: string }): Promise<ChargeOutcome>;
  /**
   * Pays back (part of) a payment it took: `reference` is the provider's
   * reference of that payment (null when the bill did not keep it), keyed by
   * `idempotencyKey` so a retry is the same refund at the provider. Throws
   * RefundRefused when the provider will not (nothing was paid back), an
   * unavailable error when it cannot be reached. Absent when the provider
   * cannot refund.
   */
  refund?(request: { vendorId: string; billId: string; reference: string | null; amount: { minor: number; currency: string }; idempotencyKey: string }): Promise<void>;
}

export interface PaymentProviders {
  /** The card provider that is on (embedded unless configured otherwise). */
  readonly card: PaymentProvider;
  find(name: string): PaymentProvider | null;
}

/**
 * Turns a paid checkout into the sale: for each item a confirmed contract
 * with `origin {type: CHECKOUT, id}` and the payment's data, its first
 * bill paid and a transaction recorded, all in the caller's transaction
 * (entitlements follow through the outbox). Answers who paid and the
 * contracts made, and whether the payer's account is new.
 */
export interface CheckoutSale {
  sell(command: { checkout: Checkout; payment: CheckoutPayment; userId: string | null }): Promise<{
    payer: { id: string; email: string };
    contractIds: string[];
    /** True when the payer's account was made by this sale (no account had the e-mail before). */
    payerCreated?: boolean;
  }>;
}
