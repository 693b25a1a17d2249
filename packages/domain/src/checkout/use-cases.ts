import { Product } from '../catalog';
import { Contract } from '../contracts/contract';
import { discountApplicability, normalizeDiscountCode } from '../contracts/discount-code';
import { discountOff } from '../contracts/pricing';
import { Clock, fromMajor, IdGenerator, Money } from '../shared';
import {
  AppliedDiscountCode,
  Checkout,
  CheckoutAddress,
  CheckoutDetails,
  CheckoutItem,
  CheckoutOwner,
  CheckoutPayment,
  CheckoutTerms,
  DEFAULT_FIELD_SETTINGS,
  FieldSettings,
  GeoRestrictions,
  OwnedItem,
} from './checkout';
import {
  BadCheckout,
  CheckoutItemNotFound,
  CheckoutNotFound,
  CheckoutPriceMismatch,
  NoPaymentToConfirm,
  PaymentDeclined,
  PaymentMethodNotAvailable,
} from './errors';
import { assertResidenceSettled } from './residence';
import { availablePaymentMethods, CARD } from './payment-methods';
import {
  CheckoutDiscountCodes,
  CheckoutProducts,
  CheckoutPurchaseOptions,
  CheckoutRepository,
  CheckoutSale,
  CheckoutSettingsRepository,
  OwnedProducts,
  PaymentInput,
  PaymentProviders,
} from './ports';
import { changeCheckoutSettings, CheckoutSettings, defaultCheckoutSettings } from './settings';
import { assertHomeAddress, ReturnAddresses } from './return-addresses';

export interface CheckoutItemRequest {
  sku?: string;
  url?: string;
  purchaseOptionId?: string;
  /** Major units; checked against the price list, never trusted. */
  price?: number;
  currency?: string;
  geoRestrictions?: { countries: readonly string[]; type: string };
}

/** The checkout request of interface 2.8, as the edge validated its shape. Absent fields are left as they are. */
export interface CheckoutRequest {
  items?: CheckoutItemRequest[];
  address?: Partial<CheckoutAddress> | null;
  businessAddress?: Partial<CheckoutAddress> | null;
  email?: string | null;
  givenName?: string | null;
  familyName?: string | null;
  birthDate?: string | null;
  phoneNumber?: string | null;
  country?: string | null;
  /** The buyer's confirmed country of residence (residence.ts). */
  residenceCountry?: string | null;
  referralEmail?: string | null;
  language?: string | null;
  redirectUrl?: string | null;
  currency?: string;
  anonymousUserId?: string | null;
  companyName?: string | null;
  vatNumber?: string | null;
  isBusiness?: boolean;
  giftMode?: boolean;
  requireAddress?: boolean;
  price?: number;
  attribution?: Record<string, string>;
  paymentData?: { provider: string; method: string } | null;
  paymentMethodsFilter?: { provider: string; methods: string[] }[] | null;
  fieldSettings?: {
    name?: Partial<{ enabled: boolean; required: boolean }>;
    phone?: Partial<{ enabled: boolean; required: boolean }>;
    birthdate?: Partial<{ enabled: boolean; required: boolean }>;
    referral?: Partial<{ enabled: boolean }>;
  };
  metadata?: Record<string, string>;
  requestedDiscountCodes?: string[];
  payerEmail?: string | null;
}

const EMPTY_DETAILS: CheckoutDetails = {
  email: null,
  givenName: null,
  familyName: null,
  birthDate: null,
  phoneNumber: null,
  country: null,
  referralEmail: null,
  language: null,
  redirectUrl: null,
  anonymousUserId: null,
  payerEmail: null,
  address: null,
  businessAddress: null,
  companyName: null,
  vatNumber: null,
  isBusiness: false,
  giftMode: false,
  requireAddress: false,
  attribution: {},
  metadata: {},
  fieldSettings: DEFAULT_FIELD_SETTINGS,
  paymentData: null,
  paymentMethodsFilter: null,
};

const ADDRESS_FIELDS = ['country', 'zip', 'city', 'street', 'co', 'lastName', 'firstName'] as const;

