import { toMajor } from '@kiosk/domain';
import { Checkout, CheckoutSettings } from '@kiosk/domain/checkout';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { CheckoutSettingsView, CheckoutView } from './checkout.dto';

/**
 * The hosted page's links carry a token of their own (an HMAC of vendor and
 * checkout id under a key derived from SECRETS_KEY): whoever holds
 * `checkoutUrl` may fill in and pay that one checkout, nothing else.
 */
export class CheckoutLinks {
  private readonly key: Buffer;

  constructor(
    secretsKey: Buffer,
    private readonly baseUrl: string,
  ) {
    this.key = createHmac('sha256', secretsKey).update('kiosk checkout page links').digest();
  }

  /** The page's token; `purpose` `gift` makes the recipient's, which opens only the gift's page. */
  token(vendorId: string, checkoutId: string, purpose: 'checkout' | 'gift' = 'checkout'): string {
    const text = purpose === 'checkout' ? `${vendorId}\n${checkoutId}` : `${purpose}\n${vendorId}\n${checkoutId}`;
    return createHmac('sha256', this.key).update(text).digest('base64url').slice(0, 32);
  }

  verify(vendorId: string, checkoutId: string, token: unknown, purpose: 'checkout' | 'gift' = 'checkout'): boolean {
    if (typeof token !== 'string' || token.length !== 32) return false;
    const expected = Buffer.from(this.token(vendorId, checkoutId, purpose));
    return timingSafeEqual(expected, Buffer.from(token));
  }

  /** The gift's page (the recipient's redeem link). */
  giftUrl(vendorId: string, checkoutId: string): string {
    return `${this.baseUrl}/checkout/${encodeURIComponent(vendorId)}/${encodeURIComponent(checkoutId)}/gift?t=${this.token(vendorId, checkoutId, 'gift')}`;
  }

  /** Path of a page of the checkout (`''`, `/pay`, `/confirm`, `/receipt`), with its token. */
  path(vendorId: string, checkoutId: string, page = ''): string {
    return `/checkout/${encodeURIComponent(vendorId)}/${encodeURIComponent(checkoutId)}${page}?t=${this.token(vendorId, checkoutId)}`;
  }

  url(vendorId: string, checkoutId: string): string {
    return `${this.baseUrl}${this.path(vendorId, checkoutId)}`;
  }
}

/** A checkout in the shape of interface 2.8; absent values are null. */
export function checkoutView(checkout: Checkout, now: Date, links: CheckoutLinks, tax: CheckoutView['tax'] = null): CheckoutView {
  const s = checkout.toSnapshot();
  const d = s.details;
  return {
    id: s.id,
    checkoutUrl: links.url(s.vendorId, s.id),
    status: checkout.statusAt(now),
    type: s.type,
    items: s.items.map((i) => ({
      sku: i.sku,
      url: i.url,
      purchaseOptionId: i.purchaseOptionId,
      price: toMajor(i.unitPrice),
      currency: i.unitPrice.currency,
      geoRestrictions: i.geoRestrictions ? { type: i.geoRestrictions.type, countries: [...i.geoRestrictions.countries] } : null,
    })),
    address: d.address ? { ...d.address } as CheckoutView['address'] : null,
    businessAddress: d.businessAddress ? { ...d.businessAddress } as CheckoutView['businessAddress'] : null,
    email: d.email,
    givenName: d.givenName,
    familyName: d.familyName,
    birthDate: d.birthDate,
    phoneNumber: d.phoneNumber,
    country: d.country,
    referralEmail: d.referralEmail,
    language: d.language,
    redirectUrl: d.redirectUrl,
    currency: s.currency,
    anonymousUserId: d.anonymousUserId,
    companyName: d.companyName,
    vatNumber: d.vatNumber,
    isBusiness: d.isBusiness,
    giftMode: d.giftMode,
    requireAddress: d.requireAddress,
    price: toMajor(s.price),
    tax,
    attribution: { ...d.attribution },
    paymentData: d.paymentData ? { ...d.paymentData } : null,
    paymentMethodsFilter: d.paymentMethodsFilter ? d.paymentMethodsFilter.map((m) => ({ provider: m.provider, methods: [...m.methods] })) : null,
    fieldSettings: structuredClone(d.fieldSettings) as CheckoutView['fieldSettings'],
    metadata: { ...d.metadata },
    itemsOwned: s.itemsOwned.map((o) => ({ ...o })),
    appliedDiscountCodes: s.appliedDiscountCodes.map((a) => ({ name: a.name, id: a.id, code: a.code, description: a.description, status: a.status })),
    availablePaymentMethods: s.availablePaymentMethods.map((m) => ({ provider: m.provider, methods: [...m.methods] })),
    payer: s.payer ? { ...s.payer } : null,
    createdAt: s.createdAt.toISOString(),
    updatedAt: s.updatedAt.toISOString(),
    expiresAt: s.expiresAt.toISOString(),
    contractIds: [...s.contractIds],
  };
}

export const checkoutSettingsView = (s: CheckoutSettings): CheckoutSettingsView => ({
  allowedMethods: s.allowedMethods ? s.allowedMethods.map((m) => ({ provider: m.provider, methods: [...m.methods] })) : null,
  lifetimeHours: s.lifetimeHours,
  businessEnabled: s.businessEnabled,
  giftEnabled: s.giftEnabled,
  invoiceForBusiness: s.invoiceForBusiness,
  termsUrl: s.termsUrl,
  privacyUrl: s.privacyUrl,
  defaultLanguage: s.defaultLanguage,
  color: s.color,
});
