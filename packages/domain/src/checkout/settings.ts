import { isServiceLanguage, SERVICE_LANGUAGES, ServiceLanguage } from '../shared/language';
import { BadCheckout } from './errors';
import { PaymentMethods } from './payment-methods';

/** A vendor's checkout settings (management routes); defaults when the vendor set none. */
export interface CheckoutSettings {
  readonly vendorId: string;
  /** Methods the vendor allows; null allows every method the service offers. */
  readonly allowedMethods: PaymentMethods | null;
  readonly lifetimeHours: number;
  readonly businessEnabled: boolean;
  readonly giftEnabled: boolean;
  /** Business buyers may pay by invoice. */
  readonly invoiceForBusiness: boolean;
  /** The vendor's terms of purchase and privacy notice: https addresses (any host), linked from the checkout and its receipt. */
  readonly termsUrl: string | null;
  readonly privacyUrl: string | null;
  /**
   * The language readers get when nothing they send says which (no
   * `ui_locales`, page language or Accept-Language the service speaks):
   * `en`, `sv`, or null for English.
   */
  readonly defaultLanguage: ServiceLanguage | null;
  /** The colour of the hosted page, `#rrggbb`. */
  readonly color: string;
}

export const defaultCheckoutSettings = (vendorId: string): CheckoutSettings => ({
  vendorId,
  allowedMethods: null,
  lifetimeHours: 24,
  businessEnabled: true,
  giftEnabled: true,
  invoiceForBusiness: false,
  termsUrl: null,
  privacyUrl: null,
  defaultLanguage: null,
  color: '#1d4ed8',
});

export function changeCheckoutSettings(current: CheckoutSettings, change: Partial<Omit<CheckoutSettings, 'vendorId'>>): CheckoutSettings {
  const next = { ...current, ...Object.fromEntries(Object.entries(change).filter(([, v]) => v !== undefined)) } as CheckoutSettings;
  if (!Number.isInteger(next.lifetimeHours) || next.lifetimeHours < 1 || next.lifetimeHours > 24 * 30) {
    throw new BadCheckout('BAD_SETTINGS', 'lifetimeHours must be a whole number from 1 to 720', { field: 'lifetimeHours' });
  }
  if (!/^#[0-9a-fA-F]{6}$/.test(next.color)) {
    throw new BadCheckout('BAD_SETTINGS', 'color must be #rrggbb', { field: 'color' });
  }
  for (const field of ['termsUrl', 'privacyUrl'] as const) {
    if (next[field] !== null && !isHttpsAddress(next[field])) {
      throw new BadCheckout('BAD_SETTINGS', `${field} must be an https address`, { field });
    }
  }
  if (next.defaultLanguage !== null && !isServiceLanguage(next.defaultLanguage)) {
    throw new BadCheckout('BAD_SETTINGS', `defaultLanguage must be one of ${SERVICE_LANGUAGES.join(', ')} or null`, { field: 'defaultLanguage' });
  }
  return next;
}

/**
 * A terms or privacy address: https, a host, no credentials, at most 2048
 * characters. Any host is allowed (publishers often keep their legal pages
 * on another domain than the site a reader buys from); plain http is not,
 * as the checkout itself is served over https.
 */
export function isHttpsAddress(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048 || !/^https:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' && url.hostname !== '' && url.username === '' && url.password === '';
  } catch {
    return false;
  }
}

/** Settings stored before a field existed get its default. */
export const withSettingDefaults = (stored: Partial<CheckoutSettings> & { vendorId: string }): CheckoutSettings => ({ ...defaultCheckoutSettings(stored.vendorId), ...stored });
