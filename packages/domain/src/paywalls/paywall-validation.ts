import { fromMajor } from '../shared';
import { InvalidPaywallSettings } from './errors';
import { FieldChecks } from './field-checks';
import {
  LeakySettings,
  PaywallContent,
  PaywallContentInput,
  PaywallSettings,
  PaywallSubscription,
  PaywallSubscriptionInput,
  SinglePurchase,
} from './paywall-content';

// Bounds the interface leaves open (section 8 gives only "count reads per
// periodInHours"): a year is the longest window, so ledgers stay bounded.
export const LEAKY_MAX_COUNT = 10_000;
export const LEAKY_MAX_PERIOD_HOURS = 24 * 366;
export const MAX_SUBSCRIPTIONS = 20;
const SHORT_TEXT = 500;
const HTML_TEXT = 20_000;
const ID_TEXT = 128;
const TEMPLATE = /^[A-Z][A-Z0-9_]{0,39}$/;
const CURRENCY = /^[A-Z]{3}$/;

/** What a paywall shows before the vendor fills anything in: a leaky allowance that is off. */
export const DEFAULT_PAYWALL_CONTENT: PaywallContent = {
  currency: 'EUR',
  settings: {
    template: 'BOXES',
    useDefaultLogo: true,
    useDefaultCurrency: true,
    useDefaultColor: true,
    styling: { dropShadow: false, backgroundColor: '', showBackground: false },
    displayOptions: { enableGift: false, enableCompany: false, enableLoginButton: true },
    loginFields: { name: false },
    leaky: { enabled: false, count: 0, periodInHours: 24 },
    redirectUrl: '',
  },
  showLoginButton: true,
  subscriptions: [],
  subscriptionsUrl: '',
  mainColor: '',
  headline: '',
  description: '',
  logoUrl: '',
  features: [],
  footerPaymentMethods: [],
  singlePurchase: { enabled: false, title: '', description: '', discountCode: '' },
};

/**
 * Applies `input` over `base` (nested objects field by field, arrays whole)
 * and checks the result; throws InvalidPaywallSettings listing every problem.
 */
export function resolvePaywallContent(base: PaywallContent, input: PaywallContentInput): PaywallContent {
  const c = new FieldChecks();
  const currency = c.text('currency', input.currency ?? base.currency, 3);
  if (!CURRENCY.test(currency)) c.fail('currency', 'must be an ISO 4217 code such as EUR');
  const content: PaywallContent = {
    currency,
    settings: resolveSettings(c, base.settings, input.settings ?? {}),
    showLoginButton: c.bool('showLoginButton', input.showLoginButton ?? base.showLoginButton),
    subscriptions: resolveSubscriptions(c, currency, input.subscriptions ?? base.subscriptions),
    subscriptionsUrl: c.url('subscriptionsUrl', input.subscriptionsUrl ?? base.subscriptionsUrl),
    mainColor: c.color('mainColor', input.mainColor ?? base.mainColor),
    headline: c.text('headline', input.headline ?? base.headline, SHORT_TEXT),
    description: c.text('description', input.description ?? base.description, HTML_TEXT),
    logoUrl: c.url('logoUrl', input.logoUrl ?? base.logoUrl),
    features: c.rows('features', input.features ?? base.features, 50, 20),
    footerPaymentMethods: c.rows('footerPaymentMethods', input.footerPaymentMethods ?? base.footerPaymentMethods, 20, 20),
    singlePurchase: resolveSinglePurchase(c, base.singlePurchase, input.singlePurchase ?? {}),
  };
  if (c.issues.length > 0) throw new InvalidPaywallSettings(c.issues);
  return content;
}

function resolveSettings(c: FieldChecks, base: PaywallSettings, input: NonNullable<PaywallContentInput['settings']>): PaywallSettings {
  const styling = { ...base.styling, ...input.styling };
  const display = { ...base.displayOptions, ...input.displayOptions };
  const template = c.text('settings.template', input.template ?? base.template, 40);
  if (!TEMPLATE.test(template)) c.fail('settings.template', 'must be an upper-case template name such as BOXES');
  return {
    template,
    useDefaultLogo: c.bool('settings.useDefaultLogo', input.useDefaultLogo ?? base.useDefaultLogo),
    useDefaultCurrency: c.bool('settings.useDefaultCurrency', input.useDefaultCurrency ?? base.useDefaultCurrency),
    useDefaultColor: c.bool('settings.useDefaultColor', input.useDefaultColor ?? base.useDefaultColor),
    styling: {
      dropShadow: c.bool('settings.styling.dropShadow', styling.dropShadow),
      backgroundColor: c.color('settings.styling.backgroundColor', styling.backgroundColor),
      showBackground: c.bool('settings.styling.showBackground', styling.showBackground),
    },
    displayOptions: {
      enableGift: c.bool('settings.displayOptions.enableGift', display.enableGift),
      enableCompany: c.bool('settings.displayOptions.enableCompany', display.enableCompany),
      enableLoginButton: c.bool('settings.displayOptions.enableLoginButton', display.enableLoginButton),
    },
    loginFields: { name: c.bool('settings.loginFields.name', input.loginFields?.name ?? base.loginFields.name) },
    leaky: resolveLeaky(c, { ...base.leaky, ...input.leaky }),
    redirectUrl: c.url('settings.redirectUrl', input.redirectUrl ?? base.redirectUrl),
  };
}