function address(value: Partial<CheckoutAddress> | null | undefined, current: CheckoutAddress | null): CheckoutAddress | null {
  if (value === undefined) return current;
  if (value === null) return null;
  const fields = Object.fromEntries(ADDRESS_FIELDS.map((k) => [k, value[k]?.trim() || null])) as Record<string, string | null>;
  if (fields.country) fields.country = fields.country.toUpperCase();
  return fields as unknown as CheckoutAddress;
}

function fieldSettings(value: CheckoutRequest['fieldSettings'], current: FieldSettings): FieldSettings {
  if (!value) return current;
  const one = (v: Partial<{ enabled: boolean; required: boolean }> | undefined, c: { enabled: boolean; required: boolean }) => {
    const enabled = v?.enabled ?? c.enabled;
    return { enabled, required: enabled && (v?.required ?? c.required) };
  };
  return {
    name: one(value.name, current.name),
    phone: one(value.phone, current.phone),
    birthdate: one(value.birthdate, current.birthdate),
    referral: { enabled: value.referral?.enabled ?? current.referral.enabled },
  };
}

/** The request laid over the current details: fields present replace, absent ones stay. */
export function mergeDetails(current: CheckoutDetails, r: CheckoutRequest): CheckoutDetails {
  const pick = <K extends keyof CheckoutDetails>(key: K, value: CheckoutDetails[K] | undefined): CheckoutDetails[K] =>
    value === undefined ? current[key] : value;
  const text = (v: string | null | undefined) => (v === undefined ? undefined : v === null || v.trim() === '' ? null : v.trim());
  return {
    email: pick('email', text(r.email)),
    givenName: pick('givenName', text(r.givenName)),
    familyName: pick('familyName', text(r.familyName)),
    birthDate: pick('birthDate', text(r.birthDate)),
    phoneNumber: pick('phoneNumber', text(r.phoneNumber)),
    country: pick('country', text(r.country)?.toUpperCase()),
    residenceCountry: pick('residenceCountry', text(r.residenceCountry)?.toUpperCase()) ?? null,
    referralEmail: pick('referralEmail', text(r.referralEmail)),
    language: pick('language', text(r.language)),
    redirectUrl: pick('redirectUrl', text(r.redirectUrl)),
    anonymousUserId: pick('anonymousUserId', text(r.anonymousUserId)),
    payerEmail: pick('payerEmail', text(r.payerEmail)),
    companyName: pick('companyName', text(r.companyName)),
    vatNumber: pick('vatNumber', text(r.vatNumber)),
    address: address(r.address, current.address),
    businessAddress: address(r.businessAddress, current.businessAddress),
    isBusiness: pick('isBusiness', r.isBusiness),
    giftMode: pick('giftMode', r.giftMode),
    requireAddress: pick('requireAddress', r.requireAddress),
    attribution: pick('attribution', r.attribution ? { ...r.attribution } : undefined),
    metadata: pick('metadata', r.metadata ? { ...r.metadata } : undefined),
    fieldSettings: fieldSettings(r.fieldSettings, current.fieldSettings),
    paymentData: pick('paymentData', r.paymentData === undefined ? undefined : r.paymentData ? { ...r.paymentData } : null),
    paymentMethodsFilter: pick(
      'paymentMethodsFilter',
      r.paymentMethodsFilter === undefined
        ? undefined
        : r.paymentMethodsFilter
          ? r.paymentMethodsFilter.map((f) => ({ provider: f.provider, methods: [...f.methods] }))
          : null,
    ),
  };
}

/** Everything pricing a checkout needs, shared by create and change. */
export class CheckoutPricing {
  constructor(
    private readonly products: CheckoutProducts,
    private readonly options: CheckoutPurchaseOptions,
    private readonly discountCodes: CheckoutDiscountCodes,
    private readonly owned: OwnedProducts,
    private readonly settings: CheckoutSettingsRepository,
    private readonly cardProvider: () => string,
  ) {}

  async settingsOf(vendorId: string): Promise<CheckoutSettings> {
    return (await this.settings.find(vendorId)) ?? defaultCheckoutSettings(vendorId);
  }

