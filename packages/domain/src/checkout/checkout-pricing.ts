import { Product } from '../catalog';
import { discountApplicability, normalizeDiscountCode } from '../contracts/discount-code';
import { discountOff } from '../contracts/pricing';
import { fromMajor } from '../shared';
import { AppliedDiscountCode, Checkout, CheckoutItem, CheckoutOwner, CheckoutTerms, GeoRestrictions, OwnedItem } from './checkout';
import { BadCheckout, CheckoutItemNotFound, CheckoutPriceMismatch } from './errors';
import { availablePaymentMethods } from './payment-methods';
import { CheckoutDiscountCodes, CheckoutProducts, CheckoutPurchaseOptions, CheckoutSettingsRepository, OwnedProducts } from './ports';
import { CheckoutSettings, defaultCheckoutSettings } from './settings';
import { CheckoutItemRequest, CheckoutRequest, EMPTY_DETAILS, mergeDetails } from './checkout-request';

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
