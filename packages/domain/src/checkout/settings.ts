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
  readonly termsUrl: string | null;
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
  if (next.termsUrl !== null && !/^https?:\/\//i.test(next.termsUrl)) {
    throw new BadCheckout('BAD_SETTINGS', 'termsUrl must be an http(s) address', { field: 'termsUrl' });
  }
  return next;
}