  async terms(input: {
    vendorId: string;
    owner: CheckoutOwner;
    request: CheckoutRequest;
    current: Checkout | null;
    settings: CheckoutSettings;
    now: Date;
  }): Promise<CheckoutTerms> {
    const { vendorId, request, current, settings, now } = input;
    const details = mergeDetails(current?.details ?? EMPTY_DETAILS, request);
    if (details.giftMode && !settings.giftEnabled) throw new BadCheckout('GIFT_DISABLED', 'the vendor does not sell gifts');
    if (details.isBusiness && !settings.businessEnabled) {
      throw new BadCheckout('BUSINESS_DISABLED', 'the vendor does not sell to businesses here');
    }
    const items = request.items
      ? await Promise.all(request.items.map((item, index) => this.resolveItem(vendorId, item, index)))
      : current
        ? await this.refreshItems(vendorId, current.items)
        : [];
    if (items.length === 0) throw new BadCheckout('NO_ITEMS', 'a checkout needs at least one item');
    const currency = items[0].unitPrice.currency;
    if (request.currency !== undefined && request.currency !== currency) {
      throw new CheckoutPriceMismatch('currency', request.currency, currency);
    }
    const requested = request.requestedDiscountCodes ?? current?.toSnapshot().requestedDiscountCodes ?? [];
    const { applied, discountMinor } = await this.discounts(vendorId, items, requested, now);
    if (request.price !== undefined) {
      const full = items.reduce((sum, i) => sum + i.unitPrice.minor, 0);
      const asked = minorOf(request.price, currency, 'price');
      if (asked !== full - discountMinor) throw new CheckoutPriceMismatch('price', request.price, (full - discountMinor) / 100);
    }
    const itemsOwned: OwnedItem[] = [];
    if (input.owner.kind === 'user') {
      for (const item of items) {
        if (await this.owned.owns(vendorId, input.owner.userId, item.sku)) {
          itemsOwned.push({ sku: item.sku, purchaseOptionId: item.purchaseOptionId, title: item.title });
        }
      }
    }
    const methods = availablePaymentMethods({
      cardProvider: this.cardProvider(),
      vendorAllowed: settings.allowedMethods,
      invoiceForBusiness: settings.invoiceForBusiness,
      isBusiness: details.isBusiness,
      filter: details.paymentMethodsFilter,
    });
    return {
      items,
      details,
      requestedDiscountCodes: requested,
      appliedDiscountCodes: applied,
      discountMinor,
      itemsOwned,
      availablePaymentMethods: methods,
    };
  }

  private async resolveItem(vendorId: string, request: CheckoutItemRequest, index: number): Promise<CheckoutItem> {
    let product: Product | null = null;
    if (request.sku) {
      product = await this.products.find(vendorId, request.sku);
      if (!product) throw new CheckoutItemNotFound(index, `no product ${request.sku}`);
    } else if (request.url) {
      product = await this.productByUrl(vendorId, request.url);
      if (!product) throw new CheckoutItemNotFound(index, `no product is sold for ${request.url}`);
    } else {
      throw new BadCheckout('BAD_ITEM', `items[${index}] needs a sku or a url`, { index });
    }
    const option = request.purchaseOptionId
      ? await this.options.find(vendorId, request.purchaseOptionId)
      : ((await this.options.listForProduct(vendorId, product.sku)).sort((a, b) => a.id.localeCompare(b.id))[0] ?? null);
    if (!option || option.sku !== product.sku) {
      throw new CheckoutItemNotFound(index, `no purchase option ${request.purchaseOptionId ?? ''} of ${product.sku}`);
    }
    if (request.currency !== undefined && request.currency !== option.price.currency) {
      throw new CheckoutPriceMismatch(`items[${index}].currency`, request.currency, option.price.currency);
    }
    if (request.price !== undefined && minorOf(request.price, option.price.currency, `items[${index}].price`) !== option.price.minor) {
      throw new CheckoutPriceMismatch(`items[${index}].price`, request.price, option.price.minor / 100);
    }
    return {
      sku: product.sku,
      url: request.url ?? null,
      purchaseOptionId: option.id,
      purchaseOptionName: option.name,
      title: product.title,
      productType: product.productType,
      unitPrice: option.price,
      taxIncluded: option.taxIncluded,
      recurring: option.recurring ? { interval: option.recurring.interval, time: option.recurring.time } : null,
      geoRestrictions: geo(request.geoRestrictions, index),
    };
  }

