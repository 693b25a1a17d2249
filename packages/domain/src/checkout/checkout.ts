import { copyData, RecordsEvents } from '../shared';
import {
  BadCheckout,
  CheckoutAwaitingConfirmation,
  CheckoutClosed,
  CheckoutGeoRestricted,
  CheckoutIncomplete,
  NoPaymentToConfirm,
  PaymentMethodNotAvailable,
} from './errors';
import { checkoutFunnelOf } from './checkout-funnel';
import { isOffered } from './payment-methods';
import { allowedIn, checkDetails, isEmail, missingAddress } from './checkout-details';
import { CheckoutOwner, CheckoutPayment, CheckoutSnapshot, CheckoutStatus, CheckoutTerms } from './checkout-snapshot';

export * from './checkout-snapshot';
export { allowedIn, isEmail } from './checkout-details';

type State = { -readonly [K in keyof CheckoutSnapshot]: CheckoutSnapshot[K] };

/** Default checkout lifetime when the vendor sets none. */
export const DEFAULT_CHECKOUT_LIFETIME_HOURS = 24;
export const MAX_CHECKOUT_ITEMS = 10;

/**
 * A checkout: what a buyer is about to pay for, priced by the domain from
 * the vendor's price list. PENDING while it is filled in,
 * WAITING_PAYMENT_CONFIRMATION while a payment awaits an extra step,
 * COMPLETED once paid (it has made its contracts), EXPIRED after its
 * lifetime. Completed and expired checkouts refuse every change.
 */
export class Checkout extends RecordsEvents {
  private constructor(private state: State) {
    super();
  }

  protected get eventSource() {
    return { vendorId: this.state.vendorId, aggregateId: this.state.id };
  }

  static create(
    input: { id: string; vendorId: string; owner: CheckoutOwner; lifetimeHours: number } & CheckoutTerms,
    now: Date,
  ): Checkout {
    const state: State = {
      id: input.id,
      vendorId: input.vendorId,
      owner: input.owner,
      status: 'PENDING',
      type: 'SINGLE',
      currency: '',
      items: [],
      details: input.details,
      requestedDiscountCodes: [],
      appliedDiscountCodes: [],
      price: { minor: 0, currency: 'XXX' },
      discountMinor: 0,
      itemsOwned: [],
      availablePaymentMethods: [],
      payer: null,
      payment: null,
      contractIds: [],
      createdAt: now,
      updatedAt: now,
      expiresAt: new Date(now.getTime() + input.lifetimeHours * 3_600_000),
      completedAt: null,
    };
    const checkout = new Checkout(state);
    checkout.applyTerms(input);
    checkout.recordEvent('checkout.created', now, { type: state.type, price: state.price.minor, currency: state.currency, funnel: checkout.funnel() });
    return checkout;
  }

  static fromSnapshot(snapshot: CheckoutSnapshot): Checkout {
    return new Checkout(copyData(snapshot) as State);
  }

  toSnapshot(): CheckoutSnapshot {
    return copyData(this.state);
  }

  get id() {
    return this.state.id;
  }
  get vendorId() {
    return this.state.vendorId;
  }
  get owner() {
    return this.state.owner;
  }
  get items() {
    return this.state.items;
  }
  get details() {
    return this.state.details;
  }
  get price() {
    return this.state.price;
  }
  get payment() {
    return this.state.payment;
  }
  get availablePaymentMethods() {
    return this.state.availablePaymentMethods;
  }
  get appliedDiscountCodes() {
    return this.state.appliedDiscountCodes;
  }
  get contractIds() {
    return this.state.contractIds;
  }
  /** The status at `now`: a checkout past its lifetime that was never completed is EXPIRED. */
  statusAt(now: Date): CheckoutStatus {
    const { status, expiresAt } = this.state;
    if (status !== 'COMPLETED' && status !== 'EXPIRED' && now >= expiresAt) return 'EXPIRED';
    return status;
  }

  /** A change from the buyer or the vendor's page; refused once completed or expired. */
  change(terms: CheckoutTerms, now: Date): void {
    this.assertChangeable(now);
    this.applyTerms(terms);
    this.state.updatedAt = now;
    this.recordEvent('checkout.changed', now, { price: this.state.price.minor, currency: this.state.currency, funnel: this.funnel() });
  }

  /** Refuses a change of a closed checkout (409) or of one whose payment awaits its extra step. */
  assertChangeable(now: Date): void {
    this.assertOpen(now);
    if (this.state.status === 'WAITING_PAYMENT_CONFIRMATION') throw new CheckoutAwaitingConfirmation(this.id);
  }

  /** A visitor's checkout becomes the reader's when they sign in. */
  claimFor(userId: string, now: Date): boolean {
    if (this.state.owner.kind === 'user') return false;
    this.state.owner = { kind: 'user', userId };
    this.state.updatedAt = now;
    this.recordEvent('checkout.claimed', now, { userId });
    return true;
  }