function resolveLeaky(c: FieldChecks, leaky: LeakySettings): LeakySettings {
  return {
    enabled: c.bool('settings.leaky.enabled', leaky.enabled),
    count: c.integer('settings.leaky.count', leaky.count, 0, LEAKY_MAX_COUNT),
    periodInHours: c.integer('settings.leaky.periodInHours', leaky.periodInHours, 1, LEAKY_MAX_PERIOD_HOURS),
  };
}

function resolveSubscriptions(
  c: FieldChecks,
  currency: string,
  input: readonly PaywallSubscriptionInput[],
): PaywallSubscription[] {
  if (!Array.isArray(input)) {
    c.fail('subscriptions', 'must be an array');
    return [];
  }
  if (input.length > MAX_SUBSCRIPTIONS) c.fail('subscriptions', `must have at most ${MAX_SUBSCRIPTIONS} entries`);
  const seen = new Set<string>();
  return input.map((s, i) => {
    const at = `subscriptions[${i}]`;
    const id = c.name(`${at}.id`, s.id, ID_TEXT);
    if (seen.has(id)) c.fail(`${at}.id`, 'repeats another subscription id');
    seen.add(id);
    const price = majorPrice(c, `${at}.price`, s.price, currency);
    const discountPrice = s.discountPrice === undefined ? price : majorPrice(c, `${at}.discountPrice`, s.discountPrice, currency);
    if (discountPrice > price) c.fail(`${at}.discountPrice`, 'must not exceed price');
    return {
      id,
      sku: c.name(`${at}.sku`, s.sku, ID_TEXT),
      poId: c.name(`${at}.poId`, s.poId, ID_TEXT),
      title: c.name(`${at}.title`, s.title, SHORT_TEXT),
      description: c.text(`${at}.description`, s.description ?? '', HTML_TEXT),
      price,
      discountPrice,
      discountCode: c.text(`${at}.discountCode`, s.discountCode ?? '', ID_TEXT),
      periodText: c.text(`${at}.periodText`, s.periodText ?? '', SHORT_TEXT),
      comparePeriodText: c.text(`${at}.comparePeriodText`, s.comparePeriodText ?? '', SHORT_TEXT),
      tag: c.text(`${at}.tag`, s.tag ?? '', SHORT_TEXT),
      selected: c.bool(`${at}.selected`, s.selected ?? false),
      features: c.rows(`${at}.features`, s.features ?? [], 50, 20),
      buttonText: c.text(`${at}.buttonText`, s.buttonText ?? '', SHORT_TEXT),
      readMoreLink: c.url(`${at}.readMoreLink`, s.readMoreLink ?? ''),
      readMoreText: c.text(`${at}.readMoreText`, s.readMoreText ?? '', SHORT_TEXT),
      preferBusiness: c.bool(`${at}.preferBusiness`, s.preferBusiness ?? false),
      redirectUrl: c.url(`${at}.redirectUrl`, s.redirectUrl ?? ''),
      url: c.url(`${at}.url`, s.url ?? ''),
    };
  });
}

/**
 * Prices are display figures in major units; they are checked the way money
 * is (finite, at most two decimals) but never computed with.
 */
function majorPrice(c: FieldChecks, field: string, value: unknown, currency: string): number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0) {
    c.fail(field, 'must be a number of at least 0');
    return 0;
  }
  try {
    fromMajor(value, CURRENCY.test(currency) ? currency : 'EUR');
  } catch {
    c.fail(field, 'must have at most two decimals');
  }
  return value;
}

function resolveSinglePurchase(c: FieldChecks, base: SinglePurchase, input: Partial<SinglePurchase>): SinglePurchase {
  const merged = { ...base, ...input };
  return {
    enabled: c.bool('singlePurchase.enabled', merged.enabled),
    title: c.text('singlePurchase.title', merged.title, SHORT_TEXT),
    description: c.text('singlePurchase.description', merged.description, HTML_TEXT),
    discountCode: c.text('singlePurchase.discountCode', merged.discountCode, ID_TEXT),
  };
}