  /** Items kept on a change: prices read again from the price list. */
  private async refreshItems(vendorId: string, items: readonly CheckoutItem[]): Promise<CheckoutItem[]> {
    return Promise.all(
      items.map((item, index) =>
        this.resolveItem(
          vendorId,
          { sku: item.sku, purchaseOptionId: item.purchaseOptionId, geoRestrictions: item.geoRestrictions ?? undefined },
          index,
        ).then((resolved) => ({ ...resolved, url: item.url })),
      ),
    );
  }

  /** The product whose content a url is: its publisherContentId is the url or the url's last path segment. */
  private async productByUrl(vendorId: string, url: string): Promise<Product | null> {
    let segment = url;
    try {
      segment = new URL(url).pathname.split('/').filter(Boolean).pop() ?? url;
    } catch {
      // not an absolute url: match it as it is
    }
    const products = await this.products.list(vendorId);
    return (
      products.find((p) => p.publisherContentId === url) ?? products.find((p) => p.publisherContentId === segment) ?? null
    );
  }

  /**
   * One discount per checkout, as per contract: the first applicable code
   * applies to every item it is for; the others are UNAPPLICABLE. Codes
   * are redeemed only when the sale is made.
   */
  private async discounts(vendorId: string, items: readonly CheckoutItem[], requested: readonly string[], now: Date) {
    const applied: AppliedDiscountCode[] = [];
    let discountMinor = 0;
    let done = false;
    const codes = [...new Set(requested.map(normalizeDiscountCode))].filter((c) => c !== '');
    for (const requestedCode of codes) {
      const code = await this.discountCodes.find(vendorId, requestedCode);
      const entry = (status: 'APPLIED' | 'UNAPPLICABLE'): AppliedDiscountCode => ({
        id: code?.id ?? null,
        code: code?.code ?? requestedCode,
        name: code?.name ?? requestedCode,
        description: code?.description ?? '',
        status,
      });
      const fits = items.filter(
        (item) =>
          discountApplicability(code, { purchaseOptionId: item.purchaseOptionId, currency: item.unitPrice.currency }, now)
            .applicable,
      );
      if (done || !code || fits.length === 0) {
        applied.push(entry('UNAPPLICABLE'));
        continue;
      }
      done = true;
      discountMinor = fits.reduce((sum, item) => sum + discountOff(item.unitPrice, code.value).minor, 0);
      applied.push(entry('APPLIED'));
    }
    return { applied, discountMinor };
  }
}

function minorOf(major: number, currency: string, field: string): number {
  try {
    return fromMajor(major, currency).minor;
  } catch {
    throw new BadCheckout('BAD_FIELD', `${field} is not an amount of ${currency}`, { field });
  }
}

function geo(value: CheckoutItemRequest['geoRestrictions'], index: number): GeoRestrictions | null {
  if (!value) return null;
  const type = value.type?.toUpperCase();
  if (type !== 'ALLOW' && type !== 'BLOCK') {
    throw new BadCheckout('BAD_FIELD', `items[${index}].geoRestrictions.type must be ALLOW or BLOCK`, {
      field: `items[${index}].geoRestrictions.type`,
    });
  }
  const countries = value.countries.map((c) => c.toUpperCase());
  if (countries.some((c) => !/^[A-Z]{2}$/.test(c))) {
    throw new BadCheckout('BAD_FIELD', `items[${index}].geoRestrictions.countries must be two-letter codes`, {
      field: `items[${index}].geoRestrictions.countries`,
    });
  }
  return { type, countries };
}

/** Who may see a checkout: its owner. Another reader's, visitor's or vendor's checkout is not found. */
function assertOwner(checkout: Checkout | null, owner: CheckoutOwner | null, checkoutId: string): Checkout {
  if (!checkout) throw new CheckoutNotFound(checkoutId);
  if (owner === null) return checkout;
  const o = checkout.owner;
  const same =
    (o.kind === 'user' && owner.kind === 'user' && o.userId === owner.userId) ||
    (o.kind === 'visitor' && owner.kind === 'visitor' && o.visitorId === owner.visitorId);
  if (!same) throw new CheckoutNotFound(checkoutId);
  return checkout;
}

export class CreateCheckout {
  constructor(
    private readonly checkouts: Pick<CheckoutRepository, 'add'>,
    private readonly pricing: CheckoutPricing,
    private readonly ids: IdGenerator,
    private readonly clock: Clock,
    /** The vendor's sites, the only places `redirectUrl` may lead; null accepts any http(s) address (the in-memory kit). */
    private readonly homes: ReturnAddresses | null = null,
  ) {}