  /**
   * Everything a payment with `provider`/`method` needs, checked at once:
   * open, the method offered, the fields the vendor requires, the address
   * when required, business details, gift recipient and the buyer's country
   * against each item's geo restrictions. Lists every missing field.
   */
  assertPayable(provider: string, method: string, signedIn: boolean, now: Date): void {
    this.assertOpen(now);
    if (this.state.status === 'WAITING_PAYMENT_CONFIRMATION') throw new CheckoutAwaitingConfirmation(this.id);
    if (!isOffered(this.state.availablePaymentMethods, provider, method)) throw new PaymentMethodNotAvailable(provider, method);
    const d = this.state.details;
    const missing: string[] = [];
    const blank = (v: string | null) => v === null || v.trim() === '';
    if (!signedIn && (blank(d.email) || !isEmail(d.email!))) missing.push('email');
    if (d.giftMode) {
      if (blank(d.email) || !isEmail(d.email!)) missing.push('email');
      if (!signedIn && (blank(d.payerEmail) || !isEmail(d.payerEmail!))) missing.push('payerEmail');
    }
    const fs = d.fieldSettings;
    if (fs.name.enabled && fs.name.required && (blank(d.givenName) || blank(d.familyName))) missing.push('givenName', 'familyName');
    if (fs.phone.enabled && fs.phone.required && blank(d.phoneNumber)) missing.push('phoneNumber');
    if (fs.birthdate.enabled && fs.birthdate.required && blank(d.birthDate)) missing.push('birthDate');
    if (d.requireAddress) missing.push(...missingAddress('address', d.address));
    if (d.isBusiness) {
      missing.push(...missingAddress('businessAddress', d.businessAddress));
      if (blank(d.companyName)) missing.push('companyName');
      if (blank(d.vatNumber)) missing.push('vatNumber');
    }
    const unique = [...new Set(missing)];
    if (unique.length > 0) throw new CheckoutIncomplete(unique);
    const country = this.buyerCountry;
    for (const item of this.state.items) {
      if (!allowedIn(item.geoRestrictions, country)) throw new CheckoutGeoRestricted(item.sku, country);
    }
  }

  /** The buyer's country: the one given, else the business or billing address's. */
  get buyerCountry(): string | null {
    const d = this.state.details;
    return d.residenceCountry ?? d.country ?? (d.isBusiness ? d.businessAddress?.country : null) ?? d.address?.country ?? null;
  }

  /** The provider asks for an extra step: the payment waits for it. */
  awaitConfirmation(payment: CheckoutPayment, now: Date): void {
    this.assertOpen(now);
    this.state.status = 'WAITING_PAYMENT_CONFIRMATION';
    this.state.payment = payment;
    this.state.updatedAt = now;
    this.recordEvent('checkout.awaiting_confirmation', now, { provider: payment.provider });
  }

  /** The buyer gave up the extra step (or it failed): back to PENDING, nothing paid. */
  abandonConfirmation(now: Date): void {
    if (this.state.status !== 'WAITING_PAYMENT_CONFIRMATION') throw new NoPaymentToConfirm(this.id);
    this.state.status = 'PENDING';
    this.state.payment = null;
    this.state.updatedAt = now;
  }

  /**
   * Paid: COMPLETED with the contracts it made. The repository stores it
   * with a conditional update, so a second completion of the same checkout
   * (a double submit, a retried callback) never gets this far.
   */
  complete(payment: CheckoutPayment, payer: { id: string; email: string }, contractIds: string[], now: Date, payerCreated = false): void {
    if (this.state.status === 'COMPLETED' || this.state.status === 'EXPIRED') throw new CheckoutClosed(this.id, this.state.status);
    this.state.status = 'COMPLETED';
    this.state.payment = payment;
    this.state.payer = payer;
    this.state.payerCreated = payerCreated;
    this.state.contractIds = contractIds;
    this.state.completedAt = now;
    this.state.updatedAt = now;
    this.recordEvent('checkout.completed', now, {
      contractIds,
      price: this.state.price.minor,
      currency: this.state.currency,
      provider: payment.provider,
      funnel: this.funnel(),
    });
  }

  /** Where the checkout was started from, for the vendor's funnel statistics (checkout-funnel.ts); null when not from a paywall. */
  private funnel() {
    return checkoutFunnelOf(this.state.details.attribution, this.state.items, this.state.createdAt);
  }

  /** Marks a checkout past its lifetime EXPIRED (the stored status catches up with `statusAt`). */
  expire(now: Date): boolean {
    if (this.statusAt(now) !== 'EXPIRED' || this.state.status === 'EXPIRED') return false;
    this.state.status = 'EXPIRED';
    this.state.updatedAt = now;
    this.recordEvent('checkout.expired', now);
    return true;
  }

  private assertOpen(now: Date): void {
    const status = this.statusAt(now);
    if (status === 'COMPLETED' || status === 'EXPIRED') throw new CheckoutClosed(this.id, status);
  }

  private applyTerms(terms: CheckoutTerms): void {
    if (terms.items.length === 0) throw new BadCheckout('NO_ITEMS', 'a checkout needs at least one item');
    if (terms.items.length > MAX_CHECKOUT_ITEMS) {
      throw new BadCheckout('TOO_MANY_ITEMS', `a checkout holds at most ${MAX_CHECKOUT_ITEMS} items`);
    }
    const currency = terms.items[0].unitPrice.currency;
    if (terms.items.some((i) => i.unitPrice.currency !== currency)) {
      throw new BadCheckout('MIXED_CURRENCIES', 'every item of a checkout must be sold in one currency');
    }
    const skus = terms.items.map((i) => i.sku);
    if (new Set(skus).size !== skus.length) throw new BadCheckout('DUPLICATE_ITEM', 'each product may appear once');
    checkDetails(terms.details);
    const full = terms.items.reduce((sum, i) => sum + i.unitPrice.minor, 0);
    const discount = Math.min(full, Math.max(0, terms.discountMinor));
    this.state.items = [...terms.items];
    this.state.details = terms.details;
    this.state.currency = currency;
    this.state.type = terms.items.some((i) => i.recurring !== null) ? 'RECURRING' : 'SINGLE';
    this.state.requestedDiscountCodes = [...terms.requestedDiscountCodes];
    this.state.appliedDiscountCodes = [...terms.appliedDiscountCodes];
    this.state.discountMinor = discount;
    this.state.price = { minor: full - discount, currency };
    this.state.itemsOwned = [...terms.itemsOwned];
    this.state.availablePaymentMethods = terms.availablePaymentMethods;
  }
}
