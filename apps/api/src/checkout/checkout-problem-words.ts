import { DomainError } from '@kiosk/domain';
import { CheckoutMessageKey, checkoutPlainText } from './checkout-messages';

/**
 * What the hosted checkout form says when the domain refuses a payment, a
 * discount code or a change: a sentence of the page's catalogue chosen by
 * the problem's stable `code` (and, for a declined card, the embedded
 * processor's reason), never the domain's English detail. Plain text: the
 * page escapes it.
 */
const BY_CODE: Readonly<Record<string, CheckoutMessageKey>> = {
  'CHECKOUT.PAYMENT_METHOD_UNAVAILABLE': 'error.methodUnavailable',
  'CHECKOUT.PROVIDER_UNAVAILABLE': 'error.providerUnavailable',
  'CHECKOUT.GEO_RESTRICTED': 'error.geo',
  'CHECKOUT.GIFT_DISABLED': 'error.giftDisabled',
  'CHECKOUT.BUSINESS_DISABLED': 'error.businessDisabled',
  'CHECKOUT.CLOSED': 'error.closed',
  'CHECKOUT.AWAITING_CONFIRMATION': 'error.awaiting',
  'CHECKOUT.NOTHING_TO_CONFIRM': 'error.closed',
  'DISCOUNT_CODE.INVALID': 'error.discountCode',
};

/** The embedded processor's reasons (checkout/payment-providers.ts) as sentences; any other decline says it generally. */
const DECLINES: readonly [RegExp, CheckoutMessageKey][] = [
  [/card number is not valid/i, 'error.cardNumber'],
  [/expiry date/i, 'error.expiry'],
  [/security code/i, 'error.cvc'],
  [/test card/i, 'error.testCard'],
  [/not confirmed|abandoned/i, 'error.notConfirmed'],
  [/declined/i, 'error.declined'],
];

function badField(field: string): CheckoutMessageKey {
  if (/(^|\.)(email|payerEmail|referralEmail)$/.test(field)) return 'error.email';
  if (/(^|\.)country$/.test(field)) return 'error.country';
  if (field === 'birthDate') return 'error.birthDate';
  return 'error.field';
}

export function problemInWords(error: DomainError, lang: string | null | undefined): string {
  const t = checkoutPlainText(lang);
  if (error.code === 'CHECKOUT.PAYMENT_DECLINED') {
    const reason = error.message;
    return t(DECLINES.find(([pattern]) => pattern.test(reason))?.[1] ?? 'error.paymentFailed');
  }
  if (error.code === 'CHECKOUT.BAD_FIELD' && typeof error.details.field === 'string') {
    return t(badField(error.details.field), { field: error.details.field });
  }
  if (error.code.startsWith('DISCOUNT')) return t('error.discountCode');
  const key = Object.hasOwn(BY_CODE, error.code) ? BY_CODE[error.code] : 'error.other';
  return t(key);
}