  async execute(command: { vendorId: string; owner: CheckoutOwner; request: CheckoutRequest }): Promise<Checkout> {
    const now = this.clock.now();
    await assertHomeAddress(this.homes, command.vendorId, command.request.redirectUrl);
    const settings = await this.pricing.settingsOf(command.vendorId);
    const request =
      command.owner.kind === 'visitor' && command.request.anonymousUserId === undefined
        ? { ...command.request, anonymousUserId: command.owner.visitorId }
        : command.request;
    const terms = await this.pricing.terms({ ...command, request, current: null, settings, now });
    const checkout = Checkout.create(
      { id: this.ids.next(), vendorId: command.vendorId, owner: command.owner, lifetimeHours: settings.lifetimeHours, ...terms },
      now,
    );
    await this.checkouts.add(checkout);
    return checkout;
  }
}

export class GetCheckout {
  constructor(private readonly checkouts: Pick<CheckoutRepository, 'find'>) {}

  /** `owner` null: the hosted page, which holds the checkout's own link. */
  async execute(query: { vendorId: string; checkoutId: string; owner: CheckoutOwner | null }): Promise<Checkout> {
    return assertOwner(await this.checkouts.find(query.vendorId, query.checkoutId), query.owner, query.checkoutId);
  }
}

export class UpdateCheckout {
  constructor(
    private readonly checkouts: Pick<CheckoutRepository, 'find' | 'update'>,
    private readonly pricing: CheckoutPricing,
    private readonly clock: Clock,
    private readonly homes: ReturnAddresses | null = null,
  ) {}

  async execute(command: { vendorId: string; checkoutId: string; owner: CheckoutOwner | null; request: CheckoutRequest }): Promise<Checkout> {
    const now = this.clock.now();
    await assertHomeAddress(this.homes, command.vendorId, command.request.redirectUrl);
    assertOwner(await this.checkouts.find(command.vendorId, command.checkoutId), command.owner, command.checkoutId);
    const settings = await this.pricing.settingsOf(command.vendorId);
    return this.checkouts.update(command.vendorId, command.checkoutId, async (checkout) => {
      // Refuse a closed checkout before pricing, so a change of it answers 409 whatever it holds.
      checkout.assertChangeable(now);
      const terms = await this.pricing.terms({
        vendorId: command.vendorId,
        owner: checkout.owner,
        request: command.request,
        current: checkout,
        settings,
        now,
      });
      checkout.change(terms, now);
      return checkout;
    });
  }
}

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

/** A visitor's open checkouts become the reader's when they sign in (or give their e-mail and sign in later). */
export class ClaimVisitorCheckouts {
  constructor(
    private readonly checkouts: Pick<CheckoutRepository, 'listOpenOfVisitor' | 'update'>,
    private readonly clock: Clock,
  ) {}

  async execute(command: { vendorId: string; visitorId: string; userId: string }): Promise<string[]> {
    const now = this.clock.now();
    const claimed: string[] = [];
    for (const id of await this.checkouts.listOpenOfVisitor(command.vendorId, command.visitorId)) {
      const changed = await this.checkouts.update(command.vendorId, id, (c) => c.claimFor(command.userId, now));
      if (changed) claimed.push(id);
    }
    return claimed;
  }
}

export class GetCheckoutSettings {
  constructor(private readonly pricing: CheckoutPricing) {}
  execute(vendorId: string): Promise<CheckoutSettings> {
    return this.pricing.settingsOf(vendorId);
  }
}

export class ChangeCheckoutSettings {
  constructor(
    private readonly settings: CheckoutSettingsRepository,
    private readonly pricing: CheckoutPricing,
  ) {}

  async execute(command: { vendorId: string; change: Partial<Omit<CheckoutSettings, 'vendorId'>> }): Promise<CheckoutSettings> {
    const next = changeCheckoutSettings(await this.pricing.settingsOf(command.vendorId), command.change);
    await this.settings.save(next);
    return next;
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
    private readonly payments: { payBill(vendorId: string, billId: string): Promise<void> },
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
      await this.payments.payBill(command.vendorId, bill.id);
    }
    return 'PAID';
  }
}

export { SendGiftNotice } from './gift-notice';
