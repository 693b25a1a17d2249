import { ConflictError, InvalidError, NotFoundError, UnavailableError } from '../shared';

// Every refusal of the checkout module has its own class and a stable code.

export class CheckoutNotFound extends NotFoundError {
  constructor(checkoutId: string) {
    super('CHECKOUT.NOT_FOUND', `no checkout ${checkoutId}`, { checkoutId });
  }
}

/** A COMPLETED or EXPIRED checkout can no longer be changed or paid. */
export class CheckoutClosed extends ConflictError {
  constructor(checkoutId: string, status: string) {
    super('CHECKOUT.CLOSED', `checkout ${checkoutId} is ${status} and can no longer be changed`, { checkoutId, status });
  }
}

/** A payment is already waiting for its confirmation step; it must be confirmed or abandoned first. */
export class CheckoutAwaitingConfirmation extends ConflictError {
  constructor(checkoutId: string) {
    super('CHECKOUT.AWAITING_CONFIRMATION', `checkout ${checkoutId} has a payment waiting for its confirmation step`, {
      checkoutId,
    });
  }
}

export class BadCheckout extends InvalidError {
  constructor(code: string, message: string, details: Record<string, unknown> = {}) {
    super(`CHECKOUT.${code}`, message, details);
  }
}

/** An item names no product of the vendor, or a purchase option not of that product. */
export class CheckoutItemNotFound extends InvalidError {
  constructor(index: number, what: string) {
    super('CHECKOUT.ITEM_NOT_FOUND', `items[${index}]: ${what}`, { index });
  }
}

/** A price (or currency) in the request differs from the vendor's price list. */
export class CheckoutPriceMismatch extends InvalidError {
  constructor(field: string, requested: unknown, actual: unknown) {
    super('CHECKOUT.PRICE_MISMATCH', `${field} is ${String(requested)} but the vendor's price is ${String(actual)}`, {
      field,
      requested,
      actual,
    });
  }
}

/** Fields the payment needs and the checkout lacks (requireAddress, fieldSettings, e-mail, business details). */
export class CheckoutIncomplete extends InvalidError {
  constructor(readonly missing: string[]) {
    super('CHECKOUT.INCOMPLETE', `fill in: ${missing.join(', ')}`, { missing });
  }
}

export class CheckoutGeoRestricted extends InvalidError {
  constructor(sku: string, country: string | null) {
    super('CHECKOUT.GEO_RESTRICTED', `${sku} cannot be bought from ${country ?? 'an unknown country'}`, { sku, country });
  }
}

export class PaymentMethodNotAvailable extends InvalidError {
  constructor(provider: string, method: string) {
    super('CHECKOUT.PAYMENT_METHOD_UNAVAILABLE', `payment method ${provider}/${method} is not available for this checkout`, {
      provider,
      method,
    });
  }
}

/** The provider declined the payment; nothing was made. */
export class PaymentDeclined extends InvalidError {
  constructor(reason: string) {
    super('CHECKOUT.PAYMENT_DECLINED', reason, {});
  }
}

export class PaymentProviderUnavailable extends UnavailableError {
  constructor(provider: string) {
    super('CHECKOUT.PROVIDER_UNAVAILABLE', `the payment provider ${provider} could not be reached`, { provider });
  }
}

export class NoPaymentToConfirm extends ConflictError {
  constructor(checkoutId: string) {
    super('CHECKOUT.NOTHING_TO_CONFIRM', `checkout ${checkoutId} has no payment waiting for confirmation`, { checkoutId });
  }
}
